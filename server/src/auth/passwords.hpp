// Password hashing with Argon2id (libsodium crypto_pwhash, "interactive" cost: ~64 MiB, tens of ms).
#pragma once

#include <string>
#include <string_view>

namespace shopfloor::auth {

std::string hash_password(std::string_view password);
bool verify_password(std::string_view hash, std::string_view password);
// Spends the same time as a real verification, so an unknown account is not told apart by timing.
void verify_dummy_password(std::string_view password);

}  // namespace shopfloor::auth
