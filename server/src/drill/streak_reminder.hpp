// The evening nudge (issue 32): a person whose drill streak is alive (yesterday's drill finished) and who has
// not finished today's is told once that day, as a notification and a push, before the streak ends at
// midnight.
#pragma once

#include <cstdint>

#include "db/database.hpp"

namespace shopfloor::drill {

// The hour of the Bangkok day from which the reminder goes out (the daily job waits for it).
constexpr int streak_reminder_hour = 18;

// Tells everyone whose streak is at risk at `now`; returns how many were told (each person once per day).
std::int64_t remind_streaks_at_risk(db::Connection& c, std::int64_t now);

}  // namespace shopfloor::drill
