#include "pulse/declarations.hpp"

#include "pulse/periods.hpp"
#include "resources/audience.hpp"
#include "resources/builders.hpp"
#include "resources/traits.hpp"
#include "surveys/builder.hpp"
#include "surveys/engine.hpp"

namespace shopfloor::pulse {

namespace json = boost::json;
using namespace resources;

namespace {

// A question's kind and options are fixed once it has answers (surveys/builder.hpp).
void question_rules(WriteContext& w) {
  surveys::check_question(
      w,
      [](WriteContext& w) {
        auto row = w.c.query("SELECT answers_count FROM pulse_questions WHERE id = $1", w.id).first();
        return row && row->i64(0) > 0;
      },
      msg::PULSE_HAS_RESPONSES);
}

// An update answers a question of its own pulse, optionally of one period given by its key.
void update_rules(WriteContext& w) {
  auto pulse = w.text_of("pulse"), question = w.text_of("question");
  if (pulse.empty() || question.empty()) return;  // required() answers
  if (w.c.query("SELECT 1 FROM pulse_questions WHERE id = $1 AND pulse_id = $2", question, pulse).empty())
    w.errors["question"] = msg::PULSE_UPDATE_QUESTION;
  auto period = w.text_of("period");
  if (period.empty()) return;
  auto p = w.c.query("SELECT recurrence FROM pulses WHERE id = $1", pulse).first();
  if (p && !period_of_key(recurrence_of(p->str(0)), period)) w.errors["period"] = msg::PULSE_PERIOD;
}

}  // namespace

Resource pulses_resource() {
  auto r = area("pulses", "pulses", {"แบบสำรวจสั้น (พัลส์)", "Pulse surveys"});
  r.list_columns = {"title", "recurrence", "responsesCount", "status", "audience", "startAt", "endAt"};
  r.fields = {
      text("title", {"ชื่อแบบสำรวจ", "Title"}).required().searchable().sortable().max(200),
      long_text("description", {"คำอธิบาย", "Description"}).max(1000),
      choice("recurrence", {"ถามซ้ำทุก", "Recurs"},
             {{"weekly", {"สัปดาห์ (ISO จันทร์-อาทิตย์)", "Week (ISO, Monday-Sunday)"}},
              {"monthly", {"เดือน", "Month"}}})
          .required()
          .fallback("weekly")
          .create_only(),
      integer("questionsPerPeriod", {"คำถามต่อรอบ", "Questions per period"}).min(1).max(3).fallback(3),
      integer("cooldown", {"ไม่ถามซ้ำภายใน (รอบ)", "Not asked again within (periods)"})
          .min(0)
          .max(12)
          .fallback(0)
          .hint({"คำถามที่คนหนึ่งตอบแล้วจะไม่ถามคนนั้นซ้ำในจำนวนรอบนี้",
                 "A question a person was asked is not asked to them again for this many periods"}),
      boolean("anonymous", {"ไม่ระบุตัวตน", "Anonymous"})
          .fallback(false)
          .create_only()
          .hint({"รอบที่มีผู้ตอบน้อยกว่า 5 คนจะไม่แสดงผล (เปลี่ยนภายหลังไม่ได้)",
                 "Periods with under 5 answers are withheld (cannot be changed later)"}),
      audience_field(),
      integer("responsesCount", {"ครั้งที่ตอบ", "Responses"}).sortable().read_only(),
  };
  publishable(r, {"เปิดตอบ", "Opens"}, {"ปิดตอบ", "Closes"});
  r.rules.push_back(surveys::anonymous_end_only_later);
  return r;
}

Resource questions_resource() {
  auto r = area("pulse-questions", "pulse_questions", {"คำถามแบบสำรวจสั้น", "Pulse questions"});
  r.title_field = "text";
  r.list_columns = {"text", "kind", "required", "pulse"};
  surveys::add_question_fields(r.fields,
                               {{"rating", {"คะแนน 1-5", "Rating 1-5"}},
                                {"nps", {"NPS 0-10", "NPS 0-10"}},
                                {"single", {"เลือก 1 ข้อ", "One choice"}},
                                {"short_text", {"ข้อความสั้น", "Short text"}},
                                {"long_text", {"ข้อความยาว", "Long text"}}},
                               "rating");
  r.fields.push_back(integer("answersCount", {"คำตอบ", "Answers"}).read_only());
  ordered(r, reference("pulse", {"แบบสำรวจสั้น", "Pulse survey"}, "pulses"), "pulse-questions.order");
  r.rules.push_back(question_rules);
  return r;
}

Resource updates_resource() {
  auto r = area("pulse-updates", "pulse_updates", {"คุณบอก เราทำ", "You said, we did"});
  r.write_role = Role::admin;  // SPEC: admins answer the staff's voice; editors read
  r.title_field = "text";
  r.list_columns = {"text", "pulse", "question", "period", "status", "createdAt"};
  r.fields = {
      reference("pulse", {"แบบสำรวจสั้น", "Pulse survey"}, "pulses").required().filterable(),
      reference("question", {"คำถาม", "Question"}, "pulse-questions").required().filterable(),
      text("period", {"รอบ (เช่น 2026-W47 หรือ 2026-11)", "Period (e.g. 2026-W47 or 2026-11)"}).max(10),
      long_text("text", {"สิ่งที่เราทำ", "What we did"}).required().searchable().max(1000),
  };
  publishable(r);
  r.rules.push_back(update_rules);
  return r;
}

}  // namespace shopfloor::pulse
