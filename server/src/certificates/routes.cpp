// The staff side: my certificates, each one's PDF and Open Badges credential; the public achievement
// document a credential names; and the area's registration (resource, listener, daily job, share kind).
#include "certificates/routes.hpp"

#include "badges/openbadges.hpp"
#include "certificates/certificates.hpp"
#include "certificates/document.hpp"
#include "certificates/held.hpp"
#include "certificates/issue.hpp"
#include "certificates/verify_page.hpp"
#include "http/download.hpp"
#include "http/handler.hpp"
#include "notifications/daily_jobs.hpp"
#include "resources/resource.hpp"
#include "resources/staff_gate.hpp"
#include "util/config.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::certificates {

namespace {

// `kind` "course" or "path", `subject` its title.
json::object achievement_json(const Context& ctx, const std::string& definition_id, const std::string& title,
                              const std::string& kind, const std::string& subject) {
  std::string what = (kind == "path" ? "the learning path \"" : "the course \"") + subject + "\"";
  std::string again = kind == "path" ? "its required courses again" : "it again";
  return json::object{
      {"id", ctx.origin() + "/api/openbadges/certificates/" + definition_id},
      {"type", json::array{"Achievement"}},
      {"achievementType", "Certificate"},
      {"name", title},
      {"description", "Completed " + what},
      {"criteria", json::object{{"narrative", "Complete " + what + "; renewed by completing " + again +
                                                  " before expiry."}}}};
}

// The person's own certificate, or 404 (someone else's, unknown, not an id).
Held own(Context& ctx, db::Connection& c) {
  std::string id = ctx.params.at("certificateId");
  if (!plausible_id(id)) throw ApiError::not_found();
  auto h = held_one(c, ctx.user->id, id);
  if (!h) throw ApiError::not_found();
  return *h;
}

Awaitable my_certificates(Context& ctx) {
  std::string uid = ctx.user->id;
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    std::int64_t now = now_ms();
    json::array items;
    for (const auto& h : held_by(c, uid)) items.push_back(held_json(h, now));
    return json::object{{"items", std::move(items)}};
  });
  co_return http::json_response(ctx, body);
}

Awaitable certificate_pdf_route(Context& ctx) {
  auto h = co_await ctx.app.db->read([&](db::Connection& c) { return own(ctx, c); });
  Document d{ctx.app.config.product_name,
             h.holder,
             h.title,
             h.subject,
             ctx.origin() + "/share/cert/" + h.id,
             h.issued_at,
             h.expires_at,
             standing(h.expires_at, now_ms()) == "expired",
             h.subject_kind == "path"};
  auto pdf = co_await ctx.app.db->offload([&] { return certificate_pdf(d); });
  co_return http::attachment(ctx, std::move(pdf), "application/pdf",
                             "certificate-" + h.id.substr(0, 8) + ".pdf");
}

// The certificate as an OpenBadgeCredential (VC-JWT) signed with the badges' issuer key: validFrom the
// issue, validUntil the expiry; the recipient a salted hash, as the badges'.
Awaitable certificate_jwt(Context& ctx) {
  auto [h, email, code] = co_await ctx.app.db->read([&](db::Connection& c) {
    auto held = own(ctx, c);
    auto person = c.query("SELECT email, employee_code FROM users WHERE id = $1", held.user_id).first();
    return std::tuple{held, person->is_null(0) ? std::string() : person->str(0), person->str(1)};
  });
  json::object credential{
      {"@context", badges::openbadges::contexts()},
      {"id", ctx.origin() + "/share/cert/" + h.id},
      {"type", json::array{"VerifiableCredential", "OpenBadgeCredential"}},
      {"issuer", badges::openbadges::issuer(ctx.origin(), ctx.app.config.product_name)},
      {"validFrom", iso8601(h.issued_at).substr(0, 19) + "Z"},
      {"validUntil", iso8601(h.expires_at).substr(0, 19) + "Z"},
      {"name", h.title},
      {"credentialSubject",
       json::object{
           {"type", json::array{"AchievementSubject"}},
           {"identifier", json::array{badges::openbadges::recipient(email, code)}},
           {"achievement", achievement_json(ctx, h.definition_id, h.title, h.subject_kind, h.subject)}}}};
  auto jwt = badges::openbadges::sign_credential(credential,
                                                 badges::openbadges::issuer_key(ctx.app.config.auth_secret));
  co_return http::attachment(ctx, jwt, "application/vc+jwt", "certificate-" + h.id.substr(0, 8) + ".jwt");
}

// The public Achievement document a certificate credential names (published or archived definitions).
Awaitable achievement(Context& ctx) {
  std::string id = ctx.params.at("definitionId");
  if (!plausible_id(id)) throw ApiError::not_found();
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    auto r = c.query("SELECT d.title, " + subject_kind_sql("d") + ", " + std::string(subject_title_sql) +
                         " FROM " + resources::any_state("certificate_definitions") + " d" +
                         subject_joins("d") + "WHERE d.id = $1 AND d.status <> 'draft'",
                     id)
                 .first();
    if (!r) return std::nullopt;
    auto a = achievement_json(ctx, id, r->str(0), r->str(1), r->str(2));
    a["@context"] = badges::openbadges::contexts();
    return a;
  });
  if (!body) throw ApiError::not_found();
  co_return http::json_response(ctx, *body);
}

}  // namespace

void register_routes(http::Services& app) {
  resources::registry().add(definitions_resource());
  triggers::listen(triggers::course_completed, on_course_completed);
  app.get<notifications::DailyJobs>().add("certificate-expiry", remind_expiring);
  register_verify_page();
  app.router.get("/api/me/certificates", my_certificates, http::Access::signed_in);
  app.router.get("/api/me/certificates/:certificateId/certificate.pdf", certificate_pdf_route,
                 http::Access::signed_in);
  app.router.get("/api/me/certificates/:certificateId/credential.jwt", certificate_jwt,
                 http::Access::signed_in);
  app.router.get("/api/openbadges/certificates/:definitionId", achievement, http::Access::anyone);
  register_admin_routes(app);
}

}  // namespace shopfloor::certificates
