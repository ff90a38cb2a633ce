#include "certificates/issue.hpp"

#include <ctime>

#include "http/json_time.hpp"
#include "notifications/notifications.hpp"
#include "resources/audience.hpp"
#include "resources/staff_gate.hpp"
#include "util/ids.hpp"

namespace shopfloor::certificates {

namespace json = boost::json;

namespace {

constexpr std::int64_t bangkok_offset_ms = 7 * 3600 * 1000LL;

}  // namespace

std::int64_t add_months(std::int64_t epoch_ms, int months) {
  std::int64_t local = epoch_ms + bangkok_offset_ms;
  std::int64_t day_start = local - ((local % day_ms) + day_ms) % day_ms;
  std::int64_t time_of_day = local - day_start;
  std::time_t t = static_cast<std::time_t>(day_start / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  int month = tm.tm_mon + months;
  int year = tm.tm_year + 1900 + (month >= 0 ? month / 12 : (month - 11) / 12);
  month = ((month % 12) + 12) % 12;
  static const int days_in[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  int last = days_in[month] + (month == 1 && leap ? 1 : 0);
  std::tm out{};
  out.tm_year = year - 1900;
  out.tm_mon = month;
  out.tm_mday = std::min(tm.tm_mday, last);
  return static_cast<std::int64_t>(timegm(&out)) * 1000 + time_of_day - bangkok_offset_ms;
}

std::string standing(std::int64_t expires_at, std::int64_t now) {
  if (expires_at <= now) return "expired";
  if (expires_at <= now + expiring_days * day_ms) return "expiring";
  return "valid";
}

std::string subject_joins(const std::string& alias) {
  return " LEFT JOIN " + resources::any_state("courses") + " co ON co.id = " + alias +
         ".course_id LEFT JOIN " + resources::any_state("learning_paths") + " lp ON lp.id = " + alias +
         ".path_id ";
}

std::string subject_kind_sql(const std::string& alias) {
  return "CASE WHEN " + alias + ".path_id IS NULL THEN 'course' ELSE 'path' END";
}

std::string subject_id_sql(const std::string& alias) {
  return "COALESCE(" + alias + ".course_id, " + alias + ".path_id)";
}

Subject subject_of(const std::string& kind, const std::string& id) {
  return {kind == "path" ? Subject::path : Subject::course, id};
}

std::optional<std::string> issue(db::Connection& c, const std::string& user_id, const Subject& subject,
                                 std::int64_t now) {
  auto def =
      c.query("SELECT id, title, valid_months FROM " + resources::any_state("certificate_definitions") +
                  " WHERE " + subject.column() + " = $1" + resources::published_sql("", 2),
              subject.id, now)
          .first();
  if (!def) return std::nullopt;
  std::int64_t expires_at = add_months(now, static_cast<int>(def->i64(2)));
  // New, or renewed by a later completion; the same completion told twice (a listener run again) changes
  // nothing. Racing first issues meet on UNIQUE (definition_id, user_id).
  auto written = c.query(
      "INSERT INTO certificates (id, definition_id, user_id, " + std::string(subject.column()) +
          ", first_issued_at, issued_at, expires_at, renewals) VALUES ($1, $2, $3, $4, $5, $5, $6, 0) ON "
          "CONFLICT (definition_id, user_id) DO UPDATE SET issued_at = excluded.issued_at, expires_at = "
          "excluded.expires_at, renewals = certificates.renewals + 1 WHERE certificates.issued_at < "
          "excluded.issued_at",
      random_hex(16), def->str(0), user_id, subject.id, now, expires_at);
  if (written.affected == 0) return std::nullopt;
  auto cert = c.query("SELECT id, renewals FROM certificates WHERE definition_id = $1 AND user_id = $2",
                      def->str(0), user_id)
                  .first();
  json::object params{
      {"certificate", def->str(1)}, {"expiresAt", iso8601(expires_at)}, {"renewed", cert->i64(1) > 0}};
  notifications::notify(c, {user_id, "certificate_issued", params, "/profile",
                            "certificate_issued:" + cert->str(0) + ":" + std::to_string(now)});
  return cert->str(0);
}

std::vector<std::string> required_courses(db::Connection& c, const std::string& path_id) {
  return c
      .query(
          "SELECT course_id FROM learning_path_courses WHERE path_id = $1 AND required <> 0 ORDER BY "
          "position, id",
          path_id)
      .first_column();
}

namespace {

// The published paths `course_id` is a required course of that the person has now completed: each path's
// progress row is written first, so completions of two of its courses racing in two transactions are
// checked one after the other (PostgreSQL holds the second on the row until the first commits, and its next
// statement sees the first's completion; SQLite runs one write at a time). Completed: every required course
// completed after the path's certificate was last issued (a refresher re-opens them all), at least one.
std::vector<std::string> paths_completed(db::Connection& c, const std::string& user_id,
                                         const std::string& course_id, std::int64_t now) {
  std::vector<std::string> done;
  auto paths =
      c.query("SELECT p.id FROM " + resources::any_state("learning_paths") +
                  " p JOIN learning_path_courses pc ON pc.path_id = p.id WHERE pc.course_id = $1 AND "
                  "pc.required <> 0" +
                  resources::published_sql("p", 2) + " ORDER BY p.id",
              course_id, now);
  for (const auto& p : paths.rows) {
    std::string path_id = p.str(0);
    c.query(
        "INSERT INTO learning_path_progress (path_id, user_id, checked_at) VALUES ($1, $2, $3) ON CONFLICT "
        "(path_id, user_id) DO UPDATE SET checked_at = excluded.checked_at",
        path_id, user_id, now);
    auto since = c.query("SELECT MAX(issued_at) FROM certificates WHERE path_id = $1 AND user_id = $2",
                         path_id, user_id)
                     .first();
    std::int64_t after = since && !since->is_null(0) ? since->i64(0) : -1;
    auto left =
        c.query(
             "SELECT COUNT(*) FROM learning_path_courses pc LEFT JOIN course_enrollments e ON e.course_id "
             "= pc.course_id AND e.user_id = $2 AND e.completed_at IS NOT NULL AND e.completed_at > $3 "
             "WHERE pc.path_id = $1 AND pc.required <> 0 AND e.course_id IS NULL",
             path_id, user_id, after)
            .first();
    if (left->i64(0) != 0) continue;
    c.query("UPDATE learning_path_progress SET completed_at = $3 WHERE path_id = $1 AND user_id = $2",
            path_id, user_id, now);
    done.push_back(path_id);
  }
  return done;
}

}  // namespace

void on_course_completed(db::Connection& c, const triggers::Happening& h) {
  std::int64_t now = now_ms();
  issue(c, h.user_id, {Subject::course, h.subject_id}, now);
  for (const auto& path : paths_completed(c, h.user_id, h.subject_id, now))
    issue(c, h.user_id, {Subject::path, path}, now);
}

}  // namespace shopfloor::certificates
