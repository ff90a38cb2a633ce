// Surveys (SPEC §5 Surveys; issue 16): sections of questions of the one question engine (engine.hpp), an
// audience and a window, named or anonymous; one response per person (race-free), progress kept as a draft
// until submitted; results per question with NPS and CSAT, broken down by store, region or position, with
// groups under 5 merged away on anonymous surveys.
#pragma once

#include "http/area.hpp"

namespace shopfloor::surveys {

void register_routes(http::Services& app);

// `seed --demo`: an open anonymous survey with every kind of question and some answers.
void seed_demo(db::Connection& c);

}  // namespace shopfloor::surveys
