#include "exams/exams.hpp"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <cmath>
#include <random>
#include <set>
#include <variant>

#include "app/app.hpp"
#include "exams/review.hpp"
#include "http/response.hpp"
#include "learning/progress.hpp"
#include "learning/search_key.hpp"
#include "media/media.hpp"
#include "points/ledger.hpp"
#include "resources/audit.hpp"
#include "resources/publishing.hpp"
#include "resources/resource.hpp"
#include "util/html_sanitizer.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::exams {

namespace json = boost::json;
using http::Access;
using http::ApiError;
using http::Context;
using http::Status;
using resources::Field;
using resources::field;
using resources::FieldType;
using Awaitable = boost::asio::awaitable<http::Response>;

namespace {

constexpr std::int64_t grace_ms = 2000;  // network slack after the deadline before an attempt closes

std::string trim(std::string_view s) {
  auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return "";
  auto e = s.find_last_not_of(" \t\r\n");
  return std::string(s.substr(b, e - b + 1));
}

json::value opt(const std::optional<std::string>& s) {
  return s ? json::value(*s) : json::value(nullptr);
}
json::value opt(const std::optional<std::int64_t>& v) {
  return v ? json::value(*v) : json::value(nullptr);
}
json::value opt_time(const std::optional<std::int64_t>& v) {
  return v ? json::value(iso8601(*v)) : json::value(nullptr);
}

json::value parse_or(std::string_view text, json::value fallback) {
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  return ec ? fallback : v;
}

// The first `max` characters (code points) of s.
std::string utf8_prefix(const std::string& s, std::size_t max) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
      if (count == max) return s.substr(0, i) + "…";
      ++count;
    }
  }
  return s;
}

// ---- Admin resources -------------------------------------------------------------------------------------

std::optional<std::string> check_html(json::value& v) {
  if (!v.is_string()) return "Must be text.";
  v = json::string(sanitize_html(v.as_string()));
  return std::nullopt;
}

// The value a write leaves in a field: the new one when sent, else the stored one.
json::value effective(const resources::WriteContext& w, const std::string& name, const std::string& column) {
  auto it = w.values.find(column);
  if (it != w.values.end()) {
    return std::visit(
        [](const auto& x) -> json::value {
          using T = std::decay_t<decltype(x)>;
          if constexpr (std::is_same_v<T, std::monostate>)
            return nullptr;
          else
            return json::value(x);
        },
        it->second);
  }
  if (w.before)
    if (auto* v = w.before->if_contains(name)) return *v;
  return nullptr;
}

void exam_rules(resources::WriteContext& w) {
  auto mode = effective(w, "drawMode", "draw_mode");
  auto count = effective(w, "drawCount", "draw_count");
  if (mode.is_string() && mode.as_string() == "random" && !count.is_int64() && !w.errors.count("drawCount"))
    w.errors["drawCount"] = "Required when questions are drawn at random (at least 1).";
  auto start = effective(w, "startAt", "start_at"), end = effective(w, "endAt", "end_at");
  // Stored values are epoch ms; items read back carry ISO text, so compare only what this write sends.
  if (w.values.count("start_at") && w.values.count("end_at") && start.is_int64() && end.is_int64() &&
      end.as_int64() <= start.as_int64())
    w.errors["endAt"] = "Must be after the start.";
  auto title = effective(w, "title", "title"), description = effective(w, "description", "description");
  std::string text = title.is_string() ? std::string(title.as_string()) : "";
  if (description.is_string()) text += " " + html_to_text(description.as_string());
  w.values["search_text"] = learning::search_key(text);
}

resources::Resource examinations_resource() {
  resources::Resource r;
  r.name = "examinations";
  r.table = "exams";
  r.label = {"แบบทดสอบ", "Examinations"};
  r.title_field = "title";
  r.subtitle_field = "status";
  r.read_role = resources::Role::editor;
  r.write_role = resources::Role::editor;
  r.global_search = true;
  r.default_sort = "-updatedAt";

  auto title = field("title", "title", FieldType::string, {"ชื่อแบบทดสอบ", "Title"});
  title.required = title.searchable = title.sortable = true;
  title.max_length = 200;
  auto description = field("description", "description", FieldType::text, {"คำอธิบาย", "Description"});
  description.format = "html";
  description.max_length = 50000;
  description.check = check_html;
  auto cover = field("cover", "cover_media_id", FieldType::reference, {"ภาพปก", "Cover"});
  cover.reference = "medias";
  auto category = field("category", "category_id", FieldType::reference, {"หมวดหมู่", "Category"});
  category.reference = "categories";
  category.filterable = true;
  auto draw_mode = field("drawMode", "draw_mode", FieldType::enumeration, {"การสุ่มข้อสอบ", "Questions drawn"});
  draw_mode.options = {{"all", {"ทุกข้อ", "All questions"}}, {"random", {"สุ่มจำนวนข้อ", "Random selection"}}};
  draw_mode.required = true;
  draw_mode.default_value = json::value("all");
  auto draw_count = field("drawCount", "draw_count", FieldType::integer, {"จำนวนข้อที่สุ่ม", "Questions to draw"});
  draw_count.min = 1;
  draw_count.max = 1000;
  auto shuffle_q =
      field("shuffleQuestions", "shuffle_questions", FieldType::boolean, {"สลับลำดับข้อ", "Shuffle questions"});
  shuffle_q.default_value = json::value(true);
  auto shuffle_c =
      field("shuffleChoices", "shuffle_choices", FieldType::boolean, {"สลับลำดับตัวเลือก", "Shuffle choices"});
  shuffle_c.default_value = json::value(true);
  auto time_limit = field("timeLimitSeconds", "time_limit_seconds", FieldType::integer,
                          {"เวลาทำ (วินาที)", "Time limit (seconds)"});
  time_limit.min = 30;
  time_limit.max = 14400;
  auto pass = field("passPercent", "pass_percent", FieldType::integer, {"เกณฑ์ผ่าน (%)", "Pass mark (%)"});
  pass.min = 0;
  pass.max = 100;
  pass.required = true;
  pass.default_value = json::value(60);
  auto max_attempts =
      field("maxAttempts", "max_attempts", FieldType::integer, {"จำนวนครั้งที่ทำได้", "Attempts allowed"});
  max_attempts.min = 1;
  max_attempts.max = 100;
  auto points = field("points", "points", FieldType::integer, {"คะแนนสะสม", "Points"});
  points.min = 0;
  points.max = 100000;
  points.required = true;
  points.default_value = json::value(0);
  points.sortable = true;
  auto explanations = field("showExplanations", "show_explanations", FieldType::boolean,
                            {"แสดงคำอธิบายหลังส่ง", "Show explanations after submitting"});
  explanations.default_value = json::value(true);
  // Explanations give the answers away, so they follow this setting too (exams/review.hpp).
  auto show_answers =
      field("showAnswers", "show_answers", FieldType::enumeration, {"แสดงคำตอบที่ถูก", "Show correct answers"});
  show_answers.options = {{"never", {"ไม่แสดง", "Never"}},
                          {"passed", {"เมื่อสอบผ่าน", "After passing"}},
                          {"last_attempt", {"เมื่อใช้ครบทุกครั้ง", "After the last attempt"}},
                          {"passed_or_last", {"เมื่อสอบผ่านหรือใช้ครบทุกครั้ง", "After passing or the last attempt"}},
                          {"immediately", {"ทันทีหลังส่ง", "Immediately"}}};
  show_answers.required = true;
  show_answers.default_value = json::value("passed_or_last");
  auto window = resources::publish_window_fields({"เริ่มแสดง", "Starts"}, {"สิ้นสุด", "Ends"});
  r.fields = {title,
              description,
              cover,
              category,
              learning::audience_field(),
              draw_mode,
              draw_count,
              shuffle_q,
              shuffle_c,
              time_limit,
              pass,
              max_attempts,
              points,
              explanations,
              show_answers,
              resources::publish_status_field(),
              window[0],
              window[1]};
  r.before_create = exam_rules;
  r.before_update = exam_rules;
  return r;
}

// Validates a choices value ([{id, text}], 2-8, unique ids); normalises (trims) it.
std::optional<std::string> check_choices(json::value& v) {
  if (!v.is_array()) return "Must be a list of choices [{id, text}].";
  auto& a = v.as_array();
  if (a.size() < 2 || a.size() > 8) return "Needs 2 to 8 choices.";
  std::set<std::string> ids;
  json::array out;
  for (auto& c : a) {
    if (!c.is_object()) return "Each choice must be {id, text}.";
    auto* id = c.as_object().if_contains("id");
    auto* text = c.as_object().if_contains("text");
    if (!id || !id->is_string() || !text || !text->is_string()) return "Each choice must be {id, text}.";
    std::string i = trim(id->as_string()), t = trim(text->as_string());
    if (i.empty() || i.size() > 40 ||
        i.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") !=
            std::string::npos)
      return "Choice ids must be 1-40 letters, digits, '-' or '_'.";
    if (!ids.insert(i).second) return "Choice ids must be unique.";
    if (t.empty() || utf8_length(t) > 500 || has_control_chars(t))
      return "Choice texts must be 1 to 500 characters.";
    out.push_back(json::object{{"id", i}, {"text", t}});
  }
  v = std::move(out);
  return std::nullopt;
}

std::optional<std::string> check_correct(json::value& v) {
  if (!v.is_array()) return "Must be a list of choice ids.";
  json::array out;
  std::set<std::string> seen;
  for (auto& c : v.as_array()) {
    if (!c.is_string() || c.as_string().empty()) return "Must be a list of choice ids.";
    std::string s(c.as_string());
    if (seen.insert(s).second) out.push_back(json::value(s));
  }
  v = std::move(out);
  return std::nullopt;
}

json::array truefalse_choices() {
  return json::array{json::object{{"id", "true"}, {"text", "ถูก / True"}},
                     json::object{{"id", "false"}, {"text", "ผิด / False"}}};
}

void question_rules(resources::WriteContext& w) {
  auto kind_v = effective(w, "kind", "kind");
  std::string kind = kind_v.is_string() ? std::string(kind_v.as_string()) : "single";
  if (kind == "truefalse") {
    w.values["choices_json"] = json::serialize(truefalse_choices());
    w.errors.erase("choices");
  }
  if (w.errors.count("choices") || w.errors.count("correct") || w.errors.count("kind")) return;
  auto choices = effective(w, "choices", "choices_json");
  auto correct = effective(w, "correct", "correct_json");
  // Values being written are serialised JSON text; stored items are JSON already.
  if (choices.is_string()) choices = parse_or(choices.as_string(), nullptr);
  if (correct.is_string()) correct = parse_or(correct.as_string(), nullptr);
  if (!choices.is_array()) {
    w.errors["choices"] = "Required: 2 to 8 choices.";
    return;
  }
  if (!correct.is_array()) {
    w.errors["correct"] = "Required: the id(s) of the correct choice(s).";
    return;
  }
  std::set<std::string> ids;
  for (const auto& c : choices.as_array())
    if (c.is_object() && c.as_object().contains("id")) ids.insert(std::string(c.at("id").as_string()));
  for (const auto& c : correct.as_array())
    if (!c.is_string() || !ids.contains(std::string(c.as_string()))) {
      w.errors["correct"] = "Every correct answer must be one of the choice ids.";
      return;
    }
  std::size_t n = correct.as_array().size();
  if (kind == "multiple" && n < 1) w.errors["correct"] = "Mark at least one correct choice.";
  if (kind != "multiple" && n != 1) w.errors["correct"] = "Mark exactly one correct choice.";
}

resources::Resource questions_resource() {
  resources::Resource r;
  r.name = "exam-questions";
  r.table = "exam_questions";
  r.label = {"ข้อสอบ", "Exam questions"};
  r.title_field = "prompt";
  r.read_role = resources::Role::editor;
  r.write_role = resources::Role::editor;
  r.default_sort = "position";
  auto exam = field("exam", "exam_id", FieldType::reference, {"แบบทดสอบ", "Examination"});
  exam.reference = "examinations";
  exam.required = exam.filterable = exam.create_only = true;
  auto position = field("position", "position", FieldType::integer, {"ลำดับ", "Position"});
  position.sortable = true;
  position.min = 0;
  position.max = 1000000;
  position.default_value = json::value(0);
  auto kind = field("kind", "kind", FieldType::enumeration, {"ประเภทคำถาม", "Question type"});
  kind.options = {{"single", {"เลือกคำตอบเดียว", "Single choice"}},
                  {"multiple", {"เลือกได้หลายคำตอบ", "Multiple choice"}},
                  {"truefalse", {"ถูก / ผิด", "True / false"}}};
  kind.required = kind.filterable = true;
  kind.default_value = json::value("single");
  auto prompt = field("prompt", "prompt", FieldType::text, {"คำถาม", "Question"});
  prompt.required = prompt.searchable = true;
  prompt.max_length = 2000;
  prompt.check = [](json::value& v) -> std::optional<std::string> {
    if (!v.is_string()) return "Must be text.";
    std::string t = trim(v.as_string());
    if (t.empty()) return "Required.";
    v = json::string(t);
    return std::nullopt;
  };
  auto choices = field("choices", "choices_json", FieldType::json, {"ตัวเลือก", "Choices"});
  choices.format = "choices";
  choices.check = check_choices;
  auto correct = field("correct", "correct_json", FieldType::json, {"คำตอบที่ถูก", "Correct answer(s)"});
  correct.format = "correct";
  correct.check = check_correct;
  auto explanation = field("explanation", "explanation", FieldType::text, {"คำอธิบายเฉลย", "Explanation"});
  explanation.max_length = 2000;
  auto points = field("points", "points", FieldType::integer, {"คะแนน", "Points"});
  points.min = 1;
  points.max = 100;
  points.required = true;
  points.default_value = json::value(1);
  r.fields = {exam, position, kind, prompt, choices, correct, explanation, points};
  r.before_create = question_rules;
  r.before_update = question_rules;
  return r;
}

// PUT /api/admin/examinations/:id/questions/order {ids}: the exam's question ids in their new order.
Awaitable reorder_questions(Context& ctx) {
  const auto* res = resources::registry().find("examinations");
  if (!res || !resources::may_write(*res, *ctx.user)) throw ApiError::forbidden();
  std::string exam_id = ctx.params.at("id");
  json::object body = ctx.json_object();
  std::vector<std::string> ids;
  auto* v = body.if_contains("ids");
  if (!v || !v->is_array())
    throw ApiError::validation({{"ids", "Send the question ids in their new order."}});
  for (const auto& x : v->as_array()) {
    if (!x.is_string()) throw ApiError::validation({{"ids", "Must be a list of question ids."}});
    ids.emplace_back(x.as_string());
  }
  std::string actor = ctx.user->id, ip = ctx.client_ip;
  auto out = co_await ctx.app.db->transact([&](db::Connection& c) {
    if (c.query("SELECT 1 FROM exams WHERE id = $1", exam_id).empty()) throw ApiError::not_found();
    auto rows = c.query("SELECT id FROM exam_questions WHERE exam_id = $1 ORDER BY position, created_at, id",
                        exam_id);
    json::array before_ids;
    std::set<std::string> current;
    for (const auto& r : rows.rows) {
      before_ids.push_back(json::value(r.str(0)));
      current.insert(r.str(0));
    }
    std::set<std::string> sent(ids.begin(), ids.end());
    if (sent.size() != ids.size() || sent != current)
      throw ApiError::validation({{"ids", "Must list every question of this exam exactly once."}});
    auto now = now_ms();
    json::array after_ids;
    for (std::size_t i = 0; i < ids.size(); ++i) {
      c.query(
          "UPDATE exam_questions SET position = $1, updated_at = $2, version = version + 1 WHERE id = $3 AND "
          "position <> $1",
          static_cast<std::int64_t>(i), now, ids[i]);
      after_ids.push_back(json::value(ids[i]));
    }
    audit::record(c, actor, "reorder", "exam-questions", exam_id, json::object{{"ids", before_ids}},
                  json::object{{"ids", after_ids}}, ip);
    return json::object{{"ids", after_ids}};
  });
  co_return http::json_response(ctx, out);
}

// ---- Staff flow ------------------------------------------------------------------------------------------

struct Exam {
  std::string id, title, audience;
  std::optional<std::string> description;
  std::string draw_mode, show_answers;
  std::optional<std::int64_t> draw_count, time_limit, max_attempts;
  bool shuffle_questions = true, shuffle_choices = true, show_explanations = true;
  std::int64_t pass_percent = 60, points = 0;
};

constexpr const char* exam_columns =
    "id, title, description, audience_json, draw_mode, draw_count, time_limit_seconds, max_attempts, "
    "shuffle_questions, shuffle_choices, show_explanations, pass_percent, points, show_answers";

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

// The exam when the viewer may take it now (published, in the window, in the audience); else 404.
Exam visible_exam(db::Connection& c, const learning::Viewer& viewer, const std::string& id,
                  std::int64_t now) {
  auto row = c.query(std::string("SELECT ") + exam_columns + " FROM exams WHERE id = $1" +
                         learning::published_sql("", 2),
                     id, now)
                 .first();
  if (!row || !learning::matches(row->str(3), viewer)) throw ApiError::not_found();
  return exam_from(*row);
}

Exam exam_by_id(db::Connection& c, const std::string& id) {
  auto row = c.query(std::string("SELECT ") + exam_columns + " FROM exams WHERE id = $1", id).first();
  if (!row) throw ApiError::not_found();
  return exam_from(*row);
}

struct Attempt {
  std::string id, exam_id, user_id;
  std::int64_t number = 0, started_at = 0;
  json::array questions;  // snapshot: [{id, kind, prompt, choices, correct, explanation, points}]
  json::object answers;   // questionId → [choiceId]
  std::optional<std::int64_t> deadline_at, submitted_at, score, max_score, percent;
  bool auto_submitted = false, passed = false;
};

constexpr const char* attempt_columns =
    "id, exam_id, user_id, attempt_number, questions_json, answers_json, started_at, deadline_at, "
    "submitted_at, "
    "auto_submitted, score, max_score, percent, passed";

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

std::set<std::string> string_set(const json::value& v) {
  std::set<std::string> s;
  if (v.is_array())
    for (const auto& x : v.as_array())
      if (x.is_string()) s.insert(std::string(x.as_string()));
  return s;
}

json::array to_array(const std::set<std::string>& s) {
  json::array a;
  for (const auto& x : s) a.push_back(json::value(x));
  return a;
}

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

// The staff view of an attempt. Before submission only {id, kind, prompt, choices} of each question; after
// it the review, with the correct answers and explanations only when answers_revealed allows.
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
  o["score"] = opt(a.score);
  o["maxScore"] = opt(a.max_score);
  o["percent"] = opt(a.percent);
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

struct Grade {
  std::int64_t score = 0, max_score = 0, percent = 0;
  bool passed = false;
};

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

struct Finished {
  std::int64_t points_awarded = 0;
  json::array completed_courses;
};

// Grades an open attempt once. Only the call whose UPDATE closes the row counts (a racing submit updates
// nothing and reports no points). On a pass: exam points once per user, then course completion.
Finished finish(db::Connection& c, Attempt& a, const Exam& exam, const learning::Viewer& viewer,
                std::int64_t now, bool automatic) {
  Finished f;
  Grade g = grade(a, exam);
  auto res = c.query(
      "UPDATE exam_attempts SET submitted_at = $1, auto_submitted = $2, score = $3, max_score = $4, percent "
      "= $5, "
      "passed = $6, answers_json = $7 WHERE id = $8 AND submitted_at IS NULL",
      now, automatic, g.score, g.max_score, g.percent, g.passed, json::serialize(a.answers), a.id);
  if (res.affected == 0) {
    if (auto fresh = load_attempt(c, a.id)) a = *fresh;
    return f;
  }
  a.submitted_at = now;
  a.auto_submitted = automatic;
  a.score = g.score;
  a.max_score = g.max_score;
  a.percent = g.percent;
  a.passed = g.passed;
  if (!g.passed) return f;
  if (exam.points > 0 && points::award(c, {viewer.user_id, exam.points, exam.title, "exam", exam.id,
                                           "exam:" + exam.id + ":" + viewer.user_id, ""}))
    f.points_awarded = exam.points;
  for (const auto& cc : learning::after_lesson_completed(c, viewer, "exam", exam.id, now))
    f.completed_courses.push_back(
        json::object{{"id", cc.course_id}, {"title", cc.title}, {"pointsAwarded", cc.points_awarded}});
  return f;
}

// Anything touching an attempt calls this first: past the deadline (plus grace) it is graded with what
// was saved.
void expire_if_due(db::Connection& c, Attempt& a, const Exam& exam, const learning::Viewer& viewer,
                   std::int64_t now) {
  if (!a.submitted_at && past_deadline(a, now)) finish(c, a, exam, viewer, now, true);
}

void expire_all_due(db::Connection& c, const Exam& exam, const learning::Viewer& viewer, std::int64_t now) {
  auto rows =
      c.query(std::string("SELECT ") + attempt_columns +
                  " FROM exam_attempts WHERE exam_id = $1 AND user_id = $2 AND submitted_at IS NULL AND "
                  "deadline_at IS NOT NULL AND deadline_at < $3",
              exam.id, viewer.user_id, now - grace_ms);
  for (const auto& r : rows.rows) {
    Attempt a = attempt_from(r);
    expire_if_due(c, a, exam, viewer, now);
  }
}

std::optional<Attempt> open_attempt(db::Connection& c, const std::string& exam_id,
                                    const std::string& user_id) {
  auto row = c.query(std::string("SELECT ") + attempt_columns +
                         " FROM exam_attempts WHERE exam_id = $1 AND user_id = $2 AND submitted_at IS NULL "
                         "ORDER BY attempt_number DESC LIMIT 1",
                     exam_id, user_id)
                 .first();
  if (!row) return std::nullopt;
  return attempt_from(*row);
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
  auto card_row =
      c.query(std::string("SELECT ") + card_columns + card_from + "WHERE e.id = $1", exam.id).first();
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
                                    {"percent", opt(a.percent)},
                                    {"passed", a.passed},
                                    {"autoSubmitted", a.auto_submitted}});
  }
  o["description"] = opt(exam.description);
  o["questionCount"] = count;
  o["timeLimitSeconds"] = opt(exam.time_limit);
  o["passPercent"] = exam.pass_percent;
  o["maxAttempts"] = opt(exam.max_attempts);
  o["showAnswers"] = exam.show_answers;
  o["attemptsUsed"] = used;
  o["passed"] = passed;
  o["bestPercent"] = best < 0 ? json::value(nullptr) : json::value(best);
  o["openAttempt"] = open;
  o["attempts"] = std::move(attempts);
  o["serverNow"] = iso8601(now);
  return o;
}

bool has_due_attempt(db::Connection& c, const std::string& exam_id, const std::string& user_id,
                     std::int64_t now) {
  return !c.query(
               "SELECT 1 FROM exam_attempts WHERE exam_id = $1 AND user_id = $2 AND submitted_at IS NULL AND "
               "deadline_at IS NOT NULL AND deadline_at < $3 LIMIT 1",
               exam_id, user_id, now - grace_ms)
              .empty();
}

// Reads in a read transaction; only when an attempt is due for auto-submission does it take the write path
// (reads are the common case and must not queue behind writers).
Awaitable get_exam(Context& ctx) {
  std::string id = ctx.params.at("id"), user_id = ctx.user->id;
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    auto now = now_ms();
    auto viewer = learning::load_viewer(c, user_id);
    Exam exam = visible_exam(c, viewer, id, now);
    if (has_due_attempt(c, exam.id, user_id, now)) return std::nullopt;
    return json::object{{"exam", detail_json(c, exam, user_id, now)}};
  });
  if (!body)
    body = co_await ctx.app.db->transact([&](db::Connection& c) {
      auto now = now_ms();
      auto viewer = learning::load_viewer(c, user_id);
      Exam exam = visible_exam(c, viewer, id, now);
      expire_all_due(c, exam, viewer, now);
      return json::object{{"exam", detail_json(c, exam, user_id, now)}};
    });
  co_return http::json_response(ctx, *body);
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
                               {"explanation", opt(r.opt_str(5))},
                               {"points", r.i64(6)}});
  }
  return out;
}

Awaitable start_attempt(Context& ctx) {
  std::string id = ctx.params.at("id"), user_id = ctx.user->id;
  // Two starts racing for the same attempt number: the loser hits UNIQUE(exam, user, number) and runs
  // again, then resumes the winner's open attempt (or meets the limit).
  for (int round = 0;; ++round) {
    try {
      auto [body, created] = co_await ctx.app.db->transact([&](db::Connection& c) {
        auto now = now_ms();
        auto viewer = learning::load_viewer(c, user_id);
        Exam exam = visible_exam(c, viewer, id, now);
        expire_all_due(c, exam, viewer, now);
        // Count before looking for an open attempt: on PostgreSQL (read committed) each statement sees the
        // latest commits, so an attempt a racing start committed in between is then found as open rather
        // than counted as used.
        auto counts =
            c.query(
                 "SELECT COUNT(*), COALESCE(MAX(attempt_number), 0) FROM exam_attempts WHERE exam_id = $1 "
                 "AND user_id = $2",
                 exam.id, user_id)
                .first();
        if (auto open = open_attempt(c, exam.id, user_id))
          return std::pair{json::object{{"attempt", attempt_json(c, *open, exam, now)}}, false};
        if (exam.max_attempts && counts->i64(0) >= *exam.max_attempts)
          throw ApiError(Status::conflict, "MAX_ATTEMPTS", "You have used all the attempts for this exam.");
        Attempt a;
        a.questions = draw(c, exam);
        if (a.questions.empty())
          throw ApiError(Status::conflict, "EXAM_EMPTY", "This exam has no questions yet.");
        a.id = uuid_v7();
        a.exam_id = exam.id;
        a.user_id = user_id;
        a.number = counts->i64(1) + 1;
        a.started_at = now;
        if (exam.time_limit) a.deadline_at = now + *exam.time_limit * 1000;
        c.query(
            "INSERT INTO exam_attempts (id, exam_id, user_id, attempt_number, questions_json, answers_json, "
            "started_at, deadline_at) VALUES ($1, $2, $3, $4, $5, '{}', $6, $7)",
            a.id, a.exam_id, user_id, a.number, json::serialize(a.questions), now, a.deadline_at);
        return std::pair{json::object{{"attempt", attempt_json(c, a, exam, now)}}, true};
      });
      co_return http::json_response(ctx, body, created ? Status::created : Status::ok);
    } catch (const db::Error& e) {
      if (e.kind() != db::ErrorKind::unique_violation || round >= 5) throw;
    }
  }
}

// The caller's own attempt with its exam (404 for anyone else's).
std::pair<Attempt, Exam> own_attempt(db::Connection& c, const std::string& attempt_id,
                                     const std::string& user_id) {
  auto a = load_attempt(c, attempt_id);
  if (!a || a->user_id != user_id) throw ApiError::not_found();
  return {*a, exam_by_id(c, a->exam_id)};
}

Awaitable get_attempt(Context& ctx) {
  std::string id = ctx.params.at("id"), user_id = ctx.user->id;
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    auto now = now_ms();
    auto [a, exam] = own_attempt(c, id, user_id);
    if (!a.submitted_at && past_deadline(a, now)) return std::nullopt;
    return json::object{{"attempt", attempt_json(c, a, exam, now)}};
  });
  if (!body)
    body = co_await ctx.app.db->transact([&](db::Connection& c) {
      auto now = now_ms();
      auto [a, exam] = own_attempt(c, id, user_id);
      if (!a.submitted_at && past_deadline(a, now))
        expire_if_due(c, a, exam, learning::load_viewer(c, user_id), now);
      return json::object{{"attempt", attempt_json(c, a, exam, now)}};
    });
  co_return http::json_response(ctx, *body);
}

// Checks {questionId: [choiceId]} against the attempt's questions; 422 naming each bad entry.
std::map<std::string, std::set<std::string>> parse_answers(const json::value& v, const Attempt& a) {
  if (!v.is_object())
    throw ApiError::validation({{"answers", "Must be an object {questionId: [choiceId]}."}});
  std::map<std::string, const json::object*> questions;
  for (const auto& q : a.questions) questions[std::string(q.at("id").as_string())] = &q.as_object();
  std::map<std::string, std::string> errors;
  std::map<std::string, std::set<std::string>> out;
  for (const auto& [key, sel] : v.as_object()) {
    std::string qid(key), field = "answers." + qid;
    auto it = questions.find(qid);
    if (it == questions.end()) {
      errors[field] = "Not a question of this attempt.";
      continue;
    }
    if (!sel.is_array()) {
      errors[field] = "Must be a list of choice ids.";
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
      errors[field] = "Not a choice of this question.";
      continue;
    }
    if (it->second->at("kind").as_string() != "multiple" && chosen.size() > 1) {
      errors[field] = "Choose one answer.";
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

ApiError attempt_closed() {
  return ApiError(Status::conflict, "ATTEMPT_CLOSED",
                  "This attempt is already submitted or past its time limit.");
}

Awaitable save_answers(Context& ctx) {
  std::string id = ctx.params.at("id"), user_id = ctx.user->id;
  json::object body = ctx.json_object();
  auto* answers_v = body.if_contains("answers");
  if (!answers_v) throw ApiError::validation({{"answers", "Required."}});
  json::value answers = *answers_v;
  // Closed → 409 after the commit (the auto-submit it may have caused is kept).
  auto result = co_await ctx.app.db->transact([&](db::Connection& c) -> std::optional<json::object> {
    auto now = now_ms();
    auto [a, exam] = own_attempt(c, id, user_id);
    if (!a.submitted_at && past_deadline(a, now))
      expire_if_due(c, a, exam, learning::load_viewer(c, user_id), now);
    if (a.submitted_at) return std::nullopt;
    // Unpublished, out of its window or no longer for this person: the open attempt is gone (404).
    visible_exam(c, learning::load_viewer(c, user_id), exam.id, now);
    auto parsed = parse_answers(answers, a);
    merge_answers(a, parsed);
    auto res = c.query("UPDATE exam_attempts SET answers_json = $1 WHERE id = $2 AND submitted_at IS NULL",
                       json::serialize(a.answers), a.id);
    if (res.affected == 0) return std::nullopt;
    return json::object{
        {"saved", true}, {"deadlineAt", opt_time(a.deadline_at)}, {"serverNow", iso8601(now)}};
  });
  if (!result) throw attempt_closed();
  co_return http::json_response(ctx, *result);
}

Awaitable submit_attempt(Context& ctx) {
  std::string id = ctx.params.at("id"), user_id = ctx.user->id;
  std::optional<json::value> answers;
  if (!ctx.req.body().empty()) {
    json::object body = ctx.json_object();
    if (auto* v = body.if_contains("answers"); v && !v->is_null()) answers = *v;
  }
  auto body = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto now = now_ms();
    auto [a, exam] = own_attempt(c, id, user_id);
    auto viewer = learning::load_viewer(c, user_id);
    Finished f;
    if (!a.submitted_at) {
      if (past_deadline(a, now)) {
        f = finish(c, a, exam, viewer, now, true);  // too late for new answers: grade what was saved
      } else {
        visible_exam(c, viewer, exam.id, now);  // as for saving: the exam must still be there for them
        if (answers) merge_answers(a, parse_answers(*answers, a));
        f = finish(c, a, exam, viewer, now, false);
      }
    }
    // Already submitted: the same result, nothing changes.
    return json::object{{"attempt", attempt_json(c, a, exam, now)},
                        {"pointsAwarded", f.points_awarded},
                        {"completedCourses", std::move(f.completed_courses)},
                        {"balance", points::balance(c, user_id)}};
  });
  co_return http::json_response(ctx, body);
}

}  // namespace

// ---- Cards -----------------------------------------------------------------------------------------------

json::object exam_card(db::Connection& c, const db::Row& r, std::size_t i, const std::string& user_id) {
  std::string id = r.str(i);
  auto description = r.opt_str(i + 2);
  json::value summary = nullptr;
  if (description) {
    std::string text = html_to_text(*description);
    if (!text.empty()) summary = json::value(utf8_prefix(text, 160));
  }
  auto limit = r.opt_i64(i + 4);
  json::value duration = nullptr;
  if (limit) duration = json::value((*limit + 59) / 60);
  return json::object{
      {"type", "exam"},
      {"id", id},
      {"title", r.str(i + 1)},
      {"summary", summary},
      {"cover", r.is_null(i + 7) ? json::value(nullptr) : json::value(media::media_summary(r, i + 7))},
      {"category", r.is_null(i + 5)
                       ? json::value(nullptr)
                       : json::value(json::object{{"id", r.str(i + 5)}, {"name", r.str(i + 6)}})},
      {"points", r.i64(i + 3)},
      {"durationMinutes", duration},
      {"progress", best_percent(c, id, user_id)},
      {"dueAt", nullptr}};
}

json::array exam_cards(db::Connection& c, const learning::Viewer& viewer, std::int64_t now,
                       std::size_t limit) {
  auto rows =
      c.query(std::string("SELECT ") + card_columns + card_from + "WHERE 1 = 1" +
                  learning::published_sql("e", 1) + " ORDER BY e.updated_at DESC, e.id DESC LIMIT 500",
              now);
  json::array out;
  for (const auto& r : rows.rows) {
    if (out.size() >= limit) break;
    if (!learning::matches(r.str(card_audience), viewer)) continue;
    out.push_back(exam_card(c, r, 0, viewer.user_id));
  }
  return out;
}

std::optional<json::object> exam_detail(db::Connection& c, const std::string& exam_id,
                                        const std::string& user_id, std::int64_t now) {
  auto row = c.query(std::string("SELECT ") + exam_columns + " FROM exams WHERE id = $1", exam_id).first();
  if (!row) return std::nullopt;
  return json::object{{"exam", detail_json(c, exam_from(*row), user_id, now)}};
}

// ---- Demo ------------------------------------------------------------------------------------------------

std::optional<std::string> demo_exam_id(db::Connection& c) {
  auto r = c.query("SELECT id FROM exams WHERE title = $1 ORDER BY created_at LIMIT 1",
                   std::string(demo_exam_title))
               .first();
  if (!r) return std::nullopt;
  return r->str(0);
}

std::string seed_demo(db::Connection& c) {
  if (auto id = demo_exam_id(c)) return *id;
  auto now = now_ms();
  std::string id = uuid_v7();
  std::string description =
      "<p>ทบทวนหลักการบริการลูกค้าที่หน้าร้าน: การทักทาย การรับฟัง และการจัดการข้อร้องเรียน</p>"
      "<p><strong>ผ่าน 60 %</strong> ได้รับ 20 คะแนน ทำได้ 3 ครั้ง ครั้งละ 10 นาที</p>";
  c.query(
      "INSERT INTO exams (id, title, description, draw_mode, shuffle_questions, shuffle_choices, "
      "time_limit_seconds, pass_percent, max_attempts, points, show_explanations, status, search_text, "
      "created_at, updated_at) VALUES ($1, $2, $3, 'all', 1, 1, 600, 60, 3, 20, 1, 'published', $4, $5, $5)",
      id, std::string(demo_exam_title), sanitize_html(description),
      learning::search_key(std::string(demo_exam_title) + " " + html_to_text(description)), now);
  struct Q {
    const char* kind;
    const char* prompt;
    json::array choices;
    json::array correct;
    const char* explanation;
    int points;
  };
  std::vector<Q> qs = {
      {"single", "เมื่อลูกค้าเดินเข้าร้าน พนักงานควรทำอย่างไรเป็นอย่างแรก",
       json::array{json::object{{"id", "a"}, {"text", "ยิ้มและกล่าวทักทายภายใน 10 วินาที"}},
                   json::object{{"id", "b"}, {"text", "รอให้ลูกค้าเรียกก่อน"}},
                   json::object{{"id", "c"}, {"text", "จัดสินค้าบนชั้นต่อให้เสร็จ"}},
                   json::object{{"id", "d"}, {"text", "เดินตามลูกค้าไปทุกจุด"}}},
       json::array{"a"}, "การทักทายอย่างรวดเร็วทำให้ลูกค้ารู้สึกได้รับการต้อนรับ", 1},
      {"truefalse", "เมื่อลูกค้าร้องเรียน ควรฟังให้จบก่อนอธิบายหรือเสนอทางแก้", truefalse_choices(), json::array{"true"},
       "การรับฟังจนจบแสดงความเคารพและช่วยให้เข้าใจปัญหาที่แท้จริง", 1},
      {"multiple", "ข้อใดเป็นการรับฟังลูกค้าอย่างตั้งใจ (เลือกได้หลายข้อ)",
       json::array{json::object{{"id", "a"}, {"text", "สบตาและพยักหน้ารับ"}},
                   json::object{{"id", "b"}, {"text", "ทวนความต้องการของลูกค้าอีกครั้ง"}},
                   json::object{{"id", "c"}, {"text", "ดูโทรศัพท์ระหว่างลูกค้าพูด"}},
                   json::object{{"id", "d"}, {"text", "พูดแทรกเพื่อประหยัดเวลา"}}},
       json::array{"a", "b"}, "การสบตาและการทวนความช่วยให้ลูกค้ามั่นใจว่าเราเข้าใจ", 1},
      {"single", "สินค้าที่ลูกค้าต้องการหมดสต็อก ควรทำอย่างไร",
       json::array{json::object{{"id", "a"}, {"text", "บอกว่าไม่มีแล้วจบการสนทนา"}},
                   json::object{{"id", "b"}, {"text", "เสนอสินค้าทดแทนหรือสั่งจองให้ พร้อมแจ้งวันที่คาดว่าจะได้รับ"}},
                   json::object{{"id", "c"}, {"text", "แนะนำให้ไปซื้อร้านอื่น"}}},
       json::array{"b"}, "เสนอทางเลือกเสมอ เพื่อไม่ให้ลูกค้ากลับไปมือเปล่า", 1},
      {"truefalse", "การกล่าวขอบคุณและเชิญลูกค้ากลับมาอีกครั้ง ไม่จำเป็นหากลูกค้าไม่ได้ซื้อสินค้า", truefalse_choices(),
       json::array{"false"}, "ขอบคุณลูกค้าทุกคน ไม่ว่าจะซื้อหรือไม่ก็ตาม", 1},
  };
  int position = 0;
  for (const auto& q : qs)
    c.query(
        "INSERT INTO exam_questions (id, exam_id, position, kind, prompt, choices_json, correct_json, "
        "explanation, "
        "points, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)",
        uuid_v7(), id, position++, std::string(q.kind), std::string(q.prompt), json::serialize(q.choices),
        json::serialize(q.correct), std::string(q.explanation), q.points, now);
  return id;
}

void register_routes(App& app) {
  auto& reg = resources::registry();
  reg.add(examinations_resource());
  reg.add(questions_resource());
  app.router.put("/api/admin/examinations/:id/questions/order", reorder_questions, Access::editor);
  app.router.get("/api/exams/:id", get_exam, Access::signed_in);
  app.router.post("/api/exams/:id/attempts", start_attempt, Access::signed_in);
  app.router.get("/api/exam-attempts/:id", get_attempt, Access::signed_in);
  app.router.put("/api/exam-attempts/:id/answers", save_answers, Access::signed_in);
  app.router.post("/api/exam-attempts/:id/submit", submit_attempt, Access::signed_in);
}

}  // namespace shopfloor::exams
