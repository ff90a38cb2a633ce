// `shopfloor fsrs-replay`: runs review logs through the FSRS scheduler and prints every state, so a test
// can compare the server's arithmetic with the reference implementation's on the same logs (no database,
// no clock: the scheduler alone, thousands of logs in one process).
#pragma once

#include <string>

namespace shopfloor::drill {

// Input: {"parameters": {"w"?, "desiredRetention"?, "maximumInterval"?, "shortTerm"?},
//         "cards": [[{"at": unixMs, "rating": 1..4}, …], …],          (whole reviews: state, reps, lapses,
//         due) "states": [[{"elapsedDays": n, "rating": 1..4}, …], …]}     (memory state only, any elapsed
//         days)
// Output: {"intervalModifier", "cards": [[{"stability", "difficulty", "reps", "lapses", "scheduledDays",
//          "due"}, …], …], "states": [[{"stability", "difficulty", "retrievability"}, …], …]}
// (retrievability: the recall probability just before that review; null for the first).
// Throws std::invalid_argument (bad parameters or logs) or a JSON parse error.
std::string replay_json(const std::string& input);

}  // namespace shopfloor::drill
