// `seed --demo`: an open poll with image options and a text poll.
#include "media/demo_image.hpp"
#include "polls/polls.hpp"
#include "util/ids.hpp"

namespace shopfloor::polls {

void seed_demo(db::Connection& c, const std::string& data_dir) {
  if (!c.query("SELECT 1 FROM polls").empty()) return;
  auto now = now_ms();
  constexpr std::int64_t day = 86400000;
  struct Demo {
    const char *title, *choice;
    std::vector<const char*> options;
    bool images;
  };
  const Demo demos[] = {
      {"เสื้อทีมปีหน้าอยากได้สีอะไร", "single", {"เขียวมรกต", "กรมท่า", "ส้มสดใส"}, true},
      {"กิจกรรมสันทนาการที่อยากให้จัด (เลือกได้ 2 ข้อ)",
       "multiple",
       {"ฟุตบอลสาขา", "ทำบุญตักบาตร", "ปลูกป่าชายเลน", "โบว์ลิ่ง"},
       false},
  };
  int n = 0;
  for (const auto& d : demos) {
    std::string id = uuid_v7();
    c.query(
        "INSERT INTO polls (id, title, choice, max_choices, results_visibility, status, start_at, end_at, "
        "created_at, updated_at) VALUES ($1, $2, $3, 2, 'after_vote', 'published', $4, $5, $6, $6)",
        id, std::string(d.title), std::string(d.choice), now - day, now + 10 * day, now + n);
    int position = 0;
    for (const char* text : d.options) {
      db::Value image =
          d.images && !data_dir.empty()
              ? media::demo_image(c, data_dir, 90 + position, "poll-" + std::to_string(position) + ".png")
              : db::Value{};
      c.query(
          "INSERT INTO poll_options (id, poll_id, text, image_media_id, position, created_at, updated_at) "
          "VALUES "
          "($1, $2, $3, $4, $5, $6, $6)",
          uuid_v7(), id, std::string(text), image, position, now);
      ++position;
    }
    ++n;
  }
}

}  // namespace shopfloor::polls
