// `seed --demo`: an open poll with image options and a text poll; with the company's history, last month's
// closed poll and the votes of the days.
#include "http/api_error.hpp"
#include "media/demo_media.hpp"
#include "polls/polls.hpp"
#include "resources/demo_step.hpp"
#include "util/ids.hpp"

namespace shopfloor::polls {

namespace {

struct DemoPoll {
  const char *title, *choice;
  std::vector<std::pair<const char*, const char*>> options;  // text, picture ("" none)
};

std::string insert_poll(db::Connection& c, const std::string& data_dir, const DemoPoll& d, std::int64_t start,
                        std::int64_t end, std::int64_t created) {
  std::string id = uuid_v7();
  c.query(
      "INSERT INTO polls (id, title, choice, max_choices, results_visibility, status, start_at, end_at, "
      "created_at, updated_at) VALUES ($1, $2, $3, 2, 'after_vote', 'published', $4, $5, $6, $6)",
      id, std::string(d.title), std::string(d.choice), start, end, created);
  int position = 0;
  for (const auto& [text, picture] : d.options)
    c.query(
        "INSERT INTO poll_options (id, poll_id, text, image_media_id, position, created_at, updated_at) "
        "VALUES "
        "($1, $2, $3, $4, $5, $6, $6)",
        uuid_v7(), id, std::string(text), *picture ? media::demo_media(c, data_dir, picture) : db::Value{},
        position++, created);
  return id;
}

}  // namespace

void seed_demo(db::Connection& c, const std::string& data_dir) {
  if (!c.query("SELECT 1 FROM polls").empty()) return;
  auto now = now_ms();
  constexpr std::int64_t day = 86400000;
  // The shirt colours show the shirt in each colour.
  insert_poll(
      c, data_dir,
      {"เสื้อทีมปีหน้าอยากได้สีอะไร",
       "single",
       {{"เขียวมรกต", "poll-shirt-emerald"}, {"กรมท่า", "poll-shirt-navy"}, {"ส้มสดใส", "poll-shirt-orange"}}},
      now - day, now + 10 * day, now);
  insert_poll(c, data_dir,
              {"กิจกรรมสันทนาการที่อยากให้จัด (เลือกได้ 2 ข้อ)",
               "multiple",
               {{"ฟุตบอลสาขา", ""}, {"ทำบุญตักบาตร", ""}, {"ปลูกป่าชายเลน", ""}, {"โบว์ลิ่ง", ""}}},
              now - day, now + 10 * day, now + 1);
}

void seed_company(db::Connection& c, const std::string& data_dir) {
  const char* title = "วันไหนสะดวกจัดงานเลี้ยงสังสรรค์ปลายปี";
  if (!c.query("SELECT 1 FROM polls WHERE title = $1", std::string(title)).empty()) return;
  auto now = now_ms();
  constexpr std::int64_t day = 86400000;
  // A poll that ran for two weeks last month, and the open ones opened a week ago.
  insert_poll(
      c, data_dir,
      {title,
       "single",
       {{"ศุกร์ 19 ธันวาคม", ""}, {"เสาร์ 20 ธันวาคม", ""}, {"ศุกร์ 26 ธันวาคม", ""}, {"เสาร์ 27 ธันวาคม", ""}}},
      now - 40 * day, now - 26 * day, now - 41 * day);
  c.query("UPDATE polls SET start_at = $1 WHERE end_at > $2", now - 8 * day, now);
}

void seed_history_day(db::Connection& c, const demo::Day& d) {
  auto draw = d.draws("polls");
  auto polls = c.query(
      "SELECT id, choice, max_choices FROM polls WHERE status = 'published' AND start_at <= $1 AND "
      "end_at > $2",
      d.end, d.start);
  const auto until = now_ms();
  for (const auto& p : polls.rows) {
    auto options =
        c.query("SELECT id FROM poll_options WHERE poll_id = $1 ORDER BY position", p.str(0)).first_column();
    if (options.empty()) continue;
    for (const auto& v : d.visits) {
      // The demo logins vote only where the poll has closed: an open one is still theirs to answer.
      if (v.who->named || !draw.chance(0.22)) continue;
      auto at = d.during(v, 1);
      if (!at || at >= until) continue;
      // Tastes lean: the first options are liked a little more.
      auto n = static_cast<std::int64_t>(options.size()), i = draw.below(n + 2);
      std::vector<std::string> picked{options[static_cast<std::size_t>(i < n ? i : 0)]};
      if (p.str(1) == "multiple" && draw.chance(0.7)) {
        auto second = draw.pick(options);
        if (second != picked[0]) picked.push_back(second);
      }
      // Refused when voted already, or the poll is not for them.
      resources::demo_step(at, [&] { cast_vote(c, v.who->id, p.str(0), picked, at); });
    }
  }
}

}  // namespace shopfloor::polls
