#include "learning/progress.hpp"

#include <algorithm>

#include "learning/catalogue.hpp"
#include "points/ledger.hpp"
#include "resources/staff_gate.hpp"
#include "resources/triggers.hpp"

namespace shopfloor::learning {

std::int64_t watch_time_between(double prev_position_s, std::int64_t prev_at_ms, double position_s,
                                std::int64_t now_ms) {
  double media_ms = (position_s - prev_position_s) * 1000.0;
  std::int64_t wall_ms = now_ms - prev_at_ms;
  if (!(media_ms > 0) || wall_ms <= 0) return 0;
  return std::min({static_cast<std::int64_t>(media_ms), wall_ms, std::int64_t{60'000}});
}

bool lesson_complete(db::Connection& c, const std::string& user_id, std::string_view kind,
                     const std::string& item_id) {
  if (kind == "exam")
    return !c.query("SELECT 1 FROM exam_attempts WHERE user_id = $1 AND exam_id = $2 AND passed = 1 LIMIT 1",
                    user_id, item_id)
                .empty();
  return !c.query(
               "SELECT 1 FROM learning_progress WHERE user_id = $1 AND item_type = 'content' AND item_id = "
               "$2 "
               "AND completed_at IS NOT NULL",
               user_id, item_id)
              .empty();
}

std::optional<CourseCompletion> complete_course_if_done(db::Connection& c, const Viewer& viewer,
                                                        const std::string& course_id, std::int64_t now) {
  const std::string& user_id = viewer.user_id;
  auto lessons =
      c.query("SELECT kind, content_id, exam_id FROM course_lessons WHERE course_id = $1", course_id);
  std::vector<std::string> content_ids, exam_ids;
  for (const auto& l : lessons.rows)
    (l.str(0) == "exam" ? exam_ids : content_ids).push_back(l.str(l.str(0) == "exam" ? 2 : 1));
  auto openable = openable_lessons(c, viewer, now, content_ids, exam_ids);
  bool any = false;
  for (const auto& l : lessons.rows) {
    bool exam = l.str(0) == "exam";
    std::string item_id = exam ? l.str(2) : l.str(1);
    if (!openable.has(l.str(0), item_id)) continue;
    any = true;
    if (!lesson_complete(c, user_id, exam ? "exam" : "content", item_id)) return std::nullopt;
  }
  if (!any) return std::nullopt;
  // Only the call that flips completed_at reports the completion; racing calls update nothing.
  auto flipped = c.query(
      "UPDATE course_enrollments SET completed_at = $1, updated_at = $1 WHERE user_id = $2 AND "
      "course_id = $3 AND completed_at IS NULL",
      now, user_id, course_id);
  if (flipped.affected == 0) return std::nullopt;
  // The course of the person's own enrolment, whatever its state now.
  auto course =
      c.query("SELECT title, points FROM " + resources::any_state("courses") + " WHERE id = $1", course_id)
          .first();
  CourseCompletion cc{course_id, course->str(0), 0};
  if (course->i64(1) > 0 && points::award(c, {user_id, course->i64(1), course->str(0), "course", course_id,
                                              "course:" + course_id + ":" + user_id, ""}))
    cc.points_awarded = course->i64(1);
  triggers::fire(c, {triggers::course_completed, user_id, course_id, 0});
  return cc;
}

std::vector<CourseCompletion> after_lesson_completed(db::Connection& c, const Viewer& viewer,
                                                     std::string_view kind, const std::string& item_id,
                                                     std::int64_t now) {
  std::vector<CourseCompletion> done;
  resources::StaffGate gate(viewer, now);
  auto courses =
      gate.from("courses", "co")
          .select("DISTINCT co.id")
          .join("JOIN course_lessons l ON l.course_id = co.id")
          .where("l.kind = $1 AND (l.content_id = $2 OR l.exam_id = $2)", {std::string(kind), item_id})
          .rows(c);
  for (const auto& course : courses) {
    std::string course_id = course.str(0);
    c.query(
        "INSERT INTO course_enrollments (user_id, course_id, started_at, updated_at) VALUES ($1, $2, $3, $3) "
        "ON CONFLICT (user_id, course_id) DO NOTHING",
        viewer.user_id, course_id, now);
    if (auto cc = complete_course_if_done(c, viewer, course_id, now)) done.push_back(std::move(*cc));
  }
  return done;
}

}  // namespace shopfloor::learning
