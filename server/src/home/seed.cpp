// The demo slides of `seed --demo`: three published slides with generated pictures, linking into the app
// and out to an https page.
#include "home/home.hpp"
#include "media/demo_media.hpp"
#include "util/ids.hpp"

namespace shopfloor::home {

void seed_demo(db::Connection& c, const std::string& data_dir) {
  struct Slide {
    const char* title;
    const char* link;
    const char* picture;
  };
  static const Slide slides[] = {
      {"เรียนรู้หลักสูตรใหม่ประจำเดือนนี้", "/learning", "slide-learning"},
      {"สะสมคะแนนแลกของรางวัล", "/club/points", "slide-rewards"},
      {"อ่านคู่มือการบริการลูกค้าฉบับเต็ม", "https://example.com/service-guide", "slide-guide"},
  };
  if (data_dir.empty()) return;  // slides need their picture
  auto now = now_ms();
  std::int64_t position = 0;
  for (const auto& s : slides) {
    if (!c.query("SELECT 1 FROM home_slides WHERE title = $1", std::string(s.title)).empty()) {
      ++position;
      continue;
    }
    db::Value image = media::demo_media(c, data_dir, s.picture);
    if (std::holds_alternative<std::monostate>(image)) return;
    c.query(
        "INSERT INTO home_slides (id, title, image_media_id, link, position, status, created_at, updated_at) "
        "VALUES ($1, $2, $3, $4, $5, 'published', $6, $6)",
        uuid_v7(), std::string(s.title), image, std::string(s.link), position++, now);
  }
}

}  // namespace shopfloor::home
