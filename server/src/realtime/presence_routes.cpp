#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "realtime/presence_hub.hpp"
#include "realtime/realtime.hpp"
#include "util/ids.hpp"

namespace shopfloor::realtime {

// GET /api/admin/presence: how many are online now and, for those who may see staff details, who (the
// dashboard's live list starts here). Editors get the count alone.
static boost::asio::awaitable<http::Response> admin_presence(Context& ctx) {
  bool details = ctx.user->can_see_staff_details();
  auto body = co_await ctx.app.db->read([details](db::Connection& c) {
    auto online = c.query("SELECT COUNT(*) FROM presence WHERE online = 1").first()->i64(0);
    json::object out{{"online", online}};
    if (details) out["users"] = PresenceHub::online_users(c, 200);
    return out;
  });
  co_return http::json_response(ctx, body);
}

// GET /api/presence/:userId: online / last seen, for profiles and the users list.
static boost::asio::awaitable<http::Response> user_presence(Context& ctx) {
  std::string id = ctx.params["userId"];
  auto row = co_await ctx.app.db->read([&](db::Connection& c) {
    return c
        .query(
            "SELECT u.id, p.online, p.last_seen FROM users u LEFT JOIN presence p ON p.user_id = u.id "
            "WHERE u.id = $1",
            id)
        .first();
  });
  if (!row) throw http::ApiError::not_found(msg::NO_SUCH_USER);
  co_return http::json_response(ctx, json::object{{"userId", id},
                                                  {"online", !row->is_null(1) && row->boolean(1)},
                                                  {"lastSeen", http::iso_or_null(row->opt_i64(2))}});
}

void register_routes(http::Services& app) {
  app.router.get("/api/admin/presence", admin_presence, http::Access::editor);
  app.router.get("/api/presence/:userId", user_presence, http::Access::signed_in);
}

}  // namespace shopfloor::realtime
