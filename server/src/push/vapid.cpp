#include "push/vapid.hpp"

#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <sys/stat.h>

#include <boost/json/serialize.hpp>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "mail/outbox.hpp"
#include "util/base64.hpp"
#include "util/config.hpp"
#include "util/openssl_handles.hpp"
#include "util/text.hpp"

namespace shopfloor::push {

namespace {

P256Key key_from_text(const std::string& text, const std::string& where) {
  auto scalar = from_base64url(trimmed(text));
  auto key = scalar ? p256_from_private(*scalar) : std::nullopt;
  if (!key) throw std::runtime_error(where + " is not a base64url P-256 private key (32 bytes)");
  return *key;
}

P256Key key_from_data_dir(const std::string& data_dir) {
  namespace fs = std::filesystem;
  fs::create_directories(data_dir);
  fs::path file = fs::path(data_dir) / "vapid_private_key";
  if (std::ifstream in(file); in) {
    std::string text;
    std::getline(in, text);
    return key_from_text(text, file.string());
  }
  // Written once: browsers subscribed with its public key, so a new key would orphan every subscription.
  P256Key key = generate_p256();
  {
    std::ofstream out(file, std::ios::trunc);
    ::chmod(file.c_str(), 0600);
    out << base64url(p256_private_scalar(key)) << "\n";
    if (!out) throw std::runtime_error("cannot write " + file.string());
  }
  return key;
}

std::string default_subject(const Config& config) {
  if (config.public_url.rfind("https://", 0) == 0) return config.public_url;
  std::string from = mail::address_of(config.smtp_from);
  auto at = from.find('@');
  return "mailto:webpush@" + (at == std::string::npos ? std::string("localhost") : from.substr(at + 1));
}

}  // namespace

std::string es256_sign(const P256Key& key, std::string_view input) {
  openssl::DigestContext ctx(EVP_MD_CTX_new());
  std::size_t len = 0;
  if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, EVP_sha256(), nullptr, key.key.get()) != 1 ||
      EVP_DigestSign(ctx.get(), nullptr, &len, reinterpret_cast<const unsigned char*>(input.data()),
                     input.size()) != 1)
    throw std::runtime_error("ES256: cannot sign");
  std::string der(len, '\0');
  if (EVP_DigestSign(ctx.get(), reinterpret_cast<unsigned char*>(der.data()), &len,
                     reinterpret_cast<const unsigned char*>(input.data()), input.size()) != 1)
    throw std::runtime_error("ES256: cannot sign");
  // OpenSSL writes an ASN.1 DER signature; JWS wants the two 32-byte integers side by side.
  const auto* p = reinterpret_cast<const unsigned char*>(der.data());
  openssl::EcSignature sig(d2i_ECDSA_SIG(nullptr, &p, static_cast<long>(len)));
  std::string raw(64, '\0');
  if (!sig ||
      BN_bn2binpad(ECDSA_SIG_get0_r(sig.get()), reinterpret_cast<unsigned char*>(raw.data()), 32) != 32 ||
      BN_bn2binpad(ECDSA_SIG_get0_s(sig.get()), reinterpret_cast<unsigned char*>(raw.data()) + 32, 32) != 32)
    throw std::runtime_error("ES256: bad signature encoding");
  return raw;
}

std::string Vapid::public_key() const {
  return base64url(key.public_point);
}

std::string Vapid::authorization(std::string_view origin, std::int64_t now_s) const {
  static const std::string header = base64url(R"({"typ":"JWT","alg":"ES256"})");
  boost::json::object claims{{"aud", origin}, {"exp", now_s + 12 * 3600}, {"sub", subject}};
  std::string input = header + "." + base64url(boost::json::serialize(claims));
  return "vapid t=" + input + "." + base64url(es256_sign(key, input)) + ", k=" + public_key();
}

Vapid load_vapid(const Config& config, const Settings& settings) {
  Vapid v{settings.vapid_private_key.empty() ? key_from_data_dir(config.data_dir)
                                             : key_from_text(settings.vapid_private_key, "VAPID_PRIVATE_KEY"),
          settings.vapid_subject.empty() ? default_subject(config) : settings.vapid_subject};
  if (v.subject.rfind("mailto:", 0) != 0 && v.subject.rfind("https://", 0) != 0)
    throw std::runtime_error("VAPID_SUBJECT must start with mailto: or https:");
  return v;
}

}  // namespace shopfloor::push
