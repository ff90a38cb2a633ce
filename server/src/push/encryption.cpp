#include "push/encryption.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include <memory>
#include <stdexcept>

#include "util/openssl_handles.hpp"

namespace shopfloor::push {

namespace {

constexpr std::uint32_t record_size = 4096;

std::string hmac_sha256(std::string_view key, std::string_view data) {
  std::string out(32, '\0');
  unsigned int len = 0;
  if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
            reinterpret_cast<const unsigned char*>(data.data()), data.size(),
            reinterpret_cast<unsigned char*>(out.data()), &len) ||
      len != 32)
    throw std::runtime_error("HMAC-SHA-256 failed");
  return out;
}

// HKDF (RFC 5869) for at most one block of output: extract, then T(1) = HMAC(PRK, info || 0x01).
std::string hkdf(std::string_view salt, std::string_view ikm, std::string info, std::size_t length) {
  std::string prk = hmac_sha256(salt, ikm);
  info.push_back('\x01');
  return hmac_sha256(prk, info).substr(0, length);
}

std::string aes128gcm_seal(std::string_view key, std::string_view nonce, std::string_view plaintext) {
  openssl::CipherContext ctx(EVP_CIPHER_CTX_new());
  std::string out(plaintext.size() + 16, '\0');
  int len = 0, final_len = 0;
  auto* o = reinterpret_cast<unsigned char*>(out.data());
  if (!ctx ||
      EVP_EncryptInit_ex(ctx.get(), EVP_aes_128_gcm(), nullptr,
                         reinterpret_cast<const unsigned char*>(key.data()),
                         reinterpret_cast<const unsigned char*>(nonce.data())) != 1 ||
      EVP_EncryptUpdate(ctx.get(), o, &len, reinterpret_cast<const unsigned char*>(plaintext.data()),
                        static_cast<int>(plaintext.size())) != 1 ||
      EVP_EncryptFinal_ex(ctx.get(), o + len, &final_len) != 1 ||
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, 16, o + len + final_len) != 1)
    throw std::runtime_error("AES-128-GCM failed");
  return out;
}

}  // namespace

std::optional<std::string> encrypt(std::string_view plaintext, const Recipient& to) {
  std::string salt(16, '\0');
  if (RAND_bytes(reinterpret_cast<unsigned char*>(salt.data()), 16) != 1)
    throw std::runtime_error("no random bytes");
  return encrypt(plaintext, to, generate_p256(), salt);
}

std::optional<std::string> encrypt(std::string_view plaintext, const Recipient& to, const P256Key& ephemeral,
                                   std::string_view salt) {
  if (plaintext.size() > max_plaintext_bytes || to.auth.size() != 16 || salt.size() != 16)
    return std::nullopt;
  auto theirs = p256_public(to.p256dh);
  if (!theirs) return std::nullopt;
  // RFC 8291 §3.3-3.4: the shared secret and the auth secret give the input keying material; RFC 8188
  // then derives the content key and nonce from it with the salt.
  std::string ecdh = p256_shared_secret(ephemeral, theirs.get());
  std::string key_info = std::string("WebPush: info", 13) + '\0' + to.p256dh + ephemeral.public_point;
  std::string ikm = hkdf(to.auth, ecdh, key_info, 32);
  std::string cek = hkdf(salt, ikm, std::string("Content-Encoding: aes128gcm", 27) + '\0', 16);
  std::string nonce = hkdf(salt, ikm, std::string("Content-Encoding: nonce", 23) + '\0', 12);
  // One record, so it is the last: its padding delimiter is 0x02, with no padding after it.
  std::string record(plaintext);
  record.push_back('\x02');
  std::string body(salt);
  for (int shift : {24, 16, 8, 0}) body.push_back(static_cast<char>((record_size >> shift) & 0xFF));
  body.push_back(static_cast<char>(ephemeral.public_point.size()));
  body += ephemeral.public_point;
  body += aes128gcm_seal(cek, nonce, record);
  return body;
}

}  // namespace shopfloor::push
