// Examinations (SPEC §5, docs/LEARNING.md): the admin resources "examinations" and "exam-questions", the
// question reorder call, and the staff exam flow (detail, start/resume, save answers, submit, results).
// The server draws and shuffles the questions, keeps the deadline (auto-submitting past it) and grades;
// nothing derived from the correct answers is sent before an attempt is submitted.
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "http/area.hpp"
#include "resources/audience.hpp"
#include "resources/resource.hpp"

namespace shopfloor::exams {

// The admin resources and the staff routes.
void register_routes(http::Services& app);
// "examinations" and "exam-questions" with the question order URL (declarations.cpp).
void register_resources(http::Services& app);

// The question's shape (kind, prompt, choices [{id, text}], correct [id], explanation) and its rules
// (true/false gets its two choices; the correct ids are choices; one correct for single and true/false, at
// least one for multiple): exam questions and games' quiz questions are written alike.
std::vector<resources::Field> question_shape_fields();
void question_rules(resources::WriteContext& w);

// ---- The exam card (GET /api/exams/:id and the admin preview) -------------------------------------------
//
// Select `card_columns` from exams `e` with `card_joins`, then build the card with exam_card(c, row, 0,
// user_id): {"type":"exam", id, title, summary, cover, category, points, durationMinutes (the time limit,
// rounded up), progress:{percent: best, completed: passed}|null, dueAt:null}.
inline constexpr const char* card_columns =
    "e.id, e.title, e.description, e.points, e.time_limit_seconds, cat.id, cat.name, m.id, m.hash, m.ext, "
    "m.kind, m.mime, m.width, m.height";
inline constexpr const char* card_joins =
    " LEFT JOIN categories cat ON cat.id = e.category_id LEFT JOIN media m ON m.id = e.cover_media_id";

boost::json::object exam_card(db::Connection& c, const db::Row& r, std::size_t i, const std::string& user_id);

// The staff detail shape ({exam: card + {description, questionCount, ...}} of GET /api/exams/:id, for
// `user_id`) of any exam whatever its status, window or audience: for the admin preview. nullopt when there
// is no such exam. Never contains answers.
std::optional<boost::json::object> exam_detail(db::Connection& c, const std::string& exam_id,
                                               const std::string& user_id, std::int64_t now);

// The staff attempt flow at `now`, as the routes run it (the demo history calls them too).
// POST /api/exams/:id/attempts: a new attempt ({attempt}, true) or the open one (false); 404 / 409.
std::pair<boost::json::object, bool> start_attempt(db::Connection& c, const std::string& user_id,
                                                   const std::string& exam_id, std::int64_t now);
// POST /api/exam-attempts/:id/submit: grades once (points, course completion); {attempt, pointsAwarded,
// completedCourses, balance}.
boost::json::object submit_attempt(db::Connection& c, const std::string& user_id,
                                   const std::string& attempt_id,
                                   const std::optional<boost::json::value>& answers, std::int64_t now);

// ---- Demo data ------------------------------------------------------------------------------------------

inline constexpr const char* demo_exam_title = "แบบทดสอบการบริการลูกค้า";

// The demo exam (5 Thai questions, pass 60 %, 10 minutes, 3 attempts, 20 points), published for everyone.
// Idempotent: does nothing when an exam with that title exists. Returns its id.
std::string seed_demo(db::Connection& c);

// The seeded demo exam's id, to link it as the last lesson of the demo course.
std::optional<std::string> demo_exam_id(db::Connection& c);

// The company's second exam (`seed --demo` with its history): store safety, the last lesson of the safety
// course. Idempotent. Returns its id.
inline constexpr const char* safety_exam_title = "แบบทดสอบความปลอดภัยในร้าน";
std::string seed_safety_exam(db::Connection& c);

}  // namespace shopfloor::exams
