// Course progress shared by the lesson kinds: a content lesson completes when its content is completed
// (learning_progress.completed_at), an exam lesson when the user has a passed attempt. A course completes
// when all its lessons do; its points are awarded once through the points ledger.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/database.hpp"
#include "learning/audience.hpp"

namespace shopfloor::learning {

// Video watch time credited by one progress report: the playback position must have moved forward, and
// it counts at most the wall-clock time since the previous report (skipping ahead earns nothing), at most
// the media time played (a paused tab earns nothing), and at most a minute (a report that went missing).
std::int64_t watch_time_between(double prev_position_s, std::int64_t prev_at_ms, double position_s,
                                std::int64_t now_ms);

// Watch time a video of `duration_ms` needs before it counts as watched: 90 % of it at up to double speed.
constexpr std::int64_t min_watch_time_ms(std::int64_t duration_ms) {
  return duration_ms > 0 ? duration_ms * 45 / 100 : 0;
}

bool lesson_complete(db::Connection& c, const std::string& user_id, std::string_view kind,
                     const std::string& item_id);

struct CourseCompletion {
  std::string course_id, title;
  std::int64_t points_awarded = 0;  // 0 when the course has no points (or they were awarded before)
};

// Completes (once) a course the viewer is enrolled in when all the lessons they can open are complete
// (openable_lessons: a draft or a lesson outside their audience neither shows nor counts; a course with no
// such lesson never completes). Only the call that flips course_enrollments.completed_at answers the
// completion and awards the course's points.
std::optional<CourseCompletion> complete_course_if_done(db::Connection& c, const Viewer& viewer,
                                                        const std::string& course_id, std::int64_t now);

// Call in the same transaction right after the viewer completed a content item (kind "content") or
// passed an exam (kind "exam"). Enrols the viewer in every published course in their audience that has
// the item as a lesson, and completes (once) each of those whose lessons are now all complete.
std::vector<CourseCompletion> after_lesson_completed(db::Connection& c, const Viewer& viewer,
                                                     std::string_view kind, const std::string& item_id,
                                                     std::int64_t now);

}  // namespace shopfloor::learning
