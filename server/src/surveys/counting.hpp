// Where a submitted survey's answers are written: a named response at once, in the submitting transaction;
// anonymous ones from the ballot box (surveys/ballots.hpp), at least `ballot_batch` together.
#pragma once

#include <string>
#include <vector>

#include "db/database.hpp"
#include "surveys/ballots.hpp"
#include "surveys/engine.hpp"
#include "surveys/totals.hpp"

namespace shopfloor::surveys {

// The fewest anonymous answers counted together: the results' own small-group rule.
inline constexpr std::size_t ballot_batch = 5;

std::string box_of(const std::string& survey_id);

// One response with its answers and totals; `user_id` empty for an anonymous one (then no time either and a
// random id).
void write_response(db::Connection& c, const std::string& survey_id, const std::string& user_id,
                    const Placement& where, const std::vector<Answer>& answers, std::int64_t now);

// Counts the survey's waiting ballots when at least `min` wait (1: all of them, when the survey has ended);
// returns how many were counted.
// The reports' rollups of one counted response (migration 0028): 'survey.response' and 'survey.nps'.
void count_for_reports(db::Connection& c, const std::string& survey_id, const Placement& where,
                       const std::vector<Answer>& answers);

int count_ballots(db::Connection& c, const ballots::Key& key, const std::string& survey_id, std::size_t min);

}  // namespace shopfloor::surveys
