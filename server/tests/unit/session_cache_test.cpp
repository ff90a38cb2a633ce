// The session cache's rules that integration tests cannot time precisely: a lookup that raced a drop may
// not store its answer, off means off, expiry and TTL, and the size bound.
#include "auth/session_cache.hpp"

#include <gtest/gtest.h>

using shopfloor::auth::SessionCache;

namespace {

SessionCache::Entry entry(const std::string& user, std::int64_t now, std::int64_t expires = 1'000'000) {
  SessionCache::Entry e;
  e.user.id = user;
  e.user.session_expires_at = expires;
  e.updated_at = now;
  e.verified_at = now;
  return e;
}

}  // namespace

TEST(SessionCache, OffUntilEnabledAndFlushedWhenTurnedOff) {
  SessionCache cache;
  cache.put("t1", entry("u1", 0), cache.epoch());
  EXPECT_EQ(cache.find("t1", 1), nullptr);
  cache.set_enabled(true);
  cache.put("t1", entry("u1", 0), cache.epoch());
  ASSERT_NE(cache.find("t1", 1), nullptr);
  cache.set_enabled(false);
  EXPECT_EQ(cache.find("t1", 1), nullptr);
  cache.set_enabled(true);
  EXPECT_EQ(cache.find("t1", 1), nullptr) << "nothing from before the gap survives";
}

TEST(SessionCache, ALookupThatRacedADropDoesNotStoreItsAnswer) {
  SessionCache cache;
  cache.set_enabled(true);
  auto seen = cache.epoch();  // a request starts reading the database
  cache.drop_user("u1");      // meanwhile the user is disabled
  cache.put("t1", entry("u1", 0), seen);
  EXPECT_EQ(cache.find("t1", 1), nullptr);
  cache.put("t1", entry("u1", 0), cache.epoch());
  EXPECT_NE(cache.find("t1", 1), nullptr);
}

TEST(SessionCache, DropsByTokenAndByUser) {
  SessionCache cache;
  cache.set_enabled(true);
  cache.put("t1", entry("u1", 0), cache.epoch());
  cache.put("t2", entry("u1", 0), cache.epoch());
  cache.put("t3", entry("u2", 0), cache.epoch());
  cache.drop_token("t1");
  EXPECT_EQ(cache.find("t1", 1), nullptr);
  EXPECT_NE(cache.find("t2", 1), nullptr);
  cache.drop_user("u1");
  EXPECT_EQ(cache.find("t2", 1), nullptr);
  EXPECT_NE(cache.find("t3", 1), nullptr);
}

TEST(SessionCache, HonoursSessionExpiryAndTtl) {
  SessionCache cache(100, 60'000);
  cache.set_enabled(true);
  cache.put("t1", entry("u1", 1000, 5000), cache.epoch());
  EXPECT_NE(cache.find("t1", 4999), nullptr);
  EXPECT_EQ(cache.find("t1", 5000), nullptr) << "the session expired";
  cache.put("t2", entry("u2", 1000), cache.epoch());
  EXPECT_NE(cache.find("t2", 60'999), nullptr);
  EXPECT_EQ(cache.find("t2", 61'000), nullptr) << "verified too long ago";
}

TEST(SessionCache, StaysWithinItsBound) {
  SessionCache cache(3);
  cache.set_enabled(true);
  for (int i = 0; i < 10; ++i) cache.put("t" + std::to_string(i), entry("u", 0), cache.epoch());
  EXPECT_LE(cache.size(), 3u);
  EXPECT_NE(cache.find("t9", 1), nullptr) << "the newest entry is kept";
}

TEST(SessionCache, AudienceTablesFollowTheSameRules) {
  SessionCache cache(10, 1000);
  auto tables = std::make_shared<const shopfloor::db::Result>();
  cache.put_audience_tables(tables, 0, cache.epoch());
  EXPECT_EQ(cache.audience_tables(1), nullptr) << "off: not stored";
  cache.set_enabled(true);
  auto seen = cache.epoch();  // a request starts reading the tables
  cache.flush();              // meanwhile a group is edited (SessionRegistry::audience_changed)
  cache.put_audience_tables(tables, 0, seen);
  EXPECT_EQ(cache.audience_tables(1), nullptr) << "raced a drop: not stored";
  cache.put_audience_tables(tables, 0, cache.epoch());
  EXPECT_NE(cache.audience_tables(1), nullptr);
  EXPECT_EQ(cache.audience_tables(1000), nullptr) << "TTL";
  cache.drop_user("u1");
  EXPECT_NE(cache.audience_tables(1), nullptr) << "one person's edit keeps the tables";
  cache.flush();
  EXPECT_EQ(cache.audience_tables(1), nullptr);
  cache.put_audience_tables(tables, 0, cache.epoch());
  cache.set_enabled(false);
  cache.set_enabled(true);
  EXPECT_EQ(cache.audience_tables(1), nullptr) << "nothing from before a gap survives";
}
