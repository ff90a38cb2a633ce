// Pulse surveys (SPEC §9 "pulse surveys that close the loop"; issue 16): one to three questions of the survey
// engine asked again every week or month (Asia/Bangkok periods), each person once per period, a question not
// asked again to the same person within `cooldown` periods; results as a trend per question across periods
// (periods under 5 answers withheld on anonymous pulses); "you said, we did" updates seen by staff.
#pragma once

#include "http/area.hpp"

namespace shopfloor::pulse {

void register_routes(http::Services& app);

// `seed --demo`: an anonymous weekly pulse of three questions, five past weeks of answers, one update.
void seed_demo(db::Connection& c);

}  // namespace shopfloor::pulse
