// The per-key budget (util/rate_budget) with an injected clock, and the strict whole-number parser.
#include "util/rate_budget.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "util/text.hpp"

using namespace shopfloor;
using namespace std::chrono_literals;

namespace {
struct FakeClock {
  std::chrono::steady_clock::time_point t{std::chrono::hours(1000)};
  RateBudget::Clock fn() {
    return [this] { return t; };
  }
};
}  // namespace

TEST(RateBudget, SpendsTheBurstThenRefusesWithTheWaitUntilEnoughIsEarned) {
  FakeClock clock;
  RateBudget b({.burst = 10, .per_minute = 60}, 100, clock.fn());  // one unit a second
  EXPECT_EQ(b.take("ip:1", 4), 0);
  EXPECT_EQ(b.take("ip:1", 6), 0);
  EXPECT_EQ(b.take("ip:1", 1), 1);  // empty: one unit is earned in a second
  EXPECT_EQ(b.take("ip:1", 5), 5);
  clock.t += 3s;
  EXPECT_EQ(b.take("ip:1", 5), 2);  // refused calls spend nothing
  EXPECT_EQ(b.take("ip:1", 3), 0);
  EXPECT_EQ(b.take("ip:1", 1), 1);
}

TEST(RateBudget, KeysAreIndependent) {
  FakeClock clock;
  RateBudget b({.burst = 2, .per_minute = 60}, 100, clock.fn());
  EXPECT_EQ(b.take("a", 2), 0);
  EXPECT_GT(b.take("a"), 0);
  EXPECT_EQ(b.take("b", 2), 0);
}

TEST(RateBudget, RefillsToTheBurstAndNoFurther) {
  FakeClock clock;
  RateBudget b({.burst = 3, .per_minute = 60}, 100, clock.fn());
  EXPECT_EQ(b.take("k", 3), 0);
  clock.t += 1h;
  EXPECT_EQ(b.take("k", 3), 0);
  EXPECT_GT(b.take("k", 1), 0);
}

TEST(RateBudget, RetryAfterRoundsUpToWholeSeconds) {
  FakeClock clock;
  RateBudget b({.burst = 1, .per_minute = 600}, 100, clock.fn());  // a unit every 100 ms
  EXPECT_EQ(b.take("k"), 0);
  EXPECT_EQ(b.take("k"), 1);
  clock.t += 100ms;
  EXPECT_EQ(b.take("k"), 0);
}

TEST(RateBudget, ACostBeyondTheBurstPassesOnlyFromAFullBucket) {
  FakeClock clock;
  RateBudget b({.burst = 5, .per_minute = 60}, 100, clock.fn());
  EXPECT_EQ(b.take("k", 8), 0);  // full: allowed, 8 s of debt
  EXPECT_EQ(b.take("k", 8), 8);  // waits until full again
  EXPECT_EQ(b.take("k", 1), 4);  // a small cost: once one unit is back within the burst
  clock.t += 8s;
  EXPECT_EQ(b.take("k", 8), 0);
}

TEST(RateBudget, AChargeSpendsWhateverIsLeftAndLaterTakesWaitItOff) {
  FakeClock clock;
  RateBudget b({.burst = 40, .per_minute = 60}, 100, clock.fn());  // one unit a second
  // A live quiz guess: 1 taken, 9 more charged once it turned out wrong. Four fit in the burst.
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(b.take("guesser", 1), 0) << i;
    b.charge("guesser", 9);
  }
  EXPECT_EQ(b.take("guesser", 1), 1);
  b.charge("guesser", 100);  // a charge goes below empty: 100 s of debt
  EXPECT_EQ(b.take("guesser", 1), 101);
  clock.t += 101s;
  EXPECT_EQ(b.take("guesser", 1), 0);
  // A charge on a fresh key spends from its full bucket; an unlimited budget ignores charges.
  b.charge("fresh", 39);
  EXPECT_EQ(b.take("fresh", 1), 0);
  EXPECT_EQ(b.take("fresh", 1), 1);
  RateBudget open({.burst = 0, .per_minute = 0});
  open.charge("k", 1000);
  EXPECT_EQ(open.keys(), 0u);
}

TEST(RateBudget, ZeroMeansUnlimited) {
  RateBudget b({.burst = 0, .per_minute = 60});
  EXPECT_TRUE(b.unlimited());
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(b.take("k", 200), 0);
  EXPECT_EQ(b.keys(), 0u);
}

TEST(RateBudget, RefilledKeysAreForgotten) {
  FakeClock clock;
  RateBudget b({.burst = 2, .per_minute = 60}, 1000, clock.fn());
  for (int i = 0; i < 100; ++i) EXPECT_EQ(b.take("ip:" + std::to_string(i), 1), 0);
  EXPECT_EQ(b.keys(), 100u);
  clock.t += 3s;  // every bucket is full again, and the sweep interval (the refill time) has passed
  EXPECT_EQ(b.take("new"), 0);
  EXPECT_EQ(b.keys(), 1u);
}

TEST(RateBudget, MemoryStaysBoundedUnderManyBusyKeys) {
  FakeClock clock;
  RateBudget b({.burst = 10, .per_minute = 1}, 64, clock.fn());
  for (int i = 0; i < 10'000; ++i) {
    clock.t += 1ms;  // nothing refills within the test (a unit takes a minute)
    EXPECT_EQ(b.take("ip:" + std::to_string(i), 5), 0);
    ASSERT_LE(b.keys(), 64u);
  }
  // The oldest go first: the newest keys are still remembered.
  EXPECT_GE(b.keys(), 48u);
  EXPECT_GT(b.take("ip:9999", 10), 0);
  EXPECT_GT(b.take("ip:9990", 10), 0);
}

TEST(RateBudget, ParallelSpendersNeverExceedTheBurst) {
  FakeClock clock;  // frozen: nothing is earned back during the test
  RateBudget b({.burst = 1000, .per_minute = 60}, 100, clock.fn());
  std::atomic<int> granted{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 500; ++i)
        if (b.take("shared", 1) == 0) ++granted;
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(granted.load(), 1000);
}

TEST(ParseInt, AcceptsOnlyPlainWholeNumbers) {
  EXPECT_EQ(parse_int("0"), 0);
  EXPECT_EQ(parse_int("500"), 500);
  EXPECT_EQ(parse_int("-3"), -3);
  EXPECT_EQ(parse_int("9223372036854775807"), INT64_MAX);
  for (const char* bad : {"", "1e3", "1.5", " 5", "5 ", "+5", "0x10", "abc", "-", "9223372036854775808",
                          "99999999999999999999", "1,000"})
    EXPECT_EQ(parse_int(bad), std::nullopt) << bad;
}

TEST(LikeContains, EscapesWildcards) {
  EXPECT_EQ(like_contains("abc"), "%abc%");
  EXPECT_EQ(like_contains("50%_off\\"), "%50\\%\\_off\\\\%");
  EXPECT_EQ(like_contains(""), "%%");
  EXPECT_STREQ(like_escape_clause, " ESCAPE '\\'");
}
