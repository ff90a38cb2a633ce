// `seed --demo`: the demo staff have completed and rated some published contents, courses and events over
// the last 8 weeks, with a few comments (one hidden), so the back office's figures and trend are alive.
#include "satisfaction/kinds.hpp"
#include "satisfaction/satisfaction.hpp"
#include "util/ids.hpp"

namespace shopfloor::satisfaction {

void seed_demo(db::Connection& c) {
  if (!c.query("SELECT 1 FROM satisfaction_ratings").empty()) return;
  std::vector<std::string> users;
  for (const auto& r :
       c.query("SELECT id FROM users WHERE role = 'staff' ORDER BY employee_code LIMIT 12").rows)
    users.push_back(r.str(0));
  if (users.empty()) return;
  const char* comments[] = {"เนื้อหาดีมาก เข้าใจง่าย", "อยากให้มีตัวอย่างเพิ่ม", "ยาวไปหน่อย", "ได้ความรู้ไปใช้ที่สาขาจริง",
                            "เสียงวิดีโอเบาไป"};
  auto now = now_ms();
  constexpr std::int64_t day = 86400000;
  int n = 0;
  for (const auto& k : kinds) {
    auto items = c.query(std::string("SELECT id FROM ") + k.table +
                         " WHERE status = 'published' ORDER BY created_at, id LIMIT 3");
    int item_no = 0;
    for (const auto& item : items.rows) {
      for (std::size_t u = 0; u < users.size(); ++u) {
        ++n;
        if ((n + item_no) % 4 == 0) continue;  // not everyone took part
        // Each item leans its own way: the first is liked, the last less so.
        std::int64_t stars = 5 - item_no - static_cast<std::int64_t>((n * 7) % 3 == 0);
        if (stars < 1) stars = 1;
        std::int64_t at = now - static_cast<std::int64_t>((n * 13) % 56) * day - (n % 24) * 3600000LL;
        c.query(
            "INSERT INTO satisfaction_prompts (user_id, item_type, item_id, created_at, dismissed_at) VALUES "
            "($1, $2, $3, $4, $4) ON CONFLICT (user_id, item_type, item_id) DO NOTHING",
            users[u], std::string(k.type), item.str(0), at);
        db::Value comment = n % 3 == 0 ? db::Value{std::string(comments[n % 5])} : db::Value{};
        c.query(
            "INSERT INTO satisfaction_ratings (id, user_id, item_type, item_id, stars, comment, "
            "comment_hidden, "
            "created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
            uuid_v7(), users[u], std::string(k.type), item.str(0), stars, comment,
            std::int64_t{n == 9 ? 1 : 0}, at);
      }
      ++item_no;
    }
  }
}

}  // namespace shopfloor::satisfaction
