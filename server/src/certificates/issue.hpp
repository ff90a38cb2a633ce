// Issuing a certificate when its course or learning path is completed (a course.completed listener, in the
// completion's transaction), renewing it when it is completed again, and how a certificate stands at a
// moment.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

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

// What a certificate is for: a course, or a learning path of courses (completed when its last required
// course is). A definition and its certificates name it in course_id or path_id.
struct Subject {
  enum Kind { course, path } kind = course;
  std::string id;
  const char* column() const { return kind == course ? "course_id" : "path_id"; }
  const char* name() const { return kind == course ? "course" : "path"; }
};

// The joins that name the subject of `alias` (certificates or certificate_definitions) whatever its state:
// co (its course) and lp (its path), one of them NULL; with subject_kind_sql, subject_id_sql and
// subject_title_sql the subject's columns. Every read of a certificate uses these.
std::string subject_joins(const std::string& alias);
std::string subject_kind_sql(const std::string& alias);
std::string subject_id_sql(const std::string& alias);
inline const char* subject_title_sql = "COALESCE(co.title, lp.title)";
Subject subject_of(const std::string& kind, const std::string& id);

// Issues or renews the person's certificate of the subject's published definition (none: nothing). A
// second call for the same completion changes nothing (the renewal needs a later completion). Returns the
// certificate's id when this call issued or renewed it.
std::optional<std::string> issue(db::Connection& c, const std::string& user_id, const Subject& subject,
                                 std::int64_t now);

// The required courses of a path, in order (what its refresher re-opens).
std::vector<std::string> required_courses(db::Connection& c, const std::string& path_id);

// The course.completed listener, at now_ms(): issue() for the course, and for each published path the
// completion completes (every required course completed since the path's certificate was last issued).
void on_course_completed(db::Connection& c, const triggers::Happening& h);

}  // namespace shopfloor::certificates
