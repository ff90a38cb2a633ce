// The stickers of `seed --demo`: two published sets with pictures made here; the demo staff have collected
// some (with a duplicate), so the sticker book shows owned, doubled and missing ones.
#include "media/demo_media.hpp"
#include "resources/demo_people.hpp"
#include "stickers/stickers.hpp"
#include "util/ids.hpp"

namespace shopfloor::stickers {

void seed_demo(db::Connection& c, const std::string& data_dir) {
  if (!c.query("SELECT 1 FROM sticker_sets").empty() || data_dir.empty()) return;
  struct Set {
    const char *name, *rule, *picture;
    struct Sticker {
      const char *name, *rarity, *picture;
    };
    std::vector<Sticker> stickers;
  };
  const Set sets[] = {
      {"ผองเพื่อนร้านค้า",
       "course_completed",
       "stickerset-shop",
       {{"ยิ้มรับลูกค้า", "common", "sticker-smile"},
        {"ถุงช้อปปิ้ง", "common", "sticker-bag"},
        {"ตะกร้าเต็ม", "common", "sticker-basket"},
        {"ป้ายลดราคา", "rare", "sticker-tag"},
        {"ดาวบริการ", "epic", "sticker-star"},
        {"มงกุฎพนักงานดีเด่น", "legendary", "sticker-crown"}}},
      {"เทศกาลไทย",
       "manual",
       "stickerset-festival",
       {{"กระทง", "common", "sticker-krathong"},
        {"ว่าว", "common", "sticker-kite"},
        {"ช้างไทย", "rare", "sticker-elephant"},
        {"ดอกบัว", "epic", "sticker-lotus"}}},
  };
  auto now = now_ms();
  int n = 0;
  std::vector<std::string> first_set;
  for (const auto& s : sets) {
    std::string set_id = uuid_v7();
    c.query(
        "INSERT INTO sticker_sets (id, name, rule, image_media_id, status, stickers_count, created_at, "
        "updated_at) "
        "VALUES ($1, $2, $3, $4, 'published', $5, $6, $6)",
        set_id, std::string(s.name), std::string(s.rule), media::demo_media(c, data_dir, s.picture),
        static_cast<std::int64_t>(s.stickers.size()), now + n);
    int position = 0;
    for (const auto& [name, rarity, picture] : s.stickers) {
      std::string id = uuid_v7();
      c.query(
          "INSERT INTO stickers (id, set_id, name, image_media_id, rarity, position, created_at, updated_at) "
          "VALUES "
          "($1, $2, $3, $4, $5, $6, $7, $7)",
          id, set_id, std::string(name), media::demo_media(c, data_dir, picture), std::string(rarity),
          position, now);
      if (n == 0) first_set.push_back(id);
      ++position;
    }
    ++n;
  }
  // S1001 holds four of the first set (one twice); S1002 two.
  auto give = [&](const char* code, const std::string& sticker, int count) {
    auto u = resources::demo_person(c, code);
    if (!u) return;
    c.query(
        "INSERT INTO user_stickers (user_id, sticker_id, count, first_at, updated_at) VALUES ($1, $2, $3, "
        "$4, $4) ON "
        "CONFLICT (user_id, sticker_id) DO NOTHING",
        *u, sticker, count, now);
  };
  give("S1001", first_set[0], 2);
  give("S1001", first_set[1], 1);
  give("S1001", first_set[3], 1);
  give("S1001", first_set[4], 1);
  give("S1002", first_set[0], 1);
  give("S1002", first_set[2], 1);
}

}  // namespace shopfloor::stickers
