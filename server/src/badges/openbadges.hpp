// Open Badges 3.0 (1EdTech): an earned badge as an OpenBadgeCredential, signed as a VC-JWT with EdDSA
// (Ed25519, libsodium) — the JWT payload is the credential itself with iss/nbf/jti, the JOSE header carries
// the issuer's public key as a JWK — and the badge PNG with that JWT baked in (an iTXt chunk keyed
// "openbadgecredential"). The issuer key is derived from AUTH_SECRET (domain-separated), so every node signs
// with the same key and nothing secret is stored; rotating AUTH_SECRET rotates it.
#pragma once

#include <array>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <optional>
#include <string>

namespace shopfloor::badges::openbadges {

struct IssuerKey {
  std::array<unsigned char, 32> public_key{};
  std::array<unsigned char, 64> secret_key{};
};
IssuerKey issuer_key(const std::string& auth_secret);

// What the badges' and the certificates' credentials share: the JSON-LD contexts every document names; the
// issuer (one for the whole deployment, ORIGIN/api/openbadges/issuer); and the recipient as a salted hash (an
// IdentityObject, so a credential names nobody in clear text) of the email, lowercased, or the employee code
// when there is no email.
boost::json::array contexts();
std::string issuer_id(const std::string& origin);
boost::json::object issuer(const std::string& origin, const std::string& product_name);
boost::json::object recipient(const std::string& email, const std::string& employee_code);

// The compact JWS (header.payload.signature) of `credential` (iss/nbf/jti added from it).
std::string sign_credential(const boost::json::object& credential, const IssuerKey& key);

struct Verified {
  bool ok = false;
  std::string problem;  // why not, in English
  boost::json::object credential;
};
// Checks the signature with the header's key, that the key is `expected_public_key`, and the credential's
// shape (types, issuer, achievement, validFrom/nbf).
Verified verify_jwt(std::string_view jwt, const std::array<unsigned char, 32>& expected_public_key);

// PNG bytes with an iTXt "openbadgecredential" chunk holding `jwt`, before IEND (any earlier one replaced).
std::optional<std::string> bake_png(const std::string& png, const std::string& jwt);
// The baked credential of a PNG, if it has one.
std::optional<std::string> baked_credential(const std::string& png);

}  // namespace shopfloor::badges::openbadges
