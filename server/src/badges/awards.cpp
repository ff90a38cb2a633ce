#include "badges/awards.hpp"

#include "notifications/notifications.hpp"
#include "resources/staff_gate.hpp"
#include "util/ids.hpp"

namespace shopfloor::badges {

void notify_earned(db::Connection& c, const std::string& badge_id, const std::string& name,
                   const std::string& user_id) {
  notifications::notify(c,
                        {user_id, "badge_earned", boost::json::object{{"badge", name}, {"badgeId", badge_id}},
                         "/p/" + user_id + "?badge=" + badge_id, "badge:" + badge_id});
  triggers::fire(c, {triggers::badge_earned, user_id, badge_id, 0});
}

namespace {
const char* const badge_columns = "b.id, b.name, b.criteria, b.course_id, b.exam_id, b.threshold";

BadgeRow from_row(const db::Row& r) {
  return BadgeRow{r.str(0), r.str(1), r.str(2), r.str(3), r.str(4), r.i64(5)};
}
}  // namespace

std::optional<BadgeRow> badge_row(db::Connection& c, const std::string& badge_id) {
  // The badge whatever its state: the back office awards by hand, the backfill checks the state itself.
  auto r = c.query(std::string("SELECT ") + badge_columns + " FROM " + resources::any_state("badges") +
                       " b WHERE b.id = $1",
                   badge_id)
               .first();
  if (!r) return std::nullopt;
  return from_row(*r);
}

bool award(db::Connection& c, const BadgeRow& badge, const std::string& user_id, const std::string& by,
           const std::string& reason) {
  auto now = now_ms();
  auto r = c.query(
      "INSERT INTO badge_awards (id, badge_id, user_id, awarded_at, awarded_by, reason) VALUES ($1, $2, $3, "
      "$4, $5, "
      "$6) ON CONFLICT (badge_id, user_id) DO NOTHING",
      uuid_v7(), badge.id, user_id, now, by.empty() ? db::Value{} : db::Value{by},
      reason.empty() ? db::Value{} : db::Value{reason});
  if (r.affected == 0) return false;
  c.query("UPDATE badges SET awarded_count = awarded_count + 1 WHERE id = $1", badge.id);
  notify_earned(c, badge.id, badge.name, user_id);
  return true;
}

void on_happening(db::Connection& c, const triggers::Happening& h) {
  std::string names;
  std::vector<db::Value> params{h.user_id};
  for (const auto& rule : rules())
    for (const auto& k : rule.kinds)
      if (k == h.kind) {
        params.push_back(rule.name);
        names += (names.empty() ? "$" : ", $") + std::to_string(params.size());
      }
  if (names.empty()) return;
  // Published badges (whatever their window; badges are for everyone) of those rules the person has not got
  // (nor had revoked).
  auto rows = resources::StaffGate::anyone(now_ms())
                  .from("badges", "b")
                  .select(badge_columns)
                  .any_window()
                  .where("b.criteria IN (" + names +
                             ") AND NOT EXISTS (SELECT 1 FROM badge_awards a WHERE a.badge_id = b.id AND "
                             "a.user_id = $1)",
                         params)
                  .rows(c);
  for (const auto& row : rows) {
    auto badge = from_row(row);
    const Rule* rule = rule_named(badge.criteria);
    if ((rule->needs_course && h.kind == triggers::course_completed && badge.course_id != h.subject_id) ||
        (rule->needs_exam && h.kind == triggers::exam_passed && badge.exam_id != h.subject_id))
      continue;
    if (rule->qualifies(c, badge, h.user_id)) award(c, badge, h.user_id);
  }
}

}  // namespace shopfloor::badges
