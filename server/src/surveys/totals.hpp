// Running totals of a survey's answers (table survey_totals, migration 0026): what results read instead of
// summing every answer row, so results cost the same for 10 or 100,000 responses. Kept exact by updating
// them in the submitting transaction (upserts in one fixed key order, so concurrent submits on PostgreSQL
// queue on the rows instead of deadlocking).
#pragma once

#include <string>
#include <vector>

#include "db/database.hpp"
#include "surveys/engine.hpp"

namespace shopfloor::surveys {

// The breakdown groups a response counts in ("" when unknown).
struct Placement {
  std::string store, region, position;
};

// Value of the "responses that answered this question" row, and the question id of the "responses in the
// group" row.
inline constexpr std::int64_t answered_value = -1;

// Adds one response with its checked answers to the totals.
void add_to_totals(db::Connection& c, const std::string& survey_id, const Placement& where,
                   const std::vector<Answer>& answers);

// Recomputes a survey's totals from its stored responses (demo seed; a repair).
void rebuild_totals(db::Connection& c, const std::string& survey_id);

}  // namespace shopfloor::surveys
