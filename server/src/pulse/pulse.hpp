// Pulse surveys (SPEC §9 "pulse surveys that close the loop"; issue 16): one to three questions of the survey
// engine asked again every week or month (Asia/Bangkok periods), each person once per period, a question not
// asked again to the same person within `cooldown` periods; results as a trend per question across periods
// (periods under 5 answers withheld on anonymous pulses); "you said, we did" updates seen by staff.
#pragma once

#include "http/area.hpp"
#include "util/demo.hpp"

namespace shopfloor::pulse {

void register_routes(http::Services& app);

// `seed --demo`: an anonymous weekly pulse of three questions and one update.
void seed_demo(db::Connection& c);
// One day of the company's history: some visitors answer the week's questions through the staff route's
// function; full ballot boxes are counted as the route counts them.
void seed_history_day(db::Connection& c, const demo::Day& d);

}  // namespace shopfloor::pulse
