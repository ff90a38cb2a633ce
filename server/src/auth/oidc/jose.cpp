#include "auth/oidc/jose.hpp"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <sodium.h>

#include <boost/json/parse.hpp>

#include "util/base64.hpp"
#include "util/openssl_handles.hpp"

namespace shopfloor::auth::oidc {

namespace json = boost::json;

namespace {

using namespace shopfloor::openssl;

std::optional<std::string> member_bytes(const json::object& jwk, const char* name) {
  const auto* v = jwk.if_contains(name);
  if (!v || !v->is_string()) return std::nullopt;
  return from_base64url(v->as_string());
}

std::string member_text(const json::object& jwk, const char* name) {
  const auto* v = jwk.if_contains(name);
  return v && v->is_string() ? std::string(v->as_string()) : std::string{};
}

// A public key of `type` ("RSA" or "EC") from OpenSSL parameters; null when OpenSSL refuses them.
std::shared_ptr<EVP_PKEY> key_from_params(const char* type, OSSL_PARAM* params) {
  KeyContext ctx(EVP_PKEY_CTX_new_from_name(nullptr, type, nullptr));
  EVP_PKEY* raw = nullptr;
  if (!ctx || EVP_PKEY_fromdata_init(ctx.get()) <= 0 ||
      EVP_PKEY_fromdata(ctx.get(), &raw, EVP_PKEY_PUBLIC_KEY, params) <= 0)
    return nullptr;
  std::shared_ptr<EVP_PKEY> key(raw, EVP_PKEY_free);
  // The point must be on the curve (and an RSA key well formed) before any signature is checked with it.
  KeyContext check(EVP_PKEY_CTX_new_from_pkey(nullptr, key.get(), nullptr));
  if (!check || EVP_PKEY_public_check(check.get()) != 1) return nullptr;
  return key;
}

std::shared_ptr<EVP_PKEY> rsa_key(const json::object& jwk) {
  auto n = member_bytes(jwk, "n"), e = member_bytes(jwk, "e");
  if (!n || !e || n->empty() || e->empty()) return nullptr;
  BigNum bn_n(
      BN_bin2bn(reinterpret_cast<const unsigned char*>(n->data()), static_cast<int>(n->size()), nullptr));
  BigNum bn_e(
      BN_bin2bn(reinterpret_cast<const unsigned char*>(e->data()), static_cast<int>(e->size()), nullptr));
  ParamBuilder bld(OSSL_PARAM_BLD_new());
  if (!bn_n || !bn_e || !bld || !OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_RSA_N, bn_n.get()) ||
      !OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_RSA_E, bn_e.get()))
    return nullptr;
  Params params(OSSL_PARAM_BLD_to_param(bld.get()));
  if (!params) return nullptr;
  auto key = key_from_params("RSA", params.get());
  if (key && EVP_PKEY_get_bits(key.get()) < 2048) return nullptr;
  return key;
}

std::shared_ptr<EVP_PKEY> p256_key(const json::object& jwk) {
  if (member_text(jwk, "crv") != "P-256") return nullptr;
  auto x = member_bytes(jwk, "x"), y = member_bytes(jwk, "y");
  if (!x || !y || x->size() != 32 || y->size() != 32) return nullptr;
  std::string point = "\x04" + *x + *y;  // uncompressed SEC1 point
  ParamBuilder bld(OSSL_PARAM_BLD_new());
  if (!bld || !OSSL_PARAM_BLD_push_utf8_string(bld.get(), OSSL_PKEY_PARAM_GROUP_NAME, "P-256", 0) ||
      !OSSL_PARAM_BLD_push_octet_string(bld.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(), point.size()))
    return nullptr;
  Params params(OSSL_PARAM_BLD_to_param(bld.get()));
  if (!params) return nullptr;
  return key_from_params("EC", params.get());
}

// ES256 signatures are r || s (32 bytes each); OpenSSL checks the DER form.
std::optional<std::string> es256_to_der(const std::string& raw) {
  if (raw.size() != 64) return std::nullopt;
  EcSignature sig(ECDSA_SIG_new());
  BIGNUM* r = BN_bin2bn(reinterpret_cast<const unsigned char*>(raw.data()), 32, nullptr);
  BIGNUM* s = BN_bin2bn(reinterpret_cast<const unsigned char*>(raw.data()) + 32, 32, nullptr);
  if (!sig || !r || !s || ECDSA_SIG_set0(sig.get(), r, s) != 1) {
    BN_free(r);
    BN_free(s);
    return std::nullopt;
  }
  unsigned char* der = nullptr;
  int len = i2d_ECDSA_SIG(sig.get(), &der);
  if (len <= 0) return std::nullopt;
  std::string out(reinterpret_cast<char*>(der), static_cast<std::size_t>(len));
  OPENSSL_free(der);
  return out;
}

std::optional<json::object> json_part(std::string_view b64) {
  auto bytes = from_base64url(b64);
  if (!bytes) return std::nullopt;
  boost::system::error_code ec;
  json::value v = json::parse(*bytes, ec);
  if (ec || !v.is_object()) return std::nullopt;
  return std::move(v.as_object());
}

}  // namespace

std::vector<PublicKey> parse_jwks(const json::value& jwks) {
  std::vector<PublicKey> out;
  const auto* keys = jwks.is_object() ? jwks.as_object().if_contains("keys") : nullptr;
  if (!keys || !keys->is_array()) return out;
  for (const auto& entry : keys->as_array()) {
    if (!entry.is_object()) continue;
    const auto& jwk = entry.as_object();
    std::string use = member_text(jwk, "use");
    if (!use.empty() && use != "sig") continue;
    std::string kty = member_text(jwk, "kty"), alg = member_text(jwk, "alg");
    PublicKey k;
    k.kid = member_text(jwk, "kid");
    if (kty == "RSA" && (alg.empty() || alg == "RS256")) {
      k.alg = "RS256";
      k.key = rsa_key(jwk);
    } else if (kty == "EC" && (alg.empty() || alg == "ES256")) {
      k.alg = "ES256";
      k.key = p256_key(jwk);
    }
    if (k.key) out.push_back(std::move(k));
  }
  return out;
}

std::optional<Jws> parse_jws(std::string_view token) {
  if (token.size() > 16 * 1024) return std::nullopt;
  auto dot1 = token.find('.');
  auto dot2 = dot1 == std::string_view::npos ? dot1 : token.find('.', dot1 + 1);
  if (dot2 == std::string_view::npos || token.find('.', dot2 + 1) != std::string_view::npos)
    return std::nullopt;
  auto header = json_part(token.substr(0, dot1));
  auto claims = json_part(token.substr(dot1 + 1, dot2 - dot1 - 1));
  auto signature = from_base64url(token.substr(dot2 + 1));
  if (!header || !claims || !signature) return std::nullopt;
  Jws jws;
  jws.alg = member_text(*header, "alg");
  jws.kid = member_text(*header, "kid");
  jws.header = std::move(*header);
  jws.claims = std::move(*claims);
  jws.signing_input = std::string(token.substr(0, dot2));
  jws.signature = std::move(*signature);
  return jws;
}

bool verify_hs256(std::string_view secret, const Jws& jws) {
  if (jws.alg != "HS256" || jws.signature.size() != crypto_auth_hmacsha256_BYTES || secret.empty())
    return false;
  crypto_auth_hmacsha256_state state;
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(secret.data()), secret.size());
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(jws.signing_input.data()),
                                jws.signing_input.size());
  crypto_auth_hmacsha256_final(&state, mac);
  return sodium_memcmp(mac, jws.signature.data(), sizeof mac) == 0;
}

bool verify_signature(const PublicKey& key, const Jws& jws) {
  if (!key.key || jws.alg != key.alg) return false;
  std::string signature = jws.signature;
  if (key.alg == "ES256") {
    auto der = es256_to_der(jws.signature);
    if (!der) return false;
    signature = std::move(*der);
  } else if (key.alg != "RS256") {
    return false;
  }
  DigestContext md(EVP_MD_CTX_new());
  if (!md || EVP_DigestVerifyInit(md.get(), nullptr, EVP_sha256(), nullptr, key.key.get()) != 1) return false;
  return EVP_DigestVerify(md.get(), reinterpret_cast<const unsigned char*>(signature.data()),
                          signature.size(), reinterpret_cast<const unsigned char*>(jws.signing_input.data()),
                          jws.signing_input.size()) == 1;
}

}  // namespace shopfloor::auth::oidc
