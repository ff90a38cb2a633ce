// Back office: questions that exist only for the drill (kit resource drill-questions, /admin/drill): the exam
// question's shape (kind, prompt, choices, correct, explanation; exams/exams.hpp) plus matching pairs, a
// time, a topic (category, sub-category) and an optional course whose enrolled people are asked them.
#include "drill/declarations.hpp"

#include <boost/json/serialize.hpp>

#include "exams/exams.hpp"
#include "resources/builders.hpp"
#include "resources/traits.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::drill {

namespace json = boost::json;
using namespace resources;

namespace {

constexpr std::size_t max_pair_text = 100;  // msg::ITEM_LENGTH's

http::Message pairs_count() {
  return http::Message(msg::BETWEEN, {{"min", 2}, {"max", 8}});
}

// [{id?, left, right}], 2-8 pairs, each side 1-100 characters and different from the other pairs' same side
// (two equal left items could not be told apart); a pair without an id gets one that stays with it.
std::optional<http::Message> check_pairs(json::value& v) {
  if (!v.is_array()) return msg::NOT_ALLOWED_VALUE;
  auto& a = v.as_array();
  if (a.size() < 2 || a.size() > 8) return pairs_count();
  std::set<std::string> ids, lefts, rights;
  json::array out;
  for (auto& p : a) {
    if (!p.is_object()) return msg::NOT_ALLOWED_VALUE;
    const auto& o = p.as_object();
    const auto* l = o.if_contains("left");
    const auto* r = o.if_contains("right");
    const auto* id = o.if_contains("id");
    if (!l || !l->is_string() || !r || !r->is_string()) return msg::NOT_ALLOWED_VALUE;
    std::string left = trimmed(l->as_string()), right = trimmed(r->as_string());
    for (const auto* t : {&left, &right})
      if (t->empty() || utf8_length(*t) > max_pair_text || has_control_chars(*t)) return msg::ITEM_LENGTH;
    if (!lefts.insert(left).second || !rights.insert(right).second) return msg::VALUES_TAKEN;
    std::string i = id && id->is_string() ? trimmed(id->as_string()) : "";
    if (i.empty() || i.size() > 40 ||
        i.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") !=
            std::string::npos ||
        ids.contains(i))
      i = "p" + random_hex(6);
    ids.insert(i);
    out.push_back(json::object{{"id", i}, {"left", left}, {"right", right}});
  }
  v = std::move(out);
  return std::nullopt;
}

// A matching question keeps its pairs (and no choices); the others are checked as exam questions are.
void question_rules(WriteContext& w) {
  if (w.text_of("kind") == "match") {
    w.errors.erase("choices");
    w.errors.erase("correct");
    w.values["choices_json"] = std::string("[]");
    w.values["correct_json"] = std::string("[]");
    if (!w.value_of("pairs").is_array() && !w.errors.count("pairs")) w.errors["pairs"] = pairs_count();
    return;
  }
  w.errors.erase("pairs");
  w.values["pairs_json"] = std::string("[]");
  exams::question_rules(w);
}

const std::vector<std::string> choice_kinds = {"single", "multiple", "truefalse"};

Resource questions_resource() {
  auto r = area("drill-questions", "drill_questions", {"คำถามแบบฝึก", "Drill questions"});
  r.title_field = "prompt";
  r.list_columns = {"prompt", "kind", "category", "course", "seconds", "notForDrill", "updatedAt"};
  r.fields = exams::question_shape_fields();  // kind, prompt, choices, correct, explanation
  r.fields[0] = choice("kind", {"ประเภทคำถาม", "Question type"},
                       {{"single", {"เลือกคำตอบเดียว", "Single choice"}},
                        {"multiple", {"เลือกได้หลายคำตอบ", "Multiple choice"}},
                        {"truefalse", {"ถูก / ผิด", "True / false"}},
                        {"match", {"จับคู่", "Match the pairs"}}})
                    .required()
                    .filterable()
                    .fallback("single");
  for (auto& f : r.fields)
    if (f.name == "choices" || f.name == "correct") f.visible_when = Field::VisibleWhen{"kind", choice_kinds};
  r.fields.insert(r.fields.begin() + 4,
                  json_field("pairs", {"คู่ที่ต้องจับ", "Pairs to match"})
                      .format("pairs")
                      .check(check_pairs)
                      .visible_when("kind", {"match"})
                      .hint({"ฝั่งขวาจะสลับลำดับให้แต่ละคน", "The right side is shuffled for each person"}));
  auto more = std::vector<Field>{
      integer("seconds", {"เวลาตอบ (วินาที)", "Time to answer (seconds)"})
          .min(10)
          .max(180)
          .required()
          .fallback(30),
      reference("category", {"หมวดหมู่", "Category"}, "categories").filterable(),
      reference("subcategory", {"หมวดหมู่ย่อย", "Sub-category"}, "subcategories"),
      reference("course", {"หลักสูตร", "Course"}, "courses")
          .filterable()
          .hint({"ว่าง = ถามพนักงานทุกคน; เลือกหลักสูตร = ถามเฉพาะผู้ที่ลงทะเบียนเรียน",
                 "Empty = asked to every staff member; a course = asked to the people enrolled in it"}),
      boolean("notForDrill", {"ไม่ใช้ในแบบฝึกประจำวัน", "Not for the daily drill"}).fallback(false),
  };
  r.fields.insert(r.fields.end(), more.begin(), more.end());
  r.rules.push_back(question_rules);
  return r;
}

}  // namespace

void register_resources() {
  registry().add(questions_resource());
}

}  // namespace shopfloor::drill
