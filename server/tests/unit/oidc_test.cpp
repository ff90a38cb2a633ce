// Single sign-on's pieces that need no provider: JOSE signature checks with keys OpenSSL makes here (RS256,
// ES256, and what must fail), the ID token's claim rules, the sealed flow cookie, PKCE, the allowed URLs,
// and the provider client's key cache against a scripted provider (the real one is in
// tests/integration/sso.test.mjs).
#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <sodium.h>

#include <boost/json.hpp>

#include "auth/oidc/flow.hpp"
#include "auth/oidc/id_token.hpp"
#include "auth/oidc/jose.hpp"
#include "auth/oidc/provider.hpp"
#include "auth/oidc/settings.hpp"
#include "util/base64.hpp"
#include "util/ids.hpp"

using namespace shopfloor;
using namespace shopfloor::auth::oidc;
namespace json = boost::json;

namespace {

struct TestKey {
  std::shared_ptr<EVP_PKEY> key;
  std::string alg, kid;

  static TestKey rsa(std::string kid, unsigned bits = 2048) {
    return {std::shared_ptr<EVP_PKEY>(EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", static_cast<size_t>(bits)),
                                      EVP_PKEY_free),
            "RS256", std::move(kid)};
  }
  static TestKey p256(std::string kid) {
    return {std::shared_ptr<EVP_PKEY>(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"), EVP_PKEY_free),
            "ES256", std::move(kid)};
  }

  static std::string bn_bytes(EVP_PKEY* k, const char* name) {
    BIGNUM* bn = nullptr;
    EVP_PKEY_get_bn_param(k, name, &bn);
    std::string out(static_cast<std::size_t>(BN_num_bytes(bn)), '\0');
    BN_bn2bin(bn, reinterpret_cast<unsigned char*>(out.data()));
    BN_free(bn);
    return out;
  }

  json::object jwk() const {
    if (alg == "RS256")
      return {{"kty", "RSA"},
              {"kid", kid},
              {"use", "sig"},
              {"n", base64url(bn_bytes(key.get(), OSSL_PKEY_PARAM_RSA_N))},
              {"e", base64url(bn_bytes(key.get(), OSSL_PKEY_PARAM_RSA_E))}};
    unsigned char point[65];
    std::size_t len = 0;
    EVP_PKEY_get_octet_string_param(key.get(), OSSL_PKEY_PARAM_PUB_KEY, point, sizeof point, &len);
    std::string p(reinterpret_cast<char*>(point), len);
    return {{"kty", "EC"},
            {"kid", kid},
            {"crv", "P-256"},
            {"x", base64url(p.substr(1, 32))},
            {"y", base64url(p.substr(33, 32))}};
  }

  std::string sign(const json::object& claims, std::string header_alg = "") const {
    json::object header{{"alg", header_alg.empty() ? alg : header_alg}, {"typ", "JWT"}};
    if (!kid.empty()) header["kid"] = kid;
    std::string input = base64url(json::serialize(header)) + "." + base64url(json::serialize(claims));
    EVP_MD_CTX* md = EVP_MD_CTX_new();
    EVP_DigestSignInit(md, nullptr, EVP_sha256(), nullptr, key.get());
    std::size_t len = 0;
    EVP_DigestSign(md, nullptr, &len, reinterpret_cast<const unsigned char*>(input.data()), input.size());
    std::string sig(len, '\0');
    EVP_DigestSign(md, reinterpret_cast<unsigned char*>(sig.data()), &len,
                   reinterpret_cast<const unsigned char*>(input.data()), input.size());
    EVP_MD_CTX_free(md);
    sig.resize(len);
    if (alg == "ES256") {  // DER → r || s, as JWS writes it
      const unsigned char* p = reinterpret_cast<const unsigned char*>(sig.data());
      ECDSA_SIG* es = d2i_ECDSA_SIG(nullptr, &p, static_cast<long>(sig.size()));
      std::string raw(64, '\0');
      BN_bn2binpad(ECDSA_SIG_get0_r(es), reinterpret_cast<unsigned char*>(raw.data()), 32);
      BN_bn2binpad(ECDSA_SIG_get0_s(es), reinterpret_cast<unsigned char*>(raw.data()) + 32, 32);
      ECDSA_SIG_free(es);
      sig = raw;
    }
    return input + "." + base64url(sig);
  }
};

json::value jwks_of(std::initializer_list<const TestKey*> keys) {
  json::array a;
  for (const auto* k : keys) a.push_back(k->jwk());
  return json::object{{"keys", a}};
}

json::object claims(std::int64_t now_s, std::string nonce = "n-1") {
  return {{"iss", "https://id.example.com"},
          {"sub", "u-1"},
          {"aud", "shopfloor"},
          {"exp", now_s + 300},
          {"iat", now_s - 5},
          {"nonce", nonce},
          {"email", "Somchai@Example.com"},
          {"employee_id", 1042}};
}

IdTokenExpectations expected(std::int64_t now_s) {
  return {"https://id.example.com", "shopfloor", "n-1", now_s};
}

bool verifies(const std::vector<PublicKey>& keys, const std::string& token) {
  auto jws = parse_jws(token);
  if (!jws) return false;
  for (const auto& k : keys)
    if (verify_signature(k, *jws)) return true;
  return false;
}

}  // namespace

TEST(OidcJose, Base64UrlRoundTripsAndRefusesPaddingAndOtherAlphabets) {
  std::string bytes("\xfb\xff\x00\x10ab", 6);
  EXPECT_EQ(from_base64url(base64url(bytes)), bytes);
  EXPECT_EQ(base64url("\xfb\xff"), "-_8");
  EXPECT_FALSE(from_base64url("-_8="));  // padding
  EXPECT_FALSE(from_base64url("+/8"));   // the standard alphabet
  EXPECT_FALSE(from_base64url("a b"));
}

TEST(OidcJose, Rs256AndEs256SignaturesVerifyWithTheirKeysOnly) {
  auto rsa = TestKey::rsa("r1"), ec = TestKey::p256("e1"), other = TestKey::rsa("r1");
  auto keys = parse_jwks(jwks_of({&rsa, &ec}));
  ASSERT_EQ(keys.size(), 2u);
  std::int64_t now = now_ms() / 1000;
  EXPECT_TRUE(verifies(keys, rsa.sign(claims(now))));
  EXPECT_TRUE(verifies(keys, ec.sign(claims(now))));
  // A key that is not the provider's, under the provider's kid.
  EXPECT_FALSE(verifies(keys, other.sign(claims(now))));

  // A changed payload under the original signature.
  std::string token = ec.sign(claims(now));
  auto dot1 = token.find('.'), dot2 = token.rfind('.');
  auto forged = claims(now);
  forged["email"] = "boss@example.com";
  std::string tampered = token.substr(0, dot1 + 1) + base64url(json::serialize(forged)) + token.substr(dot2);
  EXPECT_FALSE(verifies(keys, tampered));
}

TEST(OidcJose, NoAlgorithmButTheKeysOwnIsAccepted) {
  auto rsa = TestKey::rsa("r1");
  auto keys = parse_jwks(jwks_of({&rsa}));
  std::int64_t now = now_ms() / 1000;
  // "none" with an empty signature, and a header that claims another algorithm.
  json::object none_header{{"alg", "none"}, {"kid", "r1"}};
  std::string none =
      base64url(json::serialize(none_header)) + "." + base64url(json::serialize(claims(now))) + ".";
  EXPECT_FALSE(verifies(keys, none));
  EXPECT_FALSE(verifies(keys, rsa.sign(claims(now), "HS256")));
  EXPECT_FALSE(verifies(keys, rsa.sign(claims(now), "ES256")));
}

TEST(OidcJose, Hs256ChecksTheHmacUnderTheClientSecretOnly) {
  auto hs256 = [](const json::object& claims, const std::string& secret, const char* alg = "HS256") {
    std::string input = base64url(json::serialize(json::object{{"alg", alg}, {"typ", "JWT"}})) + "." +
                        base64url(json::serialize(claims));
    crypto_auth_hmacsha256_state st;
    unsigned char mac[crypto_auth_hmacsha256_BYTES];
    crypto_auth_hmacsha256_init(&st, reinterpret_cast<const unsigned char*>(secret.data()), secret.size());
    crypto_auth_hmacsha256_update(&st, reinterpret_cast<const unsigned char*>(input.data()), input.size());
    crypto_auth_hmacsha256_final(&st, mac);
    return input + "." + base64url(std::string_view(reinterpret_cast<char*>(mac), sizeof mac));
  };
  const std::string secret = "channel-secret-0123456789abcdef0123";
  auto c = claims(1'800'000'000);
  EXPECT_TRUE(verify_hs256(secret, *parse_jws(hs256(c, secret))));
  EXPECT_FALSE(verify_hs256(secret + "x", *parse_jws(hs256(c, secret))));
  EXPECT_FALSE(verify_hs256(secret, *parse_jws(hs256(c, secret, "HS384"))));
  // An RS256 token never passes as HS256, nor an HS256 one as RS256 with any key of the set.
  auto rsa = TestKey::rsa("r1");
  EXPECT_FALSE(verify_hs256(secret, *parse_jws(rsa.sign(c))));
  EXPECT_FALSE(verifies(parse_jwks(jwks_of({&rsa})), hs256(c, secret)));
}

TEST(OidcJose, WeakOrBrokenKeysAreLeftOutOfTheSet) {
  auto small = TestKey::rsa("small", 1024);
  auto ec = TestKey::p256("bent");
  json::object off_curve = ec.jwk();
  std::string y = *from_base64url(off_curve["y"].as_string());
  y[31] = static_cast<char>(y[31] ^ 1);
  off_curve["y"] = base64url(y);
  json::object enc = TestKey::rsa("enc").jwk();
  enc["use"] = "enc";
  json::object other_curve = ec.jwk();
  other_curve["crv"] = "P-384";
  json::value set = json::object{{"keys", json::array{small.jwk(), off_curve, enc, other_curve, "junk"}}};
  EXPECT_TRUE(parse_jwks(set).empty());
  EXPECT_TRUE(parse_jwks(json::value("not a set")).empty());
}

TEST(OidcJose, MalformedTokensDoNotParse) {
  EXPECT_FALSE(parse_jws("a.b"));
  EXPECT_FALSE(parse_jws("a.b.c.d"));
  EXPECT_FALSE(parse_jws(base64url("[1]") + "." + base64url("{}") + ".AA"));
  EXPECT_FALSE(parse_jws(std::string(17000, 'a')));
}

TEST(OidcIdToken, GoodClaimsPass) {
  std::int64_t now = 1'800'000'000;
  EXPECT_EQ(check_id_token_claims(claims(now), expected(now)), std::nullopt);
  auto c = claims(now);
  c["aud"] = json::array{"shopfloor", "api"};
  c["azp"] = "shopfloor";
  EXPECT_EQ(check_id_token_claims(c, expected(now)), std::nullopt);
  // Expired a few seconds ago: within the leeway for clocks that differ.
  c = claims(now);
  c["exp"] = now - 30;
  EXPECT_EQ(check_id_token_claims(c, expected(now)), std::nullopt);
}

TEST(OidcIdToken, EachBrokenRuleIsRefused) {
  std::int64_t now = 1'800'000'000;
  auto refused = [&](auto change) {
    auto c = claims(now);
    change(c);
    return check_id_token_claims(c, expected(now)).has_value();
  };
  EXPECT_TRUE(refused([](json::object& c) { c["iss"] = "https://evil.example.com"; }));
  EXPECT_TRUE(refused([](json::object& c) { c["aud"] = "another-client"; }));
  EXPECT_TRUE(refused([](json::object& c) { c["aud"] = json::array{"shopfloor", "api"}; }));  // no azp
  EXPECT_TRUE(refused([](json::object& c) {
    c["aud"] = json::array{"shopfloor", "api"};
    c["azp"] = "api";
  }));
  EXPECT_TRUE(refused([&](json::object& c) { c["exp"] = now - 61; }));
  EXPECT_TRUE(refused([&](json::object& c) { c["iat"] = now + 120; }));
  EXPECT_TRUE(refused([](json::object& c) { c["nonce"] = "n-2"; }));
  EXPECT_TRUE(refused([](json::object& c) { c.erase("nonce"); }));
  EXPECT_TRUE(refused([](json::object& c) { c.erase("sub"); }));
  EXPECT_TRUE(refused([](json::object& c) { c.erase("exp"); }));
  EXPECT_TRUE(refused([](json::object& c) { c["exp"] = "soon"; }));
}

TEST(OidcIdToken, ClaimTextTakesStringsAndWholeNumbers) {
  auto c = claims(0);
  EXPECT_EQ(claim_text(c, "email"), "Somchai@Example.com");
  EXPECT_EQ(claim_text(c, "employee_id"), "1042");
  EXPECT_EQ(claim_text(c, "missing"), std::nullopt);
  c["x"] = "a\nb";
  EXPECT_EQ(claim_text(c, "x"), std::nullopt);
  c["x"] = "  ";
  EXPECT_EQ(claim_text(c, "x"), std::nullopt);
  c["x"] = json::array{"E1"};
  EXPECT_EQ(claim_text(c, "x"), std::nullopt);
}

TEST(OidcFlow, SealedCookieOpensOnlyUnchangedUnexpiredAndWithTheSameSecret) {
  std::int64_t now = 1'800'000'000'000;
  Flow f = start_flow("entra", "http://127.0.0.1/main", now);
  EXPECT_EQ(f.state.size(), 43u);
  EXPECT_NE(f.state, f.nonce);
  std::string sealed = seal_flow(f, "secret-1");
  auto opened = open_flow(sealed, "secret-1", now + 1000);
  ASSERT_TRUE(opened);
  EXPECT_EQ(opened->state, f.state);
  EXPECT_EQ(opened->nonce, f.nonce);
  EXPECT_EQ(opened->verifier, f.verifier);
  EXPECT_EQ(opened->callback, f.callback);
  EXPECT_EQ(opened->provider, "entra");

  EXPECT_FALSE(open_flow(sealed, "secret-2", now + 1000));
  EXPECT_FALSE(open_flow(sealed, "secret-1", now + Flow::lifetime_ms + 1));
  Flow other = f;
  other.callback = "https://evil.example.com/";
  std::string swapped = seal_flow(other, "secret-1");
  EXPECT_FALSE(
      open_flow(swapped.substr(0, swapped.find('.')) + sealed.substr(sealed.find('.')), "secret-1", now));
  EXPECT_FALSE(open_flow("garbage", "secret-1", now));
}

TEST(OidcFlow, PkceChallengeIsRfc7636sExample) {
  EXPECT_EQ(code_challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
}

TEST(OidcConfig, ProvidersAreReachedOverHttpsOrOnThisMachine) {
  EXPECT_TRUE(https_or_loopback_url("https://login.microsoftonline.com/t/v2.0"));
  EXPECT_TRUE(https_or_loopback_url("http://127.0.0.1:9000/op"));
  EXPECT_TRUE(https_or_loopback_url("http://localhost:9000"));
  EXPECT_FALSE(https_or_loopback_url("http://id.example.com"));
  EXPECT_FALSE(https_or_loopback_url("http://127.0.0.1.evil.com/"));
  EXPECT_FALSE(https_or_loopback_url("https://user@id.example.com/"));
  EXPECT_FALSE(https_or_loopback_url("file:///etc/passwd"));
  EXPECT_FALSE(https_or_loopback_url("/relative"));
}

// The provider client against a scripted provider: counts what it is asked.
namespace {
struct ScriptedProvider {
  std::vector<const TestKey*> published;
  const TestKey* signer = nullptr;
  std::string nonce = "n-1";
  int discovery_reads = 0, key_reads = 0, token_calls = 0;
  OutboundRequest last_token_request;

  OutboundReply operator()(const OutboundRequest& r) {
    if (r.url == "https://id.example.com/.well-known/openid-configuration") {
      ++discovery_reads;
      json::object d{{"issuer", "https://id.example.com"},
                     {"authorization_endpoint", "https://id.example.com/auth"},
                     {"token_endpoint", "https://id.example.com/token"},
                     {"jwks_uri", "https://keys.example.com/jwks"},
                     {"token_endpoint_auth_methods_supported", json::array{"client_secret_post"}}};
      return {200, json::serialize(d)};
    }
    if (r.url == "https://keys.example.com/jwks") {
      ++key_reads;
      json::array keys;
      for (const auto* k : published) keys.push_back(k->jwk());
      return {200, json::serialize(json::object{{"keys", keys}})};
    }
    if (r.url == "https://id.example.com/token") {
      ++token_calls;
      last_token_request = r;
      json::object c = claims(now_ms() / 1000, nonce);
      return {200, json::serialize(json::object{{"id_token", signer->sign(c)}, {"token_type", "Bearer"}})};
    }
    return {404, ""};
  }
};

ProviderSettings provider_config() {
  ProviderSettings c;
  c.id = "test";
  c.issuer = "https://id.example.com";
  c.client_id = "shopfloor";
  c.client_secret = "s3cret&=";
  return c;
}
}  // namespace

TEST(OidcProvider, AnUnknownKidEarnsOneEarlyKeyReadThenNoMoreForAMinute) {
  auto k1 = TestKey::rsa("k1"), k2 = TestKey::p256("k2"), k3 = TestKey::rsa("k3");
  ScriptedProvider op;
  op.published = {&k1};
  op.signer = &k1;
  Provider p(provider_config(), [&](const OutboundRequest& r) { return op(r); });
  std::int64_t now = now_ms();

  auto first = p.redeem("code-1", "https://app/cb", "verifier", "n-1", now);
  EXPECT_EQ(first.at("sub").as_string(), "u-1");
  EXPECT_EQ(op.discovery_reads, 1);
  EXPECT_EQ(op.key_reads, 1);
  // Discovery offered only client_secret_post: the secret goes in the form, form-encoded.
  EXPECT_NE(op.last_token_request.form.find("client_secret=s3cret%26%3D"), std::string::npos);
  EXPECT_TRUE(op.last_token_request.basic_user.empty());

  p.redeem("code-2", "https://app/cb", "verifier", "n-1", now);
  EXPECT_EQ(op.key_reads, 1);  // cached

  // The provider rotates to k2: one early read finds it.
  op.published = {&k1, &k2};
  op.signer = &k2;
  p.redeem("code-3", "https://app/cb", "verifier", "n-1", now);
  EXPECT_EQ(op.key_reads, 2);
  p.redeem("code-4", "https://app/cb", "verifier", "n-1", now);
  EXPECT_EQ(op.key_reads, 2);

  // A kid nobody published, twice within the minute: one early read is already spent.
  op.signer = &k3;
  EXPECT_THROW(p.redeem("code-5", "https://app/cb", "verifier", "n-1", now + 1000), SignInFailure);
  EXPECT_THROW(p.redeem("code-6", "https://app/cb", "verifier", "n-1", now + 2000), SignInFailure);
  EXPECT_EQ(op.key_reads, 2);
  // A minute later an unknown kid may look again.
  EXPECT_THROW(p.redeem("code-7", "https://app/cb", "verifier", "n-1", now + 61'000), SignInFailure);
  EXPECT_EQ(op.key_reads, 3);
  EXPECT_EQ(op.discovery_reads, 1);
}

TEST(OidcProvider, AWrongNonceOrAnotherIssuersDocumentIsRefused) {
  auto k1 = TestKey::rsa("k1");
  ScriptedProvider op;
  op.published = {&k1};
  op.signer = &k1;
  op.nonce = "someone-elses";
  Provider p(provider_config(), [&](const OutboundRequest& r) { return op(r); });
  EXPECT_THROW(p.redeem("code", "https://app/cb", "verifier", "n-1", now_ms()), SignInFailure);

  auto cfg = provider_config();
  cfg.issuer = "https://id.example.com/tenant";  // its discovery document names another issuer
  Provider q(cfg, [&](const OutboundRequest& r) {
    OutboundRequest moved = r;
    if (r.url == "https://id.example.com/tenant/.well-known/openid-configuration")
      moved.url = "https://id.example.com/.well-known/openid-configuration";
    return op(moved);
  });
  EXPECT_THROW(q.discovery(), SignInFailure);
}

TEST(OidcProvider, AuthorizationUrlAsksForACodeWithPkceStateAndNonce) {
  Provider p(provider_config(), [](const OutboundRequest&) { return OutboundReply{500, ""}; });
  Discovery d{"https://id.example.com", "https://id.example.com/auth?tenant=1", "", "",
              "client_secret_basic"};
  std::string url = p.authorization_url(d, "https://app.example.com/api/auth/callback/test", "st", "no",
                                        "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk");
  EXPECT_EQ(url,
            "https://id.example.com/auth?tenant=1&response_type=code&client_id=shopfloor"
            "&redirect_uri=https%3A%2F%2Fapp.example.com%2Fapi%2Fauth%2Fcallback%2Ftest"
            "&scope=openid+email+profile&state=st&nonce=no"
            "&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256");
}

// OIDC_* settings: read, defaulted and checked at start.
namespace {
struct Env {
  std::vector<std::string> names;
  void set(const std::string& name, const std::string& value) {
    ::setenv(name.c_str(), value.c_str(), 1);
    names.push_back(name);
  }
  ~Env() {
    for (const auto& n : names) ::unsetenv(n.c_str());
  }
};
}  // namespace

TEST(OidcSettings, ProvidersComeFromTheEnvironmentWithDefaults) {
  Env env;
  env.set("OIDC_PROVIDERS", " Entra , google-ws ");
  env.set("OIDC_ENTRA_ISSUER", "https://login.microsoftonline.com/tenant/v2.0/");
  env.set("OIDC_ENTRA_CLIENT_ID", "app");
  env.set("OIDC_ENTRA_CLIENT_SECRET", "secret");
  env.set("OIDC_ENTRA_CLAIM", "employeeid");
  env.set("OIDC_GOOGLE_WS_ISSUER", "https://accounts.google.com");
  env.set("OIDC_GOOGLE_WS_CLIENT_ID", "g");
  env.set("OIDC_GOOGLE_WS_CLIENT_SECRET", "s");
  env.set("OIDC_GOOGLE_WS_NAME", "Google");
  env.set("OIDC_GOOGLE_WS_TOKEN_AUTH", "client_secret_post");
  auto providers = providers_from_env();
  ASSERT_EQ(providers.size(), 2u);
  EXPECT_EQ(providers[0].id, "entra");
  EXPECT_EQ(providers[0].name, "entra");
  EXPECT_EQ(providers[0].issuer, "https://login.microsoftonline.com/tenant/v2.0");  // no trailing '/'
  EXPECT_EQ(providers[0].scopes, "openid email profile");
  EXPECT_EQ(providers[0].claim, "employeeid");
  EXPECT_EQ(providers[0].match, ProviderSettings::Match::code);  // any claim but email names a code
  EXPECT_EQ(providers[1].id, "google-ws");
  EXPECT_EQ(providers[1].name, "Google");
  EXPECT_EQ(providers[1].match, ProviderSettings::Match::email);
  EXPECT_EQ(providers[1].token_auth, "client_secret_post");
}

TEST(OidcSettings, AMistakeStopsTheServerNamingTheVariable) {
  auto error = [](std::initializer_list<std::pair<const char*, const char*>> vars) -> std::string {
    Env env;
    for (auto [k, v] : vars) env.set(k, v);
    try {
      providers_from_env();
    } catch (const std::runtime_error& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_EQ(error({}), "");  // no OIDC_PROVIDERS: no single sign-on
  EXPECT_NE(error({{"OIDC_PROVIDERS", "a"}}).find("OIDC_A_ISSUER is required"), std::string::npos);
  EXPECT_NE(error({{"OIDC_PROVIDERS", "credentials"}}).find("not a provider id"), std::string::npos);
  EXPECT_NE(error({{"OIDC_PROVIDERS", "x/y"}}).find("not a provider id"), std::string::npos);
  EXPECT_NE(error({{"OIDC_PROVIDERS", "a"},
                   {"OIDC_A_ISSUER", "http://id.example.com"},
                   {"OIDC_A_CLIENT_ID", "c"},
                   {"OIDC_A_CLIENT_SECRET", "s"}})
                .find("OIDC_A_ISSUER must be an https:// URL"),
            std::string::npos);
  EXPECT_NE(error({{"OIDC_PROVIDERS", "a"},
                   {"OIDC_A_ISSUER", "https://id.example.com"},
                   {"OIDC_A_CLIENT_ID", "c"},
                   {"OIDC_A_CLIENT_SECRET", "s"},
                   {"OIDC_A_SCOPES", "email profile"}})
                .find("OIDC_A_SCOPES must include openid"),
            std::string::npos);
  EXPECT_NE(error({{"OIDC_PROVIDERS", "a"},
                   {"OIDC_A_ISSUER", "https://id.example.com"},
                   {"OIDC_A_CLIENT_ID", "c"},
                   {"OIDC_A_CLIENT_SECRET", "s"},
                   {"OIDC_A_MATCH", "phone"}})
                .find("OIDC_A_MATCH must be email or code"),
            std::string::npos);
  EXPECT_NE(error({{"OIDC_PROVIDERS", "a,a"},
                   {"OIDC_A_ISSUER", "https://id.example.com"},
                   {"OIDC_A_CLIENT_ID", "c"},
                   {"OIDC_A_CLIENT_SECRET", "s"}})
                .find("twice"),
            std::string::npos);
}
