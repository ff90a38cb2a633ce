// A certificate's public verification page, /share/cert/<id> (the PDF's QR code opens it): the
// certificate, its course or learning path, the holder's name and whether it is valid now (valid until /
// expired on), nothing more about the person. An unknown (forged) id is the share pages' one 404 page. The id
// is 128 random bits: only someone its holder showed it to finds it.
#include "certificates/verify_page.hpp"

#include "certificates/issue.hpp"
#include "resources/staff_gate.hpp"
#include "share/share.hpp"

namespace shopfloor::certificates {

namespace {

std::optional<share::Card> verified_certificate(db::Connection& c, const std::string& id, std::int64_t now) {
  auto r = c.query("SELECT d.title, " + std::string(subject_title_sql) +
                       ", u.name, ce.issued_at, ce.expires_at, ce.course_id FROM certificates ce JOIN " +
                       resources::any_state("certificate_definitions") + " d ON d.id = ce.definition_id" +
                       subject_joins("ce") + "JOIN users u ON u.id = ce.user_id WHERE ce.id = $1",
                   id)
               .first();
  if (!r) return std::nullopt;
  bool expired = standing(r->i64(4), now) == "expired";
  // "Open in app": the course, or for a path's certificate the person's profile (its certificates).
  share::Card card{r->str(0), r->str(1), std::nullopt,
                   r->is_null(5) ? std::string("/profile") : "/learning/course/" + r->str(5)};
  bool th = share::language_of(card.title + card.summary) == "th";
  std::string lang = th ? "th" : "en";
  std::string issued = share::date_text(r->i64(3), lang), expires = share::date_text(r->i64(4), lang);
  if (th)
    card.facts = {expired ? "สถานะ: หมดอายุแล้ว" : "สถานะ: ใช้ได้", "ผู้ได้รับ: " + r->str(2), "ออกให้เมื่อ " + issued,
                  (expired ? "หมดอายุเมื่อ " : "ใช้ได้ถึง ") + expires};
  else
    card.facts = {expired ? "Status: expired" : "Status: valid", "Holder: " + r->str(2),
                  "Issued on " + issued, (expired ? "Expired on " : "Valid until ") + expires};
  card.verified = !expired;  // the page's seal says "issued by … and still valid"
  return card;
}

}  // namespace

void register_verify_page() {
  share::add_kind("cert", verified_certificate);
}

}  // namespace shopfloor::certificates
