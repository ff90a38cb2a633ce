#include "register/register.hpp"

#include <memory>
#include <regex>

#include "auth/csrf.hpp"
#include "auth/passwords.hpp"
#include "auth/sessions.hpp"
#include "http/api_error.hpp"
#include "http/response.hpp"
#include "http/services.hpp"
#include "register/strength.hpp"
#include "resources/audit.hpp"
#include "resources/fields.hpp"
#include "search/sources.hpp"
#include "users/users.hpp"
#include "util/ids.hpp"
#include "util/rate_budget.hpp"
#include "util/text.hpp"

namespace shopfloor::registration {

namespace json = boost::json;
using http::ApiError;
using http::Context;
using http::Status;
using Awaitable = boost::asio::awaitable<http::Response>;

namespace {

// Every attempt spends one unit of the client IP's budget, refused ones too: 10 at once, then one a minute.
constexpr RateBudget::Limits kPerIp{10, 1};
// Serialises registrations on PostgreSQL (SQLite's write lock already does), so two registrations of one
// code in different letter case cannot both pass the check below.
constexpr const char* kLock = "SELECT pg_advisory_xact_lock(7426105150)";

struct Input {
  std::string code, name, contact, store_id, password;
  std::optional<std::string> email, phone;
};

std::string text_field(const json::object& body, const char* key, http::FieldErrors& errors) {
  auto* v = body.if_contains(key);
  if (!v || v->is_null()) return {};
  if (!v->is_string()) {
    errors[key] = msg::MUST_BE_TEXT;
    return {};
  }
  return std::string(v->as_string());
}

bool looks_like_phone(const std::string& s) {
  static const std::regex phone(R"(^\+?[0-9][0-9 \-]{7,20}$)");
  if (!std::regex_match(s, phone)) return false;
  int digits = 0;
  for (char ch : s) digits += ch >= '0' && ch <= '9';
  return digits >= 9 && digits <= 15;
}

// Field checks that need nothing from the database, so they answer the same for every code.
Input validate(const json::object& body) {
  http::FieldErrors e;
  Input in;
  in.code = trimmed(text_field(body, "employeeCode", e));
  in.name = trimmed(text_field(body, "name", e));
  in.contact = trimmed(text_field(body, "contact", e));
  in.store_id = trimmed(text_field(body, "storeId", e));
  in.password = text_field(body, "password", e);
  if (!e.count("employeeCode")) {
    if (in.code.empty())
      e["employeeCode"] = msg::REQUIRED;
    else if (utf8_length(in.code) > 40 || has_control_chars(in.code) ||
             in.code.find(' ') != std::string::npos)
      e["employeeCode"] = msg::EMPLOYEE_CODE_FORMAT;
  }
  if (!e.count("name")) {
    if (in.name.empty())
      e["name"] = msg::REQUIRED;
    else if (utf8_length(in.name) > 200 || has_control_chars(in.name))
      e["name"] = http::Message(msg::MAX_LENGTH, {{"count", 200}});
  }
  if (!e.count("contact")) {
    if (in.contact.empty())
      e["contact"] = msg::REQUIRED;
    else if (in.contact.find('@') != std::string::npos && in.contact.size() <= 254 &&
             resources::looks_like_email(in.contact))
      in.email = ascii_lower(in.contact);
    else if (looks_like_phone(in.contact))
      in.phone = in.contact;
    else
      e["contact"] = msg::CONTACT_FORMAT;
  }
  if (!e.count("storeId") && in.store_id.empty()) e["storeId"] = msg::REQUIRED;
  if (!e.count("password")) {
    auto length = utf8_length(in.password);
    std::vector<std::string> personal{in.code};
    for (std::size_t start = 0; start < in.name.size();) {
      auto end = in.name.find(' ', start);
      if (end == std::string::npos) end = in.name.size();
      personal.push_back(in.name.substr(start, end - start));
      start = end + 1;
    }
    if (length < kMinPasswordLength)
      e["password"] = http::Message(msg::PASSWORD_TOO_SHORT, {{"count", kMinPasswordLength}});
    else if (length > kMaxPasswordLength)
      e["password"] = http::Message(msg::MAX_LENGTH, {{"count", kMaxPasswordLength}});
    else if (password_score(in.password, personal) < kMinScore)
      e["password"] = msg::PASSWORD_TOO_WEAK;
  }
  if (!e.empty()) throw ApiError::validation(e);
  return in;
}

ApiError taken(const char* field, const http::Message& m) {
  return ApiError(Status::conflict, "CONFLICT", m, {{field, m}});
}

struct Outcome {
  std::string user_id, name;
  bool active = false;
  std::optional<auth::NewSession> session;
};

Outcome store_account(db::Connection& c, const Input& in, const std::string& hash, Context& ctx,
                      const std::string& user_agent) {
  if (!c.is_sqlite()) c.query(kLock);
  if (!c.query("SELECT 1 FROM stores WHERE id = $1", in.store_id).first())
    throw ApiError::validation({{"storeId", msg::REGISTER_STORE_UNKNOWN}});
  auto existing =
      c.query(
           "SELECT id, password_hash, status, role, name FROM users WHERE lower(employee_code) = lower($1)",
           in.code)
          .first();
  auto roster = c.query(
                     "SELECT r.name, s.id, r.position FROM roster r LEFT JOIN stores s ON lower(s.code) = "
                     "lower(r.store_code) WHERE lower(r.employee_code) = lower($1)",
                     in.code)
                    .first();
  // An account the roster import made has no password yet: registering completes it. Anything else with
  // this code is taken (the person should sign in). Back-office roles are never handed out this way.
  bool claim = existing && roster && existing->is_null(1) && existing->str(2) == "active" &&
               existing->str(3) == "staff";
  if (existing && !claim) throw taken("employeeCode", msg::EMPLOYEE_CODE_TAKEN);
  if (in.email) {
    auto owner = c.query("SELECT id FROM users WHERE email = $1", *in.email).first();
    if (owner && !(claim && owner->str(0) == existing->str(0))) throw taken("contact", msg::EMAIL_USED);
  }
  auto now = now_ms();
  Outcome out;
  out.active = roster.has_value();
  if (claim) {
    out.user_id = existing->str(0);
    out.name = existing->str(4);
    auto r = c.query(
        "UPDATE users SET password_hash = $1, email = COALESCE(email, $2), phone = COALESCE(phone, $3), "
        "joined_at = COALESCE(joined_at, $4), updated_at = $4, version = version + 1 "
        "WHERE id = $5 AND password_hash IS NULL",
        hash, in.email, in.phone, now, out.user_id);
    if (r.affected != 1) throw taken("employeeCode", msg::EMPLOYEE_CODE_TAKEN);
  } else {
    out.user_id = uuid_v7();
    // The roster's name, store and position win over what was typed.
    out.name = roster && !roster->is_null(0) ? roster->str(0) : in.name;
    std::string store = roster && !roster->is_null(1) ? roster->str(1) : in.store_id;
    std::optional<std::string> position =
        roster && !roster->is_null(2) ? std::optional(roster->str(2)) : std::nullopt;
    c.query(
        "INSERT INTO users (id, employee_code, email, phone, name, role, status, store_id, position, "
        "password_hash, joined_at, created_at, updated_at, version) "
        "VALUES ($1, $2, $3, $4, $5, 'staff', $6, $7, $8, $9, $10, $10, $10, 1)",
        out.user_id, in.code, in.email, in.phone, out.name, out.active ? "active" : "pending", store,
        position, hash, now);
  }
  search::refresh(c, "users", out.user_id);
  audit::record(c, out.user_id, out.active ? "register.active" : "register.pending", "users", out.user_id,
                std::nullopt, json::object{{"employeeCode", in.code}, {"roster", out.active}}, ctx.client_ip);
  if (out.active) {
    c.query("UPDATE users SET last_login_at = $1 WHERE id = $2", now, out.user_id);
    out.session =
        auth::create_session(c, out.user_id, ctx.app.config.session_max_age, ctx.client_ip, user_agent);
  }
  return out;
}

Awaitable post_register(Context& ctx, RateBudget& budget) {
  if (int wait = budget.take(ctx.client_ip); wait > 0) throw ApiError::rate_limited(wait);
  Input in = validate(ctx.json_object());
  // Hash first, for every code alike: no answer comes back faster for one kind of code.
  std::string hash = co_await ctx.app.db->offload([&] { return auth::hash_password(in.password); });
  std::string user_agent = ctx.header(boost::beast::http::field::user_agent).substr(0, 300);
  Outcome out;
  try {
    out = co_await ctx.app.db->transact(
        [&](db::Connection& c) { return store_account(c, in, hash, ctx, user_agent); });
  } catch (const db::Error& e) {
    // A roster import or an admin wrote the same code or email between our check and insert.
    if (e.kind() != db::ErrorKind::unique_violation) throw;
    throw taken("employeeCode", msg::EMPLOYEE_CODE_TAKEN);
  }
  if (!out.active) co_return http::json_response(ctx, json::object{{"status", "pending"}}, Status::created);
  auth::set_session_cookie(ctx, out.session->token, out.session->expires_at);
  auth::renew_csrf_token(ctx);
  co_return http::json_response(
      ctx,
      json::object{{"status", "active"}, {"user", json::object{{"id", out.user_id}, {"name", out.name}}}},
      Status::created);
}

Awaitable get_stores(Context& ctx) {
  auto rows = co_await ctx.app.db->read([](db::Connection& c) {
    return c
        .query(
            "SELECT s.id, s.code, s.name, g.id, g.code, g.name FROM stores s LEFT JOIN regions g ON g.id = "
            "s.region_id ORDER BY g.code, s.code")
        .rows;
  });
  json::array items;
  for (const auto& r : rows) {
    json::value region = nullptr;
    if (!r.is_null(3)) region = json::object{{"id", r.str(3)}, {"code", r.str(4)}, {"name", r.str(5)}};
    items.push_back(
        json::object{{"id", r.str(0)}, {"code", r.str(1)}, {"name", r.str(2)}, {"region", region}});
  }
  co_return http::json_response(ctx, json::object{{"items", std::move(items)}});
}

}  // namespace

void register_routes(http::Services& app) {
  auto budget = std::make_shared<RateBudget>(kPerIp);
  app.router.post("/api/register", [budget](Context& ctx) { return post_register(ctx, *budget); });
  app.router.get("/api/register/stores", get_stores);
}

}  // namespace shopfloor::registration
