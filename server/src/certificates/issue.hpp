// Issuing a certificate when its course is completed (a course.completed listener, in the completion's
// transaction), renewing it when the course is completed again, and how a certificate stands at a moment.
#pragma once

#include <cstdint>
#include <string>

#include "db/database.hpp"
#include "resources/triggers.hpp"

namespace shopfloor::certificates {

inline constexpr std::int64_t day_ms = 24 * 3600 * 1000LL;
// From this many days before expiry a certificate is "expiring" (the first reminder).
inline constexpr std::int64_t expiring_days = 30;

// `months` calendar months after `epoch_ms` on the Bangkok calendar (UTC+7, no DST), the day clamped to the
// month's last (31 Jan + 1 month = 28/29 Feb), the time of day kept.
std::int64_t add_months(std::int64_t epoch_ms, int months);

// "valid", "expiring" (within expiring_days) or "expired" (expires_at reached).
std::string standing(std::int64_t expires_at, std::int64_t now);

// Issues or renews the person's certificate of the course's published definition (none: nothing). A
// second call for the same completion changes nothing (the renewal needs a later completion). Returns the
// certificate's id when this call issued or renewed it.
std::optional<std::string> issue(db::Connection& c, const std::string& user_id, const std::string& course_id,
                                 std::int64_t now);

// The course.completed listener: issue() at now_ms().
void on_course_completed(db::Connection& c, const triggers::Happening& h);

}  // namespace shopfloor::certificates
