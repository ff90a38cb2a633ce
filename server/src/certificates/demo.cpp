// `seed --demo`: the demo catalogue's customer-service course grants a 12-month certificate, and three demo
// staff hold it: one valid, one expiring in 12 days (the reminders and the refresher are due), one expired;
// the demo company's staff who completed the course in its history hold theirs from the listener. A
// learning path of the service and sales courses grants a 24-month certificate, which S1001 holds.
#include <vector>

#include "certificates/certificates.hpp"
#include "certificates/issue.hpp"
#include "resources/demo_people.hpp"
#include "util/ids.hpp"

namespace shopfloor::certificates {

namespace {

void hold(db::Connection& c, const std::string& definition, const std::string& user_id,
          const Subject& subject, std::int64_t issued_at, std::int64_t expires_at) {
  c.query("INSERT INTO certificates (id, definition_id, user_id, " + std::string(subject.column()) +
              ", first_issued_at, issued_at, expires_at, renewals) VALUES ($1, $2, $3, $4, $5, $5, $6, 0) ON "
              "CONFLICT (definition_id, user_id) DO NOTHING",
          random_hex(16), definition, user_id, subject.id, issued_at, expires_at);
}

// "เส้นทางพนักงานหน้าร้านมืออาชีพ": the service course (required) then the sales course (required when the
// catalogue has it), a published path whose certificate is valid 24 months; S1001 holds it, issued 40 days
// ago.
void seed_demo_path(db::Connection& c, const std::string& service_course, std::int64_t now) {
  const std::string title = "เส้นทางพนักงานหน้าร้านมืออาชีพ";
  if (!c.query("SELECT 1 FROM learning_paths WHERE title = $1", title).empty()) return;
  std::string path = uuid_v7();
  c.query(
      "INSERT INTO learning_paths (id, title, summary, status, created_at, updated_at) VALUES ($1, $2, $3, "
      "'published', $4, $4)",
      path, title, std::string("บริการลูกค้าแล้วต่อด้วยทักษะการขาย เรียนครบทั้งสองหลักสูตรรับใบรับรอง 2 ปี"), now);
  std::vector<std::string> courses{service_course};
  if (auto r = c.query("SELECT id FROM courses WHERE title = $1", std::string("ทักษะการขายมืออาชีพ")).first())
    courses.push_back(r->str(0));
  for (std::size_t i = 0; i < courses.size(); ++i)
    c.query(
        "INSERT INTO learning_path_courses (id, path_id, course_id, required, position, created_at, "
        "updated_at) VALUES ($1, $2, $3, 1, $4, $5, $5)",
        uuid_v7(), path, courses[i], static_cast<std::int64_t>(i), now);
  std::string definition = uuid_v7();
  c.query(
      "INSERT INTO certificate_definitions (id, title, subject_kind, path_id, valid_months, status, "
      "created_at, updated_at) VALUES ($1, $2, 'path', $3, 24, 'published', $4, $4)",
      definition, std::string("ใบรับรองพนักงานหน้าร้านมืออาชีพ"), path, now);
  auto user = resources::demo_person(c, "S1001");
  if (!user) return;
  std::int64_t issued_at = now - 40 * day_ms;
  hold(c, definition, *user, {Subject::path, path}, issued_at, add_months(issued_at, 24));
}

}  // namespace

void seed_demo(db::Connection& c) {
  auto course = c.query("SELECT id FROM courses WHERE title = $1", std::string("พื้นฐานการบริการลูกค้า")).first();
  if (!course) return;
  std::int64_t now = now_ms();
  std::string definition;
  if (auto r =
          c.query("SELECT id FROM certificate_definitions WHERE course_id = $1", course->str(0)).first()) {
    definition = r->str(0);
  } else {
    definition = uuid_v7();
    c.query(
        "INSERT INTO certificate_definitions (id, title, course_id, valid_months, status, created_at, "
        "updated_at) VALUES ($1, $2, $3, 12, 'published', $4, $4)",
        definition, std::string("ใบรับรองการบริการลูกค้า"), course->str(0), now);
  }
  struct Holder {
    const char* code;
    std::int64_t expires_in_days;
  };
  for (const Holder& h : {Holder{"S1001", 200}, Holder{"S2002", 12}, Holder{"S1002", -20}}) {
    auto user = resources::demo_person(c, h.code);
    if (!user) continue;
    std::int64_t expires_at = now + h.expires_in_days * day_ms;
    std::int64_t issued_at = add_months(expires_at, -12);
    hold(c, definition, *user, {Subject::course, course->str(0)}, issued_at, expires_at);
  }
  seed_demo_path(c, course->str(0), now);
}

}  // namespace shopfloor::certificates
