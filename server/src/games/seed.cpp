// `seed --demo`: a 5-question quiz on customer service, a 6-pair matching board (Thai ↔ English shop words),
// two games open to everyone for a month and the daily cap.
#include <boost/json/serialize.hpp>

#include "games/games.hpp"
#include "media/demo_image.hpp"
#include "util/ids.hpp"

namespace shopfloor::games {

namespace json = boost::json;

void seed_demo(db::Connection& c, const std::string& data_dir) {
  if (!c.query("SELECT 1 FROM games").empty()) return;
  auto now = now_ms();
  constexpr std::int64_t day = 86400000;
  std::string quiz = uuid_v7();
  c.query(
      "INSERT INTO game_quizzes (id, title, description, timer_seconds, points_possible, streak_bonus, "
      "created_at, "
      "updated_at) VALUES ($1, $2, $3, 20, 1000, 1, $4, $4)",
      quiz, std::string("ควิซบริการลูกค้า"), std::string("ตอบให้ถูกและเร็ว ยิ่งเร็วยิ่งได้คะแนนมาก"), now);
  struct Q {
    const char *kind, *prompt, *explanation;
    std::vector<const char*> choices;
    std::vector<int> correct;
  };
  const Q qs[] = {
      {"single",
       "ลูกค้าเดินเข้าร้าน สิ่งแรกที่ควรทำคืออะไร",
       "การทักทายภายใน 10 วินาทีทำให้ลูกค้ารู้สึกว่าได้รับการต้อนรับ",
       {"ทักทายพร้อมรอยยิ้ม", "รอให้ลูกค้าเรียก", "จัดสินค้าต่อ", "เดินตามลูกค้า"},
       {0}},
      {"truefalse",
       "ควรบอกลูกค้าว่า \"ไม่มีของ\" ทันทีโดยไม่ต้องเช็กสต็อก",
       "ควรเช็กสต็อกหรือเสนอสินค้าทดแทนก่อนเสมอ",
       {},
       {1}},
      {"multiple",
       "ข้อใดเป็นการรับฟังข้อร้องเรียนที่ดี (เลือกได้หลายข้อ)",
       "ฟังให้จบ ทวนปัญหา และขอโทษอย่างจริงใจ",
       {"ฟังจนจบไม่ขัดจังหวะ", "ทวนปัญหาให้ลูกค้าฟัง", "โต้แย้งทันที", "ขอโทษอย่างจริงใจ"},
       {0, 1, 3}},
      {"single",
       "สินค้าชำรุดภายใน 7 วัน ควรทำอย่างไร",
       "นโยบายร้าน: เปลี่ยนสินค้าได้ภายใน 7 วันพร้อมใบเสร็จ",
       {"เปลี่ยนสินค้าให้ตามนโยบาย", "ปฏิเสธทุกกรณี", "ให้ลูกค้าติดต่อโรงงานเอง", "คืนเงินครึ่งเดียว"},
       {0}},
      {"single",
       "ปิดการขายแล้ว ควรพูดอะไรกับลูกค้า",
       "การขอบคุณและเชิญกลับมาใหม่สร้างลูกค้าประจำ",
       {"ขอบคุณและเชิญกลับมาใหม่", "ไม่ต้องพูดอะไร", "ถามว่าจะซื้ออีกไหม", "บอกโปรโมชันเดือนหน้า"},
       {0}},
  };
  int position = 0;
  for (const auto& q : qs) {
    json::array choices, correct;
    if (std::string(q.kind) == "truefalse") {
      choices = json::array{json::object{{"id", "true"}, {"text", "ถูก"}},
                            json::object{{"id", "false"}, {"text", "ผิด"}}};
      correct.push_back(json::value(q.correct[0] == 0 ? "true" : "false"));
    } else {
      for (std::size_t i = 0; i < q.choices.size(); ++i)
        choices.push_back(
            json::object{{"id", std::string(1, static_cast<char>('a' + i))}, {"text", q.choices[i]}});
      for (int i : q.correct) correct.push_back(json::value(std::string(1, static_cast<char>('a' + i))));
    }
    db::Value image =
        position == 0 && !data_dir.empty() ? media::demo_image(c, data_dir, 140, "quiz-0.png") : db::Value{};
    c.query(
        "INSERT INTO game_quiz_questions (id, quiz_id, position, kind, prompt, image_media_id, choices_json, "
        "correct_json, explanation, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, "
        "$10)",
        uuid_v7(), quiz, position, std::string(q.kind), std::string(q.prompt), image,
        json::serialize(choices), json::serialize(correct), std::string(q.explanation), now);
    ++position;
  }
  std::string board = uuid_v7();
  c.query(
      "INSERT INTO game_matchings (id, title, description, created_at, updated_at) VALUES ($1, $2, $3, $4, "
      "$4)",
      board, std::string("จับคู่คำศัพท์หน้าร้าน"), std::string("จับคู่คำไทยกับคำอังกฤษให้เร็วที่สุด"), now);
  const std::pair<const char*, const char*> pairs[] = {{"ใบเสร็จ", "Receipt"}, {"ส่วนลด", "Discount"},
                                                       {"เงินทอน", "Change"},  {"สต็อก", "Stock"},
                                                       {"ลูกค้า", "Customer"},  {"ชั้นวาง", "Shelf"}};
  position = 0;
  for (const auto& [l, r] : pairs) {
    c.query(
        "INSERT INTO game_matching_pairs (id, matching_id, position, left_text, right_text, created_at, "
        "updated_at) "
        "VALUES ($1, $2, $3, $4, $5, $6, $6)",
        uuid_v7(), board, position++, std::string(l), std::string(r), now);
  }
  c.query(
      "INSERT INTO games (id, title, kind, quiz_id, attempts_per_day, score_per_point, status, start_at, "
      "end_at, "
      "created_at, updated_at) VALUES ($1, $2, 'quiz', $3, 3, 100, 'published', $4, $5, $6, $6)",
      uuid_v7(), std::string("ควิซบริการลูกค้า ประจำเดือน"), quiz, now - day, now + 30 * day, now);
  c.query(
      "INSERT INTO games (id, title, kind, matching_id, attempts_per_day, score_per_point, status, start_at, "
      "end_at, created_at, updated_at) VALUES ($1, $2, 'matching', $3, 3, 100, 'published', $4, $5, $6, $6)",
      uuid_v7(), std::string("จับคู่คำศัพท์ ไทย–อังกฤษ"), board, now - day, now + 30 * day, now + 1);
  c.query("UPDATE game_settings SET daily_points_cap = 100, updated_at = $1 WHERE id = 'default'", now);
}

}  // namespace shopfloor::games
