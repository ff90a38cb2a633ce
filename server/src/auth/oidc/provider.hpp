// One configured OpenID Connect provider, as this server's client of it: its discovery document and signing
// keys (cached), the authorization URL a sign-in starts at, and the code exchange that ends with the ID
// token's verified claims. Every method that may call the provider blocks: call it on SingleSignOn's
// threads (single_sign_on.hpp). Thread-safe.
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "auth/oidc/jose.hpp"
#include "auth/oidc/outbound.hpp"
#include "auth/oidc/settings.hpp"

namespace shopfloor::auth::oidc {

struct Discovery {
  std::string issuer;
  std::string authorization_endpoint;
  std::string token_endpoint;
  std::string jwks_uri;
  std::string token_auth;  // client_secret_basic or client_secret_post, as configured or offered
};

class Provider {
 public:
  using Caller = std::function<OutboundReply(const OutboundRequest&)>;

  static constexpr std::int64_t discovery_ttl_ms = 60 * 60 * 1000;   // re-read hourly (endpoints rarely move)
  static constexpr std::int64_t keys_ttl_ms = 60 * 60 * 1000;        // keys re-read hourly (retired keys go)
  static constexpr std::int64_t unknown_kid_refresh_ms = 60 * 1000;  // at most one early re-read a minute
  static constexpr std::int64_t failure_backoff_ms = 10 * 1000;  // a provider that failed is not asked again
                                                                 // for this long
  explicit Provider(ProviderSettings config, Caller caller = call_provider);

  const ProviderSettings& config() const { return config_; }

  // The discovery document (cached for an hour). Throws SignInFailure.
  Discovery discovery();
  // Reads the discovery document and the keys now unless cached: a start-up check that logs problems early.
  void warm_up();

  // Where the browser goes to sign in (authorization code flow with PKCE S256, state and nonce).
  std::string authorization_url(const Discovery& d, const std::string& redirect_uri, const std::string& state,
                                const std::string& nonce, const std::string& verifier) const;

  // Exchanges the code for tokens and returns the ID token's claims once its signature, issuer, audience,
  // times and nonce hold. Throws SignInFailure saying what failed.
  boost::json::object redeem(const std::string& code, const std::string& redirect_uri,
                             const std::string& verifier, const std::string& nonce, std::int64_t now_ms);

 private:
  struct Keys {
    std::vector<PublicKey> keys;
    std::int64_t fetched_at = 0;
  };

  boost::json::value get_json(const std::string& url);
  std::shared_ptr<const Keys> keys(std::int64_t now, bool unknown_kid);
  // The keys that may have signed `jws`: its kid's (or, without a kid, every key of its algorithm).
  std::vector<const PublicKey*> candidates(const Jws& jws, const Keys& keys) const;

  ProviderSettings config_;
  Caller caller_;

  mutable std::mutex m_;  // guards the cached values below
  std::optional<Discovery> discovery_;
  std::int64_t discovery_at_ = 0;
  std::int64_t discovery_failed_at_ = 0;
  std::shared_ptr<const Keys> keys_;
  std::int64_t keys_failed_at_ = 0;
  std::int64_t early_refresh_at_ = 0;  // the last re-read for an unknown kid

  // One fetch of each kind at a time; the others wait and use its result.
  std::mutex discovery_fetch_m_, keys_fetch_m_;
};

}  // namespace shopfloor::auth::oidc
