// Unit tests for the small pieces everything relies on: ids and time, passwords, text rules, routing.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "auth/passwords.hpp"
#include "http/router.hpp"
#include "http/services.hpp"
#include "util/enum_names.hpp"
#include "util/ids.hpp"
#include "util/percent_encode.hpp"
#include "util/role.hpp"
#include "util/text.hpp"

using namespace shopfloor;

class Core : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { init_crypto(); }
};

TEST_F(Core, UuidV7IsWellFormedUniqueAndTimeOrdered) {
  std::regex shape("^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$");
  std::set<std::string> seen;
  std::string previous;
  for (int i = 0; i < 2000; ++i) {
    std::string id = uuid_v7();
    EXPECT_TRUE(std::regex_match(id, shape)) << id;
    EXPECT_TRUE(seen.insert(id).second);
    // The first 48 bits are milliseconds, so ids never go backwards in time.
    if (!previous.empty()) EXPECT_LE(previous.substr(0, 13), id.substr(0, 13));
    previous = id;
  }
}

// Ids made in one millisecond sort in the order they were made: a keyset page by id (comments, newest first)
// follows the writes. 10,000 in a tight loop span a few milliseconds; 5,000 under a pinned clock overflow the
// 12-bit counter of one millisecond and must still go up.
TEST_F(Core, UuidV7IsStrictlyIncreasingWithinTheProcess) {
  std::string previous = uuid_v7();
  for (int i = 0; i < 10000; ++i) {
    std::string id = uuid_v7();
    ASSERT_LT(previous, id) << "after " << i << " ids";
    previous = id;
  }
  PinnedClock pinned(now_ms() + 60'000);
  previous = uuid_v7();
  for (int i = 0; i < 5000; ++i) {
    std::string id = uuid_v7();
    ASSERT_LT(previous, id) << "after " << i << " ids in one pinned millisecond";
    EXPECT_EQ(id[14], '7');
    previous = id;
  }
  // A clock pinned to the past (the demo seed's history) stamps that time, not the last id's.
  pinned.set(1795345400123);
  EXPECT_EQ(uuid_v7().substr(0, 13), "01a202ec-c13b");
}

TEST_F(Core, Iso8601AndHttpDate) {
  EXPECT_EQ(iso8601(0), "1970-01-01T00:00:00.000Z");
  EXPECT_EQ(iso8601(1795345400123), "2026-11-22T11:03:20.123Z");
  EXPECT_EQ(http_date(1795345400123), "Sun, 22 Nov 2026 11:03:20 GMT");
}

TEST_F(Core, TokensAndHashes) {
  EXPECT_EQ(random_hex(32).size(), 64u);
  EXPECT_NE(random_token(), random_token());
  EXPECT_EQ(random_token(32).find_first_of("+/="), std::string::npos);
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_TRUE(equal_constant_time("same", "same"));
  EXPECT_FALSE(equal_constant_time("same", "sane"));
  EXPECT_FALSE(equal_constant_time("same", "same!"));
}

TEST_F(Core, PasswordsHashWithArgon2idAndVerify) {
  std::string hash = auth::hash_password("รหัสผ่าน#2026");
  EXPECT_EQ(hash.rfind("$argon2id$", 0), 0u) << hash;
  EXPECT_TRUE(auth::verify_password(hash, "รหัสผ่าน#2026"));
  EXPECT_FALSE(auth::verify_password(hash, "รหัสผ่าน#2025"));
  EXPECT_FALSE(auth::verify_password("not a hash", "x"));
  EXPECT_NE(auth::hash_password("same"), auth::hash_password("same")) << "salted";
}

TEST_F(Core, PasswordsUseOwaspsArgon2idProfileAndAskForARehashOfOlderOnes) {
  std::string hash = auth::hash_password("รหัสผ่าน#2026");
  EXPECT_NE(hash.find("$m=19456,t=2,p=1$"), std::string::npos) << hash;
  EXPECT_FALSE(auth::needs_rehash(hash));
  // The profile before session 26 (libsodium's "interactive": 64 MiB, t = 2) still verifies, and asks for
  // a rehash; so do hashes that are not Argon2id.
  const std::string old_profile =
      "$argon2id$v=19$m=65536,t=2,p=1$/7bZhGZ0/DwtX/nnFvYiag$inCThUmcCamKbX3BOBJDKb0OmehAFIsDAqOahxPnCXc";
  EXPECT_TRUE(auth::verify_password(old_profile, "รหัสผ่าน#2026"));
  EXPECT_FALSE(auth::verify_password(old_profile, "รหัสผ่าน#2025"));
  EXPECT_TRUE(auth::needs_rehash(old_profile));
  EXPECT_TRUE(auth::needs_rehash("$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA"));
  EXPECT_TRUE(auth::needs_rehash("not a hash"));
  EXPECT_TRUE(auth::needs_rehash(""));
}

TEST_F(Core, TextRulesCountThaiCharactersNotBytes) {
  EXPECT_EQ(utf8_length("สวัสดี"), 6u);
  EXPECT_EQ(utf8_length("abc"), 3u);
  EXPECT_TRUE(has_control_chars("a\nb"));
  EXPECT_FALSE(has_control_chars("สมชาย ใจดี"));
  EXPECT_EQ(ascii_lower("S1001@Shop.Example"), "s1001@shop.example");
}

TEST(Text, PercentEncodeKeepsOnlyUnreservedCharacters) {
  EXPECT_EQ(percent_encode("a-Z_0.~"), "a-Z_0.~");
  EXPECT_EQ(percent_encode("a b&c=/"), "a%20b%26c%3D%2F");
  EXPECT_EQ(percent_encode("a b", /*space_as_plus=*/true), "a+b");
  EXPECT_EQ(percent_encode("\xE0\xB8\x81"), "%E0%B8%81") << "Thai ko kai, byte by byte";
}

TEST(EnumNames, ReadsOneTableBothWays) {
  enum class Size { small, large, unlisted };
  constexpr EnumNames<Size, 2> sizes{{{Size::small, "small"}, {Size::large, "large"}}};
  EXPECT_EQ(sizes.name(Size::large), "large");
  EXPECT_EQ(sizes.name(Size::unlisted), "");
  EXPECT_EQ(sizes.name(Size::unlisted, "small"), "small");
  EXPECT_EQ(sizes.parse("small"), Size::small);
  EXPECT_EQ(sizes.parse("Small"), std::nullopt);
  for (auto r : {Role::staff, Role::editor, Role::admin}) EXPECT_EQ(parse_role(role_name(r)), r);
  EXPECT_EQ(parse_role("owner"), std::nullopt);
}

TEST(Router, MatchesLiteralsParamsAndRest) {
  http::Router router;
  auto noop = [](http::Context&) -> boost::asio::awaitable<http::Response> { co_return http::Response{}; };
  router.get("/api/admin/:resource", noop);
  router.get("/api/admin/:resource/:id", noop);
  router.post("/api/admin/:resource", noop);
  router.get("/files/*", noop);

  // A Context needs the server's services (for origin()); routing never touches them.
  http::Request req;
  http::Services services{Config{}};
  http::Context ctx(services, req, "rid", "127.0.0.1");

  auto m = router.match(boost::beast::http::verb::get, "/api/admin/stores/42", ctx);
  ASSERT_NE(m.route, nullptr);
  EXPECT_EQ(m.route->pattern, "/api/admin/:resource/:id");
  EXPECT_EQ(ctx.params["resource"], "stores");
  EXPECT_EQ(ctx.params["id"], "42");

  m = router.match(boost::beast::http::verb::head, "/api/admin/stores", ctx);
  ASSERT_NE(m.route, nullptr) << "HEAD is answered by GET routes";

  m = router.match(boost::beast::http::verb::delete_, "/api/admin/stores", ctx);
  EXPECT_EQ(m.route, nullptr);
  EXPECT_TRUE(m.path_known) << "known path, wrong method → 405";

  m = router.match(boost::beast::http::verb::get, "/api/nothing", ctx);
  EXPECT_EQ(m.route, nullptr);
  EXPECT_FALSE(m.path_known);

  m = router.match(boost::beast::http::verb::get, "/files/a/b/c.txt", ctx);
  ASSERT_NE(m.route, nullptr);
  EXPECT_EQ(ctx.params["*"], "a/b/c.txt");

  m = router.match(boost::beast::http::verb::get, "/api/admin/stores/42/extra", ctx);
  EXPECT_EQ(m.route, nullptr);
}
