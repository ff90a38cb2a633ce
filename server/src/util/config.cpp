#include "util/config.hpp"

#include <sys/stat.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <boost/url/parse.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <vector>

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

std::vector<OidcProviderConfig> oidc_providers_from_env() {
  std::vector<OidcProviderConfig> out;
  const char* list = env("OIDC_PROVIDERS");
  if (!list) return out;
  std::string_view rest = list;
  while (!rest.empty()) {
    auto comma = rest.find(',');
    std::string id = ascii_lower(trimmed(rest.substr(0, comma)));
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    if (id.empty()) continue;
    bool valid_id = id.size() <= 32 && id != "credentials" && std::all_of(id.begin(), id.end(), [](char ch) {
                      return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-';
                    });
    if (!valid_id)
      throw std::runtime_error("OIDC_PROVIDERS: '" + id +
                               "' is not a provider id (a-z, 0-9 and '-', at most 32, not 'credentials')");
    for (const auto& p : out)
      if (p.id == id) throw std::runtime_error("OIDC_PROVIDERS names '" + id + "' twice");

    std::string prefix = "OIDC_" + ascii_upper(id) + "_";
    std::replace(prefix.begin(), prefix.end(), '-', '_');
    auto setting = [&](const char* name) -> std::optional<std::string> {
      if (const char* v = env((prefix + name).c_str())) return trimmed(v);
      return std::nullopt;
    };
    auto required = [&](const char* name) {
      auto v = setting(name);
      if (!v || v->empty())
        throw std::runtime_error(prefix + name + " is required for OIDC provider '" + id + "'");
      return *v;
    };
    OidcProviderConfig p;
    p.id = id;
    p.issuer = required("ISSUER");
    while (p.issuer.size() > 1 && p.issuer.back() == '/') p.issuer.pop_back();
    if (!https_or_loopback_url(p.issuer))
      throw std::runtime_error(prefix + "ISSUER must be an https:// URL (http:// only on localhost)");
    p.client_id = required("CLIENT_ID");
    p.client_secret = required("CLIENT_SECRET");
    p.name = setting("NAME").value_or(id);
    if (auto v = setting("SCOPES"); v && !v->empty()) p.scopes = *v;
    if ((" " + p.scopes + " ").find(" openid ") == std::string::npos)
      throw std::runtime_error(prefix + "SCOPES must include openid");
    if (auto v = setting("CLAIM"); v && !v->empty()) p.claim = *v;
    std::string match = ascii_lower(setting("MATCH").value_or(p.claim == "email" ? "email" : "code"));
    if (match != "email" && match != "code") throw std::runtime_error(prefix + "MATCH must be email or code");
    p.match = match == "email" ? OidcProviderConfig::Match::email : OidcProviderConfig::Match::code;
    p.token_auth = setting("TOKEN_AUTH").value_or("");
    if (!p.token_auth.empty() && p.token_auth != "client_secret_basic" &&
        p.token_auth != "client_secret_post")
      throw std::runtime_error(prefix + "TOKEN_AUTH must be client_secret_basic or client_secret_post");
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace

bool https_or_loopback_url(std::string_view url) {
  auto u = boost::urls::parse_absolute_uri(url);
  if (!u || u->has_userinfo() || u->encoded_host().empty()) return false;
  std::string scheme = ascii_lower(std::string(u->scheme()));
  if (scheme == "https") return true;
  std::string host = ascii_lower(std::string(u->encoded_host()));
  return scheme == "http" && (host == "localhost" || host == "127.0.0.1" || host == "[::1]");
}

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
  c.oidc_providers = oidc_providers_from_env();
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
       })
    app.add_option(b.flag, b.value, b.help)->capture_default_str();

  app.footer(
      "Single sign-on (OpenID Connect), from the environment only (docs/OPERATIONS.md):\n"
      "  OIDC_PROVIDERS            provider ids, comma-separated (e.g. entra,google); each <ID> below is\n"
      "                            the id upper-cased with '-' as '_'\n"
      "  OIDC_<ID>_ISSUER          issuer URL; its /.well-known/openid-configuration is read (required)\n"
      "  OIDC_<ID>_CLIENT_ID       client id registered at the provider (required)\n"
      "  OIDC_<ID>_CLIENT_SECRET   client secret (required)\n"
      "  OIDC_<ID>_NAME            label of the sign-in button (default: the id)\n"
      "  OIDC_<ID>_SCOPES          scopes asked for (default: openid email profile)\n"
      "  OIDC_<ID>_CLAIM           ID token claim that names the person (default: email)\n"
      "  OIDC_<ID>_MATCH           compare that claim with the roster's email or code (default: email\n"
      "                            when the claim is email, else code)\n"
      "  OIDC_<ID>_TOKEN_AUTH      client_secret_basic or client_secret_post (default: what the provider\n"
      "                            offers, basic first)\n"
      "  The provider's redirect URI is <PUBLIC_URL>/api/auth/callback/<id>.");
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
