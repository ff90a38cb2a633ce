#include "notifications/routes.hpp"

#include <boost/json.hpp>

#include "db/pages.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "notifications/notifications.hpp"
#include "util/ids.hpp"

namespace shopfloor::notifications {

namespace {

json::value params_of(const std::string& text) {
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  return !ec && v.is_object() ? v : json::object{};
}

// GET /api/notifications?before=<id>&limit=: newest first; `before` is the last id of the previous page
// (ids are UUIDv7, so their order is creation order).
Awaitable list(Context& ctx) {
  auto limit = ctx.query_int("limit", 20, 1, 100);
  std::string before = ctx.query("before").value_or("");
  if (!before.empty() && !plausible_id(before)) throw ApiError::bad_request(msg::INVALID_QUERY);
  std::string uid = ctx.user->id;
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    auto page = db::newest_first(
        c, "SELECT id, type, params_json, link, read_at, created_at FROM notifications", uid, before, limit);
    json::array items;
    for (const auto& r : page.rows) {
      items.push_back(json::object{{"id", r.str(0)},
                                   {"type", r.str(1)},
                                   {"params", params_of(r.str(2))},
                                   {"link", http::value_or_null(r.opt_str(3))},
                                   {"read", !r.is_null(4)},
                                   {"createdAt", iso8601(r.i64(5))}});
    }
    return json::object{
        {"items", std::move(items)}, {"unread", unread_count(c, uid)}, {"hasMore", page.more}};
  });
  co_return http::json_response(ctx, body);
}

Awaitable count(Context& ctx) {
  std::string uid = ctx.user->id;
  auto unread = co_await ctx.app.db->read([&](db::Connection& c) { return unread_count(c, uid); });
  co_return http::json_response(ctx, json::object{{"unread", unread}});
}

// POST /api/notifications/:id/read: idempotent; only the person's own (another's → 404).
Awaitable mark_read(Context& ctx) {
  std::string id = ctx.params.at("id"), uid = ctx.user->id;
  if (!plausible_id(id)) throw ApiError::not_found(msg::NO_SUCH_NOTIFICATION);
  auto unread = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto marked =
        c.query("UPDATE notifications SET read_at = $3 WHERE id = $1 AND user_id = $2 AND read_at IS NULL",
                id, uid, now_ms());
    if (marked.affected == 0 &&
        c.query("SELECT 1 FROM notifications WHERE id = $1 AND user_id = $2", id, uid).empty())
      throw ApiError::not_found(msg::NO_SUCH_NOTIFICATION);
    if (marked.affected > 0) unread_changed(c, uid);  // the person's other tabs and devices
    return unread_count(c, uid);
  });
  co_return http::json_response(ctx, json::object{{"unread", unread}});
}

Awaitable mark_all_read(Context& ctx) {
  std::string uid = ctx.user->id;
  co_await ctx.app.db->transact([&](db::Connection& c) {
    auto marked = c.query("UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL", uid,
                          now_ms());
    if (marked.affected > 0) unread_changed(c, uid);
  });
  co_return http::json_response(ctx, json::object{{"unread", 0}});
}

}  // namespace

void register_routes(http::Services& app) {
  // Fixed paths before the ":id" pattern.
  app.router.get("/api/notifications", list, http::Access::signed_in);
  app.router.get("/api/notifications/unread-count", count, http::Access::signed_in);
  app.router.post("/api/notifications/read-all", mark_all_read, http::Access::signed_in);
  app.router.post("/api/notifications/:id/read", mark_read, http::Access::signed_in);
}

}  // namespace shopfloor::notifications
