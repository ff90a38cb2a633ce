#include "learning/notices.hpp"

#include <map>
#include <set>

#include "http/json_time.hpp"
#include "jobs/audience_jobs.hpp"
#include "notifications/daily_jobs.hpp"
#include "notifications/notifications.hpp"
#include "resources/people_pages.hpp"
#include "resources/staff_gate.hpp"
#include "util/ids.hpp"

namespace shopfloor::learning {

namespace json = boost::json;
using resources::Viewer;

namespace {

constexpr std::int64_t day_ms = 24 * 3600 * 1000LL;
// Mandatory courses are staff work; editors and admins see them but are not chased (people_in: active staff).

struct Assignment {
  std::string id, course_id, course_title, audience_json;
  std::optional<std::int64_t> due_at;
};

json::object params_of(const Assignment& a) {
  json::object p{{"course", a.course_title}};
  p["dueAt"] = http::iso_or_null(a.due_at);
  return p;
}

// Assignments of courses staff can open now (a draft course's assignment notifies nobody yet).
std::vector<Assignment> open_assignments(db::Connection& c, const std::string& where,
                                         const std::vector<db::Value>& params, std::int64_t now) {
  std::vector<db::Value> all = params;
  all.push_back(now);
  auto rows = c.exec(
      "SELECT a.id, a.course_id, co.title, a.audience_json, a.due_at FROM course_assignments a JOIN courses "
      "co ON "
      "co.id = a.course_id WHERE " +
          where + resources::published_sql("co", static_cast<int>(all.size())),
      all);
  std::vector<Assignment> out;
  for (const auto& r : rows.rows) out.push_back({r.str(0), r.str(1), r.str(2), r.str(3), r.opt_i64(4)});
  return out;
}

}  // namespace

std::optional<std::string> notify_assigned(db::Connection& c, const std::string& assignment_id,
                                           const std::string& after_user, int batch, std::int64_t now) {
  auto found = open_assignments(c, "a.id = $1", {assignment_id}, now);
  if (found.empty()) return std::nullopt;
  const auto& a = found.front();
  auto audience = resources::parse_audience(a.audience_json);
  auto page =
      resources::people_page(c, std::span<const resources::Audience>(&audience, 1), after_user, batch);
  if (page.last.empty()) return std::nullopt;
  for (const auto& v : page.people)
    notifications::notify(c, {v.user_id, "course_assigned", params_of(a), "/learning/course/" + a.course_id,
                              "course_assigned:" + a.id});
  return page.last;
}

std::int64_t remind_due_courses(db::Connection& c, std::int64_t now) {
  auto due = open_assignments(c, "a.due_at >= $1 AND a.due_at <= $2", {now, now + 3 * day_ms}, now);
  if (due.empty()) return 0;
  std::set<std::string> courses;
  for (const auto& a : due) courses.insert(a.course_id);
  std::set<std::pair<std::string, std::string>> completed;  // (user, course)
  for (const auto& course : courses)
    for (const auto& r :
         c.query("SELECT user_id FROM course_enrollments WHERE course_id = $1 AND completed_at IS NOT NULL",
                 course)
             .rows)
      completed.emplace(r.str(0), course);
  std::vector<resources::Audience> audiences;
  for (const auto& a : due) audiences.push_back(resources::parse_audience(a.audience_json));
  auto staff = resources::people_in(c, audiences);  // in any of them, read once
  std::int64_t n = 0;
  for (std::size_t i = 0; i < due.size(); ++i) {
    const auto& a = due[i];
    const auto& audience = audiences[i];
    // Keyed by the due day: moving the due date reminds again, a second run (or node) does not.
    std::string key_tail = ":" + a.course_id + ":" + notifications::bangkok_day(*a.due_at);
    for (const auto& v : staff)
      if (!completed.count({v.user_id, a.course_id}) && resources::matches(audience, v) &&
          notifications::notify(c, {v.user_id, "course_due", params_of(a), "/learning/course/" + a.course_id,
                                    "course_due" + key_tail}))
        ++n;
  }
  return n;
}

std::int64_t queue_due_tomorrow(db::Connection& c, std::int64_t now) {
  constexpr std::int64_t bangkok_offset = 7 * 3600 * 1000LL;
  std::int64_t tomorrow = ((now + bangkok_offset) / day_ms + 1) * day_ms - bangkok_offset;
  auto due = open_assignments(c, "a.due_at >= $1 AND a.due_at < $2", {tomorrow, tomorrow + day_ms}, now);
  for (const auto& a : due)
    jobs::AudienceJobs::enqueue(c, due_tomorrow_job, a.id + "@" + notifications::bangkok_day(*a.due_at));
  return static_cast<std::int64_t>(due.size());
}

std::optional<std::string> notify_due_tomorrow(db::Connection& c, const std::string& subject,
                                               const std::string& after_user, int batch, std::int64_t now) {
  auto at = subject.find('@');
  if (at == std::string::npos) return std::nullopt;
  std::string day = subject.substr(at + 1);
  auto found = open_assignments(c, "a.id = $1", {subject.substr(0, at)}, now);
  if (found.empty()) return std::nullopt;
  const auto& a = found.front();
  if (!a.due_at || *a.due_at <= now || notifications::bangkok_day(*a.due_at) != day) return std::nullopt;
  auto audience = resources::parse_audience(a.audience_json);
  auto page =
      resources::people_page(c, std::span<const resources::Audience>(&audience, 1), after_user, batch);
  if (page.last.empty()) return std::nullopt;
  // Among the people of this page (user ids after after_user up to last).
  auto completed = c.query(
                        "SELECT user_id FROM course_enrollments WHERE course_id = $1 AND completed_at "
                        "IS NOT NULL AND user_id > $2 AND user_id <= $3",
                        a.course_id, after_user, page.last)
                       .first_column<std::set<std::string>>();
  for (const auto& v : page.people)
    if (!completed.count(v.user_id))
      notifications::notify(
          c, {v.user_id, "course_due_tomorrow", params_of(a), "/learning/course/" + a.course_id,
              "course_due_tomorrow:" + a.course_id + ":" + day});
  return page.last;
}

}  // namespace shopfloor::learning
