// P-256 keys for Web Push, on OpenSSL: the server's VAPID key (RFC 8292) and the one-time keys that
// encrypt each push (RFC 8291). Points travel as the 65-byte uncompressed form (0x04 || X || Y), private
// keys as the 32-byte scalar, which is how browsers and the web-push tools write them.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

struct evp_pkey_st;

namespace shopfloor::push {

struct P256Key {
  std::shared_ptr<evp_pkey_st> key;
  std::string public_point;  // 65 bytes, uncompressed
};

// A fresh key pair from OpenSSL's random generator.
P256Key generate_p256();
// The key pair of a 32-byte private scalar; nullopt when it is not one (zero, >= the group order).
std::optional<P256Key> p256_from_private(std::string_view scalar);
// The 32-byte scalar of a key pair (to store it).
std::string p256_private_scalar(const P256Key& key);
// A public key from a 65-byte uncompressed point; nullopt unless the point is on the curve.
std::shared_ptr<evp_pkey_st> p256_public(std::string_view point);
// ECDH: the 32-byte shared secret of our key pair and their public key.
std::string p256_shared_secret(const P256Key& ours, evp_pkey_st* theirs);

}  // namespace shopfloor::push
