#include "surveys/declarations.hpp"

#include "resources/audience.hpp"
#include "resources/builders.hpp"
#include "resources/traits.hpp"
#include "surveys/engine.hpp"

namespace shopfloor::surveys {

namespace json = boost::json;
using namespace resources;

namespace {

// Choice kinds need 2-20 options, others none; maxChoices only within the options. Answers name options by
// index, so once the survey has responses a question's kind and options stay as they are.
void question_rules(WriteContext& w) {
  auto kind = kind_of(w.text_of("kind"));
  if (!kind) return;  // the enumeration's own check answers
  auto options = w.value_of("options");
  std::size_t n = options.is_array() ? options.as_array().size() : 0;
  if (has_options(*kind) ? (n < 2 || n > 20) : n > 0) w.errors["options"] = msg::SURVEY_OPTIONS;
  auto max = w.value_of("maxChoices");
  if (*kind == Kind::multiple && max.is_int64() &&
      (max.as_int64() < 1 || max.as_int64() > static_cast<std::int64_t>(n)))
    w.errors["maxChoices"] = http::Message(msg::ANSWER_RANGE, {{"min", 1}, {"max", n}});
  if (!w.before) return;
  auto kind_before = w.before->if_contains("kind"), options_before = w.before->if_contains("options");
  bool changed = (kind_before && *kind_before != json::value(name_of(*kind))) ||
                 (options_before && *options_before != options);
  if (!changed) return;
  auto responses = w.c.query(
      "SELECT s.responses_count FROM surveys s JOIN survey_sections x ON x.survey_id = s.id WHERE x.id = $1",
      w.text_of("section"));
  if (auto r = responses.first(); r && r->i64(0) > 0)
    throw http::ApiError{http::Status::conflict, "CONFLICT", msg::SURVEY_HAS_RESPONSES};
}

}  // namespace

Resource surveys_resource() {
  auto r = area("surveys", "surveys", {"แบบสำรวจ", "Surveys"});
  r.list_columns = {"title", "anonymous", "responsesCount", "status", "audience", "startAt", "endAt"};
  r.fields = {
      text("title", {"ชื่อแบบสำรวจ", "Title"}).required().searchable().sortable().max(200),
      long_text("description", {"คำอธิบาย", "Description"}).max(2000),
      boolean("anonymous", {"ไม่ระบุตัวตน", "Anonymous"})
          .fallback(false)
          .create_only()
          .hint({"ไม่เก็บว่าใครตอบอะไร และซ่อนกลุ่มที่มีผู้ตอบน้อยกว่า 5 คน (เปลี่ยนภายหลังไม่ได้)",
                 "Who answered what is not kept, and groups under 5 are hidden (cannot be changed later)"}),
      audience_field(),
      integer("points", {"คะแนนเมื่อตอบครบ", "Points for answering"})
          .min(0)
          .max(1000)
          .fallback(0)
          .hint({"ให้ครั้งเดียวต่อคนเมื่อส่งคำตอบ (0 = ไม่ให้คะแนน)", "Paid once per person on submitting (0 = none)"}),
      integer("responsesCount", {"ผู้ตอบ", "Responses"}).sortable().read_only(),
  };
  publishable(r, {"เปิดตอบ", "Opens"}, {"ปิดตอบ", "Closes"});
  return r;
}

Resource sections_resource() {
  auto r = area("survey-sections", "survey_sections", {"ส่วนของแบบสำรวจ", "Survey sections"});
  r.default_sort = "position";
  r.list_columns = {"title", "survey"};
  r.fields = {
      reference("survey", {"แบบสำรวจ", "Survey"}, "surveys").required().filterable().create_only(),
      text("title", {"หัวข้อส่วน", "Section title"}).searchable().max(200),
      long_text("description", {"คำอธิบาย", "Description"}).max(2000),
      integer("position", {"ลำดับ", "Position"}).sortable().read_only(),
  };
  ordered(r, "survey", "survey-sections.order");
  return r;
}

Resource questions_resource() {
  auto r = area("survey-questions", "survey_questions", {"คำถามแบบสำรวจ", "Survey questions"});
  r.title_field = "text";
  r.default_sort = "position";
  r.list_columns = {"text", "kind", "required", "section"};
  r.fields = {
      reference("section", {"ส่วน", "Section"}, "survey-sections").required().filterable().create_only(),
      choice("kind", {"ประเภทคำถาม", "Kind"},
             {{"single", {"เลือก 1 ข้อ", "One choice"}},
              {"multiple", {"เลือกหลายข้อ", "Several choices"}},
              {"short_text", {"ข้อความสั้น", "Short text"}},
              {"long_text", {"ข้อความยาว", "Long text"}},
              {"rating", {"คะแนน 1-5", "Rating 1-5"}},
              {"nps", {"NPS 0-10", "NPS 0-10"}}})
          .required()
          .fallback("single"),
      text("text", {"คำถาม", "Question"}).required().searchable().max(500),
      text("help", {"คำอธิบายเพิ่มเติม", "Help text"}).max(500),
      boolean("required", {"ต้องตอบ", "Required"}).fallback(false),
      tags("options", {"ตัวเลือก", "Options"})
          .visible_when("kind", {"single", "multiple"})
          .hint({"พิมพ์ตัวเลือกแล้วกด Enter ทีละข้อ (2-20 ข้อ) พนักงานเห็นตามลำดับนี้",
                 "Type an option and press Enter, one at a time (2-20); staff see them in this order"}),
      integer("maxChoices", {"เลือกได้สูงสุด", "At most"}).min(1).max(20).visible_when("kind", {"multiple"}),
      integer("position", {"ลำดับ", "Position"}).sortable().read_only(),
  };
  ordered(r, "section", "survey-questions.order");
  r.rules.push_back(question_rules);
  return r;
}

}  // namespace shopfloor::surveys
