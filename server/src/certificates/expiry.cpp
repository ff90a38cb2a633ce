// The daily expiry job: a reminder 30, 7 and 1 days before a certificate expires (a notification, and a push
// through the notification centre's delivery), each once per certificate and expiry date (dedupe keys: a
// renewal that moves the date reminds again), and at the first reminder the refresher: the person is
// enrolled in the course again, its lessons to learn again, so completing it renews the certificate. A
// learning path's refresher is every required course of the path: completing them all again renews it.
#include "certificates/certificates.hpp"
#include "certificates/issue.hpp"
#include "notifications/notifications.hpp"
#include "resources/staff_gate.hpp"
#include "util/ids.hpp"

namespace shopfloor::certificates {

namespace json = boost::json;

namespace {

// The reminder due for a certificate `days_left` (rounded up) days before expiry: the nearest threshold it
// has reached. A day the job did not run skips a reminder rather than sending two at once.
int threshold_for(std::int64_t days_left) {
  if (days_left <= 1) return 1;
  if (days_left <= 7) return 7;
  return 30;
}

// The course to learn again: the enrolment reopened (or made, for a certificate from before it) and the
// content lessons completed up to the certificate's issue to learn again. What was learnt since stays.
void refresher(db::Connection& c, const std::string& user_id, const std::string& course_id,
               std::int64_t issued_at, std::int64_t now) {
  c.query(
      "INSERT INTO course_enrollments (user_id, course_id, started_at, completed_at, updated_at) VALUES ($1, "
      "$2, $3, NULL, $3) ON CONFLICT (user_id, course_id) DO UPDATE SET completed_at = NULL, started_at = "
      "excluded.started_at, updated_at = excluded.updated_at WHERE course_enrollments.completed_at IS NOT "
      "NULL AND course_enrollments.completed_at <= $4",
      user_id, course_id, now, issued_at);
  c.query(
      "UPDATE learning_progress SET completed_at = NULL, percent = 0 WHERE user_id = $1 AND item_type = "
      "'content' AND completed_at IS NOT NULL AND completed_at <= $3 AND item_id IN (SELECT content_id FROM "
      "course_lessons WHERE course_id = $2 AND kind = 'content')",
      user_id, course_id, issued_at);
}

}  // namespace

std::int64_t remind_expiring(db::Connection& c, std::int64_t now) {
  auto due =
      c.query("SELECT ce.id, ce.user_id, " + subject_kind_sql("ce") + ", " + subject_id_sql("ce") +
                  ", ce.issued_at, ce.expires_at, d.title FROM certificates ce JOIN " +
                  resources::any_state("certificate_definitions") +
                  " d ON d.id = ce.definition_id JOIN users u ON u.id = ce.user_id WHERE ce.expires_at > "
                  "$1 AND ce.expires_at <= $2 AND u.status = 'active' ORDER BY ce.expires_at",
              now, now + expiring_days * day_ms);
  std::int64_t sent = 0;
  for (const auto& r : due.rows) {
    Subject subject = subject_of(r.str(2), r.str(3));
    std::vector<std::string> courses = subject.kind == Subject::course ? std::vector<std::string>{subject.id}
                                                                       : required_courses(c, subject.id);
    std::int64_t expires_at = r.i64(5);
    int days = threshold_for((expires_at - now + day_ms - 1) / day_ms);
    json::object params{{"certificate", r.str(6)}, {"expiresAt", iso8601(expires_at)}, {"days", days}};
    // The link opens the (first) course to learn again.
    std::string link = courses.empty() ? "/profile" : "/learning/course/" + courses.front();
    bool told = notifications::notify(c, {r.str(1), "certificate_expiring", params, link,
                                          "certificate_expiring:" + r.str(0) + ":" +
                                              std::to_string(expires_at) + ":" + std::to_string(days)});
    if (!told) continue;
    ++sent;
    for (const auto& course : courses) refresher(c, r.str(1), course, r.i64(4), now);
  }
  return sent;
}

}  // namespace shopfloor::certificates
