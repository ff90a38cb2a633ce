#include "dashboard/dashboard.hpp"

#include "http/response.hpp"
#include "http/services.hpp"
#include "util/ids.hpp"

namespace shopfloor::dashboard {

namespace json = boost::json;

static boost::asio::awaitable<http::Response> overview(http::Context& ctx) {
  auto now = now_ms();
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    json::object users{{"total", 0}, {"active", 0}, {"pending", 0}, {"disabled", 0}};
    std::int64_t total = 0;
    for (const auto& row : c.query("SELECT status, COUNT(*) FROM users GROUP BY status").rows) {
      users[row.str(0)] = row.i64(1);
      total += row.i64(1);
    }
    users["total"] = total;
    return json::object{
        {"users", std::move(users)},
        {"stores", c.query("SELECT COUNT(*) FROM stores").first()->i64(0)},
        {"regions", c.query("SELECT COUNT(*) FROM regions").first()->i64(0)},
        {"activeSessions",
         c.query("SELECT COUNT(DISTINCT user_id) FROM sessions WHERE expires_at > $1", now).first()->i64(0)}};
  });
  co_return http::json_response(ctx, body);
}

void register_routes(http::Services& app) {
  app.router.get("/api/admin/overview", overview, http::Access::editor);
}

}  // namespace shopfloor::dashboard
