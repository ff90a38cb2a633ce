#include "forms/declarations.hpp"

#include "resources/audience.hpp"
#include "resources/builders.hpp"
#include "resources/traits.hpp"
#include "surveys/builder.hpp"
#include "surveys/engine.hpp"

namespace shopfloor::forms {

namespace json = boost::json;
using namespace resources;
using surveys::Kind;

namespace {

// Number bounds only on numbers and in order; a question's kind and options are fixed once its form has
// submissions (surveys/builder.hpp).
void question_rules(WriteContext& w) {
  surveys::check_question(
      w,
      [](WriteContext& w) {
        auto row = w.c.query("SELECT submissions_count FROM forms WHERE id = $1", w.text_of("form")).first();
        return row && row->i64(0) > 0;
      },
      msg::FORM_HAS_SUBMISSIONS);
  auto kind = surveys::kind_of(w.text_of("kind"));
  if (!kind) return;
  auto low = w.value_of("minValue"), high = w.value_of("maxValue");
  if (*kind != Kind::number) {
    // Bounds of another kind mean nothing: drop them rather than keep a stale pair.
    if (!low.is_null()) w.values["min_value"] = db::Value{};
    if (!high.is_null()) w.values["max_value"] = db::Value{};
  } else if (low.is_int64() && high.is_int64() && low.as_int64() > high.as_int64()) {
    w.errors["minValue"] = msg::FORM_NUMBER_BOUNDS;
  }
}

}  // namespace

Resource forms_resource() {
  auto r = area("forms", "forms", {"แบบฟอร์ม", "Forms"});
  r.list_columns = {"title", "multipleSubmissions", "submissionsCount", "status", "audience", "startAt",
                    "endAt"};
  r.fields = {
      text("title", {"ชื่อแบบฟอร์ม", "Title"}).required().searchable().sortable().max(200),
      long_text("description", {"คำอธิบาย", "Description"}).max(2000),
      boolean("multipleSubmissions", {"ส่งได้หลายครั้ง", "Many submissions per person"})
          .fallback(false)
          .hint({"ปิด = ส่งได้คนละครั้งเดียว", "Off = one submission per person"}),
      audience_field(),
      integer("submissionsCount", {"จำนวนที่ส่ง", "Submissions"}).sortable().read_only(),
  };
  publishable(r, {"เปิดรับ", "Opens"}, {"ปิดรับ", "Closes"});
  return r;
}

Resource questions_resource() {
  auto r = area("form-questions", "form_questions", {"คำถามในแบบฟอร์ม", "Form questions"});
  r.title_field = "text";
  r.list_columns = {"text", "kind", "required", "form"};
  surveys::add_question_fields(r.fields,
                               {{"short_text", {"ข้อความสั้น", "Short text"}},
                                {"long_text", {"ข้อความยาว", "Long text"}},
                                {"number", {"ตัวเลข", "Number"}},
                                {"date", {"วันที่", "Date"}},
                                {"single", {"เลือก 1 ข้อ", "Single choice"}},
                                {"multiple", {"ช่องทำเครื่องหมาย (หลายข้อ)", "Checkboxes"}},
                                {"file", {"อัปโหลดไฟล์", "File upload"}}},
                               "short_text");
  r.fields.push_back(integer("minValue", {"ค่าต่ำสุด", "Smallest"}).visible_when("kind", {"number"}));
  r.fields.push_back(integer("maxValue", {"ค่าสูงสุด", "Largest"}).visible_when("kind", {"number"}));
  ordered(r, reference("form", {"แบบฟอร์ม", "Form"}, "forms"), "form-questions.order");
  r.rules.push_back(question_rules);
  return r;
}

}  // namespace shopfloor::forms
