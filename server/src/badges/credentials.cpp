// Open Badges 3.0 for the badges people earned: their signed credential (VC-JWT) and baked PNG downloads,
// the public issuer profile and achievement documents, and `shopfloor badges verify`.
#include <vips/vips.h>

#include <boost/json/value_to.hpp>
#include <fstream>
#include <iostream>
#include <sstream>

#include "badges/badges.hpp"
#include "badges/internal.hpp"
#include "badges/openbadges.hpp"
#include "badges/rules.hpp"
#include "http/download.hpp"
#include "http/handler.hpp"
#include "media/media.hpp"
#include "util/base64.hpp"
#include "util/config.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::badges {

namespace {

std::string plain_text(const std::string& html) {
  std::string out;
  bool tag = false;
  for (char ch : html) {
    if (ch == '<')
      tag = true;
    else if (ch == '>')
      tag = false, out.push_back(' ');
    else if (!tag)
      out.push_back(ch);
  }
  std::string squeezed;
  for (char ch : out)
    if (!(ch == ' ' && (squeezed.empty() || squeezed.back() == ' '))) squeezed.push_back(ch);
  return std::string(trim(squeezed));
}

json::object achievement_json(const Context& ctx, const db::Row& r) {
  BadgeRow row{r.str(0), r.str(1), r.str(3), r.str(11), r.str(12), r.i64(13)};
  const Rule* rule = rule_named(row.criteria);
  json::object a{
      {"id", ctx.origin() + "/api/openbadges/achievements/" + r.str(0)},
      {"type", json::array{"Achievement"}},
      {"name", r.str(1)},
      {"description", r.is_null(2) || plain_text(r.str(2)).empty() ? r.str(1) : plain_text(r.str(2))},
      {"criteria", json::object{{"narrative", rule && rule->narrative ? rule->narrative(row) : ""}}}};
  if (!r.is_null(4))
    a["image"] =
        json::object{{"id", ctx.origin() + "/media/" + r.str(5) + "." + r.str(6)}, {"type", "Image"}};
  return a;
}

struct Credential {
  json::object credential;
  std::string jwt;
  std::optional<std::string> image_path;
};

// The person's credential for an earned (not revoked) badge, signed; nullopt when they do not hold it.
std::optional<Credential> credential_for(const Context& ctx, db::Connection& c, const std::string& uid,
                                         const std::string& badge_id) {
  auto r = c.query(badge_select("WHERE b.id = $1"), badge_id).first();
  auto award =
      c.query(
           "SELECT id, awarded_at FROM badge_awards WHERE badge_id = $1 AND user_id = $2 AND revoked_at IS "
           "NULL",
           badge_id, uid)
          .first();
  if (!r || !award) return std::nullopt;
  auto person = c.query("SELECT email, employee_code, name FROM users WHERE id = $1", uid).first();
  json::object credential{
      {"@context", openbadges::contexts()},
      {"id", "urn:uuid:" + award->str(0)},
      {"type", json::array{"VerifiableCredential", "OpenBadgeCredential"}},
      {"issuer", openbadges::issuer(ctx.origin(), ctx.app.config.product_name)},
      {"validFrom", iso8601(award->i64(1)).substr(0, 19) + "Z"},
      {"name", r->str(1)},
      {"credentialSubject",
       json::object{{"type", json::array{"AchievementSubject"}},
                    {"identifier", json::array{openbadges::recipient(person->is_null(0) ? "" : person->str(0),
                                                                     person->str(1))}},
                    {"achievement", achievement_json(ctx, *r)}}}};
  Credential out{credential,
                 openbadges::sign_credential(credential, openbadges::issuer_key(ctx.app.config.auth_secret)),
                 std::nullopt};
  if (!r->is_null(4)) out.image_path = media::media_path(ctx.app.config.data_dir, r->str(5), r->str(6));
  return out;
}

Awaitable credential_jwt(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("badgeId");
  if (!plausible_id(id)) throw ApiError::not_found();
  auto cred = co_await ctx.app.db->read([&](db::Connection& c) { return credential_for(ctx, c, uid, id); });
  if (!cred) throw ApiError::not_found();
  co_return http::attachment(ctx, cred->jwt, "application/vc+jwt", "badge-" + id.substr(0, 8) + ".jwt");
}

// The badge picture as PNG (converted by libvips from whatever was uploaded), with the credential baked in.
std::optional<std::string> png_of(const std::string& path) {
  media::init_images();
  VipsImage* img = nullptr;
  if (vips_thumbnail(path.c_str(), &img, 512, "height", 512, "size", VIPS_SIZE_DOWN, nullptr)) {
    vips_error_clear();
    return std::nullopt;
  }
  void* buf = nullptr;
  std::size_t len = 0;
  int failed = vips_image_write_to_buffer(img, ".png", &buf, &len, nullptr);
  g_object_unref(img);
  if (failed) {
    vips_error_clear();
    return std::nullopt;
  }
  std::string out(static_cast<const char*>(buf), len);
  g_free(buf);
  return out;
}

Awaitable badge_png(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("badgeId");
  if (!plausible_id(id)) throw ApiError::not_found();
  auto cred = co_await ctx.app.db->read([&](db::Connection& c) { return credential_for(ctx, c, uid, id); });
  if (!cred || !cred->image_path) throw ApiError::not_found();
  auto path = *cred->image_path;
  auto baked = co_await ctx.app.db->offload([&]() -> std::optional<std::string> {
    auto png = png_of(path);
    return png ? openbadges::bake_png(*png, cred->jwt) : std::nullopt;
  });
  if (!baked) throw ApiError::not_found();
  co_return http::attachment(ctx, std::move(*baked), "image/png", "badge-" + id.substr(0, 8) + ".png");
}

Awaitable issuer_profile(Context& ctx) {
  auto key = openbadges::issuer_key(ctx.app.config.auth_secret);
  std::string x = base64url(std::string_view(reinterpret_cast<const char*>(key.public_key.data()), 32));
  json::object profile{{"@context", openbadges::contexts()},
                       {"id", openbadges::issuer_id(ctx.origin())},
                       {"type", json::array{"Profile"}},
                       {"name", ctx.app.config.product_name},
                       {"url", ctx.origin()},
                       {"publicKey", json::object{{"kty", "OKP"}, {"crv", "Ed25519"}, {"x", x}}}};
  co_return http::json_response(ctx, profile);
}

Awaitable achievement(Context& ctx) {
  std::string id = ctx.params.at("badgeId");
  if (!plausible_id(id)) throw ApiError::not_found();
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    // Published or archived: an earned credential names it for good.
    auto r = c.query(badge_select("WHERE b.id = $1 AND b.status <> 'draft'"), id).first();
    if (!r) return std::nullopt;
    auto a = achievement_json(ctx, *r);
    a["@context"] = json::array{"https://www.w3.org/ns/credentials/v2",
                                "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"};
    return a;
  });
  co_return http::json_or_not_found(ctx, body);
}

}  // namespace

void register_credential_routes(http::Services& app) {
  app.router.get("/api/me/badges/:badgeId/credential.jwt", credential_jwt, http::Access::signed_in);
  app.router.get("/api/me/badges/:badgeId/badge.png", badge_png, http::Access::signed_in);
  app.router.get("/api/openbadges/issuer", issuer_profile, http::Access::anyone);
  app.router.get("/api/openbadges/achievements/:badgeId", achievement, http::Access::anyone);
}

int verify_file(const Config& config, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "cannot read " << path << "\n";
    return 2;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  std::string bytes = ss.str(), jwt = bytes;
  if (bytes.size() > 8 && static_cast<unsigned char>(bytes[0]) == 0x89 && bytes.compare(1, 3, "PNG") == 0) {
    auto baked = openbadges::baked_credential(bytes);
    if (!baked) {
      std::cout << "INVALID: the PNG has no baked Open Badges credential (iTXt openbadgecredential)\n";
      return 1;
    }
    jwt = *baked;
  }
  auto v = openbadges::verify_jwt(jwt, openbadges::issuer_key(config.auth_secret).public_key);
  if (!v.ok) {
    std::cout << "INVALID: " << v.problem << "\n";
    return 1;
  }
  const auto& a = v.credential.at("credentialSubject").at("achievement");
  std::cout << "VALID: \"" << json::value_to<std::string>(a.at("name")) << "\" issued by "
            << json::value_to<std::string>(v.credential.at("issuer").at("name")) << " ("
            << json::value_to<std::string>(v.credential.at("iss")) << ") on "
            << json::value_to<std::string>(v.credential.at("validFrom")) << "\n";
  return 0;
}

}  // namespace shopfloor::badges
