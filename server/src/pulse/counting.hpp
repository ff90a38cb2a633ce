// Where a pulse's answers are written: from the ballot box (surveys/ballots.hpp), one box per pulse and
// period, at least five ballots together; a named pulse's past period's last ones whatever their number (an
// anonymous pulse's stay sealed: see surveys/ballots.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "surveys/ballots.hpp"
#include "surveys/engine.hpp"

namespace shopfloor::pulse {

std::string box_of(const std::string& pulse_id, std::int64_t period);
std::string ballot_of(const std::vector<surveys::Answer>& answers);

// Counts the period's waiting ballots when at least five wait (every one when `all`: a named pulse's period
// that is over); returns how many were counted.
int count_ballots(db::Connection& c, const surveys::ballots::Key& key, const std::string& pulse_id,
                  std::int64_t period, bool all = false);

// Counts what waits in the periods before `current`: no more will come to them. A named pulse's every ballot;
// an anonymous pulse's five or more only.
void count_past(db::Connection& c, const surveys::ballots::Key& key, const std::string& pulse_id,
                std::int64_t current, bool anonymous);

}  // namespace shopfloor::pulse
