// Results of a survey for the back office: per question (engine Tally), optionally broken down by store,
// region or position. Anonymous surveys: nothing under 5 responses in all, and no breakdown group under 5
// (merged into "other", with the smallest groups added until "other" holds 5, so subtraction from the total
// cannot single out a small group).
#pragma once

#include <boost/json/object.hpp>
#include <optional>
#include <string>

#include "db/database.hpp"

namespace shopfloor::surveys {

inline constexpr std::int64_t min_group = 5;

// How many text answers per question the results list (the export lists them all: texts_limit 0).
inline constexpr std::int64_t texts_shown = 200;

// by: "" (none), "store", "region", "position". nullopt: no such survey. Read from the running totals
// (totals.hpp), so the cost does not grow with the number of responses (texts aside: texts_limit, 0 = all).
std::optional<boost::json::object> results_of(db::Connection& c, const std::string& survey_id,
                                              const std::string& by, std::int64_t texts_limit = texts_shown);

}  // namespace shopfloor::surveys
