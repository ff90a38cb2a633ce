// The badges resource on the kit: criteria from the rule registry (badges/rules.hpp), the fields a rule
// needs shown only for it, and a backfill when a rule badge is published.
#include "badges/backfill.hpp"
#include "badges/internal.hpp"
#include "badges/rules.hpp"
#include "resources/builders.hpp"
#include "resources/traits.hpp"

namespace shopfloor::badges {

namespace json = boost::json;
using namespace resources;

namespace {

// A rule badge names what it counts: a course, an exam or a number.
void badge_rules(WriteContext& w) {
  const Rule* rule = rule_named(w.text_of("criteria"));
  if (!rule) {
    w.errors["criteria"] = msg::BADGE_CRITERIA;
    return;
  }
  if (rule->needs_course && w.value_of("course").is_null()) w.errors["course"] = msg::REQUIRED;
  if (rule->needs_exam && w.value_of("exam").is_null()) w.errors["exam"] = msg::REQUIRED;
  if (rule->needs_threshold) {
    auto t = w.value_of("threshold");
    if (!t.is_int64() || t.as_int64() < 1) w.errors["threshold"] = msg::REQUIRED;
  }
}

}  // namespace

Resource badges_resource(db::Database& db) {
  auto r = area("badges", "badges", {"เหรียญตรา", "Badges"});
  r.title_field = "name";
  r.list_columns = {"image", "name", "criteria", "awardedCount", "status", "updatedAt"};
  std::vector<Option> criteria;
  std::vector<std::string> with_course, with_exam, with_threshold;  // which rules need which field
  for (const auto& rule : rules()) {
    criteria.push_back({rule.name, rule.label});
    if (rule.needs_course) with_course.push_back(rule.name);
    if (rule.needs_exam) with_exam.push_back(rule.name);
    if (rule.needs_threshold) with_threshold.push_back(rule.name);
  }
  r.fields = {
      image("image", {"รูปเหรียญ", "Picture"}),
      text("name", {"ชื่อเหรียญ", "Name"}).required().searchable().sortable().max(120),
      html("description", {"คำอธิบาย", "Description"}).max(5000),
      choice("criteria", {"เกณฑ์การได้รับ", "Awarded for"}, criteria).required().filterable().fallback("manual"),
      reference("course", {"หลักสูตร", "Course"}, "courses")
          .visible_when("criteria", with_course)
          .hint({"สำหรับเกณฑ์ \"จบหลักสูตรที่กำหนด\"", "For \"A given course completed\""}),
      reference("exam", {"แบบทดสอบ", "Exam"}, "examinations")
          .visible_when("criteria", with_exam)
          .hint({"สำหรับเกณฑ์ \"สอบผ่านแบบทดสอบที่กำหนด\"", "For \"A given exam passed\""}),
      integer("threshold", {"จำนวน (N)", "Number (N)"})
          .visible_when("criteria", with_threshold)
          .min(1)
          .max(100000000)
          .hint({"จำนวนหลักสูตร แต้ม หรือวัน ตามเกณฑ์", "Courses, points or days, by the rule"}),
      integer("awardedCount", {"มอบแล้ว", "Awarded"}).sortable().read_only(),
      text("backfillState", {"การมอบย้อนหลัง", "Backfill"}).read_only(),
      integer("backfillDone", {"มอบย้อนหลังแล้ว", "Backfilled"}).read_only(),
      integer("backfillTotal", {"ต้องมอบย้อนหลัง", "To backfill"}).read_only(),
  };
  publishable(r, {"เริ่ม", "Starts"}, {"สิ้นสุด", "Ends"});
  r.rules.push_back(badge_rules);
  r.present = [](json::object& item) {
    item["backfill"] = json::object{
        {"state", item["backfillState"]}, {"done", item["backfillDone"]}, {"total", item["backfillTotal"]}};
  };
  // Published (created so, edited to it, or the publish action): everyone who already qualifies gets it.
  r.after_commit = [&db](const std::string& kind, const json::object& item) {
    if (kind == "delete" || kind == "archive") return;
    if (item.contains("status") && item.at("status") == "published" && item.contains("criteria") &&
        item.at("criteria") != "manual")
      start_backfill(db, std::string(item.at("id").as_string()));
  };
  return r;
}

}  // namespace shopfloor::badges
