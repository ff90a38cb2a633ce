#include "certificates/held.hpp"

#include "certificates/issue.hpp"
#include "resources/staff_gate.hpp"
#include "util/ids.hpp"

namespace shopfloor::certificates {

namespace json = boost::json;

namespace {

// The definition and course or path whatever their state now: a certificate is its holder's record. The
// course to learn again: the certificate's, or its path's first required course.
std::string held_select(const std::string& where) {
  return "SELECT ce.id, ce.definition_id, d.title, " + subject_kind_sql("ce") + ", " + subject_id_sql("ce") +
         ", " + subject_title_sql +
         ", u.name, ce.user_id, ce.issued_at, ce.expires_at, ce.first_issued_at, ce.renewals, "
         "COALESCE(ce.course_id, (SELECT pc.course_id FROM learning_path_courses pc WHERE pc.path_id = "
         "ce.path_id AND pc.required <> 0 ORDER BY pc.position, pc.id LIMIT 1)) FROM certificates ce JOIN " +
         resources::any_state("certificate_definitions") + " d ON d.id = ce.definition_id" +
         subject_joins("ce") + "JOIN users u ON u.id = ce.user_id " + where;
}

Held held_of(const db::Row& r) {
  return {r.str(0),
          r.str(1),
          r.str(2),
          r.str(3),
          r.str(4),
          r.str(5),
          r.str(6),
          r.str(7),
          r.i64(8),
          r.i64(9),
          r.i64(10),
          r.i64(11),
          r.is_null(12) ? std::string() : r.str(12)};
}

}  // namespace

std::vector<Held> held_by(db::Connection& c, const std::string& user_id) {
  std::vector<Held> out;
  for (const auto& r :
       c.query(held_select("WHERE ce.user_id = $1 ORDER BY ce.expires_at, ce.id"), user_id).rows)
    out.push_back(held_of(r));
  return out;
}

std::optional<Held> held_one(db::Connection& c, const std::string& user_id, const std::string& id) {
  auto r = c.query(held_select("WHERE ce.id = $1 AND ce.user_id = $2"), id, user_id).first();
  if (!r) return std::nullopt;
  return held_of(*r);
}

json::object held_json(const Held& h, std::int64_t now) {
  std::string base = "/api/me/certificates/" + h.id;
  json::value subject = json::object{{"id", h.subject_id}, {"title", h.subject}};
  return json::object{
      {"id", h.id},
      {"title", h.title},
      {"subject", json::object{{"kind", h.subject_kind}, {"id", h.subject_id}, {"title", h.subject}}},
      {"course", h.subject_kind == "course" ? subject : json::value(nullptr)},
      {"path", h.subject_kind == "path" ? subject : json::value(nullptr)},
      {"learnCourseId", h.learn_course_id.empty() ? json::value(nullptr) : json::value(h.learn_course_id)},
      {"issuedAt", iso8601(h.issued_at)},
      {"firstIssuedAt", iso8601(h.first_issued_at)},
      {"expiresAt", iso8601(h.expires_at)},
      {"renewals", h.renewals},
      {"status", standing(h.expires_at, now)},
      {"verifyUrl", "/share/cert/" + h.id},
      {"pdfUrl", base + "/certificate.pdf"},
      {"credentialUrl", base + "/credential.jwt"}};
}

}  // namespace shopfloor::certificates
