// The running application: settings, database, routes and the web app, plus the request pipeline
// (route → access guard → CSRF → handler → error envelope → access log).
#pragma once

#include <boost/asio/awaitable.hpp>
#include <memory>

#include "db/database.hpp"
#include "http/context.hpp"
#include "http/router.hpp"
#include "http/services.hpp"
#include "http/static_files.hpp"
#include "util/config.hpp"

namespace shopfloor {
namespace telemetry {
class WriteBuffer;
class Retention;
}  // namespace telemetry
namespace backup {
class Schedule;
}  // namespace backup
namespace realtime {
class PresenceHub;
class Fanout;
}  // namespace realtime
namespace auth {
class SessionRegistry;
namespace oidc {
class SingleSignOn;
}
}  // namespace auth
namespace push {
class WebPush;
}
namespace mail {
class Outbox;
}
namespace games {
class LiveFanout;
}
namespace learning {
class ReadCacheSync;
}  // namespace learning
namespace jobs {
class AudienceJobs;
}
namespace events {
class Reminders;
}
namespace notifications {
class Live;
class DailyJobs;
}  // namespace notifications

// The one implementation of http::Services: it owns the services it provides to the domains.
struct App : http::Services {
  explicit App(Config config);
  ~App() override;

  std::unique_ptr<http::StaticFiles> web;
  std::unique_ptr<telemetry::WriteBuffer> telemetry;
  std::unique_ptr<telemetry::Retention> retention;  // raw telemetry older than TELEMETRY_RETENTION_DAYS
  std::unique_ptr<backup::Schedule> backups;        // BACKUP_DIR / BACKUP_EVERY / BACKUP_KEEP
  std::unique_ptr<auth::SessionRegistry> sessions;  // session cache and the one revocation path
  std::unique_ptr<learning::ReadCacheSync> learning_cache;  // PostgreSQL: records per node, kept in step
  std::unique_ptr<auth::oidc::SingleSignOn> sso;            // OpenID Connect providers (OIDC_PROVIDERS)
  std::unique_ptr<realtime::PresenceHub> presence;
  std::unique_ptr<realtime::Fanout> fanout;  // live pushes to every node's sockets (areas register topics)
  std::unique_ptr<notifications::Live> notices;        // live unread counts, through presence's sockets
  std::unique_ptr<notifications::DailyJobs> daily;     // once-a-day jobs areas add (course due reminders)
  std::unique_ptr<games::LiveFanout> live_quiz;        // live quiz state to the sockets of its people
  std::unique_ptr<events::Reminders> event_reminders;  // a day and an hour before an event, to those going
  std::unique_ptr<push::WebPush> web_push;  // Web Push: VAPID key, subscriptions' services, background sender
  std::unique_ptr<mail::Outbox> mail;       // SMTP delivery off the request path (password reset links)
  std::unique_ptr<jobs::AudienceJobs>
      audience_jobs;  // whole-audience work off the request path (course notices)

  // Background work that lives as long as the server: telemetry flusher, presence heartbeat.
  void start(boost::asio::io_context& io);
  // First step of a graceful stop, while the IO threads still run: close realtime connections.
  void begin_stop();
  // After the IO threads stopped: write buffered telemetry, mark this node's users offline.
  void stop();

  boost::asio::awaitable<http::Response> handle(http::Request& req, const std::string& peer_ip,
                                                const std::string& local_authority);
  std::size_t body_limit(boost::beast::http::verb method, std::string_view target) const;

 private:
  boost::asio::awaitable<http::Response> route(http::Context& ctx);
  bool stopped_ = false;
};

// Every area's routes, registered once at start.
void register_routes(App& app);

}  // namespace shopfloor
