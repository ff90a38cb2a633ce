// Message encryption for Web Push (RFC 8291) in the aes128gcm content coding (RFC 8188): one record of
// at most 4096 bytes, so a push body is always within what every push service takes. Only the browser
// that holds the subscription's private key can read it; the push service sees bytes.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "push/p256.hpp"

namespace shopfloor::push {

// The largest plaintext one 4096-byte record carries: 4096 - 86 (header) - 16 (tag) - 1 (delimiter).
constexpr std::size_t max_plaintext_bytes = 3993;

// What a subscription gives us to encrypt to (PushSubscription.keys, decoded).
struct Recipient {
  std::string p256dh;  // 65-byte uncompressed point
  std::string auth;    // 16-byte authentication secret
};

// The aes128gcm body: salt(16) || rs(4) || idlen(1) || our public key(65) || ciphertext with tag.
// `ephemeral` and `salt` are fresh for every push; the overload that takes them exists for RFC 8291's
// worked example (Appendix A). nullopt when the recipient's key is not a point on the curve or the
// plaintext is over max_plaintext_bytes.
std::optional<std::string> encrypt(std::string_view plaintext, const Recipient& to);
std::optional<std::string> encrypt(std::string_view plaintext, const Recipient& to, const P256Key& ephemeral,
                                   std::string_view salt);

}  // namespace shopfloor::push
