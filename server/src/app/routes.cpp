// The one place that lists the areas built in; each area declares its own routes in its folder. Areas added
// later are one shopfloor_area(...) line in server/CMakeLists.txt each (app/added_areas.hpp).
#include "notifications/routes.hpp"

#include "accounts/accounts.hpp"
#include "ads/ads.hpp"
#include "app/added_areas.hpp"
#include "app/app.hpp"
#include "auth/authjs_routes.hpp"
#include "badges/badges.hpp"
#include "club/club.hpp"
#include "contents/taxonomy.hpp"
#include "contests/contests.hpp"
#include "dashboard/dashboard.hpp"
#include "events/events.hpp"
#include "exams/exams.hpp"
#include "forms/forms.hpp"
#include "games/games.hpp"
#include "home/home.hpp"
#include "http/response.hpp"
#include "leaderboards/leaderboards.hpp"
#include "learning/learning.hpp"
#include "mail/outbox.hpp"
#include "media/media.hpp"
#include "messages/messages.hpp"
#include "points/ledger.hpp"
#include "polls/polls.hpp"
#include "pulse/pulse.hpp"
#include "push/web_push.hpp"
#include "realtime/realtime.hpp"
#include "records/records.hpp"
#include "register/register.hpp"
#include "reports/reports.hpp"
#include "resources/audit.hpp"
#include "resources/engine.hpp"
#include "satisfaction/satisfaction.hpp"
#include "share/share.hpp"
#include "stickers/stickers.hpp"
#include "stories/stories.hpp"
#include "surveys/surveys.hpp"
#include "telemetry/telemetry.hpp"
#include "users/users.hpp"

namespace shopfloor {

namespace json = boost::json;

static void register_platform_routes(App& app) {
  app.router.get("/healthz", [](http::Context& ctx) -> boost::asio::awaitable<http::Response> {
    co_return http::json_response(ctx, json::object{{"status", "ok"}});
  });
  app.router.get("/readyz", [](http::Context& ctx) -> boost::asio::awaitable<http::Response> {
    try {
      co_await ctx.app.db->read([](db::Connection& c) { c.query("SELECT 1"); });
    } catch (const std::exception& e) {
      spdlog::warn("readiness check failed: {}", e.what());
      throw http::ApiError(http::Status::service_unavailable, err::UNAVAILABLE, msg::DB_UNREACHABLE);
    }
    co_return http::json_response(ctx,
                                  json::object{{"status", "ok"}, {"database", ctx.app.db->backend_name()}});
  });
  app.router.get("/api/config", [](http::Context& ctx) -> boost::asio::awaitable<http::Response> {
    co_return http::json_response(ctx,
                                  json::object{{"productName", ctx.app.config.product_name},
                                               {"defaultLocale", "th"},
                                               {"locales", json::array{"th", "en"}},
                                               // "Forgot password?" can mail a link (SMTP is configured).
                                               {"passwordEmail", ctx.app.get<mail::Outbox>().enabled()}});
  });
}

void register_routes(App& app) {
  register_platform_routes(app);
  auth::register_authjs_routes(app);
  users::register_routes(app);
  dashboard::register_routes(app);
  telemetry::register_routes(app);
  realtime::register_routes(app);
  notifications::register_routes(app);
  contents::register_taxonomy(app);
  media::register_routes(app);
  audit::register_routes(app);
  points::register_routes(app);
  learning::register_routes(app);
  exams::register_routes(app);
  home::register_routes(app);
  club::register_routes(app);
  badges::register_routes(app);
  stickers::register_routes(app);
  leaderboards::register_routes(app);
  polls::register_routes(app);
  contests::register_routes(app);
  events::register_routes(app);
  games::register_routes(app);
  ads::register_routes(app);
  accounts::register_routes(app);
  registration::register_routes(app);
  share::register_routes(app);
  stories::register_routes(app);
  messages::register_routes(app);
  satisfaction::register_routes(app);
  surveys::register_routes(app);
  pulse::register_routes(app);
  forms::register_routes(app);
  push::register_routes(app);
  reports::register_routes(app);
  records::register_routes(app);
  register_added_areas(app);  // the shopfloor_area(...) lines of server/CMakeLists.txt
  // Last: its /api/admin/:resource patterns would otherwise catch the fixed admin paths above.
  resources::register_routes(app);
}

}  // namespace shopfloor
