// The company's ratings (`seed --demo` with its history): after a lesson, a course or an event, the person is
// asked to rate it (the area's listeners write the prompt); in the day's history about half of those asked
// answer, a few with a comment, through the staff route's own function. Each item has its own standing (some
// lessons are liked more), each person their own leniency.
#include <algorithm>

#include "http/api_error.hpp"
#include "resources/demo_step.hpp"
#include "satisfaction/satisfaction.hpp"
#include "util/ids.hpp"

namespace shopfloor::satisfaction {

void seed_history_day(db::Connection& c, const demo::Day& d) {
  auto draw = d.draws("satisfaction");
  static const char* const comments[] = {"เนื้อหาดีมาก เข้าใจง่าย",  "อยากให้มีตัวอย่างเพิ่ม", "ยาวไปหน่อย",
                                         "ได้ความรู้ไปใช้ที่สาขาจริง", "วิทยากรอธิบายชัดเจน", "อยากให้จัดอีก"};
  auto asked = c.query(
      "SELECT p.user_id, p.item_type, p.item_id, p.created_at, u.employee_code FROM satisfaction_prompts p "
      "JOIN "
      "users u ON u.id = p.user_id WHERE p.created_at >= $1 AND p.created_at < $2 AND p.dismissed_at IS NULL "
      "AND "
      "NOT EXISTS (SELECT 1 FROM satisfaction_ratings r WHERE r.user_id = p.user_id AND r.item_type = "
      "p.item_type AND r.item_id = p.item_id) ORDER BY p.created_at",
      d.start, d.end);
  for (const auto& p : asked.rows) {
    if (!draw.chance(0.5)) continue;
    auto at = p.i64(3) + draw.between(1, 4) * demo::minute;
    if (at >= d.end) continue;
    double standing = demo::Draws("standing|" + p.str(2)).next(),
           leniency = demo::Draws("lenient|" + p.str(4)).next();
    auto stars =
        std::clamp<std::int64_t>(static_cast<std::int64_t>(2.6 + 1.6 * standing + 1.2 * leniency), 1, 5);
    std::optional<std::string> comment;
    if (draw.chance(0.25)) comment = comments[draw.below(std::size(comments))];
    resources::demo_step(at, [&] { rate_item(c, p.str(0), p.str(1), p.str(2), stars, comment, at); });
  }
}

}  // namespace shopfloor::satisfaction
