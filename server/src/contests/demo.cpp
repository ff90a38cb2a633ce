// `seed --demo`: a photo campaign taking entries (approved entries with generated pictures) and a naming
// contest in voting with its shortlist, so `make run` shows both phases alive.
#include "contests/contests.hpp"
#include "media/demo_image.hpp"
#include "util/ids.hpp"

namespace shopfloor::contests {

void seed_demo(db::Connection& c, const std::string& data_dir) {
  if (!c.query("SELECT 1 FROM contests").empty()) return;
  auto now = now_ms();
  constexpr std::int64_t day = 86400000;
  std::vector<std::string> staff;
  for (const auto& r : c.query("SELECT id FROM users WHERE role = 'staff' AND status = 'active' ORDER BY "
                               "employee_code LIMIT 4")
                           .rows)
    staff.push_back(r.str(0));
  auto contest = [&](const std::string& kind, const std::string& title, const std::string& description,
                     db::Value cover, std::int64_t es, std::int64_t ee, std::int64_t vs, std::int64_t ve) {
    std::string id = uuid_v7();
    c.query(
        "INSERT INTO contests (id, kind, title, description, cover_media_id, entry_type, entry_limit, "
        "votes_per_person, entries_start, entries_end, voting_start, voting_end, winners_count, winner_mode, "
        "win_points, entry_points, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'photo', 2, "
        "3, "
        "$6, $7, $8, $9, 3, 'votes', 200, 20, 'published', $10, $10)",
        id, kind, title, description, cover, es, ee, vs, ve, now);
    return id;
  };
  auto entry = [&](const std::string& contest_id, const std::string& user, db::Value photo, const char* text,
                   const char* reason, int n) {
    std::string id = uuid_v7();
    c.query(
        "INSERT INTO contest_entries (id, contest_id, user_id, photo_media_id, text, reason, status, "
        "created_at, "
        "updated_at) VALUES ($1, $2, $3, $4, $5, $6, 'approved', $7, $7)",
        id, contest_id, user, photo, std::string(text), reason ? db::Value(std::string(reason)) : db::Value{},
        now - (10 - n) * 3600000LL);
    c.query(
        "INSERT INTO contest_participants (contest_id, user_id, entries_count) VALUES ($1, $2, 1) ON "
        "CONFLICT "
        "(contest_id, user_id) DO UPDATE SET entries_count = contest_participants.entries_count + 1",
        contest_id, user);
    c.query("UPDATE contests SET entries_count = entries_count + 1 WHERE id = $1", contest_id);
    return id;
  };
  // A real vote (its row, the entry's count and the voter's votes used), as POST .../vote writes it.
  auto vote = [&](const std::string& contest_id, const std::string& entry_id, const std::string& user) {
    c.query(
        "INSERT INTO contest_votes (id, contest_id, entry_id, user_id, created_at) VALUES ($1, $2, $3, $4, "
        "$5)",
        uuid_v7(), contest_id, entry_id, user, now);
    c.query("UPDATE contest_entries SET votes_count = votes_count + 1 WHERE id = $1", entry_id);
    c.query(
        "UPDATE contest_participants SET votes_used = votes_used + 1 WHERE contest_id = $1 AND user_id = $2",
        contest_id, user);
  };
  auto picture = [&](int n, const std::string& name) {
    return data_dir.empty() ? db::Value{} : media::demo_image(c, data_dir, n, name);
  };
  std::string photo =
      contest("campaign", "จัดหน้าร้านสวยที่สุดประจำเดือน",
              "ถ่ายรูปมุมจัดเรียงสินค้าที่ภูมิใจที่สุดของสาขา ส่งได้คนละ 2 รูป ผลงานที่ผ่านการคัดเลือกรับ 20 "
              "คะแนน ผู้ชนะ 3 อันดับรับ 200 คะแนน",
              picture(40, "campaign-cover.png"), now - 2 * day, now + 5 * day, now + 5 * day, now + 10 * day);
  const char* captions[] = {"มุมผลไม้สดหน้าร้าน", "ชั้นขนมจัดตามสีแพ็กเกจ", "โซนเครื่องดื่มเย็น", "เคาน์เตอร์ต้อนรับ"};
  for (std::size_t i = 0; i < staff.size(); ++i)
    entry(photo, staff[i], picture(41 + static_cast<int>(i), "campaign-entry-" + std::to_string(i) + ".png"),
          captions[i], nullptr, static_cast<int>(i));

  std::string naming = contest(
      "naming", "ตั้งชื่อมาสคอตประจำร้าน", "ช่วยกันเสนอชื่อให้น้องมาสคอตตัวใหม่ ทีมงานคัดชื่อเข้ารอบแล้ว โหวตได้คนละ 3 ชื่อ",
      picture(45, "naming-cover.png"), now - 9 * day, now - 3 * day, now - 2 * day, now + 4 * day);
  struct Name {
    const char *name, *reason;
  };
  const Name names[] = {{"น้องใบเตย", "สีเขียวเหมือนโลโก้ ฟังแล้วสดชื่น"},
                        {"น้องยิ้มแย้ม", "เตือนให้ทุกคนยิ้มต้อนรับลูกค้า"},
                        {"น้องขยัน", "เป็นตัวแทนพนักงานที่ตั้งใจทำงาน"},
                        {"น้องสบายดี", "ทักทายลูกค้าได้ทั้งวัน"}};
  std::vector<std::string> proposals;
  for (std::size_t i = 0; i < staff.size(); ++i)
    proposals.push_back(
        entry(naming, staff[i], db::Value{}, names[i].name, names[i].reason, static_cast<int>(i)));
  for (std::size_t i = 0; i + 1 < staff.size(); ++i)
    vote(naming, proposals[0], staff[i + 1]);  // a clear leader
  if (proposals.size() > 2) vote(naming, proposals[1], staff[0]);
}

}  // namespace shopfloor::contests
