// The badges of `seed --demo`: one of each kind, with pictures made here, given to the demo staff who already
// qualify (the same backfill a publish runs) and one given by hand.
#include "badges/awards.hpp"
#include "badges/badges.hpp"
#include "media/demo_media.hpp"
#include "util/ids.hpp"

namespace shopfloor::badges {

void seed_demo(db::Connection& c, const std::string& data_dir) {
  struct Demo {
    const char *name, *description, *criteria;
    std::int64_t threshold;
    const char* picture;  // each badge its own shape and colour
  };
  static const Demo demos[] = {
      {"นักสะสมแต้ม", "<p>สะสมแต้มจากการเรียนและกิจกรรมครบ 1,000 แต้ม</p>", "points_earned", 1000, "badge-points"},
      {"จบหลักสูตรแรก", "<p>เรียนจบหลักสูตรแรกของคุณ</p>", "courses_completed", 1, "badge-first-course"},
      {"นักเรียนรู้ 5 หลักสูตร", "<p>เรียนจบครบ 5 หลักสูตร</p>", "courses_completed", 5, "badge-five-courses"},
      {"เรียนต่อเนื่อง 3 วัน", "<p>เรียนรู้อย่างน้อยวันละหนึ่งเรื่อง 3 วันติดต่อกัน</p>", "learning_streak", 3, "badge-streak"},
      {"บริการประทับใจ", "<p>มอบให้พนักงานที่ลูกค้าชื่นชมเป็นพิเศษ</p>", "manual", 0, "badge-service"},
  };
  auto now = now_ms();
  int n = 0;
  for (const auto& d : demos) {
    ++n;
    if (!c.query("SELECT 1 FROM badges WHERE name = $1", std::string(d.name)).empty()) continue;
    std::string id = uuid_v7();
    db::Value image = media::demo_media(c, data_dir, d.picture);
    c.query(
        "INSERT INTO badges (id, name, description, image_media_id, criteria, threshold, status, "
        "backfill_state, "
        "created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 'published', 'done', $7, $7)",
        id, std::string(d.name), std::string(d.description), image, std::string(d.criteria),
        d.threshold ? db::Value{d.threshold} : db::Value{}, now);
    auto badge = badge_row(c, id);
    const Rule* rule = rule_named(d.criteria);
    if (rule && rule->everyone) {  // what a publish's backfill does, done here at once
      auto people = rule->everyone(c, *badge);
      for (const auto& u : people) award(c, *badge, u);
      c.query("UPDATE badges SET backfill_done = $2, backfill_total = $2 WHERE id = $1", id,
              static_cast<std::int64_t>(people.size()));
    }
    if (std::string_view(d.criteria) == "manual") {
      auto admin = c.query("SELECT id FROM users WHERE employee_code = 'ADMIN01'").first();
      auto who = c.query("SELECT id FROM users WHERE employee_code = 'S1001'").first();
      if (admin && who) award(c, *badge, who->str(0), admin->str(0), "ลูกค้าเขียนชมในแบบประเมินความพึงพอใจ");
    }
  }
}

}  // namespace shopfloor::badges
