// The per-node copy of a person's learning records and the catalogue's current stamp
// (learning/read_cache.hpp): off until turned on, a read that raced a drop stores nothing, the time limit,
// and nothing survives a gap.
#include <gtest/gtest.h>

#include "learning/read_cache.hpp"

using shopfloor::learning::ReadCache;
using shopfloor::learning::UserState;

namespace {
std::shared_ptr<const UserState> records(std::int64_t percent) {
  auto st = std::make_shared<UserState>();
  st->contents["c1"].percent = percent;
  return st;
}
}  // namespace

TEST(LearningReadCache, StoresOnlyWhatNoDropRaced) {
  ReadCache cache(10, 1000);
  cache.put("u1", records(10), 7, cache.seen("u1"), 0);
  EXPECT_EQ(cache.records("u1", 1), nullptr) << "off: not stored";
  cache.set_enabled(true);
  cache.put("u1", records(10), 7, cache.seen("u1"), 0);
  ASSERT_NE(cache.records("u1", 1), nullptr);
  EXPECT_EQ(cache.records("u1", 1)->contents.at("c1").percent, 10);
  EXPECT_EQ(cache.stamp(1), 7);

  auto seen = cache.seen("u1");  // a request starts reading u1's records
  cache.drop_user("u1");         // meanwhile u1 writes progress (a trigger's signal, or another node)
  cache.put("u1", records(10), 7, seen, 0);
  EXPECT_EQ(cache.records("u1", 1), nullptr) << "raced the person's drop: not stored";
  EXPECT_EQ(cache.stamp(1), 7) << "the stamp read with it still holds";

  seen = cache.seen("u1");
  cache.drop_catalogue();  // an editor publishes meanwhile
  cache.put("u1", records(20), 7, seen, 0);
  EXPECT_EQ(cache.stamp(1), std::nullopt) << "raced a catalogue change: the stamp is not stored";
  EXPECT_EQ(cache.records("u1", 1)->contents.at("c1").percent, 20) << "the records are";

  cache.put("u2", records(5), 8, cache.seen("u2"), 0);
  cache.drop_user("u1");
  EXPECT_EQ(cache.records("u1", 1), nullptr);
  EXPECT_NE(cache.records("u2", 1), nullptr) << "one person's write keeps the others";
  EXPECT_EQ(cache.records("u2", 1000), nullptr) << "time limit";
  EXPECT_EQ(cache.stamp(1000), std::nullopt) << "time limit";
}

TEST(LearningReadCache, NothingSurvivesAGapAndTheSizeIsBounded) {
  ReadCache cache(2, 1000);
  cache.set_enabled(true);
  auto seen = cache.seen("u1");
  cache.set_enabled(false);  // the channel dropped while u1 was read
  cache.set_enabled(true);
  cache.put("u1", records(1), 1, seen, 0);
  EXPECT_EQ(cache.records("u1", 1), nullptr) << "read before the gap: not stored";
  for (const char* u : {"u1", "u2", "u3"}) cache.put(u, records(1), 1, cache.seen(u), 0);
  EXPECT_EQ(cache.size(), 2u);
  cache.set_enabled(false);
  cache.set_enabled(true);
  EXPECT_EQ(cache.size(), 0u);
  EXPECT_EQ(cache.stamp(1), std::nullopt);
}

TEST(LearningReadCache, BoundedByTheRecordsItHolds) {
  ReadCache cache(100, 1000, 10);  // at most 10 rows: each person's records + 1
  cache.set_enabled(true);
  auto many = std::make_shared<UserState>();
  for (int i = 0; i < 4; ++i) many->contents["c" + std::to_string(i)].percent = i;  // 5 rows
  cache.put("u1", many, 1, cache.seen("u1"), 0);
  cache.put("u2", many, 1, cache.seen("u2"), 0);
  EXPECT_EQ(cache.rows(), 10u);
  cache.put("u3", records(1), 1, cache.seen("u3"), 0);  // 2 rows: one of the others makes room
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_LE(cache.rows(), 10u);
  EXPECT_NE(cache.records("u3", 1), nullptr);
  cache.put("u3", many, 1, cache.seen("u3"), 0);  // replacing counts the new rows only
  EXPECT_LE(cache.rows(), 10u);
  cache.drop_user("u3");
  EXPECT_EQ(cache.records("u3", 1), nullptr);
  auto huge = std::make_shared<UserState>();
  for (int i = 0; i < 20; ++i) huge->contents["h" + std::to_string(i)].percent = i;
  cache.put("u4", huge, 1, cache.seen("u4"), 0);
  EXPECT_EQ(cache.records("u4", 1), nullptr) << "more than the whole bound: not kept";
  cache.set_enabled(false);
  EXPECT_EQ(cache.rows(), 0u);
}

TEST(LearningReadCache, AFullCacheSweepsExpiredEntriesAtMostOnceASecond) {
  ReadCache cache(3, 1000);
  cache.set_enabled(true);
  for (const char* u : {"u1", "u2", "u3"}) cache.put(u, records(1), 1, cache.seen(u), 0);
  cache.put("u4", records(1), 1, cache.seen("u4"), 1500);  // full: u1-u3 expired, all swept
  EXPECT_EQ(cache.size(), 1u);
  for (const char* u : {"u5", "u6"}) cache.put(u, records(1), 1, cache.seen(u), 1700);
  cache.put("u7", records(1), 1, cache.seen("u7"), 2600);  // full again 1.1 s later: u4 expired
  EXPECT_EQ(cache.records("u4", 2600), nullptr);
  EXPECT_NE(cache.records("u5", 2600), nullptr) << "not expired: kept by the sweep";
  EXPECT_EQ(cache.size(), 3u);
  cache.put("u8", records(1), 1, cache.seen("u8"), 2700);  // full within the second: one arbitrary entry goes
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_NE(cache.records("u8", 2700), nullptr);
}
