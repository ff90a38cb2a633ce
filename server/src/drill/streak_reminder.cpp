#include "drill/streak_reminder.hpp"

#include "notifications/notifications.hpp"
#include "rollups/rollups.hpp"

namespace shopfloor::drill {

std::int64_t remind_streaks_at_risk(db::Connection& c, std::int64_t now) {
  auto today = rollups::day_of(now);
  const std::string day = rollups::day_text(today), yesterday = rollups::day_text(today - 1);
  auto at_risk = c.query(
      "SELECT y.user_id, y.streak FROM drill_days y JOIN users u ON u.id = y.user_id WHERE y.day = $1 AND "
      "y.finished_at IS NOT NULL AND u.status = 'active' AND NOT EXISTS (SELECT 1 FROM drill_days t WHERE "
      "t.user_id = y.user_id AND t.day = $2 AND t.finished_at IS NOT NULL) ORDER BY y.user_id",
      yesterday, day);
  std::int64_t told = 0;
  for (const auto& r : at_risk.rows)
    if (notifications::notify(
            c, {r.str(0), "drill_streak", {{"streak", r.i64(1)}}, "/drill", "drill_streak:" + day}))
      ++told;
  return told;
}

}  // namespace shopfloor::drill
