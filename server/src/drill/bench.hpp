// `shopfloor bench-drill` (make bench): how long building today's drill takes for one person with many
// question states (issue 32: 5,000 states, p99 < 20 ms).
#pragma once

#include <string>

#include "db/database.hpp"

namespace shopfloor::drill {

struct BenchOptions {
  int states = 5000;  // questions the bench person has a memory state for
  int runs = 300;     // drills drawn and timed
};

// Seeds (once) a bench person "BENCH-DRILL" who took one published exam of `states` questions and has a
// state for each (three due today, the rest later), then times GET /api/drill/today's work (drawing the
// day's drill and serving its first question) `runs` times, each on a fresh day. Returns the figures as JSON.
std::string bench(db::Database& database, const BenchOptions& options);

}  // namespace shopfloor::drill
