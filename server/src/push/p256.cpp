#include "push/p256.hpp"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>

#include <stdexcept>

#include "util/openssl_handles.hpp"

namespace shopfloor::push {

namespace {

using namespace shopfloor::openssl;

std::shared_ptr<EVP_PKEY> from_params(int selection, OSSL_PARAM* params) {
  KeyContext ctx(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
  EVP_PKEY* raw = nullptr;
  if (!ctx || EVP_PKEY_fromdata_init(ctx.get()) <= 0 ||
      EVP_PKEY_fromdata(ctx.get(), &raw, selection, params) <= 0)
    return nullptr;
  return std::shared_ptr<EVP_PKEY>(raw, EVP_PKEY_free);
}

std::string public_point_of(EVP_PKEY* key) {
  std::string point(65, '\0');
  std::size_t len = 0;
  if (EVP_PKEY_get_octet_string_param(key, OSSL_PKEY_PARAM_PUB_KEY,
                                      reinterpret_cast<unsigned char*>(point.data()), point.size(),
                                      &len) != 1 ||
      len != 65 || point[0] != 0x04)
    throw std::runtime_error("P-256: no uncompressed public point");
  return point;
}

}  // namespace

P256Key generate_p256() {
  EVP_PKEY* raw = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
  if (!raw) throw std::runtime_error("P-256: key generation failed");
  std::shared_ptr<EVP_PKEY> key(raw, EVP_PKEY_free);
  // Points are written uncompressed (the default, said once so a changed default cannot slip in).
  EVP_PKEY_set_utf8_string_param(key.get(), OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, "uncompressed");
  return P256Key{key, public_point_of(key.get())};
}

std::optional<P256Key> p256_from_private(std::string_view scalar) {
  if (scalar.size() != 32) return std::nullopt;
  BigNum d(BN_bin2bn(reinterpret_cast<const unsigned char*>(scalar.data()), 32, nullptr));
  Group group(EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1));
  if (!d || !group || BN_is_zero(d.get()) || BN_cmp(d.get(), EC_GROUP_get0_order(group.get())) >= 0)
    return std::nullopt;
  // The public point is d·G; OpenSSL does not derive it from the scalar alone.
  Point q(EC_POINT_new(group.get()));
  std::string point(65, '\0');
  if (!q || EC_POINT_mul(group.get(), q.get(), d.get(), nullptr, nullptr, nullptr) != 1 ||
      EC_POINT_point2oct(group.get(), q.get(), POINT_CONVERSION_UNCOMPRESSED,
                         reinterpret_cast<unsigned char*>(point.data()), point.size(), nullptr) != 65)
    return std::nullopt;
  ParamBuilder bld(OSSL_PARAM_BLD_new());
  if (!bld || OSSL_PARAM_BLD_push_utf8_string(bld.get(), OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) != 1 ||
      OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_PRIV_KEY, d.get()) != 1 ||
      OSSL_PARAM_BLD_push_octet_string(bld.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(), point.size()) != 1)
    return std::nullopt;
  Params params(OSSL_PARAM_BLD_to_param(bld.get()));
  auto key = params ? from_params(EVP_PKEY_KEYPAIR, params.get()) : nullptr;
  if (!key) return std::nullopt;
  return P256Key{key, point};
}

std::string p256_private_scalar(const P256Key& key) {
  BIGNUM* raw = nullptr;
  if (EVP_PKEY_get_bn_param(key.key.get(), OSSL_PKEY_PARAM_PRIV_KEY, &raw) != 1)
    throw std::runtime_error("P-256: no private key");
  BigNum d(raw);
  std::string out(32, '\0');
  if (BN_bn2binpad(d.get(), reinterpret_cast<unsigned char*>(out.data()), 32) != 32)
    throw std::runtime_error("P-256: private key too long");
  return out;
}

std::shared_ptr<EVP_PKEY> p256_public(std::string_view point) {
  if (point.size() != 65 || point[0] != 0x04) return nullptr;
  ParamBuilder bld(OSSL_PARAM_BLD_new());
  if (!bld || OSSL_PARAM_BLD_push_utf8_string(bld.get(), OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) != 1 ||
      OSSL_PARAM_BLD_push_octet_string(bld.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(), point.size()) != 1)
    return nullptr;
  Params params(OSSL_PARAM_BLD_to_param(bld.get()));
  auto key = params ? from_params(EVP_PKEY_PUBLIC_KEY, params.get()) : nullptr;
  if (!key) return nullptr;
  // A point off the curve would leak our private key through ECDH (invalid-curve attacks): refuse it.
  KeyContext check(EVP_PKEY_CTX_new_from_pkey(nullptr, key.get(), nullptr));
  if (!check || EVP_PKEY_public_check(check.get()) != 1) return nullptr;
  return key;
}

std::string p256_shared_secret(const P256Key& ours, EVP_PKEY* theirs) {
  KeyContext ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, ours.key.get(), nullptr));
  std::string secret(32, '\0');
  std::size_t len = secret.size();
  if (!ctx || EVP_PKEY_derive_init(ctx.get()) <= 0 || EVP_PKEY_derive_set_peer(ctx.get(), theirs) <= 0 ||
      EVP_PKEY_derive(ctx.get(), reinterpret_cast<unsigned char*>(secret.data()), &len) <= 0 || len != 32)
    throw std::runtime_error("P-256: ECDH failed");
  return secret;
}

}  // namespace shopfloor::push
