#include "badges/rules.hpp"

#include <algorithm>
#include <set>

namespace shopfloor::badges {

namespace {

constexpr std::int64_t day_ms = 86400000;
constexpr std::int64_t bangkok_offset_ms = 7 * 3600 * 1000;

std::int64_t courses_completed(db::Connection& c, const std::string& user) {
  return c
      .query("SELECT COUNT(*) FROM course_enrollments WHERE user_id = $1 AND completed_at IS NOT NULL", user)
      .first()
      ->i64(0);
}

// Earned = every positive entry but refunds of a spend (a refund gives back, it does not earn).
std::int64_t points_earned(db::Connection& c, const std::string& user) {
  return c
      .query(
          "SELECT COALESCE(SUM(delta), 0) FROM points_ledger WHERE user_id = $1 AND delta > 0 AND source <> "
          "'refund'",
          user)
      .first()
      ->i64(0);
}

// The longest run of consecutive days (Bangkok) with something learnt: a lesson or e-book completed, an exam
// passed.
std::int64_t longest_streak(db::Connection& c, const std::string& user) {
  std::set<std::int64_t> days;
  for (const auto& r :
       c.query("SELECT completed_at FROM learning_progress WHERE user_id = $1 AND completed_at IS NOT "
               "NULL UNION ALL SELECT submitted_at FROM exam_attempts WHERE user_id = $1 AND passed = 1 "
               "AND submitted_at IS NOT NULL",
               user)
           .rows)
    days.insert((r.i64(0) + bangkok_offset_ms) / day_ms);
  std::int64_t best = 0, run = 0, prev = 0;
  for (auto d : days) {
    run = (run > 0 && d == prev + 1) ? run + 1 : 1;
    prev = d;
    best = std::max(best, run);
  }
  return best;
}

const char* const staff_only =
    " AND user_id IN (SELECT id FROM users WHERE role = 'staff' AND status = 'active')";

// A rule's `everyone`: the active staff among the user_ids `select` (one parameter, $1) names; `tail` follows
// the staff condition (a GROUP BY ... HAVING over the same $1).
std::vector<std::string> staff_in(db::Connection& c, const std::string& select, const db::Value& param,
                                  const char* tail = "") {
  return c.query(select + staff_only + tail, param).first_column();
}

// A rule met by one given item, the badge's course or exam (`item`): `done` ("FROM ... WHERE ...", the
// item's id as $1) finds the people who have done it.
Rule given_item_rule(std::string name, resources::Label label, triggers::Kind kind, std::string done,
                     std::string BadgeRow::*item) {
  Rule rule;
  rule.name = std::move(name);
  rule.label = std::move(label);
  rule.kinds = {kind};
  rule.qualifies = [done, item](db::Connection& c, const BadgeRow& b, const std::string& u) {
    return !c.query("SELECT 1 " + done + " AND user_id = $2", b.*item, u).empty();
  };
  rule.everyone = [done, item](db::Connection& c, const BadgeRow& b) {
    return staff_in(c, "SELECT DISTINCT user_id " + done, b.*item);
  };
  return rule;
}

// A rule met at N of something: the person qualifies once `count` reaches the badge's threshold, and their
// progress is the count out of the threshold.
Rule threshold_rule(std::string name, resources::Label label, triggers::Kind kind,
                    std::int64_t (*count)(db::Connection&, const std::string&)) {
  Rule rule;
  rule.name = std::move(name);
  rule.label = std::move(label);
  rule.kinds = {kind};
  rule.needs_threshold = true;
  rule.qualifies = [count](db::Connection& c, const BadgeRow& b, const std::string& u) {
    return count(c, u) >= b.threshold;
  };
  rule.progress = [count](db::Connection& c, const BadgeRow& b, const std::string& u) {
    return std::optional<Progress>(Progress{std::min(count(c, u), b.threshold), b.threshold});
  };
  return rule;
}

std::vector<Rule>& registry() {
  static std::vector<Rule> all = [] {
    std::vector<Rule> r;
    Rule manual;
    manual.name = "manual";
    manual.label = {"มอบโดยผู้ดูแล", "Awarded by hand"};
    manual.qualifies = [](auto&, auto&, auto&) { return false; };
    manual.narrative = [](const BadgeRow&) { return std::string("Awarded by the organisation."); };
    r.push_back(manual);

    auto course = given_item_rule(
        "course_completed", {"จบหลักสูตรที่กำหนด", "A given course completed"}, triggers::course_completed,
        "FROM course_enrollments WHERE course_id = $1 AND completed_at IS NOT NULL", &BadgeRow::course_id);
    course.needs_course = true;
    course.narrative = [](const BadgeRow&) { return std::string("Completed the course."); };
    r.push_back(course);

    auto exam =
        given_item_rule("exam_passed", {"สอบผ่านแบบทดสอบที่กำหนด", "A given exam passed"}, triggers::exam_passed,
                        "FROM exam_attempts WHERE exam_id = $1 AND passed = 1", &BadgeRow::exam_id);
    exam.needs_exam = true;
    exam.narrative = [](const BadgeRow&) { return std::string("Passed the exam."); };
    r.push_back(exam);

    auto courses = threshold_rule("courses_completed", {"จบหลักสูตรครบ N หลักสูตร", "N courses completed"},
                                  triggers::course_completed, courses_completed);
    courses.everyone = [](db::Connection& c, const BadgeRow& b) {
      return staff_in(c, "SELECT user_id FROM course_enrollments WHERE completed_at IS NOT NULL", b.threshold,
                      " GROUP BY user_id HAVING COUNT(*) >= $1");
    };
    courses.narrative = [](const BadgeRow& b) {
      return "Completed " + std::to_string(b.threshold) + " courses.";
    };
    r.push_back(courses);

    auto points = threshold_rule("points_earned", {"ได้รับแต้มครบ N แต้ม", "N points earned"},
                                 triggers::points_earned, points_earned);
    points.everyone = [](db::Connection& c, const BadgeRow& b) {
      return staff_in(c, "SELECT user_id FROM points_ledger WHERE delta > 0 AND source <> 'refund'",
                      b.threshold, " GROUP BY user_id HAVING SUM(delta) >= $1");
    };
    points.narrative = [](const BadgeRow& b) { return "Earned " + std::to_string(b.threshold) + " points."; };
    r.push_back(points);

    auto streak = threshold_rule("learning_streak", {"เรียนต่อเนื่อง N วัน", "N-day learning streak"},
                                 triggers::learning_completed, longest_streak);
    streak.everyone = [](db::Connection& c, const BadgeRow& b) {
      std::vector<std::string> out;
      for (const auto& u : c.query(std::string("SELECT DISTINCT user_id FROM learning_progress WHERE "
                                               "completed_at IS NOT NULL") +
                                   staff_only)
                               .first_column())
        if (longest_streak(c, u) >= b.threshold) out.push_back(u);
      return out;
    };
    streak.narrative = [](const BadgeRow& b) {
      return "Learnt something on " + std::to_string(b.threshold) + " days in a row.";
    };
    r.push_back(streak);
    return r;
  }();
  return all;
}

}  // namespace

const std::vector<Rule>& rules() {
  return registry();
}

const Rule* rule_named(std::string_view name) {
  for (const auto& r : registry())
    if (r.name == name) return &r;
  return nullptr;
}

void add_rule(Rule rule) {
  registry().push_back(std::move(rule));
}

}  // namespace shopfloor::badges
