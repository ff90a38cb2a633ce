// Bangkok days for the report rollups: day numbers, ISO week and month starts, and the YYYY-MM-DD text.
#include <gtest/gtest.h>

#include "rollups/rollups.hpp"

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
