// Which event reminder is due when (events/reminders.hpp), and the start time as the push says it.
#include <gtest/gtest.h>

#include "events/reminders.hpp"

using shopfloor::events::bangkok_day_time;
using shopfloor::events::reminder_due;

namespace {
constexpr std::int64_t minute = 60'000, hour = 60 * minute, day = 24 * hour;
}  // namespace

TEST(EventReminders, TheHourWithinTheHourTheDayWithinTheDayNothingOtherwise) {
  EXPECT_EQ(reminder_due(day + 1), "");
  EXPECT_EQ(reminder_due(day), "day");
  EXPECT_EQ(reminder_due(hour + 1), "day");
  EXPECT_EQ(reminder_due(hour), "hour");
  EXPECT_EQ(reminder_due(1), "hour");
  EXPECT_EQ(reminder_due(0), "") << "started: too late for either";
  EXPECT_EQ(reminder_due(-minute), "");
}

TEST(EventReminders, SaysTheStartInBangkokTime) {
  // 2030-01-10T07:30:00Z is 14:30 in Bangkok; 18:05Z is already the next day there.
  EXPECT_EQ(bangkok_day_time(1'894'260'600'000), "10/1 14:30");
  EXPECT_EQ(bangkok_day_time(1'894'298'700'000), "11/1 01:05");
}
