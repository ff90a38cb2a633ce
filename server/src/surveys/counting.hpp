// Where a submitted survey's answers are written: a named response at once, in the submitting transaction;
// anonymous ones from the ballot box (surveys/ballots.hpp), at least ballots::min_open together.
#pragma once

#include <string>
#include <vector>

#include "db/database.hpp"
#include "surveys/ballots.hpp"
#include "surveys/engine.hpp"
#include "surveys/totals.hpp"

namespace shopfloor::surveys {

std::string box_of(const std::string& survey_id);

// One response with its answers and totals; `user_id` empty for an anonymous one (then no time either and a
// random id).
void write_response(db::Connection& c, const std::string& survey_id, const std::string& user_id,
                    const Placement& where, const std::vector<Answer>& answers, std::int64_t now);

// The reports' rollups of one counted response (migration 0028): 'survey.response' and 'survey.nps'.
void count_for_reports(db::Connection& c, const std::string& survey_id, const Placement& where,
                       const std::vector<Answer>& answers);

// Counts the survey's waiting ballots when at least ballots::min_open wait; returns how many were counted.
int count_ballots(db::Connection& c, const ballots::Key& key, const std::string& survey_id);

}  // namespace shopfloor::surveys
