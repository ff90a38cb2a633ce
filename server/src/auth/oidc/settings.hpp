// The single sign-on providers, from the environment (docs/OPERATIONS.md "Single sign-on"): OIDC_PROVIDERS
// lists the ids, and each id reads OIDC_<ID>_ISSUER, _CLIENT_ID, _CLIENT_SECRET, _NAME, _SCOPES, _CLAIM,
// _MATCH and _TOKEN_AUTH (<ID> is the id upper-cased, '-' as '_'). Environment only: a provider is several
// values under a name of its own, which flags cannot say; `shopfloor --help` lists them (settings_help()).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace shopfloor::auth::oidc {

struct ProviderSettings {
  enum class Match { email, code };  // which roster field the claim's value is compared with

  std::string id;      // [a-z0-9-], as in /api/auth/signin/<id> and /api/auth/callback/<id>
  std::string name;    // the sign-in button's label
  std::string issuer;  // https://..., or http:// on a loopback host (development and tests); no trailing '/'
  std::string client_id;
  std::string client_secret;
  std::string scopes = "openid email profile";
  std::string claim = "email";  // the ID token claim that names the person
  Match match = Match::email;
  std::string token_auth;  // client_secret_basic or client_secret_post; empty = what discovery offers
  // ID tokens signed HS256 with the client secret (LINE's web login) instead of RS256/ES256 with a key of the
  // provider's JWKS. Only for a provider configured so; then nothing else is accepted from it.
  bool secret_signed = false;
};

// Throws std::runtime_error naming the variable that is missing or wrong.
std::vector<ProviderSettings> providers_from_env();

// An https:// URL, or an http:// one whose host is loopback (localhost, 127.0.0.1, [::1]): the only
// addresses sign-in talks to a provider at.
bool https_or_loopback_url(std::string_view url);

// The lines `shopfloor --help` shows for these settings.
const char* settings_help();

}  // namespace shopfloor::auth::oidc
