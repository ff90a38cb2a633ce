// Bangkok days for the report rollups: day numbers, ISO week and month starts, and the YYYY-MM-DD text;
// people seen once per day, week and month; the seed's pinned clock.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <thread>

#include "db/database.hpp"
#include "rollups/rollups.hpp"
#include "util/ids.hpp"

namespace r = shopfloor::rollups;

TEST(RollupsDays, BangkokMidnightStartsTheDay) {
  // 2026-11-25T17:00:00Z is 2026-11-26 00:00 in Bangkok.
  const std::int64_t midnight = 1795626000000;
  EXPECT_EQ(r::day_text(r::day_of(midnight)), "2026-11-26");
  EXPECT_EQ(r::day_text(r::day_of(midnight - 1)), "2026-11-25");
  EXPECT_EQ(r::day_start_ms(r::day_of(midnight)), midnight);
}

TEST(RollupsDays, TextRoundTripsAndRejectsNonsense) {
  auto d = r::parse_day("2026-11-26");
  ASSERT_TRUE(d);
  EXPECT_EQ(r::day_text(*d), "2026-11-26");
  EXPECT_EQ(*r::parse_day("1970-01-01"), 0);
  EXPECT_EQ(*r::parse_day("2024-02-29") + 1, *r::parse_day("2024-03-01"));
  for (const char* bad : {"2026-02-30", "2026-13-01", "26-11-2026", "2026-11-26x", "2026/11/26", "",
                          "1969-12-31", "2026-1-026", "abcd-ef-gh"})
    EXPECT_FALSE(r::parse_day(bad)) << bad;
}

TEST(RollupsDays, WeeksStartOnMondayAndMonthsOnTheFirst) {
  auto day = [](const char* s) { return *r::parse_day(s); };
  EXPECT_EQ(r::week_start(day("2026-11-26")), day("2026-11-23"));  // a Thursday
  EXPECT_EQ(r::week_start(day("2026-11-23")), day("2026-11-23"));  // a Monday
  EXPECT_EQ(r::week_start(day("2026-11-29")), day("2026-11-23"));  // a Sunday
  EXPECT_EQ(r::week_start(0), -3);  // 1970-01-01, a Thursday: its Monday is three days before
  EXPECT_EQ(r::month_start(day("2026-11-26")), day("2026-11-01"));
  EXPECT_EQ(r::month_start(day("2024-02-29")), day("2024-02-01"));
  EXPECT_EQ(r::month_start(day("2026-12-01")), day("2026-12-01"));
}

// A person seen on the last day of a month and again on the first of the next, inside one ISO week, is one
// weekly active and counts in both months (a week that spans two months once hid the second month).
TEST(RollupsSeen, AWeekAcrossTwoMonthsCountsBothMonths) {
  auto dir = std::filesystem::temp_directory_path() / ("rollups-seen-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  {
    auto database = shopfloor::db::Database::open("sqlite://" + (dir / "seen.db").string());
    database->migrate();
    auto at = [](const char* day) { return r::day_start_ms(*r::parse_day(day)) + 10 * 3600000LL; };
    database->transact_sync([&](shopfloor::db::Connection& c) {
      r::Where where{"store", "Sales", "region"};
      EXPECT_TRUE(r::seen(c, "u1", where, at("2026-10-31")));   // a Saturday; its week began 2026-10-26
      EXPECT_FALSE(r::seen(c, "u1", where, at("2026-10-31")));  // again that day: nothing new
      EXPECT_TRUE(r::seen(c, "u1", where, at("2026-11-01")));   // the Sunday of the same week, a new month
      auto n = [&](const char* metric, const char* day) {
        auto row =
            c.query("SELECT n FROM report_counts WHERE metric = $1 AND day = $2 AND store_id = 'store'",
                    std::string(metric), *r::parse_day(day))
                .first();
        return row ? row->i64(0) : 0;
      };
      EXPECT_EQ(n("actives.day", "2026-10-31"), 1);
      EXPECT_EQ(n("actives.day", "2026-11-01"), 1);
      EXPECT_EQ(n("actives.week", "2026-10-26"), 1);
      EXPECT_EQ(n("actives.month", "2026-10-01"), 1);
      EXPECT_EQ(n("actives.month", "2026-11-01"), 1);
    });
  }
  std::filesystem::remove_all(dir);
}

// A Deferred holds its transaction's counts (merged: the same counter twice is one row) until flush writes
// them and ends the hold; dropped unflushed, it writes nothing; with none alive a count is written at once.
TEST(RollupsDeferred, HoldsMergesAndWritesOnFlushOnly) {
  auto dir = std::filesystem::temp_directory_path() / ("rollups-deferred-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  {
    auto database = shopfloor::db::Database::open("sqlite://" + (dir / "deferred.db").string());
    database->migrate();
    r::Where where{"store", "Sales", "region"};
    const std::int64_t day = *r::parse_day("2026-11-29");
    auto all = [&](shopfloor::db::Connection& c, const char* key) {
      auto row =
          c.query("SELECT n, total FROM report_counts WHERE metric = 'm@all' AND day = $1 AND key = $2", day,
                  std::string(key))
              .first();
      return row ? std::pair{row->i64(0), row->i64(1)} : std::pair<std::int64_t, std::int64_t>{0, 0};
    };
    database->transact_sync([&](shopfloor::db::Connection& c) {
      r::Deferred held(c);
      r::add(c, "m", day, where, "a", 1, 5);
      r::add(c, "m", day, where, "a", 1, 7);
      r::add(c, "m", day, where, "b", 2, 0);
      EXPECT_EQ(all(c, "a").first, 0) << "held until flush";
      held.flush();
      EXPECT_EQ(all(c, "a"), (std::pair<std::int64_t, std::int64_t>{2, 12}));
      EXPECT_EQ(all(c, "b").first, 2);
      r::add(c, "m", day, where, "a", 1, 1);  // after the flush: written at once
      EXPECT_EQ(all(c, "a"), (std::pair<std::int64_t, std::int64_t>{3, 13}));
    });
    database->transact_sync([&](shopfloor::db::Connection& c) {
      EXPECT_EQ(all(c, "a"), (std::pair<std::int64_t, std::int64_t>{3, 13}));
      {
        r::Deferred dropped(c);
        r::add(c, "m", day, where, "c", 1, 0);
      }
      r::add(c, "m", day, where, "d", 1, 0);  // no Deferred alive: written at once
      EXPECT_EQ(all(c, "c").first, 0);
      EXPECT_EQ(all(c, "d").first, 1);
    });
  }
  std::filesystem::remove_all(dir);
}

// The seed's pinned clock: now_ms() answers the pinned instant on this thread only, and the reading before
// comes back when the pin ends (nested pins included).
TEST(PinnedClock, PinsThisThreadsNowAndRestoresIt) {
  auto real = shopfloor::now_ms();
  {
    shopfloor::PinnedClock outer(1000);
    EXPECT_EQ(shopfloor::now_ms(), 1000);
    std::int64_t other = 0;
    std::thread([&] { other = shopfloor::now_ms(); }).join();
    EXPECT_GE(other, real);  // another thread keeps the system clock
    {
      shopfloor::PinnedClock inner(2000);
      EXPECT_EQ(shopfloor::now_ms(), 2000);
      inner.set(3000);
      EXPECT_EQ(shopfloor::now_ms(), 3000);
    }
    EXPECT_EQ(shopfloor::now_ms(), 1000);
  }
  EXPECT_GE(shopfloor::now_ms(), real);
}
