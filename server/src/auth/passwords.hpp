// Password hashing with Argon2id (libsodium crypto_pwhash_str_alg) at OWASP's Password Storage Cheat Sheet
// profile: m = 19 MiB, t = 2, p = 1 (libsodium's Argon2 is always one lane), ~30 ms of a core. Hashes of an
// older profile (before session 26: libsodium's "interactive" 64 MiB, t = 2) still verify; a successful
// sign-in with one writes the password again in this profile (needs_rehash).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace shopfloor::auth {

// https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html (Argon2id: "a minimum
// configuration of 19 MiB of memory, an iteration count of 2, and 1 degree of parallelism").
inline constexpr unsigned long long password_opslimit = 2;
inline constexpr std::size_t password_memlimit = std::size_t{19} << 20;  // bytes: m=19456 KiB in the string

std::string hash_password(std::string_view password);
bool verify_password(std::string_view hash, std::string_view password);
// True when `hash` is not an Argon2id hash of the profile above (an older profile, another algorithm):
// after a successful verification the caller stores hash_password(password) instead.
bool needs_rehash(std::string_view hash);
// Spends the same time as a real verification of a current-profile hash, so an unknown account is not told
// apart by timing.
void verify_dummy_password(std::string_view password);

}  // namespace shopfloor::auth
