#include "dashboard/dashboard.hpp"

#include "http/response.hpp"
#include "http/services.hpp"
#include "rollups/rollups.hpp"
#include "util/ids.hpp"
#include "util/role.hpp"

namespace shopfloor::dashboard {

namespace json = boost::json;

namespace {

// Today's and yesterday's sum of one rollup (n, or total for summed values such as points).
json::object today_vs_yesterday(db::Connection& c, const char* key, const char* metric, bool use_total,
                                std::int64_t today) {
  std::int64_t now_v = 0, before_v = 0;
  for (const auto& r :
       c.query(
            "SELECT day, SUM(n), SUM(total) FROM report_counts WHERE metric = $1 AND day BETWEEN $2 AND $3 "
            "GROUP BY day",
            rollups::level_metric(metric, rollups::Level::all, false), today - 1, today)
           .rows)
    (r.i64(0) == today ? now_v : before_v) = r.i64(use_total ? 2 : 1);
  return {{"key", key}, {"value", now_v}, {"previous", before_v}};
}

std::int64_t count(db::Connection& c, const char* sql) {
  return c.query(sql).first()->i64(0);
}

}  // namespace

static boost::asio::awaitable<http::Response> overview(http::Context& ctx) {
  auto now = now_ms();
  bool admin = ctx.user && ctx.user->at_least(Role::admin);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    json::object users{{"total", 0}, {"active", 0}, {"pending", 0}, {"disabled", 0}};
    std::int64_t total = 0;
    for (const auto& row : c.query("SELECT status, COUNT(*) FROM users GROUP BY status").rows) {
      users[row.str(0)] = row.i64(1);
      total += row.i64(1);
    }
    users["total"] = total;
    auto today = rollups::day_of(now);

    // What waits for someone in the back office, each linking to its queue; editors see the ones they run.
    struct Queue {
      const char* key;
      std::int64_t count;
      const char* link;
      bool admin_only;
    };
    const Queue queues[] = {
        {"redemptionsWaiting", count(c, "SELECT COUNT(*) FROM redemptions WHERE status = 'pending'"),
         "/admin/redeem/redemptions?status=pending", true},
        {"storiesWaiting",
         count(c,
               "SELECT COUNT(*) FROM stories WHERE status = 'pending' OR (status = 'published' AND reported "
               "> 0)"),
         "/admin/stories", false},
        // Pending accounts and the registrations waiting beside an existing account (register/claims.hpp).
        {"pendingRegistrations",
         users["pending"].as_int64() + count(c, "SELECT COUNT(*) FROM registration_claims"),
         "/admin/users/pending", true},
        {"entriesWaiting", count(c, "SELECT COUNT(*) FROM contest_entries WHERE status = 'pending'"),
         "/admin/campaigns", false},
    };

    json::array figures{today_vs_yesterday(c, "actives", "actives.day", false, today),
                        today_vs_yesterday(c, "completions", "course.completed", false, today),
                        today_vs_yesterday(c, "points", "points.earned", true, today)};
    json::array waiting;
    for (const auto& q : queues) {
      if (q.admin_only && !admin) continue;
      if (q.key != std::string_view("entriesWaiting"))
        figures.push_back({{"key", q.key}, {"value", q.count}, {"link", q.link}});
      waiting.push_back({{"key", q.key}, {"count", q.count}, {"link", q.link}});
    }
    return json::object{
        {"users", std::move(users)},
        {"stores", c.query("SELECT COUNT(*) FROM stores").first()->i64(0)},
        {"regions", c.query("SELECT COUNT(*) FROM regions").first()->i64(0)},
        {"activeSessions",
         c.query("SELECT COUNT(DISTINCT user_id) FROM sessions WHERE expires_at > $1", now).first()->i64(0)},
        {"online", count(c, "SELECT COUNT(*) FROM presence WHERE online = 1")},
        {"today", json::object{{"from", rollups::day_text(today)}}},
        {"figures", std::move(figures)},
        {"queues", std::move(waiting)}};
  });
  co_return http::json_response(ctx, body);
}

void register_routes(http::Services& app) {
  app.router.get("/api/admin/overview", overview, http::Access::editor);
}

}  // namespace shopfloor::dashboard
