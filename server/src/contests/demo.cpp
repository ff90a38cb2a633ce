// `seed --demo`: a photo campaign taking entries (approved entries with photos) and a naming contest in
// voting with its shortlist, so `make run` shows both phases alive; with the company's history, last month's
// photo campaign as well, entered, voted on and announced. Entries, moderation, votes and the announcement go
// through the areas' own functions (submit_entry, moderate_entries, vote_entry, announce_winners) at their
// moments, so counts, points, notifications and the engagement report are theirs.
#include "contests/admin.hpp"
#include "contests/contests.hpp"
#include "contests/staff.hpp"
#include "http/api_error.hpp"
#include "media/demo_media.hpp"
#include "media/media.hpp"
#include "resources/demo_people.hpp"
#include "resources/demo_step.hpp"
#include "util/ids.hpp"

namespace shopfloor::contests {

namespace json = boost::json;

namespace {

constexpr std::int64_t hour = 3600000, day = 24 * hour;

std::string new_contest(db::Connection& c, const std::string& data_dir, const std::string& kind,
                        const std::string& title, const std::string& description, const char* cover,
                        std::int64_t es, std::int64_t ee, std::int64_t vs, std::int64_t ve) {
  std::string id = uuid_v7();
  c.query(
      "INSERT INTO contests (id, kind, title, description, cover_media_id, entry_type, entry_limit, "
      "votes_per_person, entries_start, entries_end, voting_start, voting_end, winners_count, winner_mode, "
      "win_points, entry_points, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'photo', 2, 3, "
      "$6, "
      "$7, $8, $9, 3, 'votes', 200, 20, 'published', $10, $10)",
      id, kind, title, description, media::demo_media(c, data_dir, cover), es, ee, vs, ve, es - day);
  return id;
}

// An entry sent from the phone at `at` (a photo the person uploaded first), then approved by the editor at
// `approved` (0: left waiting). Empty when refused.
std::string enter(db::Connection& c, const std::string& data_dir, const std::string& contest,
                  const std::string& uid, const char* photo, const char* text, const char* reason,
                  std::int64_t at, std::int64_t approved, const std::string& editor) {
  PinnedClock clock(at);
  json::object body{{"text", text}};
  if (reason) body["reason"] = reason;
  if (photo) {
    auto media = media::demo_media(c, data_dir, photo);
    auto* id = std::get_if<std::string>(&media);
    if (!id) return "";
    media::record_upload(c, *id, uid);
    body["photoId"] = *id;
  }
  try {
    auto entry = std::string(submit_entry(c, uid, contest, body, at).at("entry").at("id").as_string());
    if (approved) {
      clock.set(approved);
      moderate_entries(c, contest, {entry}, "approve", std::nullopt, editor, "127.0.0.1", approved);
    }
    return entry;
  } catch (const http::ApiError&) {
    return "";
  }
}

void vote(db::Connection& c, const std::string& contest, const std::string& entry, const std::string& uid,
          std::int64_t at) {
  resources::demo_step(at, [&] { vote_entry(c, uid, contest, entry, at); });
}

}  // namespace

void seed_demo(db::Connection& c, const std::string& data_dir) {
  if (!c.query("SELECT 1 FROM contests").empty()) return;
  auto now = now_ms();
  auto editor = resources::demo_person(c, "EDIT01").value_or("");
  auto staff = c.query(
                    "SELECT id FROM users WHERE employee_code IN ('S1001', 'S1002', 'S2001', 'S2002') "
                    "AND status = 'active' ORDER BY employee_code")
                   .first_column();
  std::string photo =
      new_contest(c, data_dir, "campaign", "จัดหน้าร้านสวยที่สุดประจำเดือน",
                  "ถ่ายรูปมุมจัดเรียงสินค้าที่ภูมิใจที่สุดของสาขา ส่งได้คนละ 2 รูป ผลงานที่ผ่านการคัดเลือกรับ 20 "
                  "คะแนน ผู้ชนะ 3 อันดับรับ 200 คะแนน",
                  "campaign-cover", now - 2 * day, now + 5 * day, now + 5 * day, now + 10 * day);
  const char* captions[] = {"มุมผลไม้สดหน้าร้าน", "ชั้นขนมจัดตามสีแพ็กเกจ", "โซนเครื่องดื่มเย็น", "เคาน์เตอร์ต้อนรับ"};
  const char* pictures[] = {"campaign-fruit", "campaign-snacks", "campaign-drinks", "campaign-counter"};
  for (std::size_t i = 0; i < staff.size() && i < 4; ++i)
    enter(c, data_dir, photo, staff[i], pictures[i], captions[i], nullptr, now - (40 - 3 * i) * hour,
          now - (20 - 2 * i) * hour, editor);

  std::string naming =
      new_contest(c, data_dir, "naming", "ตั้งชื่อมาสคอตประจำร้าน",
                  "ช่วยกันเสนอชื่อให้น้องมาสคอตตัวใหม่ ทีมงานคัดชื่อเข้ารอบแล้ว โหวตได้คนละ 3 ชื่อ", "naming-cover",
                  now - 9 * day, now - 3 * day, now - 2 * day, now + 4 * day);
  struct Name {
    const char *name, *reason;
  };
  const Name names[] = {{"น้องใบเตย", "สีเขียวเหมือนโลโก้ ฟังแล้วสดชื่น"},
                        {"น้องยิ้มแย้ม", "เตือนให้ทุกคนยิ้มต้อนรับลูกค้า"},
                        {"น้องขยัน", "เป็นตัวแทนพนักงานที่ตั้งใจทำงาน"},
                        {"น้องสบายดี", "ทักทายลูกค้าได้ทั้งวัน"}};
  std::vector<std::string> proposals;
  for (std::size_t i = 0; i < staff.size() && i < 4; ++i)
    proposals.push_back(enter(c, data_dir, naming, staff[i], nullptr, names[i].name, names[i].reason,
                              now - (8 * 24 - 5 * i) * hour, now - 3 * day + 2 * hour, editor));
  // A clear leader, voted yesterday.
  for (std::size_t i = 0; i + 1 < staff.size(); ++i)
    if (!proposals[0].empty()) vote(c, naming, proposals[0], staff[i + 1], now - day + i * hour);
  if (proposals.size() > 2 && !proposals[1].empty())
    vote(c, naming, proposals[1], staff[0], now - day + 5 * hour);
}

void seed_company(db::Connection& c, const std::string& data_dir) {
  const char* title = "ภาพประทับใจวันแม่ที่สาขา";
  if (!c.query("SELECT 1 FROM contests WHERE title = $1", std::string(title)).empty()) return;
  auto now = now_ms();
  // Last month's campaign: two weeks of entries, a week of voting, announced since.
  new_contest(c, data_dir, "campaign", title, "แชร์ภาพบรรยากาศกิจกรรมวันแม่ที่สาขาของคุณ ผู้ชนะ 3 อันดับรับ 200 คะแนน",
              "campaign-mothers-day", now - 62 * day, now - 45 * day, now - 45 * day, now - 35 * day);
}

void seed_history_day(db::Connection& c, const demo::Day& d) {
  auto draw = d.draws("contests");
  auto editor = d.editor->id;
  const auto until = now_ms();
  static const char* const photos[] = {"campaign-fruit",   "campaign-snacks", "campaign-drinks",
                                       "campaign-counter", "story-team",      "story-shelf",
                                       "story-fruit",      "story-wrap"};
  static const char* const captions[] = {"ทีมเราพร้อมต้อนรับ", "มุมนี้ลูกค้าชอบที่สุด", "จัดเสร็จก่อนร้านเปิด",
                                         "ฝีมือน้องใหม่",      "ช่วยกันทั้งทีม",     "สีสันสดใส"};
  auto contests = c.query(
      "SELECT id, kind, entries_start, entries_end, voting_start, voting_end, announced_at FROM "
      "contests WHERE status = 'published' AND entries_start < $1 AND voting_end > $2",
      d.end, d.start - day);
  for (const auto& k : contests.rows) {
    std::string id = k.str(0);
    bool naming = k.str(1) == "naming";
    if (naming) continue;  // the naming contest is the demo logins' own
    std::int64_t es = k.i64(2), ee = k.i64(3), vs = k.i64(4), ve = k.i64(5);
    for (const auto& v : d.visits) {
      if (v.who->named) continue;
      auto at = d.during(v, 2);
      if (!at || at >= until) continue;
      // Entering while entries are open (the editor approves them the next morning); voting while voting is.
      if (at > es && at < ee && draw.chance(0.05))
        enter(c, d.config->data_dir, id, v.who->id, photos[draw.below(std::size(photos))],
              captions[draw.below(std::size(captions))], nullptr, at, 0, editor);
      if (at > vs && at < ve && draw.chance(0.3)) {
        auto entries =
            c.query(
                 "SELECT id FROM contest_entries WHERE contest_id = $1 AND status = 'approved' AND "
                 "user_id <> $2 ORDER BY created_at",
                 id, v.who->id)
                .rows;
        if (!entries.empty()) {
          // Favourites: earlier, better photos get more of the votes.
          auto n = static_cast<std::int64_t>(entries.size());
          auto i = std::min(draw.below(n), draw.below(n));
          vote(c, id, entries[static_cast<std::size_t>(i)].str(0), v.who->id, at);
        }
      }
    }
    // The editor's morning: yesterday's entries approved; the day after voting ends, the winners announced.
    if (auto morning = d.at_hour(9.5); morning && morning < until) {
      auto waiting = c.query(
                          "SELECT id FROM contest_entries WHERE contest_id = $1 AND status = 'pending' "
                          "AND created_at < $2",
                          id, morning)
                         .first_column();
      if (!waiting.empty()) {
        PinnedClock clock(morning);
        moderate_entries(c, id, waiting, "approve", std::nullopt, editor, "127.0.0.1", morning);
      }
      if (k.is_null(6) && ve <= morning && ve > morning - day) {
        resources::demo_step(morning + hour,
                             [&] { announce_winners(c, id, editor, "127.0.0.1", morning + hour); });
      }
    }
  }
}

}  // namespace shopfloor::contests
