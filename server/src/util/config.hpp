// Settings: environment variables first, command-line flags override them (`shopfloor --help`).
#pragma once

#include <cstdint>
#include <string>

namespace CLI {
class App;
}

namespace shopfloor {

struct Config {
  std::string host = "0.0.0.0";
  int port = 8080;
  std::string database_url = "sqlite://./data/shopfloor.db";
  std::string data_dir = "./data";
  std::string web_dir = "./web/dist";
  std::string product_name = "Shopfloor";
  std::string auth_secret;  // AUTH_SECRET, else DATA_DIR/auth_secret (created on first start)
  std::string
      public_url;  // e.g. https://app.example.com; empty = this server's address (see Context::origin)
  std::int64_t session_max_age = 30LL * 24 * 3600;  // seconds
  std::int64_t session_update_age = 24 * 3600;      // seconds between sliding-expiry writes
  int threads = 0;                                  // IO threads; 0 = one per core
  int db_pool_size = 0;                             // 0 = 4 for SQLite, 8 for PostgreSQL
  std::size_t max_body_bytes = 1 << 20;             // JSON bodies
  int request_timeout_s = 30;
  int shutdown_timeout_s = 10;
  bool trust_proxy = false;  // honour X-Forwarded-For / X-Forwarded-Proto
  std::string log_level = "info";
  int telemetry_flush_ms = 1000;         // how often buffered telemetry is written
  int ws_idle_timeout_s = 30;            // a silent realtime client is dropped after this (pinged at half)
  int presence_heartbeat_ms = 5000;      // node heartbeat and dead-node check interval
  int presence_node_timeout_ms = 20000;  // a node silent this long has its users marked offline
  // Per-node budgets (util/rate_budget.hpp): a burst, then so many per minute; 0 turns one off.
  // Telemetry counts events: the web tracker sends a few per page and about one per click, flushed every
  // 5 s, and resends at most 500 stashed events on the next load.
  std::int64_t telemetry_ip_burst = 1000;  // anonymous events per client IP
  std::int64_t telemetry_ip_per_min = 300;
  std::int64_t telemetry_user_burst = 2000;  // events per signed-in user
  std::int64_t telemetry_user_per_min = 600;
  // New /_image variants rendered (cache hits are free).
  std::int64_t image_render_ip_burst = 100;  // by anonymous callers, per client IP
  std::int64_t image_render_ip_per_min = 30;
  std::int64_t image_render_user_burst = 600;  // per signed-in user
  std::int64_t image_render_user_per_min = 300;
  // A lesson counts once it has been open for this share (percent) of its reading time
  // (learning/completion.hpp); tests set it low to keep the reading clock short. 0 = no minimum time.
  std::int64_t lesson_time_percent = 50;
  // Live quiz joins (games/live.cpp), in units: a join costs 1, one that does not get in (an unknown PIN) 10.
  // Per person: four wrong PINs at once, then one a minute; per client IP: a room of 1,000 players behind
  // one address, or 100 wrong PINs, at once.
  std::int64_t live_join_user_burst = 40;
  std::int64_t live_join_user_per_min = 10;
  std::int64_t live_join_ip_burst = 1000;
  std::int64_t live_join_ip_per_min = 200;
  int live_lobby_idle_minutes = 30;  // a live quiz lobby with no join or host move this long closes

  // Accounts (issue 26): how long admin-issued activation and reset codes and emailed reset links live,
  // and the SMTP server that mails the links (empty = no email recovery; PUBLIC_URL should be set too).
  int account_code_days = 14;    // ACCOUNT_CODE_DAYS
  int reset_link_minutes = 60;   // RESET_LINK_MINUTES
  std::string smtp_url;          // SMTP_URL: smtp://user:pass@host:587 (STARTTLS) or smtps://host:465
  std::string smtp_from;         // SMTP_FROM: "Shopfloor <no-reply@example.com>"
  bool smtp_require_tls = true;  // SMTP_REQUIRE_TLS=0 allows plain SMTP to a relay that is not loopback

  static Config from_env();
  // Registers a flag for every setting on `app`, bound to this object (flags override the environment).
  void add_flags(CLI::App& app);
  // Reads AUTH_SECRET from DATA_DIR/auth_secret, creating it (mode 0600) when neither is set.
  void ensure_auth_secret();
  bool secure_cookies() const { return public_url.rfind("https://", 0) == 0; }
};

}  // namespace shopfloor
