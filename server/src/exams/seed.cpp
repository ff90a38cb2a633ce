// The demo exam of `seed --demo` (Thai questions on customer service).
#include <boost/json/serialize.hpp>

#include "exams/attempt.hpp"
#include "exams/exams.hpp"
#include "util/html_sanitizer.hpp"
#include "util/ids.hpp"

namespace shopfloor::exams {

namespace json = boost::json;

std::optional<std::string> demo_exam_id(db::Connection& c) {
  auto r = c.query("SELECT id FROM exams WHERE title = $1 ORDER BY created_at LIMIT 1",
                   std::string(demo_exam_title))
               .first();
  if (!r) return std::nullopt;
  return r->str(0);
}

std::string seed_demo(db::Connection& c) {
  if (auto id = demo_exam_id(c)) return *id;
  auto now = now_ms();
  std::string id = uuid_v7();
  std::string description =
      "<p>ทบทวนหลักการบริการลูกค้าที่หน้าร้าน: การทักทาย การรับฟัง และการจัดการข้อร้องเรียน</p>"
      "<p><strong>ผ่าน 60 %</strong> ได้รับ 20 คะแนน ทำได้ 3 ครั้ง ครั้งละ 10 นาที</p>";
  c.query(
      "INSERT INTO exams (id, title, description, draw_mode, shuffle_questions, shuffle_choices, "
      "time_limit_seconds, pass_percent, max_attempts, points, show_explanations, status, "
      "created_at, updated_at) VALUES ($1, $2, $3, 'all', 1, 1, 600, 60, 3, 20, 1, 'published', $4, $4)",
      id, std::string(demo_exam_title), sanitize_html(description), now);
  struct Q {
    const char* kind;
    const char* prompt;
    json::array choices;
    json::array correct;
    const char* explanation;
    int points;
  };
  std::vector<Q> qs = {
      {"single", "เมื่อลูกค้าเดินเข้าร้าน พนักงานควรทำอย่างไรเป็นอย่างแรก",
       json::array{json::object{{"id", "a"}, {"text", "ยิ้มและกล่าวทักทายภายใน 10 วินาที"}},
                   json::object{{"id", "b"}, {"text", "รอให้ลูกค้าเรียกก่อน"}},
                   json::object{{"id", "c"}, {"text", "จัดสินค้าบนชั้นต่อให้เสร็จ"}},
                   json::object{{"id", "d"}, {"text", "เดินตามลูกค้าไปทุกจุด"}}},
       json::array{"a"}, "การทักทายอย่างรวดเร็วทำให้ลูกค้ารู้สึกได้รับการต้อนรับ", 1},
      {"truefalse", "เมื่อลูกค้าร้องเรียน ควรฟังให้จบก่อนอธิบายหรือเสนอทางแก้", truefalse_choices(), json::array{"true"},
       "การรับฟังจนจบแสดงความเคารพและช่วยให้เข้าใจปัญหาที่แท้จริง", 1},
      {"multiple", "ข้อใดเป็นการรับฟังลูกค้าอย่างตั้งใจ (เลือกได้หลายข้อ)",
       json::array{json::object{{"id", "a"}, {"text", "สบตาและพยักหน้ารับ"}},
                   json::object{{"id", "b"}, {"text", "ทวนความต้องการของลูกค้าอีกครั้ง"}},
                   json::object{{"id", "c"}, {"text", "ดูโทรศัพท์ระหว่างลูกค้าพูด"}},
                   json::object{{"id", "d"}, {"text", "พูดแทรกเพื่อประหยัดเวลา"}}},
       json::array{"a", "b"}, "การสบตาและการทวนความช่วยให้ลูกค้ามั่นใจว่าเราเข้าใจ", 1},
      {"single", "สินค้าที่ลูกค้าต้องการหมดสต็อก ควรทำอย่างไร",
       json::array{json::object{{"id", "a"}, {"text", "บอกว่าไม่มีแล้วจบการสนทนา"}},
                   json::object{{"id", "b"}, {"text", "เสนอสินค้าทดแทนหรือสั่งจองให้ พร้อมแจ้งวันที่คาดว่าจะได้รับ"}},
                   json::object{{"id", "c"}, {"text", "แนะนำให้ไปซื้อร้านอื่น"}}},
       json::array{"b"}, "เสนอทางเลือกเสมอ เพื่อไม่ให้ลูกค้ากลับไปมือเปล่า", 1},
      {"truefalse", "การกล่าวขอบคุณและเชิญลูกค้ากลับมาอีกครั้ง ไม่จำเป็นหากลูกค้าไม่ได้ซื้อสินค้า", truefalse_choices(),
       json::array{"false"}, "ขอบคุณลูกค้าทุกคน ไม่ว่าจะซื้อหรือไม่ก็ตาม", 1},
  };
  int position = 0;
  for (const auto& q : qs)
    c.query(
        "INSERT INTO exam_questions (id, exam_id, position, kind, prompt, choices_json, correct_json, "
        "explanation, "
        "points, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)",
        uuid_v7(), id, position++, std::string(q.kind), std::string(q.prompt), json::serialize(q.choices),
        json::serialize(q.correct), std::string(q.explanation), q.points, now);
  return id;
}

}  // namespace shopfloor::exams
