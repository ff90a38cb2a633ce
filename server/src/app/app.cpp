#include "app/app.hpp"

#include <spdlog/spdlog.h>

#include "auth/cookies.hpp"
#include "auth/csrf.hpp"
#include "auth/oidc/single_sign_on.hpp"
#include "auth/session_registry.hpp"
#include "auth/sessions.hpp"
#include "backup/schedule.hpp"
#include "events/reminders.hpp"
#include "games/live.hpp"
#include "http/response.hpp"
#include "jobs/audience_jobs.hpp"
#include "learning/read_cache.hpp"
#include "mail/outbox.hpp"
#include "media/media.hpp"
#include "notifications/daily_jobs.hpp"
#include "notifications/live.hpp"
#include "push/settings.hpp"
#include "push/web_push.hpp"
#include "realtime/fanout.hpp"
#include "realtime/presence_hub.hpp"
#include "search/index.hpp"
#include "telemetry/retention.hpp"
#include "telemetry/write_buffer.hpp"
#include "util/ids.hpp"
#include "util/request_id.hpp"
#include "util/text.hpp"

namespace shopfloor {

namespace beast_http = boost::beast::http;
using http::ApiError;

namespace {
constexpr std::size_t words_pruned_per_day = 2000;
}  // namespace

App::App(Config cfg) : http::Services(std::move(cfg)) {
  db::Options options;
  bool sqlite = config.database_url.rfind("sqlite:", 0) == 0;
  options.pool_size = config.db_pool_size > 0 ? config.db_pool_size : (sqlite ? 4 : 8);
  db = db::Database::open(config.database_url, options);
  web = std::make_unique<http::StaticFiles>(config.web_dir);
  // The Stories tab's first photo inside its HTML once rendered, up to this size (a few kB of the HTML,
  // against a request that waits for a connection behind the reads on a phone's HTTP/1.1).
  web->set_inline_photo(
      [data_dir = config.data_dir](std::string_view url, int width, int quality, std::string_view accept) {
        return media::rendered_data_url(data_dir, url, width, quality, accept, 8 * 1024);
      });
  telemetry = std::make_unique<telemetry::WriteBuffer>(
      *db, 500, std::chrono::milliseconds(config.telemetry_flush_ms), 200'000);
  retention = std::make_unique<telemetry::Retention>(*db, telemetry::retention_days_from_env());
  event_reminders = std::make_unique<events::Reminders>(*db);
  backups = std::make_unique<backup::Schedule>(*db, config, backup::schedule_from_env(config));
  sessions = std::make_unique<auth::SessionRegistry>(*db);
  learning_cache = std::make_unique<learning::ReadCacheSync>(*db);
  provide(*telemetry);
  provide(*sessions);
  sso = std::make_unique<auth::oidc::SingleSignOn>(auth::oidc::providers_from_env());
  provide(*sso);
  presence = std::make_unique<realtime::PresenceHub>(*this);  // listens to the session registry
  provide(*presence);
  fanout = std::make_unique<realtime::Fanout>(*this);  // before the areas that register topics on it
  provide(*fanout);
  notices = std::make_unique<notifications::Live>(*this);
  daily = std::make_unique<notifications::DailyJobs>(*this);
  provide(*notices);
  provide(*daily);
  // The search index's words no document holds any more (left by edits and removals), a bounded batch a day.
  daily->add("search-words-prune",
             [](db::Connection& c, std::int64_t) { return search::prune_words(c, words_pruned_per_day); });
  live_quiz = std::make_unique<games::LiveFanout>(*this);
  provide(*live_quiz);
  web_push =
      std::make_unique<push::WebPush>(*this, push::settings_from_env());  // after the fan-out it listens to
  provide(*web_push);
  mail = std::make_unique<mail::Outbox>(
      mail::Settings{config.smtp_url, config.smtp_from, config.smtp_require_tls});
  provide(*mail);
  audience_jobs = std::make_unique<jobs::AudienceJobs>(*this, jobs::batch_from_env());  // areas add kinds
  provide(*audience_jobs);
  register_routes(*this);
}

App::~App() {
  stop();
  if (db) db->shutdown();
}

void App::start(boost::asio::io_context& io) {
  telemetry->start();
  retention->start();
  event_reminders->start();
  sessions->start();
  learning_cache->start();
  sso->warm_up();
  presence->start(io);
  fanout->start(io);
  daily->start(io, presence->node_id());
  backups->start(presence->node_id());
  web_push->start();
  audience_jobs->start();
}

void App::begin_stop() {
  daily->stop();
  presence->begin_stop();
}

void App::stop() {
  if (stopped_) return;
  stopped_ = true;
  retention->stop();
  event_reminders->stop();
  backups->stop();
  telemetry->stop_and_flush();
  sessions->stop();
  learning_cache->stop();
  sso->stop();
  daily->stop();
  web_push->stop();
  audience_jobs->stop();
  fanout->stop();
  presence->stop();
  if (mail)
    mail->stop(config.shutdown_timeout_s * 1000);  // what is queued still goes out, within the grace period
}

std::size_t App::body_limit(beast_http::verb method, std::string_view target) const {
  if (method == beast_http::verb::get || method == beast_http::verb::head) return 0;
  std::string_view path = target.substr(0, target.find('?'));
  if (const auto* route = router.find(method, path); route && route->max_body_bytes > 0)
    return route->max_body_bytes;
  return config.max_body_bytes;
}

static bool is_write(beast_http::verb m) {
  return m == beast_http::verb::post || m == beast_http::verb::put || m == beast_http::verb::patch ||
         m == beast_http::verb::delete_;
}

boost::asio::awaitable<http::Response> App::route(http::Context& ctx) {
  // API routes, plus media files and optimised images (routed, but not JSON).
  const bool api = ctx.path.starts_with("/api/") || ctx.path == "/api" || ctx.path == "/healthz" ||
                   ctx.path == "/readyz" || ctx.path.starts_with("/media/") || ctx.path == "/_image" ||
                   ctx.path.starts_with("/share/");  // server-rendered share pages, not the SPA
  auto method = ctx.req.method();
  if (api) {
    auto match = router.match(method, ctx.path, ctx);
    if (!match.route) {
      if (match.path_known)
        throw ApiError(http::Status::method_not_allowed, err::METHOD_NOT_ALLOWED, msg::METHOD_NOT_ALLOWED);
      throw ApiError::not_found(msg::NO_ENDPOINT);
    }
    const auto& route = *match.route;
    if (route.access != http::Access::anyone) {
      auto user = co_await auth::current_user(ctx);
      if (!user) throw ApiError::unauthenticated();
      if ((route.access == http::Access::editor && !user->at_least(auth::Role::editor)) ||
          (route.access == http::Access::admin && !user->at_least(auth::Role::admin)))
        throw ApiError::forbidden();
    }
    if (is_write(method) && route.csrf_header) auth::require_csrf_header(ctx);
    co_return co_await route.handler(ctx);
  }
  if (method == beast_http::verb::get || method == beast_http::verb::head) {
    auto session = ctx.cookie(auth::session_cookie_name(ctx));
    const bool signed_in = session && !session->empty();
    std::optional<std::string> paint;
    if (auto it = largest_paints.find(ctx.path); signed_in && it != largest_paints.end()) {
      try {
        if (auto user = co_await auth::current_user(ctx))
          paint = co_await db->read([&](db::Connection& c) { return it->second(c, user->id); });
      } catch (const std::exception&) {
        // The page is served without the photo's preload rather than not at all.
      }
    }
    // Each phone size of that photo, rendered ahead once: the next person, on another phone, does not wait.
    if (paint) media::render_ahead(*db, config.data_dir, *paint);
    if (auto res = web->serve(ctx, signed_in, paint)) co_return std::move(*res);
    throw ApiError::not_found();
  }
  throw ApiError(http::Status::method_not_allowed, err::METHOD_NOT_ALLOWED, msg::METHOD_NOT_ALLOWED);
}

boost::asio::awaitable<http::Response> App::handle(http::Request& req, const std::string& peer_ip,
                                                   const std::string& local_authority) {
  auto started = std::chrono::steady_clock::now();
  std::string ip = peer_ip;
  if (config.trust_proxy) {
    // The load balancer appends the real client address last.
    std::string fwd(req["X-Forwarded-For"]);
    if (!fwd.empty()) {
      auto comma = fwd.rfind(',');
      ip = fwd.substr(comma == std::string::npos ? 0 : comma + 1);
      ip.erase(0, ip.find_first_not_of(' '));
    }
  }
  http::Context ctx(*this, req, request_id(), ip);
  ctx.local_authority = local_authority;
  http::Response res;
  try {
    res = co_await route(ctx);
  } catch (const ApiError& e) {
    res = http::error_response(ctx, e);
  } catch (const db::Error& e) {
    if (e.kind() == db::ErrorKind::unique_violation) {
      res = http::error_response(ctx, ApiError::conflict(msg::VALUE_TAKEN));
    } else {
      spdlog::error("request {} database error: {}", ctx.request_id, e.what());
      res = http::error_response(ctx, ApiError(http::Status::internal_server_error, err::INTERNAL,
                                               http::Message(msg::INTERNAL, {{"id", ctx.request_id}})));
    }
  } catch (const std::exception& e) {
    spdlog::error("request {} failed: {}", ctx.request_id, e.what());
    res = http::error_response(ctx, ApiError(http::Status::internal_server_error, err::INTERNAL,
                                             http::Message(msg::INTERNAL, {{"id", ctx.request_id}})));
  }
  for (auto& [field, value] : ctx.extra_headers) res.insert(field, value);
  res.set("X-Request-Id", ctx.request_id);
  res.set("X-Content-Type-Options", "nosniff");
  res.set("Referrer-Policy", "same-origin");
  res.set("X-Frame-Options", "DENY");
  // HTML gets the site's policy unless the handler set its own (the sign-in page's forms post to providers).
  if (res[beast_http::field::content_type].starts_with("text/html") && res["Content-Security-Policy"].empty())
    res.set("Content-Security-Policy", http::content_security_policy);
  if (req.method() == beast_http::verb::head && !res.body().empty()) {
    auto length = res.body().size();
    res.body().clear();
    res.content_length(length);
  }
  auto micros =
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started)
          .count();
  spdlog::info("{} {} {} {:.1f}ms {} rid={}", log_escape(req.method_string()), log_escape(ctx.path),
               res.result_int(), micros / 1000.0, log_escape(ctx.client_ip), ctx.request_id);
  co_return res;
}

}  // namespace shopfloor
