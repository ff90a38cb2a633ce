#include "register/claims.hpp"

#include "accounts/codes.hpp"
#include "auth/session_registry.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "resources/audit.hpp"
#include "search/sources.hpp"
#include "util/ids.hpp"

namespace shopfloor::registration {

namespace {

json::value opt(const db::Row& r, std::size_t i) {
  return http::value_or_null(r.opt_str(i));
}

json::value place(const db::Row& r, std::size_t i) {
  if (r.is_null(i)) return nullptr;
  return json::object{{"id", r.str(i)}, {"code", r.str(i + 1)}, {"name", r.str(i + 2)}};
}

// "roster_unverified": the account came from the roster and nobody has set its password; only these can be
// approved. "registered": the code's account is someone's already. "email_taken": a new code typed with
// the email of another account.
std::string kind_of(const std::string& reason, bool has_password) {
  if (reason == "email") return "email_taken";
  return has_password ? "registered" : "roster_unverified";
}

constexpr const char* kSelect =
    "SELECT c.id, c.created_at, c.reason, c.employee_code, c.name, c.email, c.phone, ts.id, ts.code, "
    "ts.name, "
    "u.id, u.employee_code, u.name, u.email, u.phone, us.id, us.code, us.name, u.position, u.status, "
    "u.password_hash IS NOT NULL, r.employee_code IS NOT NULL, r.name, r.store_code, r.position "
    "FROM registration_claims c JOIN users u ON u.id = c.user_id "
    "LEFT JOIN stores ts ON ts.id = c.store_id LEFT JOIN stores us ON us.id = u.store_id "
    "LEFT JOIN roster r ON lower(r.employee_code) = lower(u.employee_code) ";

json::object claim_json(const db::Row& r) {
  bool has_password = r.boolean(20);
  std::string kind = kind_of(r.str(2), has_password);
  json::value roster = nullptr;
  if (r.boolean(21))
    roster = json::object{{"name", opt(r, 22)}, {"storeCode", opt(r, 23)}, {"position", opt(r, 24)}};
  return json::object{{"id", r.str(0)},
                      {"createdAt", iso8601(r.i64(1))},
                      {"kind", kind},
                      {"canApprove", kind == "roster_unverified" && r.str(19) == "active"},
                      {"typed", json::object{{"employeeCode", r.str(3)},
                                             {"name", r.str(4)},
                                             {"email", opt(r, 5)},
                                             {"phone", opt(r, 6)},
                                             {"store", place(r, 7)}}},
                      {"account", json::object{{"id", r.str(10)},
                                               {"employeeCode", r.str(11)},
                                               {"name", r.str(12)},
                                               {"email", opt(r, 13)},
                                               {"phone", opt(r, 14)},
                                               {"store", place(r, 15)},
                                               {"position", opt(r, 18)},
                                               {"status", r.str(19)},
                                               {"registered", has_password}}},
                      {"roster", roster}};
}

Awaitable list_claims(Context& ctx) {
  auto limit = ctx.query_int("limit", 50, 1, 200);
  auto offset = ctx.query_int("offset", 0, 0, 1'000'000);
  auto [rows, total] = co_await ctx.app.db->read([&](db::Connection& c) {
    auto rows = c.query(std::string(kSelect) + "ORDER BY c.created_at DESC, c.id DESC LIMIT $1 OFFSET $2",
                        limit, offset)
                    .rows;
    auto total = c.query("SELECT COUNT(*) FROM registration_claims").first()->i64(0);
    return std::pair{std::move(rows), total};
  });
  json::array items;
  for (const auto& r : rows) items.push_back(claim_json(r));
  co_return http::json_response(ctx, json::object{{"items", std::move(items)}, {"total", total}});
}

Awaitable approve_claim(Context& ctx) {
  std::string id = ctx.params.at("id");
  if (!plausible_id(id)) throw ApiError::not_found();
  std::string actor = ctx.user->id;
  auto user_id = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto row = c.query(std::string(kSelect) + "WHERE c.id = $1", id).first();
    if (!row) throw ApiError::not_found();
    auto claim = claim_json(*row);
    if (!claim["canApprove"].as_bool()) throw ApiError::conflict(msg::CLAIM_NOT_APPROVABLE);
    std::string user_id = row->str(10);
    auto stored =
        c.query("SELECT password_hash, email, phone FROM registration_claims WHERE id = $1", id).first();
    // The typed email only where no other account has it.
    std::optional<std::string> email = stored->opt_str(1);
    if (email && c.query("SELECT 1 FROM users WHERE email = $1 AND id <> $2", *email, user_id).first())
      email.reset();
    auto now = now_ms();
    auto r = c.query(
        "UPDATE users SET password_hash = $1, email = COALESCE(email, $2), phone = COALESCE(phone, $3), "
        "joined_at = COALESCE(joined_at, $4), updated_at = $4, version = version + 1 "
        "WHERE id = $5 AND password_hash IS NULL AND status = 'active'",
        stored->str(0), email, stored->opt_str(2), now, user_id);
    if (r.affected != 1) throw ApiError::conflict(msg::CLAIM_NOT_APPROVABLE);
    search::refresh(c, "users", user_id);  // the email may be new
    c.query("DELETE FROM registration_claims WHERE user_id = $1", user_id);
    // A card printed for this person is no use any more.
    accounts::revoke_live(c, user_id, accounts::Purpose::activation, actor, ctx.client_ip, now);
    ctx.app.get<auth::SessionRegistry>().user_changed(c, user_id);
    audit::record(c, actor, "claim.approve", "users", user_id, std::nullopt, claim, ctx.client_ip);
    return user_id;
  });
  co_return http::json_response(ctx, json::object{{"userId", user_id}});
}

Awaitable dismiss_claim(Context& ctx) {
  std::string id = ctx.params.at("id");
  if (!plausible_id(id)) throw ApiError::not_found();
  std::string actor = ctx.user->id;
  co_await ctx.app.db->transact([&](db::Connection& c) {
    auto row = c.query(std::string(kSelect) + "WHERE c.id = $1", id).first();
    if (!row) throw ApiError::not_found();
    c.query("DELETE FROM registration_claims WHERE id = $1", id);
    audit::record(c, actor, "claim.dismiss", "users", row->str(10), claim_json(*row), std::nullopt,
                  ctx.client_ip);
  });
  co_return http::empty_response(ctx, http::Status::no_content);
}

}  // namespace

void register_claim_routes(http::Services& app) {
  app.router.get("/api/admin/users/claims", list_claims, http::Access::admin);
  app.router.post("/api/admin/users/claims/:id/approve", approve_claim, http::Access::admin);
  app.router.add(
      {http::beast_http::verb::delete_, "/api/admin/users/claims/:id", dismiss_claim, http::Access::admin});
}

}  // namespace shopfloor::registration
