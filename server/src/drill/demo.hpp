// The drill's part of the demo company's history (app/demo_seed.cpp's steps): the last month of daily
// drills, done through the drill's own functions, so streaks, memory states and points are alive in
// `make run`.
#pragma once

#include "db/database.hpp"
#include "util/demo.hpp"

namespace shopfloor::drill {

inline constexpr int demo_drill_days = 30;

// `seed --demo`: a few drill-only questions (two matching ones, a single choice, a true/false) of the demo's
// courses (asked to the people enrolled in them: tests' fresh people meet none), under the demo's categories,
// and the customer-service quiz's category (its questions' topic). Idempotent: called after the catalogue and
// again after the company's catalogue (the safety course's questions).
void seed_demo(db::Connection& c);

// On each of the last demo_drill_days days: the people who open the app (not the named demo logins, whose
// drill is theirs to do) do the day's drill with a chance by their zeal, right by their skill, 3-20 s an
// answer.
void seed_history_day(db::Connection& c, const demo::Day& d);

}  // namespace shopfloor::drill
