// Where a pulse's answers are written: from the ballot box (surveys/ballots.hpp), one box per pulse and
// period, at least five ballots together, and a past period's last ones whatever their number.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "surveys/ballots.hpp"
#include "surveys/engine.hpp"

namespace shopfloor::pulse {

inline constexpr std::size_t ballot_batch = 5;

std::string box_of(const std::string& pulse_id, std::int64_t period);
std::string ballot_of(const std::vector<surveys::Answer>& answers);

// Counts the period's waiting ballots when at least `min` wait; returns how many were counted.
int count_ballots(db::Connection& c, const surveys::ballots::Key& key, const std::string& pulse_id,
                  std::int64_t period, std::size_t min);

// Counts every waiting ballot of the periods before `current`: no more will come to them.
void count_past(db::Connection& c, const surveys::ballots::Key& key, const std::string& pulse_id,
                std::int64_t current);

}  // namespace shopfloor::pulse
