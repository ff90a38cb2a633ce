// Learning's notices (notification centre, SPEC §6): "a mandatory course was assigned to you" when an
// assignment is saved, and "a mandatory course is due in 3 days" from the daily job.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "db/database.hpp"

namespace shopfloor::learning {

// The audience job (jobs/audience_jobs.hpp) an assignment's save records: "course_assigned" notices for the
// active staff in its audience, `batch` people after `after_user` at a time, each once (a widened audience
// reaches only the newcomers). Returns the last person looked at, or nothing when nobody is left (or the
// course is not open to staff).
inline constexpr const char* assigned_job = "course_assigned";
std::optional<std::string> notify_assigned(db::Connection& c, const std::string& assignment_id,
                                           const std::string& after_user, int batch, std::int64_t now);

// The daily job: staff with a mandatory course due within 3 days that they have not completed, once per
// (course, person, due date). Returns how many were notified.
std::int64_t remind_due_courses(db::Connection& c, std::int64_t now);

}  // namespace shopfloor::learning
