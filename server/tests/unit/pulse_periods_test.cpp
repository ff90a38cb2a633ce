// Pulse periods in Asia/Bangkok time: ISO weeks (with 53-week years and the year turning mid-week) and
// calendar months, their boundaries at 00:00 Bangkok = 17:00 UTC the day before, and keys both ways.
#include <gtest/gtest.h>

#include "pulse/periods.hpp"

using namespace shopfloor::pulse;

TEST(PulsePeriods, WeeksTurnOnMondayMidnightInBangkok) {
  auto w = Recurrence::weekly;
  EXPECT_EQ(key_of(w, period_at(w, 1795366799999)), "2026-W47");  // Sunday 23:59:59.999 Bangkok
  EXPECT_EQ(key_of(w, period_at(w, 1795366800000)), "2026-W48");  // Monday 00:00 Bangkok
  EXPECT_EQ(period_at(w, 1795366800000) - period_at(w, 1795366799999), 1);
  EXPECT_EQ(start_of(w, period_at(w, 1795366800000)), 1795366800000);
  EXPECT_EQ(key_of(w, period_at(w, 1798736400000)), "2026-W53");  // 1 Jan 2027 belongs to 2026's week 53
  EXPECT_EQ(key_of(w, period_at(w, 1798995599000)), "2026-W53");
  EXPECT_EQ(key_of(w, period_at(w, 1798995600000)), "2027-W01");
  EXPECT_EQ(key_of(w, period_at(w, 1609416000000)), "2020-W53");
}

TEST(PulsePeriods, MonthsTurnOnTheFirstInBangkok) {
  auto m = Recurrence::monthly;
  EXPECT_EQ(key_of(m, period_at(m, 1796057999000)), "2026-11");
  EXPECT_EQ(key_of(m, period_at(m, 1796058000000)), "2026-12");
  EXPECT_EQ(key_of(m, period_at(m, 1798736400000)), "2027-01");
  EXPECT_EQ(start_of(m, period_at(m, 1796058000000)), 1796058000000);
  EXPECT_EQ(period_at(m, 1798736400000) - period_at(m, 1796058000000), 1);
}

TEST(PulsePeriods, KeysReadBack) {
  for (auto r : {Recurrence::weekly, Recurrence::monthly})
    for (std::int64_t at = 1609416000000; at < 1798995600000; at += 86400000LL * 5) {
      auto p = period_at(r, at);
      EXPECT_EQ(period_of_key(r, key_of(r, p)), p) << key_of(r, p);
    }
  EXPECT_FALSE(period_of_key(Recurrence::weekly, "2026-W54"));
  EXPECT_FALSE(period_of_key(Recurrence::weekly, "2025-W53"));  // 2025 has 52 weeks
  EXPECT_FALSE(period_of_key(Recurrence::weekly, "2026-11"));
  EXPECT_FALSE(period_of_key(Recurrence::monthly, "2026-13"));
  EXPECT_FALSE(period_of_key(Recurrence::monthly, "2026-W47"));
  EXPECT_FALSE(period_of_key(Recurrence::monthly, "2026-11x"));
  EXPECT_EQ(period_of_key(Recurrence::monthly, "2026-11"), 2026 * 12 + 10);
}
