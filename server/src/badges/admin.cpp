// The back office of badges: who holds one, and awarding or revoking it by hand (with a reason, audited).
#include "badges/awards.hpp"
#include "badges/internal.hpp"
#include "http/body_fields.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "resources/audit.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::badges {

namespace {

Awaitable holders(Context& ctx) {
  std::string id = ctx.params.at("id");
  auto page = ctx.query_int("page", 1, 1, 100000), size = ctx.query_int("pageSize", 20, 1, 200);
  auto q = ctx.query("q").value_or("");
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    if (!plausible_id(id) || !badge_row(c, id)) return std::nullopt;
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
          {"reason", http::value_or_null(r.opt_str(5))}});
    return json::object{{"items", std::move(items)}, {"total", total}};
  });
  co_return http::json_or_not_found(ctx, body);
}

std::pair<std::string, std::string> user_and_reason(const Context& ctx) {
  json::object body = ctx.json_object();
  http::FieldErrors errors;
  std::string user = http::required_id(body, "userId", errors), reason;
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
      throw ApiError{http::Status::conflict, err::ALREADY_AWARDED, msg::ALREADY_AWARDED};
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

void register_admin_routes(http::Services& app) {
  app.router.get("/api/admin/badges/:id/holders", holders, http::Access::editor);
  app.router.post("/api/admin/badges/:id/award", award_by_hand, http::Access::editor);
  app.router.post("/api/admin/badges/:id/revoke", revoke, http::Access::editor);
}

}  // namespace shopfloor::badges
