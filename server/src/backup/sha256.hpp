// Streaming SHA-256 (libsodium) as lowercase hex: the checksums of a backup's manifest.
#pragma once

#include <sodium.h>

#include <string>
#include <string_view>

namespace shopfloor::backup {

class Sha256 {
 public:
  Sha256() { crypto_hash_sha256_init(&state_); }
  void update(const void* data, std::size_t n) {
    crypto_hash_sha256_update(&state_, static_cast<const unsigned char*>(data), n);
  }
  std::string hex() {
    unsigned char out[crypto_hash_sha256_BYTES];
    crypto_hash_sha256_final(&state_, out);
    static constexpr char digits[] = "0123456789abcdef";
    std::string s;
    for (unsigned char b : out) {
      s += digits[b >> 4];
      s += digits[b & 15];
    }
    return s;
  }

 private:
  crypto_hash_sha256_state state_;
};

}  // namespace shopfloor::backup
