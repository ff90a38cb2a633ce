// `seed --demo`: the demo catalogue's customer-service course grants a 12-month certificate, and three demo
// staff hold it: one valid, one expiring in 12 days (the reminders and the refresher are due), one expired;
// the demo company's staff who completed the course in its history hold theirs from the listener.
#include "certificates/certificates.hpp"
#include "certificates/issue.hpp"
#include "util/ids.hpp"

namespace shopfloor::certificates {

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
    auto user = c.query("SELECT id FROM users WHERE employee_code = $1", std::string(h.code)).first();
    if (!user) continue;
    std::int64_t expires_at = now + h.expires_in_days * day_ms;
    std::int64_t issued_at = add_months(expires_at, -12);
    c.query(
        "INSERT INTO certificates (id, definition_id, user_id, course_id, first_issued_at, issued_at, "
        "expires_at, renewals) VALUES ($1, $2, $3, $4, $5, $5, $6, 0) ON CONFLICT (definition_id, user_id) "
        "DO "
        "NOTHING",
        random_hex(16), definition, user->str(0), course->str(0), issued_at, expires_at);
  }
}

}  // namespace shopfloor::certificates
