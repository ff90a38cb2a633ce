// One browser's sign-in with a provider, from the redirect to the provider until its callback: the `state`
// that ties the callback to this browser, the `nonce` the ID token must carry, the PKCE verifier and where
// to go afterwards. It travels in a short-lived HttpOnly cookie sealed with AUTH_SECRET (HMAC-SHA256), so
// starting a sign-in writes nothing on the server and any node can finish it; the callback then spends the
// state once in the database (sso_used_states), so a replayed callback is refused even with the cookie.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace shopfloor::auth::oidc {

struct Flow {
  std::string provider;
  std::string state;
  std::string nonce;
  std::string verifier;         // PKCE code_verifier
  std::string callback;         // absolute, same-origin (checked when the sign-in started)
  std::int64_t expires_at = 0;  // epoch ms

  static constexpr std::int64_t lifetime_ms =
      10 * 60 * 1000;  // time to sign in at the provider, MFA included
};

// A new flow with fresh random state, nonce and verifier.
Flow start_flow(std::string provider, std::string callback, std::int64_t now_ms);

// The cookie value: base64url(JSON) "." base64url(HMAC).
std::string seal_flow(const Flow& flow, const std::string& secret);
// The flow in a cookie value, when the seal holds and it has not expired.
std::optional<Flow> open_flow(std::string_view sealed, const std::string& secret, std::int64_t now_ms);

// PKCE S256: base64url(SHA-256(verifier)).
std::string code_challenge(std::string_view verifier);

}  // namespace shopfloor::auth::oidc
