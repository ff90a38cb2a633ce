// Learning's notices (notification centre, SPEC §6): "a mandatory course was assigned to you" when an
// assignment is saved, "a mandatory course is due in 3 days" and "... due tomorrow" from the daily jobs.
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

// "A course due tomorrow" (issue 30): the daily job records one audience job per assignment of an open course
// due on the next Bangkok day (subject "<assignment>@<YYYY-MM-DD>"), returning how many; the job then tells
// its audience a batch at a time, each batch its own transaction: "course_due_tomorrow" notices (pushed as
// "courses") to the active staff in the assignment's audience who have not completed the course, once per
// person, course and due day. A job whose assignment moved to another day, or whose course is no longer
// open, tells nobody.
inline constexpr const char* due_tomorrow_job = "course_due_tomorrow";
std::int64_t queue_due_tomorrow(db::Connection& c, std::int64_t now);
std::optional<std::string> notify_due_tomorrow(db::Connection& c, const std::string& subject,
                                               const std::string& after_user, int batch, std::int64_t now);

}  // namespace shopfloor::learning
