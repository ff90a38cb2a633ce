#include "surveys/declarations.hpp"

#include "resources/audience.hpp"
#include "resources/builders.hpp"
#include "resources/search.hpp"
#include "resources/traits.hpp"
#include "surveys/builder.hpp"
#include "surveys/engine.hpp"

namespace shopfloor::surveys {

namespace json = boost::json;
using namespace resources;

namespace {

// A question's kind and options are fixed once its survey has responses (surveys/builder.hpp).
void question_rules(WriteContext& w) {
  check_question(
      w,
      [](WriteContext& w) {
        auto r = w.c.query(
            "SELECT s.responses_count FROM surveys s JOIN survey_sections x ON x.survey_id = s.id WHERE x.id "
            "= $1",
            w.text_of("section"));
        auto row = r.first();
        return row && row->i64(0) > 0;
      },
      msg::SURVEY_HAS_RESPONSES);
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
      integer("points", {"แต้มเมื่อตอบครบ", "Points for answering"})
          .min(0)
          .max(1000)
          .fallback(0)
          .hint({"ให้ครั้งเดียวต่อคนเมื่อส่งคำตอบ (0 = ไม่ให้แต้ม)", "Paid once per person on submitting (0 = none)"}),
      integer("responsesCount", {"ผู้ตอบ", "Responses"}).sortable().read_only(),
  };
  publishable(r, {"เปิดตอบ", "Opens"}, {"ปิดตอบ", "Closes"});
  r.rules.push_back(anonymous_end_only_later);
  searchable(r, {.title = {"title"}, .body = {"description"}, .sorted_by = "startAt"});
  return r;
}

Resource sections_resource() {
  auto r = area("survey-sections", "survey_sections", {"ส่วนของแบบสำรวจ", "Survey sections"});
  r.list_columns = {"title", "survey"};
  r.fields = {
      text("title", {"หัวข้อส่วน", "Section title"}).searchable().max(200),
      long_text("description", {"คำอธิบาย", "Description"}).max(2000),
  };
  ordered(r, reference("survey", {"แบบสำรวจ", "Survey"}, "surveys"), "survey-sections.order");
  return r;
}

Resource questions_resource() {
  auto r = area("survey-questions", "survey_questions", {"คำถามแบบสำรวจ", "Survey questions"});
  r.title_field = "text";
  r.list_columns = {"text", "kind", "required", "section"};
  add_question_fields(r.fields,
                      {{"single", {"เลือก 1 ข้อ", "One choice"}},
                       {"multiple", {"เลือกหลายข้อ", "Several choices"}},
                       {"short_text", {"ข้อความสั้น", "Short text"}},
                       {"long_text", {"ข้อความยาว", "Long text"}},
                       {"rating", {"คะแนน 1-5", "Rating 1-5"}},
                       {"nps", {"NPS 0-10", "NPS 0-10"}}},
                      "single");
  ordered(r, reference("section", {"ส่วน", "Section"}, "survey-sections"), "survey-questions.order");
  r.rules.push_back(question_rules);
  return r;
}

}  // namespace shopfloor::surveys
