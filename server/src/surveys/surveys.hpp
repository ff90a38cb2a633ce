// Surveys (SPEC §5 Surveys; issue 16): sections of questions of the one question engine (engine.hpp), an
// audience and a window, named or anonymous; one response per person (race-free), progress kept as a draft
// until submitted; results per question with NPS and CSAT, broken down by store, region or position, with
// groups under 5 merged away on anonymous surveys.
#pragma once

#include <string>

#include "http/area.hpp"
#include "util/demo.hpp"

namespace shopfloor::surveys {

void register_routes(http::Services& app);

// `seed --demo`: an open anonymous survey with every kind of question (answered in the company's history).
void seed_demo(db::Connection& c);
// The company's named survey of last month (seed --demo with its history); the open one opened 10 days ago.
void seed_company(db::Connection& c);
// One day of the company's history: some visitors answer the surveys open that day, through the staff
// route's function, and full ballot boxes are counted as the route counts them.
void seed_history_day(db::Connection& c, const demo::Day& d);

}  // namespace shopfloor::surveys
