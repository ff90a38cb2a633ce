#include "exams/attempt.hpp"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <cmath>
#include <random>

#include "exams/exams.hpp"
#include "exams/review.hpp"
#include "http/api_error.hpp"
#include "http/json_time.hpp"
#include "resources/staff_gate.hpp"
#include "util/ids.hpp"
#include "util/json_text.hpp"

namespace shopfloor::exams {

namespace json = boost::json;
using http::ApiError;

json::value opt_time(const std::optional<std::int64_t>& v) {
  return http::iso_or_null(v);
}

// The ids are the keys the apps name in the reader's language; the text is Thai, for exports and the back
// office.
json::array truefalse_choices() {
  return json::array{json::object{{"id", "true"}, {"text", "ถูก"}},
                     json::object{{"id", "false"}, {"text", "ผิด"}}};
}

namespace {

json::array to_array(const std::set<std::string>& s) {
  json::array a;
  for (const auto& x : s) a.push_back(json::value(x));
  return a;
}

}  // namespace

Exam exam_from(const db::Row& r) {
  Exam e;
  e.id = r.str(0);
  e.title = r.str(1);
  e.description = r.opt_str(2);
  e.audience = r.str(3);
  e.draw_mode = r.str(4);
  e.draw_count = r.opt_i64(5);
  e.time_limit = r.opt_i64(6);
  e.max_attempts = r.opt_i64(7);
  e.shuffle_questions = r.boolean(8);
  e.shuffle_choices = r.boolean(9);
  e.show_explanations = r.boolean(10);
  e.pass_percent = r.i64(11);
  e.points = r.i64(12);
  e.show_answers = r.str(13);
  return e;
}

Exam exam_by_id(db::Connection& c, const std::string& id) {
  auto row = c.query(std::string("SELECT ") + exam_columns + " FROM " + resources::any_state("exams") +
                         " e WHERE e.id = $1",
                     id)
                 .first();
  if (!row) throw ApiError::not_found();
  return exam_from(*row);
}

Attempt attempt_from(const db::Row& r) {
  Attempt a;
  a.id = r.str(0);
  a.exam_id = r.str(1);
  a.user_id = r.str(2);
  a.number = r.i64(3);
  auto q = parse_or(r.str(4), json::array{});
  if (q.is_array()) a.questions = q.as_array();
  auto ans = parse_or(r.str(5), json::object{});
  if (ans.is_object()) a.answers = ans.as_object();
  a.started_at = r.i64(6);
  a.deadline_at = r.opt_i64(7);
  a.submitted_at = r.opt_i64(8);
  a.auto_submitted = r.boolean(9);
  a.score = r.opt_i64(10);
  a.max_score = r.opt_i64(11);
  a.percent = r.opt_i64(12);
  a.passed = !r.is_null(13) && r.boolean(13);
  return a;
}

std::optional<Attempt> load_attempt(db::Connection& c, const std::string& id) {
  auto row =
      c.query(std::string("SELECT ") + attempt_columns + " FROM exam_attempts WHERE id = $1", id).first();
  if (!row) return std::nullopt;
  return attempt_from(*row);
}

bool past_deadline(const Attempt& a, std::int64_t now) {
  return a.deadline_at && now > *a.deadline_at + grace_ms;
}

namespace {

// Whether the reviews of `user_id`'s submitted attempts may show the correct answers now (review.hpp).
bool answers_revealed(db::Connection& c, const Exam& exam, const std::string& user_id) {
  auto r = c.query(
                "SELECT COUNT(*), COALESCE(MAX(passed), 0) FROM exam_attempts WHERE exam_id = $1 AND "
                "user_id = $2 AND submitted_at IS NOT NULL",
                exam.id, user_id)
               .first();
  std::optional<std::int64_t> left;
  if (exam.max_attempts) left = *exam.max_attempts - r->i64(0);
  return reveal_answers(parse_show_answers(exam.show_answers), r->i64(1) != 0, left);
}

}  // namespace

json::object attempt_json(db::Connection& c, const Attempt& a, const Exam& exam, std::int64_t now) {
  json::array questions;
  for (const auto& qv : a.questions) {
    const auto& q = qv.as_object();
    json::array choices;
    for (const auto& c : q.at("choices").as_array())
      choices.push_back(json::object{{"id", c.at("id")}, {"text", c.at("text")}});
    questions.push_back(json::object{
        {"id", q.at("id")}, {"kind", q.at("kind")}, {"prompt", q.at("prompt")}, {"choices", choices}});
  }
  json::object o{{"id", a.id},
                 {"examId", a.exam_id},
                 {"number", a.number},
                 {"startedAt", iso8601(a.started_at)},
                 {"deadlineAt", opt_time(a.deadline_at)},
                 {"serverNow", iso8601(now)},
                 {"submittedAt", opt_time(a.submitted_at)},
                 {"autoSubmitted", a.auto_submitted},
                 {"questions", std::move(questions)},
                 {"answers", a.answers}};
  if (!a.submitted_at) return o;
  o["score"] = http::value_or_null(a.score);
  o["maxScore"] = http::value_or_null(a.max_score);
  o["percent"] = http::value_or_null(a.percent);
  o["passed"] = a.passed;
  const bool reveal = answers_revealed(c, exam, a.user_id);
  o["showAnswers"] = exam.show_answers;
  o["answersShown"] = reveal;
  json::array review;
  for (const auto& qv : a.questions) {
    const auto& q = qv.as_object();
    std::string qid(q.at("id").as_string());
    auto* sel = a.answers.if_contains(qid);
    auto selected = sel ? string_set(*sel) : std::set<std::string>{};
    auto correct = string_set(q.at("correct"));
    json::value explanation = nullptr;
    if (reveal && exam.show_explanations)
      if (auto* e = q.if_contains("explanation"); e && e->is_string()) explanation = *e;
    review.push_back(json::object{{"questionId", qid},
                                  {"selected", to_array(selected)},
                                  {"correct", reveal ? json::value(to_array(correct)) : json::value(nullptr)},
                                  {"isCorrect", selected == correct},
                                  {"explanation", explanation}});
  }
  o["review"] = std::move(review);
  return o;
}

std::vector<std::pair<std::string, bool>> answer_keys(const Attempt& a) {
  std::vector<std::pair<std::string, bool>> out;
  for (const auto& qv : a.questions) {
    const auto& q = qv.as_object();
    std::string qid(q.at("id").as_string());
    auto* sel = a.answers.if_contains(qid);
    auto selected = sel ? string_set(*sel) : std::set<std::string>{};
    std::string key = qid + ":";
    for (const auto& s : selected) key += (key.back() == ':' ? "" : ",") + s;
    out.emplace_back(std::move(key), !selected.empty() && selected == string_set(q.at("correct")));
  }
  return out;
}

Grade grade(const Attempt& a, const Exam& exam) {
  Grade g;
  for (const auto& qv : a.questions) {
    const auto& q = qv.as_object();
    std::int64_t pts = q.at("points").to_number<std::int64_t>();
    g.max_score += pts;
    auto* sel = a.answers.if_contains(q.at("id").as_string());
    if (sel && string_set(*sel) == string_set(q.at("correct"))) g.score += pts;
  }
  g.percent = g.max_score > 0 ? static_cast<std::int64_t>(std::llround(100.0 * g.score / g.max_score)) : 0;
  g.passed = g.percent >= exam.pass_percent;
  return g;
}

json::value best_percent(db::Connection& c, const std::string& exam_id, const std::string& user_id) {
  auto r = c.query(
                "SELECT MAX(percent), MAX(passed), COUNT(*) FROM exam_attempts WHERE exam_id = $1 AND "
                "user_id = $2 "
                "AND submitted_at IS NOT NULL",
                exam_id, user_id)
               .first();
  if (!r || r->i64(2) == 0) return nullptr;
  return json::object{{"percent", r->i64(0)}, {"completed", r->i64(1) != 0}};
}

json::object detail_json(db::Connection& c, const Exam& exam, const std::string& user_id, std::int64_t now) {
  // The caller's gate admitted the exam (or this is the back office's preview).
  auto card_row = c.query(std::string("SELECT ") + card_columns + " FROM " + resources::any_state("exams") +
                              " e" + card_joins + " WHERE e.id = $1",
                          exam.id)
                      .first();
  json::object o = exam_card(c, *card_row, 0, user_id);
  auto bank = c.query("SELECT COUNT(*) FROM exam_questions WHERE exam_id = $1", exam.id).first()->i64(0);
  std::int64_t count =
      exam.draw_mode == "random" && exam.draw_count ? std::min(*exam.draw_count, bank) : bank;
  json::array attempts;
  std::int64_t used = 0, best = -1;
  bool passed = false;
  json::value open = nullptr;
  auto rows = c.query(std::string("SELECT ") + attempt_columns +
                          " FROM exam_attempts WHERE exam_id = $1 AND user_id = $2 ORDER BY attempt_number",
                      exam.id, user_id);
  for (const auto& r : rows.rows) {
    Attempt a = attempt_from(r);
    ++used;
    if (!a.submitted_at) {
      open = json::object{{"id", a.id}, {"deadlineAt", opt_time(a.deadline_at)}};
      continue;
    }
    passed = passed || a.passed;
    best = std::max(best, a.percent.value_or(0));
    attempts.push_back(json::object{{"id", a.id},
                                    {"number", a.number},
                                    {"submittedAt", opt_time(a.submitted_at)},
                                    {"percent", http::value_or_null(a.percent)},
                                    {"passed", a.passed},
                                    {"autoSubmitted", a.auto_submitted}});
  }
  o["description"] = http::value_or_null(exam.description);
  o["questionCount"] = count;
  o["timeLimitSeconds"] = http::value_or_null(exam.time_limit);
  o["passPercent"] = exam.pass_percent;
  o["maxAttempts"] = http::value_or_null(exam.max_attempts);
  o["showAnswers"] = exam.show_answers;
  o["attemptsUsed"] = used;
  o["passed"] = passed;
  o["bestPercent"] = best < 0 ? json::value(nullptr) : json::value(best);
  o["openAttempt"] = open;
  o["attempts"] = std::move(attempts);
  o["serverNow"] = iso8601(now);
  return o;
}

// Draws the questions for a new attempt: all or N at random, questions and choices shuffled as set.
json::array draw(db::Connection& c, const Exam& exam) {
  auto rows = c.query(
      "SELECT id, kind, prompt, choices_json, correct_json, explanation, points FROM exam_questions "
      "WHERE exam_id = $1 ORDER BY position, created_at, id",
      exam.id);
  std::vector<std::size_t> order(rows.rows.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  thread_local std::mt19937_64 rng{std::random_device{}()};
  if (exam.draw_mode == "random" && exam.draw_count &&
      static_cast<std::size_t>(*exam.draw_count) < order.size()) {
    std::shuffle(order.begin(), order.end(), rng);
    order.resize(static_cast<std::size_t>(*exam.draw_count));
    if (!exam.shuffle_questions) std::sort(order.begin(), order.end());
  } else if (exam.shuffle_questions) {
    std::shuffle(order.begin(), order.end(), rng);
  }
  json::array out;
  for (auto i : order) {
    const auto& r = rows.rows[i];
    auto choices_v = parse_or(r.str(3), json::array{});
    json::array choices = choices_v.is_array() ? choices_v.as_array() : json::array{};
    if (exam.shuffle_choices && r.str(1) != "truefalse") std::shuffle(choices.begin(), choices.end(), rng);
    out.push_back(json::object{{"id", r.str(0)},
                               {"kind", r.str(1)},
                               {"prompt", r.str(2)},
                               {"choices", choices},
                               {"correct", parse_or(r.str(4), json::array{})},
                               {"explanation", http::value_or_null(r.opt_str(5))},
                               {"points", r.i64(6)}});
  }
  return out;
}

// Checks {questionId: [choiceId]} against the attempt's questions; 422 naming each bad entry.
std::map<std::string, std::set<std::string>> parse_answers(const json::value& v, const Attempt& a) {
  if (!v.is_object()) throw ApiError::validation({{"answers", msg::ANSWERS_OBJECT}});
  std::map<std::string, const json::object*> questions;
  for (const auto& q : a.questions) questions[std::string(q.at("id").as_string())] = &q.as_object();
  http::FieldErrors errors;
  std::map<std::string, std::set<std::string>> out;
  for (const auto& [key, sel] : v.as_object()) {
    std::string qid(key), field = "answers." + qid;
    auto it = questions.find(qid);
    if (it == questions.end()) {
      errors[field] = msg::NOT_ATTEMPT_QUESTION;
      continue;
    }
    if (!sel.is_array()) {
      errors[field] = msg::CHOICE_IDS;
      continue;
    }
    std::set<std::string> ids;
    for (const auto& c : it->second->at("choices").as_array())
      ids.insert(std::string(c.at("id").as_string()));
    std::set<std::string> chosen;
    bool bad = false;
    for (const auto& c : sel.as_array()) {
      if (!c.is_string() || !ids.contains(std::string(c.as_string()))) {
        bad = true;
        break;
      }
      chosen.insert(std::string(c.as_string()));
    }
    if (bad) {
      errors[field] = msg::NOT_QUESTION_CHOICE;
      continue;
    }
    if (it->second->at("kind").as_string() != "multiple" && chosen.size() > 1) {
      errors[field] = msg::CHOOSE_ONE;
      continue;
    }
    out[qid] = std::move(chosen);
  }
  if (!errors.empty()) throw ApiError::validation(errors);
  return out;
}

void merge_answers(Attempt& a, const std::map<std::string, std::set<std::string>>& answers) {
  for (const auto& [qid, chosen] : answers) a.answers[qid] = to_array(chosen);
}

}  // namespace shopfloor::exams
