// The parts of JOSE that OpenID Connect sign-in needs: base64url, public keys from a JWKS (RSA and EC
// P-256), and checking a compact JWS signed RS256 or ES256. OpenSSL does the cryptography
// (EVP_DigestVerify); nothing here is hand-made crypto. No other algorithm is accepted: not "none", not RSA
// keys under 2048 bits; HS256 only through verify_hs256, for a provider that signs with the client secret.
#pragma once

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct evp_pkey_st;

namespace shopfloor::auth::oidc {

// One usable signing key of a provider's JWKS.
struct PublicKey {
  std::string kid;  // may be empty
  std::string alg;  // "RS256" or "ES256": what the key type can check
  std::shared_ptr<evp_pkey_st> key;
};

// The keys of a JWKS document that can check RS256 or ES256 signatures. Keys meant for encryption
// ("use":"enc"), other types or curves, short RSA moduli and EC points off the curve are left out.
std::vector<PublicKey> parse_jwks(const boost::json::value& jwks);

// A compact JWS, split and decoded; the signature is not checked yet.
struct Jws {
  boost::json::object header;
  boost::json::object claims;
  std::string alg, kid;
  std::string signing_input;  // "<header>.<payload>" as received
  std::string signature;      // raw bytes
};

// nullopt unless `token` is three base64url parts whose first two are JSON objects (at most 16 KB).
std::optional<Jws> parse_jws(std::string_view token);

// Whether `key` made the signature of `jws` (the key's algorithm must be the token's).
bool verify_signature(const PublicKey& key, const Jws& jws);

// Whether `jws` is HS256 and its HMAC under `secret` (the client secret a provider shares with us) matches.
// Only for a provider configured to sign this way (ProviderSettings::secret_signed).
bool verify_hs256(std::string_view secret, const Jws& jws);

}  // namespace shopfloor::auth::oidc
