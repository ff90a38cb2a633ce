#include "util/config.hpp"

#include <sys/stat.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor {

namespace {
const char* env(const char* name) {
  const char* v = std::getenv(name);
  return v && *v ? v : nullptr;
}
template <class T>
void read_number(const char* name, T& out) {
  if (const char* v = env(name)) {
    auto n = parse_int(v);
    if (!n) throw std::runtime_error(std::string(name) + " must be a whole number");
    out = static_cast<T>(*n);
  }
}
}  // namespace

Config Config::from_env() {
  Config c;
  if (const char* v = env("HOST")) c.host = v;
  read_number("PORT", c.port);
  if (const char* v = env("DATABASE_URL")) c.database_url = v;
  if (const char* v = env("DATA_DIR")) c.data_dir = v;
  if (const char* v = env("WEB_DIR")) c.web_dir = v;
  if (const char* v = env("PRODUCT_NAME")) c.product_name = v;
  if (const char* v = env("AUTH_SECRET")) c.auth_secret = v;
  if (const char* v = env("PUBLIC_URL")) c.public_url = v;
  read_number("SESSION_MAX_AGE", c.session_max_age);
  read_number("SESSION_UPDATE_AGE", c.session_update_age);
  read_number("THREADS", c.threads);
  read_number("DB_POOL_SIZE", c.db_pool_size);
  read_number("MAX_BODY_BYTES", c.max_body_bytes);
  read_number("REQUEST_TIMEOUT", c.request_timeout_s);
  read_number("SHUTDOWN_TIMEOUT", c.shutdown_timeout_s);
  if (const char* v = env("TRUST_PROXY")) c.trust_proxy = std::string(v) == "1" || std::string(v) == "true";
  if (const char* v = env("LOG_LEVEL")) c.log_level = v;
  read_number("TELEMETRY_FLUSH_MS", c.telemetry_flush_ms);
  read_number("WS_IDLE_TIMEOUT", c.ws_idle_timeout_s);
  read_number("PRESENCE_HEARTBEAT_MS", c.presence_heartbeat_ms);
  read_number("PRESENCE_NODE_TIMEOUT_MS", c.presence_node_timeout_ms);
  read_number("TELEMETRY_IP_BURST", c.telemetry_ip_burst);
  read_number("TELEMETRY_IP_PER_MIN", c.telemetry_ip_per_min);
  read_number("TELEMETRY_USER_BURST", c.telemetry_user_burst);
  read_number("TELEMETRY_USER_PER_MIN", c.telemetry_user_per_min);
  read_number("IMAGE_RENDER_IP_BURST", c.image_render_ip_burst);
  read_number("IMAGE_RENDER_IP_PER_MIN", c.image_render_ip_per_min);
  read_number("IMAGE_RENDER_USER_BURST", c.image_render_user_burst);
  read_number("IMAGE_RENDER_USER_PER_MIN", c.image_render_user_per_min);
  read_number("LESSON_TIME_PERCENT", c.lesson_time_percent);
  if (c.lesson_time_percent < 0 || c.lesson_time_percent > 100)
    throw std::runtime_error("LESSON_TIME_PERCENT must be from 0 to 100");
  read_number("ACCOUNT_CODE_DAYS", c.account_code_days);
  read_number("RESET_LINK_MINUTES", c.reset_link_minutes);
  if (c.account_code_days < 1 || c.account_code_days > 365)
    throw std::runtime_error("ACCOUNT_CODE_DAYS must be 1 to 365");
  if (c.reset_link_minutes < 5 || c.reset_link_minutes > 7 * 24 * 60)
    throw std::runtime_error("RESET_LINK_MINUTES must be 5 to 10080");
  if (const char* v = env("SMTP_URL")) c.smtp_url = v;
  if (const char* v = env("SMTP_FROM")) c.smtp_from = v;
  if (const char* v = env("SMTP_REQUIRE_TLS"))
    c.smtp_require_tls = !(std::string(v) == "0" || std::string(v) == "false");
  read_number("LIVE_JOIN_USER_BURST", c.live_join_user_burst);
  read_number("LIVE_JOIN_USER_PER_MIN", c.live_join_user_per_min);
  read_number("LIVE_JOIN_IP_BURST", c.live_join_ip_burst);
  read_number("LIVE_JOIN_IP_PER_MIN", c.live_join_ip_per_min);
  read_number("LIVE_LOBBY_IDLE_MINUTES", c.live_lobby_idle_minutes);
  return c;
}

void Config::add_flags(CLI::App& app) {
  app.add_option("--host", host, "Address to listen on (HOST)")->capture_default_str();
  app.add_option("--port", port, "Port to listen on (PORT)")->capture_default_str();
  app.add_option("--database-url", database_url,
                 "sqlite://PATH or postgres://user:pass@host:port/db (DATABASE_URL)")
      ->capture_default_str();
  app.add_option("--data-dir", data_dir, "Uploads, caches and the generated auth secret (DATA_DIR)")
      ->capture_default_str();
  app.add_option("--web-dir", web_dir, "The built web app to serve (WEB_DIR)")->capture_default_str();
  app.add_option("--product-name", product_name, "Product name shown in the app (PRODUCT_NAME)")
      ->capture_default_str();
  app.add_option("--auth-secret", auth_secret,
                 "Secret for CSRF tokens; generated into DATA_DIR/auth_secret if unset (AUTH_SECRET)");
  app.add_option("--public-url", public_url,
                 "Public origin, e.g. https://app.example.com; https turns on Secure cookies (PUBLIC_URL)");
  app.add_option("--session-max-age", session_max_age, "Session lifetime in seconds (SESSION_MAX_AGE)")
      ->capture_default_str();
  app.add_option("--session-update-age", session_update_age,
                 "Seconds between sliding-expiry extensions (SESSION_UPDATE_AGE)")
      ->capture_default_str();
  app.add_option("--threads", threads, "IO threads, 0 = one per core (THREADS)")->capture_default_str();
  app.add_option("--db-pool-size", db_pool_size, "Database connections, 0 = backend default (DB_POOL_SIZE)")
      ->capture_default_str();
  app.add_option("--max-body-bytes", max_body_bytes, "Largest JSON request body (MAX_BODY_BYTES)")
      ->capture_default_str();
  app.add_option("--request-timeout", request_timeout_s, "Seconds to read a request (REQUEST_TIMEOUT)")
      ->capture_default_str();
  app.add_option("--shutdown-timeout", shutdown_timeout_s,
                 "Seconds to let in-flight requests finish on SIGTERM (SHUTDOWN_TIMEOUT)")
      ->capture_default_str();
  app.add_option(
         "--lesson-time-percent", lesson_time_percent,
         "Share of a lesson's reading time it must be open before it counts, 0-100 (LESSON_TIME_PERCENT)")
      ->check(CLI::Range(0, 100))
      ->capture_default_str();
  app.add_flag("--trust-proxy", trust_proxy,
               "Honour X-Forwarded-For/-Proto from a load balancer (TRUST_PROXY)");
  app.add_option("--log-level", log_level, "trace, debug, info, warn, error (LOG_LEVEL)")
      ->capture_default_str();
  app.add_option(
         "--telemetry-flush-ms", telemetry_flush_ms,
         "How often buffered telemetry is written; a crash loses at most this much (TELEMETRY_FLUSH_MS)")
      ->capture_default_str();
  app.add_option("--ws-idle-timeout", ws_idle_timeout_s,
                 "Seconds before a silent realtime connection is dropped (WS_IDLE_TIMEOUT)")
      ->capture_default_str();
  app.add_option("--presence-heartbeat-ms", presence_heartbeat_ms,
                 "Node heartbeat interval for presence (PRESENCE_HEARTBEAT_MS)")
      ->capture_default_str();
  app.add_option("--presence-node-timeout-ms", presence_node_timeout_ms,
                 "A node silent this long has its users marked offline (PRESENCE_NODE_TIMEOUT_MS)")
      ->capture_default_str();
  app.add_option("--account-code-days", account_code_days,
                 "Days an activation or reset code an admin issues stays valid (ACCOUNT_CODE_DAYS)")
      ->capture_default_str()
      ->check(CLI::Range(1, 365));
  app.add_option("--reset-link-minutes", reset_link_minutes,
                 "Minutes an emailed password reset link stays valid (RESET_LINK_MINUTES)")
      ->capture_default_str()
      ->check(CLI::Range(5, 7 * 24 * 60));
  app.add_option(
      "--smtp-url", smtp_url,
      "SMTP server for password reset mail: smtp://user:pass@host:587 (STARTTLS) or smtps://host:465 "
      "(SMTP_URL); empty = no email recovery");
  app.add_option("--smtp-from", smtp_from,
                 "Sender of that mail, e.g. \"Shopfloor <no-reply@example.com>\" (SMTP_FROM)");
  app.add_option("--smtp-require-tls", smtp_require_tls,
                 "Refuse plain SMTP to a relay that is not on this machine (SMTP_REQUIRE_TLS)")
      ->capture_default_str();
  // Budgets are per node; 0 turns one off.
  struct Budget {
    const char* flag;
    std::int64_t& value;
    const char* help;
  };
  for (const Budget& b : {
           Budget{"--telemetry-ip-burst", telemetry_ip_burst,
                  "Telemetry events an anonymous client IP may send at once (TELEMETRY_IP_BURST)"},
           Budget{"--telemetry-ip-per-min", telemetry_ip_per_min,
                  "...then per minute (TELEMETRY_IP_PER_MIN)"},
           Budget{"--telemetry-user-burst", telemetry_user_burst,
                  "Telemetry events a signed-in user may send at once (TELEMETRY_USER_BURST)"},
           Budget{"--telemetry-user-per-min", telemetry_user_per_min,
                  "...then per minute (TELEMETRY_USER_PER_MIN)"},
           Budget{"--image-render-ip-burst", image_render_ip_burst,
                  "New /_image variants an anonymous client IP may have rendered at once "
                  "(IMAGE_RENDER_IP_BURST)"},
           Budget{"--image-render-ip-per-min", image_render_ip_per_min,
                  "...then per minute (IMAGE_RENDER_IP_PER_MIN)"},
           Budget{
               "--image-render-user-burst", image_render_user_burst,
               "New /_image variants a signed-in user may have rendered at once (IMAGE_RENDER_USER_BURST)"},
           Budget{"--image-render-user-per-min", image_render_user_per_min,
                  "...then per minute (IMAGE_RENDER_USER_PER_MIN)"},
           Budget{"--live-join-user-burst", live_join_user_burst,
                  "Live quiz join units a person may spend at once; a join costs 1, a wrong PIN 10 "
                  "(LIVE_JOIN_USER_BURST)"},
           Budget{"--live-join-user-per-min", live_join_user_per_min,
                  "...then per minute (LIVE_JOIN_USER_PER_MIN)"},
           Budget{"--live-join-ip-burst", live_join_ip_burst,
                  "The same per client IP, whoever is signed in (LIVE_JOIN_IP_BURST)"},
           Budget{"--live-join-ip-per-min", live_join_ip_per_min,
                  "...then per minute (LIVE_JOIN_IP_PER_MIN)"},
       })
    app.add_option(b.flag, b.value, b.help)->capture_default_str();
  app.add_option("--live-lobby-idle-minutes", live_lobby_idle_minutes,
                 "A live quiz lobby with no join or host move this long closes (LIVE_LOBBY_IDLE_MINUTES)")
      ->capture_default_str();
}

void Config::ensure_auth_secret() {
  if (!auth_secret.empty()) return;
  namespace fs = std::filesystem;
  fs::create_directories(data_dir);
  fs::path file = fs::path(data_dir) / "auth_secret";
  if (std::ifstream in(file); in) {
    std::getline(in, auth_secret);
    if (auth_secret.size() >= 32) return;
  }
  auth_secret = random_hex(32);
  {
    std::ofstream out(file, std::ios::trunc);
    out << auth_secret << "\n";
    if (!out) throw std::runtime_error("cannot write " + file.string());
  }
  ::chmod(file.c_str(), 0600);
}

}  // namespace shopfloor
