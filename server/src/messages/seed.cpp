// `seed --demo`: three Thai broadcasts to all staff (one with a picture; the oldest read by S1001) and two
// threads of S1001 and S1002 with the back office's answers.
#include "media/demo_media.hpp"
#include "messages/internal.hpp"
#include "messages/messages.hpp"
#include "resources/demo_people.hpp"
#include "util/ids.hpp"

namespace shopfloor::messages {

void seed_demo(db::Connection& c, const std::string& data_dir) {
  if (!c.query("SELECT 1 FROM broadcasts").empty()) return;
  auto now = now_ms();
  constexpr std::int64_t hour = 3600 * 1000LL;
  auto office = resources::demo_person(c, "EDIT01");
  struct Demo {
    const char *title, *body;
    bool image;
    std::int64_t ago;
  };
  const Demo demos[] = {
      {"ยินดีต้อนรับสู่กล่องข้อความ",
       "<p>ทุกประกาศจากสำนักงานใหญ่จะมาถึงที่นี่ และถ้ามีคำถาม <strong>เขียนถึงเราได้เลย</strong> "
       "ทีมงานจะตอบในวันทำการ</p>",
       false, 72 * hour},
      {"โปรโมชันสุดสัปดาห์: ลด 20% ทุกสาขา",
       "<p>วันเสาร์–อาทิตย์นี้ สินค้าหมวดเครื่องใช้ไฟฟ้าลด <strong>20%</strong></p><ul><li>จัดป้ายราคาให้เสร็จก่อน "
       "9 โมงเช้าวันเสาร์</li><li>ตรวจสต็อกหน้าร้านทุก 2 ชั่วโมง</li></ul>",
       true, 20 * hour},
      {"อบรมความปลอดภัยประจำเดือน",
       "<p>ขอให้ทุกคนทำบทเรียน <em>ความปลอดภัยในร้าน</em> ให้เสร็จภายในวันศุกร์นี้ ขอบคุณครับ</p>", false, 2 * hour},
  };
  std::vector<std::string> ids;
  int n = 0;
  for (const auto& d : demos) {
    std::string id = uuid_v7();
    db::Value image =
        d.image && !data_dir.empty() ? media::demo_media(c, data_dir, "message-newyear") : db::Value{};
    c.query(
        "INSERT INTO broadcasts (id, title, body, image_media_id, status, created_at, updated_at) VALUES "
        "($1, $2, "
        "$3, $4, 'draft', $5, $5)",
        id, std::string(d.title), std::string(d.body), image, now - d.ago - 60000);
    send_broadcast(c, id, office.value_or(""), now - d.ago);
    ids.push_back(id);
    ++n;
  }
  if (auto s1001 = resources::demo_person(c, "S1001")) {
    c.query("UPDATE broadcast_deliveries SET read_at = $3 WHERE broadcast_id = $1 AND user_id = $2", ids[0],
            *s1001, now - 70 * hour);
    c.query("UPDATE broadcasts SET reads_count = reads_count + 1 WHERE id = $1", ids[0]);
  }
  struct Line {
    bool from_office;
    const char* text;
  };
  struct Thread {
    const char *code, *subject;
    std::vector<Line> lines;
  };
  const Thread threads[] = {
      {"S1001",
       "ป้ายราคาโปรโมชันไม่พอ",
       {{false, "สาขาสยามได้ป้ายราคาโปรโมชันมาแค่ 20 แผ่น ไม่พอสำหรับทุกชั้นวางครับ"},
        {true, "รับทราบค่ะ จะส่งเพิ่มอีก 30 แผ่นพรุ่งนี้เช้า"},
        {false, "ขอบคุณครับ"}}},
      {"S1002",
       "สอบถามวันลาพักร้อน",
       {{false, "อยากทราบว่าวันลาพักร้อนปีนี้เหลือกี่วันคะ"}, {true, "เหลือ 6 วันค่ะ ดูรายละเอียดได้ที่ฝ่ายบุคคลสาขา"}}},
  };
  std::int64_t at = now - 10 * hour;
  for (const auto& t : threads) {
    auto person = resources::demo_person(c, t.code);
    if (!person) continue;
    std::string id = uuid_v7();
    c.query(
        "INSERT INTO message_threads (id, user_id, subject, last_message_at, last_preview, created_at, "
        "updated_at) "
        "VALUES ($1, $2, $3, $4, '', $4, $4)",
        id, *person, std::string(t.subject), at);
    for (const auto& l : t.lines) {
      at += 15 * 60000;
      c.query(
          "INSERT INTO thread_messages (id, thread_id, author_id, from_office, body, created_at) VALUES ($1, "
          "$2, $3, "
          "$4, $5, $6)",
          uuid_v7(), id, l.from_office ? office.value_or(*person) : *person, l.from_office,
          std::string(l.text), at);
      c.query("UPDATE message_threads SET last_message_at = $2, last_preview = $3 WHERE id = $1", id, at,
              preview_of(l.text));
    }
    // S1001's last word waits for the office; S1002 has an answer to read.
    if (t.lines.back().from_office)
      c.query("UPDATE message_threads SET staff_unread = 1 WHERE id = $1", id);
    else
      c.query("UPDATE message_threads SET office_unread = 1 WHERE id = $1", id);
  }
}

}  // namespace shopfloor::messages
