// What an ID token must say before anyone is signed in with it (OpenID Connect Core §3.1.3.7): issued by
// the provider for this client, for this sign-in (nonce), and neither expired nor issued in the future.
// The signature is checked separately (jose.hpp, provider.cpp).
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>

namespace shopfloor::auth::oidc {

struct IdTokenExpectations {
  std::string issuer;
  std::string client_id;
  std::string nonce;
  std::int64_t now_s = 0;
  std::int64_t leeway_s = 60;  // clocks of two servers differ a little
};

// Why the claims are refused (for the log), or nullopt when they hold.
std::optional<std::string> check_id_token_claims(const boost::json::object& claims,
                                                 const IdTokenExpectations& expected);

// The claim `name` as text: a string as is, a whole number written out (some providers send employee
// numbers as numbers). nullopt when absent, empty, longer than 254 or holding control characters.
std::optional<std::string> claim_text(const boost::json::object& claims, const std::string& name);

}  // namespace shopfloor::auth::oidc
