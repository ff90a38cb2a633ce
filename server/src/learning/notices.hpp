// Learning's notices (notification centre, SPEC §6): "a mandatory course was assigned to you" when an
// assignment is saved, and "a mandatory course is due in 3 days" from the daily job.
#pragma once

#include <cstdint>
#include <string>

#include "db/database.hpp"

namespace shopfloor::learning {

// Inside the assignment's write transaction: notifies every active staff member in its audience who was
// not yet notified of it (a widened audience reaches only the newcomers). Returns how many were notified.
std::int64_t notify_assigned(db::Connection& c, const std::string& assignment_id, std::int64_t now);

// The daily job: staff with a mandatory course due within 3 days that they have not completed, once per
// (course, person, due date). Returns how many were notified.
std::int64_t remind_due_courses(db::Connection& c, std::int64_t now);

}  // namespace shopfloor::learning
