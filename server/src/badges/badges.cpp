// The badges area: its declaration on the resources kit (criteria from the rule registry), the listeners
// that award on happenings, the admin's holders / award / revoke, the staff's own and others' badges with
// progress, and the Open Badges downloads and public issuer documents.
#include "badges/badges.hpp"

#include <sodium.h>
#include <vips/vips.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

#include "badges/awards.hpp"
#include "badges/backfill.hpp"
#include "badges/openbadges.hpp"
#include "badges/verify_page.hpp"
#include "http/response.hpp"
#include "http/services.hpp"
#include "media/media.hpp"
#include "resources/audit.hpp"
#include "resources/builders.hpp"
#include "resources/traits.hpp"
#include "util/config.hpp"
#include "util/html_sanitizer.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::badges {

namespace json = boost::json;
using http::ApiError;
using http::Context;
using Awaitable = boost::asio::awaitable<http::Response>;
using namespace resources;

namespace {

// A rule badge names what it counts: a course, an exam or a number.
void badge_rules(WriteContext& w) {
  const Rule* rule = rule_named(w.text_of("criteria"));
  if (!rule) {
    w.errors["criteria"] = msg::BADGE_CRITERIA;
    return;
  }
  if (rule->needs_course && w.value_of("course").is_null()) w.errors["course"] = msg::REQUIRED;
  if (rule->needs_exam && w.value_of("exam").is_null()) w.errors["exam"] = msg::REQUIRED;
  if (rule->needs_threshold) {
    auto t = w.value_of("threshold");
    if (!t.is_int64() || t.as_int64() < 1) w.errors["threshold"] = msg::REQUIRED;
  }
}

Resource badges_resource(db::Database& db) {
  auto r = area("badges", "badges", {"เหรียญตรา", "Badges"});
  r.title_field = "name";
  r.list_columns = {"image", "name", "criteria", "awardedCount", "status", "updatedAt"};
  std::vector<Option> criteria;
  std::vector<std::string> with_course, with_exam, with_threshold;  // which rules need which field
  for (const auto& rule : rules()) {
    criteria.push_back({rule.name, rule.label});
    if (rule.needs_course) with_course.push_back(rule.name);
    if (rule.needs_exam) with_exam.push_back(rule.name);
    if (rule.needs_threshold) with_threshold.push_back(rule.name);
  }
  r.fields = {
      image("image", {"รูปเหรียญ", "Picture"}),
      text("name", {"ชื่อเหรียญ", "Name"}).required().searchable().sortable().max(120),
      html("description", {"คำอธิบาย", "Description"}).max(5000),
      choice("criteria", {"เกณฑ์การได้รับ", "Awarded for"}, criteria).required().filterable().fallback("manual"),
      reference("course", {"หลักสูตร", "Course"}, "courses")
          .visible_when("criteria", with_course)
          .hint({"สำหรับเกณฑ์ \"จบหลักสูตรที่กำหนด\"", "For \"A given course completed\""}),
      reference("exam", {"แบบทดสอบ", "Exam"}, "examinations")
          .visible_when("criteria", with_exam)
          .hint({"สำหรับเกณฑ์ \"สอบผ่านแบบทดสอบที่กำหนด\"", "For \"A given exam passed\""}),
      integer("threshold", {"จำนวน (N)", "Number (N)"})
          .visible_when("criteria", with_threshold)
          .min(1)
          .max(100000000)
          .hint({"จำนวนหลักสูตร แต้ม หรือวัน ตามเกณฑ์", "Courses, points or days, by the rule"}),
      integer("awardedCount", {"มอบแล้ว", "Awarded"}).sortable().read_only(),
      text("backfillState", {"การมอบย้อนหลัง", "Backfill"}).read_only(),
      integer("backfillDone", {"มอบย้อนหลังแล้ว", "Backfilled"}).read_only(),
      integer("backfillTotal", {"ต้องมอบย้อนหลัง", "To backfill"}).read_only(),
  };
  publishable(r, {"เริ่ม", "Starts"}, {"สิ้นสุด", "Ends"});
  r.rules.push_back(badge_rules);
  r.present = [](json::object& item) {
    item["backfill"] = json::object{
        {"state", item["backfillState"]}, {"done", item["backfillDone"]}, {"total", item["backfillTotal"]}};
  };
  // Published (created so, edited to it, or the publish action): everyone who already qualifies gets it.
  r.after_commit = [&db](const std::string& kind, const json::object& item) {
    if (kind == "delete" || kind == "archive") return;
    if (item.contains("status") && item.at("status") == "published" && item.contains("criteria") &&
        item.at("criteria") != "manual")
      start_backfill(db, std::string(item.at("id").as_string()));
  };
  return r;
}

// ---- what staff see ----

const char* const badge_select =
    "SELECT b.id, b.name, b.description, b.criteria, m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height, "
    "b.course_id, b.exam_id, b.threshold FROM badges b LEFT JOIN media m ON m.id = b.image_media_id ";

json::object badge_json(const db::Row& r) {
  return json::object{
      {"id", r.str(0)},
      {"name", r.str(1)},
      {"description", r.is_null(2) ? json::value(nullptr) : json::value(r.str(2))},
      {"criteria", r.str(3)},
      {"image", r.is_null(4) ? json::value(nullptr) : json::value(media::media_summary(r, 4))}};
}

json::array earned_of(db::Connection& c, const std::string& uid, bool own) {
  json::array out;
  for (const auto& r :
       c.query(std::string(badge_select) +
                   "JOIN badge_awards a ON a.badge_id = b.id WHERE a.user_id = $1 AND a.revoked_at IS "
                   "NULL ORDER BY a.awarded_at DESC",
               uid)
           .rows) {
    json::object o{{"badge", badge_json(r)}};
    auto at =
        c.query("SELECT awarded_at, id FROM badge_awards WHERE badge_id = $1 AND user_id = $2", r.str(0), uid)
            .first();
    o["awardedAt"] = iso8601(at->i64(0));
    if (own) {
      o["verifyUrl"] = "/share/badge/" + at->str(1);  // the public page to share (verify_page.hpp)
      o["credentialUrl"] = "/api/me/badges/" + r.str(0) + "/credential.jwt";
      o["pngUrl"] = "/api/me/badges/" + r.str(0) + "/badge.png";
    }
    out.push_back(std::move(o));
  }
  return out;
}

Awaitable my_badges(Context& ctx) {
  std::string uid = ctx.user->id;
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    json::array locked;
    for (const auto& r :
         c.query(std::string(badge_select) +
                     "WHERE b.status = 'published' AND NOT EXISTS (SELECT 1 FROM badge_awards a WHERE "
                     "a.badge_id = b.id AND a.user_id = $1 AND a.revoked_at IS NULL) ORDER BY b.name",
                 uid)
             .rows) {
      BadgeRow row{r.str(0), r.str(1), r.str(3), r.str(11), r.str(12), r.i64(13)};
      const Rule* rule = rule_named(row.criteria);
      std::optional<Progress> p;
      if (rule && rule->progress) p = rule->progress(c, row, uid);
      locked.push_back(json::object{
          {"badge", badge_json(r)},
          {"progress", p ? json::value(json::object{{"current", p->current}, {"target", p->target}})
                         : json::value(nullptr)}});
    }
    return json::object{{"earned", earned_of(c, uid, true)}, {"locked", std::move(locked)}};
  });
  co_return http::json_response(ctx, body);
}

Awaitable user_badges(Context& ctx) {
  std::string id = ctx.params.at("id");
  if (!plausible_id(id)) throw ApiError::not_found(msg::NO_SUCH_USER);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    if (c.query("SELECT 1 FROM users WHERE id = $1 AND status = 'active'", id).empty()) return std::nullopt;
    return json::object{{"earned", earned_of(c, id, false)}};
  });
  if (!body) throw ApiError::not_found(msg::NO_SUCH_USER);
  co_return http::json_response(ctx, *body);
}

// ---- Open Badges ----

std::string issuer_id(const Context& ctx) {
  return ctx.origin() + "/api/openbadges/issuer";
}

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
  auto r = c.query(std::string(badge_select) + "WHERE b.id = $1", badge_id).first();
  auto award =
      c.query(
           "SELECT id, awarded_at FROM badge_awards WHERE badge_id = $1 AND user_id = $2 AND revoked_at IS "
           "NULL",
           badge_id, uid)
          .first();
  if (!r || !award) return std::nullopt;
  auto person = c.query("SELECT email, employee_code, name FROM users WHERE id = $1", uid).first();
  // The recipient as a salted hash (OB 3.0 IdentityObject): the credential names nobody in clear text.
  std::string salt = random_hex(8);
  bool email = !person->is_null(0) && !person->str(0).empty();
  std::string identity = email ? ascii_lower(person->str(0)) : person->str(1);
  json::object credential{
      {"@context", json::array{"https://www.w3.org/ns/credentials/v2",
                               "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"}},
      {"id", "urn:uuid:" + award->str(0)},
      {"type", json::array{"VerifiableCredential", "OpenBadgeCredential"}},
      {"issuer", json::object{{"id", issuer_id(ctx)},
                              {"type", json::array{"Profile"}},
                              {"name", ctx.app.config.product_name},
                              {"url", ctx.origin()}}},
      {"validFrom", iso8601(award->i64(1)).substr(0, 19) + "Z"},
      {"name", r->str(1)},
      {"credentialSubject",
       json::object{
           {"type", json::array{"AchievementSubject"}},
           {"identifier", json::array{json::object{{"type", "IdentityObject"},
                                                   {"identityHash", "sha256$" + sha256_hex(identity + salt)},
                                                   {"identityType", email ? "emailAddress" : "systemId"},
                                                   {"hashed", true},
                                                   {"salt", salt}}}},
           {"achievement", achievement_json(ctx, *r)}}}};
  Credential out{credential,
                 openbadges::sign_credential(credential, openbadges::issuer_key(ctx.app.config.auth_secret)),
                 std::nullopt};
  if (!r->is_null(4)) out.image_path = media::media_path(ctx.app.config.data_dir, r->str(5), r->str(6));
  return out;
}

http::Response download(const Context& ctx, std::string body, const char* type, const std::string& filename) {
  http::Response res{http::Status::ok, ctx.req.version()};
  res.keep_alive(ctx.req.keep_alive());
  res.set(http::beast_http::field::content_type, type);
  res.set(http::beast_http::field::content_disposition, "attachment; filename=\"" + filename + "\"");
  res.set(http::beast_http::field::cache_control, "no-store");
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

Awaitable credential_jwt(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("badgeId");
  if (!plausible_id(id)) throw ApiError::not_found();
  auto cred = co_await ctx.app.db->read([&](db::Connection& c) { return credential_for(ctx, c, uid, id); });
  if (!cred) throw ApiError::not_found();
  co_return download(ctx, cred->jwt, "application/vc+jwt", "badge-" + id.substr(0, 8) + ".jwt");
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
  co_return download(ctx, std::move(*baked), "image/png", "badge-" + id.substr(0, 8) + ".png");
}

Awaitable issuer_profile(Context& ctx) {
  auto key = openbadges::issuer_key(ctx.app.config.auth_secret);
  std::string x =
      openbadges::base64url(std::string_view(reinterpret_cast<const char*>(key.public_key.data()), 32));
  json::object profile{
      {"@context", json::array{"https://www.w3.org/ns/credentials/v2",
                               "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"}},
      {"id", issuer_id(ctx)},
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
    auto r = c.query(std::string(badge_select) + "WHERE b.id = $1 AND b.status <> 'draft'", id).first();
    if (!r) return std::nullopt;
    auto a = achievement_json(ctx, *r);
    a["@context"] = json::array{"https://www.w3.org/ns/credentials/v2",
                                "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"};
    return a;
  });
  if (!body) throw ApiError::not_found();
  co_return http::json_response(ctx, *body);
}

// ---- back office: holders, award and revoke by hand ----

Awaitable holders(Context& ctx) {
  std::string id = ctx.params.at("id");
  auto page = ctx.query_int("page", 1, 1, 100000), size = ctx.query_int("pageSize", 20, 1, 200);
  auto q = ctx.query("q").value_or("");
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    if (!plausible_id(id) || c.query("SELECT 1 FROM badges WHERE id = $1", id).empty()) return std::nullopt;
    std::string where = "WHERE a.badge_id = $1 AND a.revoked_at IS NULL";
    std::vector<db::Value> params{id};
    if (!q.empty()) {
      params.push_back(like_contains(ascii_lower(q)));
      where += " AND (lower(u.name) LIKE $2" + std::string(like_escape_clause) +
               " OR lower(u.employee_code) LIKE $2" + like_escape_clause + ")";
    }
    auto total =
        c.exec("SELECT COUNT(*) FROM badge_awards a JOIN users u ON u.id = a.user_id " + where, params)
            .first()
            ->i64(0);
    params.push_back(size);
    params.push_back((page - 1) * size);
    json::array items;
    for (const auto& r :
         c.exec("SELECT u.id, u.name, u.employee_code, a.awarded_at, a.awarded_by, a.reason, b.name FROM "
                "badge_awards a JOIN users u ON u.id = a.user_id LEFT JOIN users b ON b.id = "
                "a.awarded_by " +
                    where + " ORDER BY a.awarded_at DESC LIMIT $" + std::to_string(params.size() - 1) +
                    " OFFSET $" + std::to_string(params.size()),
                params)
             .rows)
      items.push_back(json::object{
          {"user", json::object{{"id", r.str(0)}, {"name", r.str(1)}, {"employeeId", r.str(2)}}},
          {"awardedAt", iso8601(r.i64(3))},
          {"awardedBy", r.is_null(4) ? json::value(nullptr)
                                     : json::value(json::object{{"id", r.str(4)}, {"name", r.str(6)}})},
          {"reason", r.is_null(5) ? json::value(nullptr) : json::value(r.str(5))}});
    return json::object{{"items", std::move(items)}, {"total", total}};
  });
  if (!body) throw ApiError::not_found();
  co_return http::json_response(ctx, *body);
}

std::pair<std::string, std::string> user_and_reason(const Context& ctx) {
  json::object body = ctx.json_object();
  http::FieldErrors errors;
  std::string user, reason;
  if (auto* u = body.if_contains("userId"); !u || !u->is_string() || !plausible_id(u->as_string()))
    errors["userId"] = msg::MUST_BE_ID;
  else
    user = std::string(u->as_string());
  if (auto* r = body.if_contains("reason"); !r || !r->is_string() || trim(r->as_string()).empty() ||
                                            utf8_length(r->as_string()) > 500 ||
                                            has_control_chars(r->as_string()))
    errors["reason"] = msg::REASON_REQUIRED;
  else
    reason = std::string(trim(r->as_string()));
  if (!errors.empty()) throw ApiError::validation(errors);
  return {user, reason};
}

Awaitable award_by_hand(Context& ctx) {
  std::string id = ctx.params.at("id"), actor = ctx.user->id, ip = ctx.client_ip;
  auto [user, reason] = user_and_reason(ctx);
  auto body = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto badge = plausible_id(id) ? badge_row(c, id) : std::nullopt;
    if (!badge) throw ApiError::not_found();
    if (c.query("SELECT 1 FROM users WHERE id = $1", user).empty())
      throw ApiError::validation({{"userId", msg::NO_SUCH_USER}});
    auto existing =
        c.query("SELECT revoked_at FROM badge_awards WHERE badge_id = $1 AND user_id = $2", id, user).first();
    if (existing && existing->is_null(0))
      throw ApiError{http::Status::conflict, "ALREADY_AWARDED", msg::ALREADY_AWARDED};
    if (existing) {  // given back after a revoke
      c.query(
          "UPDATE badge_awards SET revoked_at = NULL, revoked_by = NULL, revoke_reason = NULL, awarded_at = "
          "$3, "
          "awarded_by = $4, reason = $5 WHERE badge_id = $1 AND user_id = $2",
          id, user, now_ms(), actor, reason);
      c.query("UPDATE badges SET awarded_count = awarded_count + 1 WHERE id = $1", id);
      notify_earned(c, id, badge->name, user);
    } else {
      award(c, *badge, user, actor, reason);
    }
    audit::record(c, actor, "badge.award", "badges", id, std::nullopt,
                  json::object{{"userId", user}, {"reason", reason}}, ip);
    return json::object{{"award", json::object{{"badgeId", id}, {"userId", user}, {"reason", reason}}}};
  });
  co_return http::json_response(ctx, body, http::Status::created);
}

Awaitable revoke(Context& ctx) {
  std::string id = ctx.params.at("id"), actor = ctx.user->id, ip = ctx.client_ip;
  auto [user, reason] = user_and_reason(ctx);
  co_await ctx.app.db->transact([&](db::Connection& c) {
    if (!plausible_id(id) || !badge_row(c, id)) throw ApiError::not_found();
    auto moved = c.query(
        "UPDATE badge_awards SET revoked_at = $3, revoked_by = $4, revoke_reason = $5 WHERE badge_id = "
        "$1 AND user_id = $2 AND revoked_at IS NULL",
        id, user, now_ms(), actor, reason);
    if (moved.affected == 0) throw ApiError::not_found(msg::NOT_AWARDED);
    c.query("UPDATE badges SET awarded_count = awarded_count - 1 WHERE id = $1", id);
    audit::record(c, actor, "badge.revoke", "badges", id, json::object{{"userId", user}},
                  json::object{{"userId", user}, {"reason", reason}}, ip);
  });
  co_return http::json_response(ctx, json::object{});
}

}  // namespace

json::array earned_badges(db::Connection& c, const std::string& user_id) {
  return earned_of(c, user_id, false);
}

void register_routes(http::Services& app) {
  resources::registry().add(badges_resource(*app.db));
  register_verify_page();
  for (const auto& rule : rules())
    for (const auto& kind : rule.kinds) {
      static std::set<std::string> listened;
      if (listened.insert(kind).second) triggers::listen(kind, on_happening);
    }
  app.router.get("/api/me/badges", my_badges, http::Access::signed_in);
  app.router.get("/api/me/badges/:badgeId/credential.jwt", credential_jwt, http::Access::signed_in);
  app.router.get("/api/me/badges/:badgeId/badge.png", badge_png, http::Access::signed_in);
  app.router.get("/api/users/:id/badges", user_badges, http::Access::signed_in);
  app.router.get("/api/openbadges/issuer", issuer_profile, http::Access::anyone);
  app.router.get("/api/openbadges/achievements/:badgeId", achievement, http::Access::anyone);
  app.router.get("/api/admin/badges/:id/holders", holders, http::Access::editor);
  app.router.post("/api/admin/badges/:id/award", award_by_hand, http::Access::editor);
  app.router.post("/api/admin/badges/:id/revoke", revoke, http::Access::editor);
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
