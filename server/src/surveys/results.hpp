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

// by: "" (none), "store", "region", "position". nullopt: no such survey.
std::optional<boost::json::object> results_of(db::Connection& c, const std::string& survey_id,
                                              const std::string& by);

}  // namespace shopfloor::surveys
