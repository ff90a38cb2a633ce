#include "auth/oidc/flow.hpp"

#include <sodium.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "auth/oidc/jose.hpp"
#include "util/base64.hpp"
#include "util/ids.hpp"

namespace shopfloor::auth::oidc {

namespace json = boost::json;

namespace {

// HMAC-SHA256 under a key of its own, derived from the secret, so no other use of AUTH_SECRET can make a
// value this accepts.
std::string mac(std::string_view data, const std::string& secret) {
  unsigned char key[crypto_auth_hmacsha256_KEYBYTES];
  std::string label = "shopfloor.sso-flow\n" + secret;
  crypto_hash_sha256(key, reinterpret_cast<const unsigned char*>(label.data()), label.size());
  unsigned char out[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256(out, reinterpret_cast<const unsigned char*>(data.data()), data.size(), key);
  return std::string(reinterpret_cast<char*>(out), sizeof out);
}

std::string text(const json::object& o, const char* name) {
  const auto* v = o.if_contains(name);
  return v && v->is_string() ? std::string(v->as_string()) : std::string{};
}

}  // namespace

Flow start_flow(std::string provider, std::string callback, std::int64_t now) {
  Flow f;
  f.provider = std::move(provider);
  f.callback = std::move(callback);
  f.state = random_token(32);
  f.nonce = random_token(32);
  f.verifier = random_token(32);  // 43 characters, within PKCE's 43..128
  f.expires_at = now + Flow::lifetime_ms;
  return f;
}

std::string seal_flow(const Flow& f, const std::string& secret) {
  json::object o{{"p", f.provider}, {"s", f.state},    {"n", f.nonce},
                 {"v", f.verifier}, {"c", f.callback}, {"e", f.expires_at}};
  std::string body = base64url(json::serialize(o));
  return body + "." + base64url(mac(body, secret));
}

std::optional<Flow> open_flow(std::string_view sealed, const std::string& secret, std::int64_t now) {
  auto dot = sealed.find('.');
  if (dot == std::string_view::npos || sealed.size() > 4096) return std::nullopt;
  std::string_view body = sealed.substr(0, dot);
  auto tag = from_base64url(sealed.substr(dot + 1));
  if (!tag || !equal_constant_time(*tag, mac(body, secret))) return std::nullopt;
  auto bytes = from_base64url(body);
  if (!bytes) return std::nullopt;
  boost::system::error_code ec;
  json::value v = json::parse(*bytes, ec);
  if (ec || !v.is_object()) return std::nullopt;
  const auto& o = v.as_object();
  Flow f{text(o, "p"), text(o, "s"), text(o, "n"), text(o, "v"), text(o, "c"), 0};
  if (const auto* e = o.if_contains("e"); e && e->is_int64()) f.expires_at = e->as_int64();
  if (f.expires_at <= now || f.state.empty() || f.nonce.empty() || f.verifier.empty() || f.callback.empty())
    return std::nullopt;
  return f;
}

std::string code_challenge(std::string_view verifier) {
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(verifier.data()), verifier.size());
  return base64url(std::string_view(reinterpret_cast<char*>(digest), sizeof digest));
}

}  // namespace shopfloor::auth::oidc
