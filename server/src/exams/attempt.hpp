// The exam attempt model behind the staff flow (attempt_routes.cpp), the cards and the unit tests: an
// exam's settings, an attempt with its question snapshot, drawing, grading, the deadline and the attempt
// JSON. Nothing derived from the correct answers is in attempt_json before the attempt is submitted.
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "db/database.hpp"

namespace shopfloor::exams {

constexpr std::int64_t grace_ms = 2000;  // network slack after the deadline before an attempt closes

struct Exam {
  std::string id, title, audience;
  std::optional<std::string> description;
  std::string draw_mode, show_answers;
  std::optional<std::int64_t> draw_count, time_limit, max_attempts;
  bool shuffle_questions = true, shuffle_choices = true, show_explanations = true;
  std::int64_t pass_percent = 60, points = 0;
};

// The exam is `e`.
inline constexpr const char* exam_columns =
    "e.id, e.title, e.description, e.audience_json, e.draw_mode, e.draw_count, e.time_limit_seconds, "
    "e.max_attempts, e.shuffle_questions, e.shuffle_choices, e.show_explanations, e.pass_percent, e.points, "
    "e.show_answers";
Exam exam_from(const db::Row& r);  // a row of exam_columns
// The exam of one of the person's attempts, whatever its state now; 404 when there is none.
Exam exam_by_id(db::Connection& c, const std::string& id);

struct Attempt {
  std::string id, exam_id, user_id;
  std::int64_t number = 0, started_at = 0;
  boost::json::array questions;  // snapshot: [{id, kind, prompt, choices, correct, explanation, points}]
  boost::json::object answers;   // questionId → [choiceId]
  std::optional<std::int64_t> deadline_at, submitted_at, score, max_score, percent;
  bool auto_submitted = false, passed = false;
};

inline constexpr const char* attempt_columns =
    "id, exam_id, user_id, attempt_number, questions_json, answers_json, started_at, deadline_at, "
    "submitted_at, auto_submitted, score, max_score, percent, passed";
Attempt attempt_from(const db::Row& r);
std::optional<Attempt> load_attempt(db::Connection& c, const std::string& id);

// Past the deadline plus grace_ms: the attempt takes no more answers and is graded with what was saved.
bool past_deadline(const Attempt& a, std::int64_t now);

// Draws the questions for a new attempt: all or N at random, questions and choices shuffled as set.
boost::json::array draw(db::Connection& c, const Exam& exam);

struct Grade {
  std::int64_t score = 0, max_score = 0, percent = 0;
  bool passed = false;
};
// A question scores when the chosen set equals the correct set; percent rounds; pass at pass_percent.
Grade grade(const Attempt& a, const Exam& exam);

// Each question's answer as the reports count it (hardest questions, the answer chosen instead):
// "<questionId>:<choiceIds sorted, comma-separated>" ("<questionId>:" unanswered) and whether it was right.
std::vector<std::pair<std::string, bool>> answer_keys(const Attempt& a);

// Checks {questionId: [choiceId]} against the attempt's questions; 422 naming each bad entry.
std::map<std::string, std::set<std::string>> parse_answers(const boost::json::value& v, const Attempt& a);
void merge_answers(Attempt& a, const std::map<std::string, std::set<std::string>>& answers);

// The staff view of an attempt. Before submission only {id, kind, prompt, choices} of each question; after
// it the review, with the correct answers and explanations only when the exam's showAnswers allows.
boost::json::object attempt_json(db::Connection& c, const Attempt& a, const Exam& exam, std::int64_t now);

// The staff detail of an exam for user_id: the card plus settings, attempts used, best, the open attempt.
boost::json::object detail_json(db::Connection& c, const Exam& exam, const std::string& user_id,
                                std::int64_t now);

// {percent, completed} of the user's best submitted attempt, or null.
boost::json::value best_percent(db::Connection& c, const std::string& exam_id, const std::string& user_id);

// The two fixed choices of a true/false question.
boost::json::array truefalse_choices();

// JSON helpers shared by the exam files.
boost::json::value opt(const std::optional<std::string>& s);
boost::json::value opt(const std::optional<std::int64_t>& v);
boost::json::value opt_time(const std::optional<std::int64_t>& v);

}  // namespace shopfloor::exams
