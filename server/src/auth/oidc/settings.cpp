#include "auth/oidc/settings.hpp"

#include <algorithm>
#include <boost/url/parse.hpp>
#include <cstdlib>
#include <optional>
#include <stdexcept>

#include "util/text.hpp"

namespace shopfloor::auth::oidc {

namespace {

std::optional<std::string> env(const std::string& name) {
  const char* v = std::getenv(name.c_str());
  if (!v || !*v) return std::nullopt;
  return trimmed(v);
}

ProviderSettings read_provider(const std::string& id) {
  std::string prefix = "OIDC_" + ascii_upper(id) + "_";
  std::replace(prefix.begin(), prefix.end(), '-', '_');
  auto required = [&](const char* name) {
    auto v = env(prefix + name);
    if (!v || v->empty())
      throw std::runtime_error(prefix + name + " is required for OIDC provider '" + id + "'");
    return *v;
  };
  ProviderSettings p;
  p.id = id;
  p.issuer = required("ISSUER");
  while (p.issuer.size() > 1 && p.issuer.back() == '/') p.issuer.pop_back();
  if (!https_or_loopback_url(p.issuer))
    throw std::runtime_error(prefix + "ISSUER must be an https:// URL (http:// only on localhost)");
  p.client_id = required("CLIENT_ID");
  p.client_secret = required("CLIENT_SECRET");
  p.name = env(prefix + "NAME").value_or(id);
  if (auto v = env(prefix + "SCOPES")) p.scopes = *v;
  if ((" " + p.scopes + " ").find(" openid ") == std::string::npos)
    throw std::runtime_error(prefix + "SCOPES must include openid");
  if (auto v = env(prefix + "CLAIM")) p.claim = *v;
  std::string match = ascii_lower(env(prefix + "MATCH").value_or(p.claim == "email" ? "email" : "code"));
  if (match != "email" && match != "code") throw std::runtime_error(prefix + "MATCH must be email or code");
  p.match = match == "email" ? ProviderSettings::Match::email : ProviderSettings::Match::code;
  p.token_auth = env(prefix + "TOKEN_AUTH").value_or("");
  if (!p.token_auth.empty() && p.token_auth != "client_secret_basic" && p.token_auth != "client_secret_post")
    throw std::runtime_error(prefix + "TOKEN_AUTH must be client_secret_basic or client_secret_post");
  std::string alg = ascii_upper(env(prefix + "ID_TOKEN_ALG").value_or(""));
  if (!alg.empty() && alg != "RS256" && alg != "ES256" && alg != "HS256")
    throw std::runtime_error(prefix +
                             "ID_TOKEN_ALG must be RS256, ES256 (the default: the provider's keys) or HS256");
  p.secret_signed = alg == "HS256";
  if (p.secret_signed && p.client_secret.size() < 32)
    throw std::runtime_error(prefix + "CLIENT_SECRET must be at least 32 characters for HS256 ID tokens");
  return p;
}

}  // namespace

std::vector<ProviderSettings> providers_from_env() {
  std::vector<ProviderSettings> out;
  std::string list = env("OIDC_PROVIDERS").value_or("");
  std::string_view rest = list;
  while (!rest.empty()) {
    auto comma = rest.find(',');
    std::string id = ascii_lower(trimmed(rest.substr(0, comma)));
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    if (id.empty()) continue;
    bool valid = id.size() <= 32 && id != "credentials" && std::all_of(id.begin(), id.end(), [](char ch) {
                   return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-';
                 });
    if (!valid)
      throw std::runtime_error("OIDC_PROVIDERS: '" + id +
                               "' is not a provider id (a-z, 0-9 and '-', at most 32, not 'credentials')");
    for (const auto& p : out)
      if (p.id == id) throw std::runtime_error("OIDC_PROVIDERS names '" + id + "' twice");
    out.push_back(read_provider(id));
  }
  return out;
}

bool https_or_loopback_url(std::string_view url) {
  auto u = boost::urls::parse_absolute_uri(url);
  if (!u || u->has_userinfo() || u->encoded_host().empty()) return false;
  // Boost.URL 1.81 lets a path without its leading '/' follow the authority ("http://127.0.0.1.evil.com/"
  // parses as host 127.0.0.1 and path ".evil.com/"); browsers and curl read another host: refuse it.
  if (!u->encoded_path().empty() && !u->encoded_path().starts_with('/')) return false;
  std::string scheme = ascii_lower(std::string(u->scheme()));
  if (scheme == "https") return true;
  std::string host = ascii_lower(std::string(u->encoded_host()));
  return scheme == "http" && (host == "localhost" || host == "127.0.0.1" || host == "[::1]");
}

const char* settings_help() {
  return "Single sign-on (OpenID Connect), from the environment only (docs/OPERATIONS.md):\n"
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
         "  OIDC_<ID>_ID_TOKEN_ALG    HS256 when the provider signs ID tokens with the client secret "
         "(LINE's\n"
         "                            web login); default: RS256/ES256 with the provider's published keys\n"
         "  The provider's redirect URI is <PUBLIC_URL>/api/auth/callback/<id>.";
}

}  // namespace shopfloor::auth::oidc
