#include "badges/openbadges.hpp"

#include <sodium.h>
#include <zlib.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <cstring>

#include "util/base64.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::badges::openbadges {

namespace json = boost::json;

IssuerKey issuer_key(const std::string& auth_secret) {
  IssuerKey k;
  unsigned char seed[crypto_sign_SEEDBYTES];
  static constexpr std::string_view label = "shopfloor/openbadges/issuer-key/v1";
  crypto_generichash(seed, sizeof seed, reinterpret_cast<const unsigned char*>(label.data()), label.size(),
                     reinterpret_cast<const unsigned char*>(auth_secret.data()),
                     std::min<std::size_t>(auth_secret.size(), crypto_generichash_KEYBYTES_MAX));
  crypto_sign_seed_keypair(k.public_key.data(), k.secret_key.data(), seed);
  sodium_memzero(seed, sizeof seed);
  return k;
}

namespace {

json::object jwk(const std::array<unsigned char, 32>& pk) {
  return json::object{
      {"kty", "OKP"},
      {"crv", "Ed25519"},
      {"x", base64url(std::string_view(reinterpret_cast<const char*>(pk.data()), pk.size()))}};
}

std::int64_t epoch_seconds(std::string_view iso) {
  std::tm tm{};
  int ms = 0;
  if (std::sscanf(std::string(iso).c_str(), "%d-%d-%dT%d:%d:%d", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
                  &tm.tm_hour, &tm.tm_min, &tm.tm_sec) != 6)
    return 0;
  (void)ms;
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  return static_cast<std::int64_t>(timegm(&tm));
}

bool has_type(const json::value& v, std::string_view type) {
  if (v.is_string()) return v.as_string() == type;
  if (!v.is_array()) return false;
  for (const auto& t : v.as_array())
    if (t.is_string() && t.as_string() == type) return true;
  return false;
}

}  // namespace

std::string sign_credential(const json::object& credential, const IssuerKey& key) {
  json::object payload = credential;
  payload["iss"] = credential.at("issuer").at("id");
  payload["jti"] = credential.at("id");
  payload["nbf"] = epoch_seconds(credential.at("validFrom").as_string());
  json::object header{{"alg", "EdDSA"}, {"typ", "JWT"}, {"jwk", jwk(key.public_key)}};
  std::string input = base64url(json::serialize(header)) + "." + base64url(json::serialize(payload));
  unsigned char sig[crypto_sign_BYTES];
  crypto_sign_detached(sig, nullptr, reinterpret_cast<const unsigned char*>(input.data()), input.size(),
                       key.secret_key.data());
  return input + "." + base64url(std::string_view(reinterpret_cast<const char*>(sig), sizeof sig));
}

Verified verify_jwt(std::string_view jwt, const std::array<unsigned char, 32>& expected) {
  Verified v;
  auto trim = [](std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    return s;
  };
  jwt = trim(jwt);
  auto dot1 = jwt.find('.'), dot2 = jwt.rfind('.');
  if (dot1 == std::string_view::npos || dot1 == dot2)
    return {false, "not a compact JWS (header.payload.signature)", {}};
  auto header_text = from_base64url(jwt.substr(0, dot1));
  auto payload_text = from_base64url(jwt.substr(dot1 + 1, dot2 - dot1 - 1));
  auto sig = from_base64url(jwt.substr(dot2 + 1));
  if (!header_text || !payload_text || !sig || sig->size() != crypto_sign_BYTES)
    return {false, "bad base64url in the JWT", {}};
  json::value header, payload;
  try {
    header = json::parse(*header_text);
    payload = json::parse(*payload_text);
  } catch (...) {
    return {false, "the JWT's header or payload is not JSON", {}};
  }
  if (!header.is_object() || !payload.is_object())
    return {false, "the JWT's header or payload is not an object", {}};
  const auto& h = header.as_object();
  if (!h.contains("alg") || h.at("alg") != "EdDSA") return {false, "alg is not EdDSA", {}};
  const auto* key = h.if_contains("jwk");
  if (!key || !key->is_object() || !key->as_object().contains("x") || !key->as_object().at("x").is_string())
    return {false, "no public key (jwk) in the header", {}};
  auto x = from_base64url(key->as_object().at("x").as_string());
  if (!x || x->size() != 32) return {false, "the header's key is not an Ed25519 key", {}};
  std::string_view input = jwt.substr(0, dot2);
  if (crypto_sign_verify_detached(reinterpret_cast<const unsigned char*>(sig->data()),
                                  reinterpret_cast<const unsigned char*>(input.data()), input.size(),
                                  reinterpret_cast<const unsigned char*>(x->data())) != 0)
    return {false, "the signature does not match (the credential was changed)", {}};
  if (std::memcmp(x->data(), expected.data(), 32) != 0)
    return {false, "signed by a key that is not this issuer's", {}};
  const auto& p = payload.as_object();
  if (!p.contains("type") || !has_type(p.at("type"), "VerifiableCredential") ||
      !(has_type(p.at("type"), "OpenBadgeCredential") || has_type(p.at("type"), "AchievementCredential")))
    return {false, "not an OpenBadgeCredential", {}};
  const auto* issuer = p.if_contains("issuer");
  if (!issuer || !issuer->is_object() || !p.contains("iss") || issuer->as_object().at("id") != p.at("iss"))
    return {false, "the issuer does not match iss", {}};
  const auto* subject = p.if_contains("credentialSubject");
  if (!subject || !subject->is_object() || !subject->as_object().contains("achievement"))
    return {false, "no achievement in credentialSubject", {}};
  if (!p.contains("validFrom") || !p.contains("nbf")) return {false, "validFrom / nbf missing", {}};
  v.ok = true;
  v.credential = p;
  return v;
}

namespace {

constexpr unsigned char png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
constexpr std::string_view keyword = "openbadgecredential";

std::uint32_t be32(const std::string& s, std::size_t i) {
  return (std::uint32_t(static_cast<unsigned char>(s[i])) << 24) |
         (std::uint32_t(static_cast<unsigned char>(s[i + 1])) << 16) |
         (std::uint32_t(static_cast<unsigned char>(s[i + 2])) << 8) |
         std::uint32_t(static_cast<unsigned char>(s[i + 3]));
}
void put32(std::string& out, std::uint32_t v) {
  out.push_back(static_cast<char>(v >> 24));
  out.push_back(static_cast<char>(v >> 16));
  out.push_back(static_cast<char>(v >> 8));
  out.push_back(static_cast<char>(v));
}

struct Chunk {
  std::size_t at;  // offset of the length field
  std::string type;
  std::size_t data_at, length;
};

std::optional<std::vector<Chunk>> chunks(const std::string& png) {
  if (png.size() < 8 || std::memcmp(png.data(), png_signature, 8) != 0) return std::nullopt;
  std::vector<Chunk> out;
  for (std::size_t i = 8; i + 12 <= png.size();) {
    std::uint32_t len = be32(png, i);
    if (i + 12 + std::size_t(len) > png.size()) return std::nullopt;
    out.push_back({i, png.substr(i + 4, 4), i + 8, len});
    if (out.back().type == "IEND") return out;
    i += 12 + len;
  }
  return std::nullopt;  // no IEND
}

bool is_credential_chunk(const std::string& png, const Chunk& c) {
  return c.type == "iTXt" && c.length > keyword.size() &&
         png.compare(c.data_at, keyword.size(), keyword) == 0 && png[c.data_at + keyword.size()] == '\0';
}

}  // namespace

std::optional<std::string> bake_png(const std::string& png, const std::string& jwt) {
  auto list = chunks(png);
  if (!list) return std::nullopt;
  // iTXt: keyword NUL, compression flag 0, method 0, language tag "" NUL, translated keyword "" NUL, text.
  std::string data(keyword);
  data.push_back('\0');
  data.push_back('\0');
  data.push_back('\0');
  data.push_back('\0');
  data.push_back('\0');
  data += jwt;
  std::string chunk;
  put32(chunk, static_cast<std::uint32_t>(data.size()));
  std::string typed = "iTXt" + data;
  chunk += typed;
  put32(chunk, static_cast<std::uint32_t>(
                   crc32(0, reinterpret_cast<const Bytef*>(typed.data()), static_cast<uInt>(typed.size()))));
  std::string out = png.substr(0, 8);
  for (const auto& c : *list) {
    if (is_credential_chunk(png, c)) continue;
    if (c.type == "IEND") out += chunk;
    out += png.substr(c.at, 12 + c.length);
  }
  return out;
}

std::optional<std::string> baked_credential(const std::string& png) {
  auto list = chunks(png);
  if (!list) return std::nullopt;
  for (const auto& c : *list) {
    if (!is_credential_chunk(png, c)) continue;
    std::size_t p = c.data_at + keyword.size() + 1;  // after the keyword's NUL
    std::size_t end = c.data_at + c.length;
    if (p + 2 > end || png[p] != '\0') return std::nullopt;  // compressed text is not used for credentials
    p += 2;
    auto lang_end = png.find('\0', p);
    if (lang_end == std::string::npos || lang_end >= end) return std::nullopt;
    auto tr_end = png.find('\0', lang_end + 1);
    if (tr_end == std::string::npos || tr_end >= end) return std::nullopt;
    return png.substr(tr_end + 1, end - tr_end - 1);
  }
  return std::nullopt;
}

json::array contexts() {
  return {"https://www.w3.org/ns/credentials/v2",
          "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"};
}

std::string issuer_id(const std::string& origin) {
  return origin + "/api/openbadges/issuer";
}

json::object issuer(const std::string& origin, const std::string& product_name) {
  return {
      {"id", issuer_id(origin)}, {"type", json::array{"Profile"}}, {"name", product_name}, {"url", origin}};
}

json::object recipient(const std::string& email, const std::string& employee_code) {
  const bool by_email = !email.empty();
  const std::string salt = random_hex(8);
  return {{"type", "IdentityObject"},
          {"identityHash", "sha256$" + sha256_hex((by_email ? ascii_lower(email) : employee_code) + salt)},
          {"identityType", by_email ? "emailAddress" : "systemId"},
          {"hashed", true},
          {"salt", salt}};
}

}  // namespace shopfloor::badges::openbadges
