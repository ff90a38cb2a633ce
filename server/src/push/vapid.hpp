// Voluntary Application Server Identification (RFC 8292): every push carries an ES256 JWT signed with the
// server's one P-256 key, so a push service accepts pushes to a subscription only from the server the
// browser subscribed with (the browser was given the public key, GET /api/push/key).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "push/p256.hpp"
#include "push/settings.hpp"

namespace shopfloor {
struct Config;
}

namespace shopfloor::push {

struct Vapid {
  P256Key key;
  std::string subject;  // mailto: or https:

  // The base64url public point browsers subscribe with (applicationServerKey).
  std::string public_key() const;
  // "vapid t=<JWT>, k=<public key>" for a push to `origin` (the endpoint's scheme://host[:port]); the JWT
  // expires 12 hours after `now_s` (RFC 8292 allows at most 24).
  std::string authorization(std::string_view origin, std::int64_t now_s) const;
};

// VAPID_PRIVATE_KEY when set (shared by every node), else DATA_DIR/vapid_private_key, created (mode 0600)
// on first start. Throws when the configured key is not a P-256 scalar or the subject is not mailto:/https:.
Vapid load_vapid(const Config& config, const Settings& settings);

// An ES256 JWS signature: the 64-byte r || s of ECDSA P-256 over SHA-256 of `input`.
std::string es256_sign(const P256Key& key, std::string_view input);

}  // namespace shopfloor::push
