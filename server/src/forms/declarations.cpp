#include "forms/declarations.hpp"

#include "resources/audience.hpp"
#include "resources/builders.hpp"
#include "resources/traits.hpp"
#include "surveys/engine.hpp"

namespace shopfloor::forms {

namespace json = boost::json;
using namespace resources;
using surveys::Kind;

namespace {

// Choice kinds need 2-20 options, others none; maxChoices only within the options; number bounds only on
// numbers and in order. Answers name options by index, so once the form has submissions a question's kind
// and options stay as they are.
void question_rules(WriteContext& w) {
  auto kind = surveys::kind_of(w.text_of("kind"));
  if (!kind) return;  // the enumeration's own check answers
  auto options = w.value_of("options");
  std::size_t n = options.is_array() ? options.as_array().size() : 0;
  if (surveys::has_options(*kind) ? (n < 2 || n > 20) : n > 0) w.errors["options"] = msg::SURVEY_OPTIONS;
  auto max = w.value_of("maxChoices");
  if (*kind == Kind::multiple && max.is_int64() &&
      (max.as_int64() < 1 || max.as_int64() > static_cast<std::int64_t>(n)))
    w.errors["maxChoices"] = http::Message(msg::ANSWER_RANGE, {{"min", 1}, {"max", n}});
  auto low = w.value_of("minValue"), high = w.value_of("maxValue");
  if (*kind != Kind::number) {
    // Bounds of another kind mean nothing: drop them rather than keep a stale pair.
    if (!low.is_null()) w.values["min_value"] = db::Value{};
    if (!high.is_null()) w.values["max_value"] = db::Value{};
  } else if (low.is_int64() && high.is_int64() && low.as_int64() > high.as_int64()) {
    w.errors["minValue"] = msg::FORM_NUMBER_BOUNDS;
  }
  if (!w.before) return;
  auto kind_before = w.before->if_contains("kind"), options_before = w.before->if_contains("options");
  bool changed = (kind_before && *kind_before != json::value(w.text_of("kind"))) ||
                 (options_before && *options_before != options);
  if (!changed) return;
  auto count = w.c.query("SELECT f.submissions_count FROM forms f WHERE f.id = $1", w.text_of("form"));
  if (auto r = count.first(); r && r->i64(0) > 0)
    throw http::ApiError{http::Status::conflict, "CONFLICT", msg::FORM_HAS_SUBMISSIONS};
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
  r.default_sort = "position";
  r.list_columns = {"text", "kind", "required", "form"};
  r.fields = {
      reference("form", {"แบบฟอร์ม", "Form"}, "forms").required().filterable().create_only(),
      choice("kind", {"ประเภทคำถาม", "Kind"},
             {{"short_text", {"ข้อความสั้น", "Short text"}},
              {"long_text", {"ข้อความยาว", "Long text"}},
              {"number", {"ตัวเลข", "Number"}},
              {"date", {"วันที่", "Date"}},
              {"single", {"เลือก 1 ข้อ", "Single choice"}},
              {"multiple", {"ช่องทำเครื่องหมาย (หลายข้อ)", "Checkboxes"}},
              {"file", {"อัปโหลดไฟล์", "File upload"}}})
          .required()
          .fallback("short_text"),
      text("text", {"คำถาม", "Question"}).required().searchable().max(500),
      text("help", {"คำอธิบายเพิ่มเติม", "Help text"}).max(500),
      boolean("required", {"ต้องตอบ", "Required"}).fallback(false),
      tags("options", {"ตัวเลือก", "Options"}).visible_when("kind", {"single", "multiple"}),
      integer("maxChoices", {"เลือกได้สูงสุด", "At most"}).min(1).max(20).visible_when("kind", {"multiple"}),
      integer("minValue", {"ค่าต่ำสุด", "Smallest"}).visible_when("kind", {"number"}),
      integer("maxValue", {"ค่าสูงสุด", "Largest"}).visible_when("kind", {"number"}),
      integer("position", {"ลำดับ", "Position"}).sortable().read_only(),
  };
  ordered(r, "form", "form-questions.order");
  r.rules.push_back(question_rules);
  return r;
}

}  // namespace shopfloor::forms
