// Back-office declarations of examinations (docs/LEARNING.md): the exam settings and its question bank,
// on the resources kit. Publishing, audience, the cover's media kind and the question order are traits;
// what is left is the exam's own: random draws need a count, answers must be choices of the question.
#include <boost/json/serialize.hpp>

#include "exams/attempt.hpp"
#include "exams/exams.hpp"
#include "http/services.hpp"
#include "resources/builders.hpp"
#include "resources/ordering.hpp"
#include "resources/search.hpp"
#include "resources/traits.hpp"
#include "util/text.hpp"

namespace shopfloor::exams {

namespace json = boost::json;
using namespace resources;  // the declaration vocabulary: text(), image(), publishable(), ...

namespace {

void exam_rules(WriteContext& w) {
  if (w.text_of("drawMode") == "random" && !w.value_of("drawCount").is_int64() &&
      !w.errors.count("drawCount"))
    w.errors["drawCount"] = msg::DRAW_COUNT;
}

Resource examinations_resource() {
  auto r = area("examinations", "exams", {"แบบทดสอบ", "Examinations"});
  r.list_columns = {"title", "status", "category", "audience", "passPercent", "points", "startAt"};
  r.subtitle_field = "status";
  r.fields = {
      text("title", {"ชื่อแบบทดสอบ", "Title"}).required().searchable().sortable().max(200),
      html("description", {"คำอธิบาย", "Description"}).max(50000),
      image("cover", {"ภาพปก", "Cover"}),
      reference("category", {"หมวดหมู่", "Category"}, "categories").filterable(),
      audience_field(),
      choice("drawMode", {"การสุ่มข้อสอบ", "Questions drawn"},
             {{"all", {"ทุกข้อ", "All questions"}}, {"random", {"สุ่มจำนวนข้อ", "Random selection"}}})
          .required()
          .fallback("all"),
      integer("drawCount", {"จำนวนข้อที่สุ่ม", "Questions to draw"}).min(1).max(1000),
      boolean("shuffleQuestions", {"สลับลำดับข้อ", "Shuffle questions"}).fallback(true),
      boolean("shuffleChoices", {"สลับลำดับตัวเลือก", "Shuffle choices"}).fallback(true),
      integer("timeLimitSeconds", {"เวลาทำ (วินาที)", "Time limit (seconds)"}).min(30).max(14400),
      integer("passPercent", {"เกณฑ์ผ่าน (%)", "Pass mark (%)"}).min(0).max(100).required().fallback(60),
      integer("maxAttempts", {"จำนวนครั้งที่ทำได้", "Attempts allowed"}).min(1).max(100),
      resources::points("points", {"แต้มเมื่อสอบผ่าน", "Points for passing"}).required(),
      boolean("showExplanations", {"แสดงคำอธิบายหลังส่ง", "Show explanations after submitting"}).fallback(true),
      // Explanations give the answers away, so they follow this setting too (exams/review.hpp).
      choice("showAnswers", {"แสดงคำตอบที่ถูก", "Show correct answers"},
             {{"never", {"ไม่แสดง", "Never"}},
              {"passed", {"เมื่อสอบผ่าน", "After passing"}},
              {"last_attempt", {"เมื่อใช้ครบทุกครั้ง", "After the last attempt"}},
              {"passed_or_last", {"เมื่อสอบผ่านหรือใช้ครบทุกครั้ง", "After passing or the last attempt"}},
              {"immediately", {"ทันทีหลังส่ง", "Immediately"}}})
          .required()
          .fallback("passed_or_last"),
  };
  publishable(r, {"เริ่มแสดง", "Starts"}, {"สิ้นสุด", "Ends"});
  r.rules.push_back(exam_rules);
  searchable(r, {.title = {"title"}, .body = {"description"}, .sorted_by = "startAt"});
  return r;
}

// Validates a choices value ([{id, text}], 2-8, unique ids); normalises (trims) it.
std::optional<http::Message> check_choices(json::value& v) {
  if (!v.is_array()) return msg::CHOICES_LIST;
  auto& a = v.as_array();
  if (a.size() < 2 || a.size() > 8) return msg::CHOICES_COUNT;
  std::set<std::string> ids;
  json::array out;
  for (auto& c : a) {
    if (!c.is_object()) return msg::CHOICE_SHAPE;
    auto* id = c.as_object().if_contains("id");
    auto* text = c.as_object().if_contains("text");
    if (!id || !id->is_string() || !text || !text->is_string()) return msg::CHOICE_SHAPE;
    std::string i = trimmed(id->as_string()), t = trimmed(text->as_string());
    if (i.empty() || i.size() > 40 ||
        i.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") !=
            std::string::npos)
      return msg::CHOICE_ID_FORMAT;
    if (!ids.insert(i).second) return msg::CHOICE_IDS_UNIQUE;
    if (t.empty() || utf8_length(t) > 500 || has_control_chars(t)) return msg::CHOICE_TEXT_LENGTH;
    out.push_back(json::object{{"id", i}, {"text", t}});
  }
  v = std::move(out);
  return std::nullopt;
}

std::optional<http::Message> check_correct(json::value& v) {
  if (!v.is_array()) return msg::CHOICE_IDS;
  json::array out;
  std::set<std::string> seen;
  for (auto& c : v.as_array()) {
    if (!c.is_string() || c.as_string().empty()) return msg::CHOICE_IDS;
    std::string s(c.as_string());
    if (seen.insert(s).second) out.push_back(json::value(s));
  }
  v = std::move(out);
  return std::nullopt;
}

std::optional<http::Message> check_prompt(json::value& v) {
  if (!v.is_string()) return msg::MUST_BE_TEXT;
  std::string t = trimmed(v.as_string());
  if (t.empty()) return msg::REQUIRED;
  v = json::string(t);
  return std::nullopt;
}

}  // namespace

void question_rules(WriteContext& w) {
  std::string kind = w.text_of("kind");
  if (kind.empty()) kind = "single";
  if (kind == "truefalse") {
    w.values["choices_json"] = json::serialize(truefalse_choices());
    w.errors.erase("choices");
  }
  if (w.errors.count("choices") || w.errors.count("correct") || w.errors.count("kind")) return;
  auto choices = w.value_of("choices"), correct = w.value_of("correct");
  if (!choices.is_array()) {
    w.errors["choices"] = msg::CHOICES_REQUIRED;
    return;
  }
  if (!correct.is_array()) {
    w.errors["correct"] = msg::CORRECT_REQUIRED;
    return;
  }
  std::set<std::string> ids;
  for (const auto& c : choices.as_array())
    if (c.is_object() && c.as_object().contains("id")) ids.insert(std::string(c.at("id").as_string()));
  for (const auto& c : correct.as_array())
    if (!c.is_string() || !ids.contains(std::string(c.as_string()))) {
      w.errors["correct"] = msg::CORRECT_IN_CHOICES;
      return;
    }
  std::size_t n = correct.as_array().size();
  if (kind == "multiple" && n < 1) w.errors["correct"] = msg::MARK_AT_LEAST_ONE;
  if (kind != "multiple" && n != 1) w.errors["correct"] = msg::MARK_EXACTLY_ONE;
}

std::vector<Field> question_shape_fields() {
  return {
      choice("kind", {"ประเภทคำถาม", "Question type"},
             {{"single", {"เลือกคำตอบเดียว", "Single choice"}},
              {"multiple", {"เลือกได้หลายคำตอบ", "Multiple choice"}},
              {"truefalse", {"ถูก / ผิด", "True / false"}}})
          .required()
          .filterable()
          .fallback("single"),
      long_text("prompt", {"คำถาม", "Question"}).required().searchable().max(2000).check(check_prompt),
      json_field("choices", {"ตัวเลือก", "Choices"}).format("choices").check(check_choices),
      json_field("correct", {"คำตอบที่ถูก", "Correct answer(s)"}).format("correct").check(check_correct),
      long_text("explanation", {"คำอธิบายเฉลย", "Explanation"}).max(2000),
  };
}

namespace {

Resource questions_resource() {
  auto r = area("exam-questions", "exam_questions", {"ข้อสอบ", "Exam questions"});
  r.title_field = "prompt";
  r.fields = {
      integer("position", {"ลำดับ", "Position"}).sortable().min(0).max(1000000),  // editors may type it
      integer("points", {"คะแนน", "Marks"}).min(1).max(100).required().fallback(1),
      // The daily drill (drill/) asks the questions of exams a person took, unless this is set.
      boolean("notForDrill", {"ไม่ใช้ในแบบฝึกประจำวัน", "Not for the daily drill"}).fallback(false),
  };
  auto shape = question_shape_fields();
  r.fields.insert(r.fields.begin() + 1, shape.begin(), shape.end());
  ordered(r, reference("exam", {"แบบทดสอบ", "Examination"}, "examinations"));
  r.rules.push_back(question_rules);
  return r;
}

// The question order's own URL (the admin exam editor calls it); the kit's reorder does the work.
boost::asio::awaitable<http::Response> reorder_questions(http::Context& ctx) {
  co_return co_await reorder(ctx, *registry().find("exam-questions"), ctx.params.at("id"));
}

}  // namespace

void register_resources(http::Services& app) {
  auto& reg = registry();
  reg.add(examinations_resource());
  reg.add(questions_resource());
  app.router.put("/api/admin/examinations/:id/questions/order", reorder_questions, http::Access::editor);
}

}  // namespace shopfloor::exams
