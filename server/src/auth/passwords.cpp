#include "auth/passwords.hpp"

#include <sodium.h>

#include <stdexcept>

namespace shopfloor::auth {

std::string hash_password(std::string_view password) {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), password_opslimit, password_memlimit,
                            crypto_pwhash_ALG_ARGON2ID13) != 0)
    throw std::runtime_error("out of memory while hashing a password");
  return out;
}

bool verify_password(std::string_view hash, std::string_view password) {
  std::string h(hash);  // crypto_pwhash_str_verify wants a NUL-terminated string
  return crypto_pwhash_str_verify(h.c_str(), password.data(), password.size()) == 0;
}

bool needs_rehash(std::string_view hash) {
  std::string h(hash);
  // Argon2i strings are also read by crypto_pwhash_str_needs_rehash: only Argon2id counts as current.
  if (h.rfind(crypto_pwhash_argon2id_STRPREFIX, 0) != 0) return true;
  return crypto_pwhash_str_needs_rehash(h.c_str(), password_opslimit, password_memlimit) != 0;
}

void verify_dummy_password(std::string_view password) {
  static const std::string dummy = hash_password("not-a-real-password");
  (void)verify_password(dummy, password);
}

}  // namespace shopfloor::auth
