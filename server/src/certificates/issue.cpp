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

std::optional<std::string> issue(db::Connection& c, const std::string& user_id, const std::string& course_id,
                                 std::int64_t now) {
  auto def =
      c.query("SELECT id, title, valid_months FROM " + resources::any_state("certificate_definitions") +
                  " WHERE course_id = $1" + resources::published_sql("", 2),
              course_id, now)
          .first();
  if (!def) return std::nullopt;
  std::int64_t expires_at = add_months(now, static_cast<int>(def->i64(2)));
  // New, or renewed by a later completion; the same completion told twice (a listener run again) changes
  // nothing. Racing first issues meet on UNIQUE (definition_id, user_id).
  auto written = c.query(
      "INSERT INTO certificates (id, definition_id, user_id, course_id, first_issued_at, issued_at, "
      "expires_at, "
      "renewals) VALUES ($1, $2, $3, $4, $5, $5, $6, 0) ON CONFLICT (definition_id, user_id) DO UPDATE SET "
      "issued_at = excluded.issued_at, expires_at = excluded.expires_at, renewals = certificates.renewals + "
      "1 "
      "WHERE certificates.issued_at < excluded.issued_at",
      random_hex(16), def->str(0), user_id, course_id, now, expires_at);
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

void on_course_completed(db::Connection& c, const triggers::Happening& h) {
  issue(c, h.user_id, h.subject_id, now_ms());
}

}  // namespace shopfloor::certificates
