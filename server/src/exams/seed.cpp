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

namespace {

struct Q {
  const char* kind;
  const char* prompt;
  json::array choices;
  json::array correct;
  const char* explanation;
  int points;
};

struct NewExam {
  const char *title, *description;
  std::int64_t pass_percent, max_attempts, points;
};

std::string insert_exam(db::Connection& c, const NewExam& e, const std::vector<Q>& qs) {
  auto now = now_ms();
  std::string id = uuid_v7();
  c.query(
      "INSERT INTO exams (id, title, description, draw_mode, shuffle_questions, shuffle_choices, "
      "time_limit_seconds, pass_percent, max_attempts, points, show_explanations, status, "
      "created_at, updated_at) VALUES ($1, $2, $3, 'all', 1, 1, 600, $4, $5, $6, 1, 'published', $7, $7)",
      id, std::string(e.title), sanitize_html(e.description), e.pass_percent, e.max_attempts, e.points, now);
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

json::array options(std::initializer_list<const char*> texts) {
  json::array out;
  char id = 'a';
  for (const char* t : texts) out.push_back(json::object{{"id", std::string(1, id++)}, {"text", t}});
  return out;
}

}  // namespace

std::string seed_safety_exam(db::Connection& c) {
  if (auto r = c.query("SELECT id FROM exams WHERE title = $1", std::string(safety_exam_title)).first())
    return r->str(0);
  return insert_exam(
      c,
      {safety_exam_title,
       "<p>ทบทวนขั้นตอนเมื่อเกิดเพลิงไหม้ การใช้ถังดับเพลิง และการตรวจความปลอดภัยก่อนเปิดร้าน</p>"
       "<p><strong>ผ่าน 70 %</strong> ได้รับ 15 คะแนน ทำได้ 3 ครั้ง ครั้งละ 10 นาที</p>",
       70, 3, 15},
      {
          {"single", "เมื่อพบเพลิงไหม้ในร้าน สิ่งแรกที่ควรทำคืออะไร",
           options({"กดสัญญาณแจ้งเหตุและแจ้งหัวหน้าเวร", "ถ่ายรูปส่งกลุ่มไลน์", "เก็บเงินในลิ้นชักก่อน"}), json::array{"a"},
           "แจ้งเหตุก่อนเสมอ เพื่อให้ทุกคนอพยพได้ทัน", 1},
          {"single", "ลำดับการใช้ถังดับเพลิงที่ถูกต้องคือข้อใด",
           options({"ดึง-ปลด-กด-ส่าย", "กด-ดึง-ส่าย-ปลด", "ส่าย-กด-ดึง-ปลด", "ปลด-ส่าย-กด-ดึง"}), json::array{"a"},
           "ดึงสลัก ปลดสายฉีด กดไก และส่ายหัวฉีดไปที่ฐานของไฟ", 1},
          {"truefalse", "ระหว่างอพยพเพราะเพลิงไหม้ ใช้ลิฟต์ได้ถ้ารีบ", truefalse_choices(), json::array{"false"},
           "ห้ามใช้ลิฟต์ระหว่างเพลิงไหม้ ให้ใช้ทางหนีไฟ", 1},
          {"multiple", "ก่อนเปิดร้าน ต้องตรวจสิ่งใดบ้าง (เลือกได้หลายข้อ)",
           options({"ทางหนีไฟไม่มีของวางกีดขวาง", "ถังดับเพลิงเข็มอยู่ในช่องสีเขียว", "เปิดเพลงให้ดัง", "ปลั๊กและสายไฟไม่ชำรุด"}),
           json::array{"a", "b", "d"}, "ทางหนีไฟ ถังดับเพลิง และระบบไฟฟ้า คือสามจุดที่ต้องตรวจทุกวัน", 1},
          {"single", "ควรฉีดถังดับเพลิงไปที่ส่วนใดของไฟ", options({"ฐานของไฟ", "เปลวไฟด้านบน", "ควันที่ลอยขึ้น"}),
           json::array{"a"}, "ฉีดที่ฐานของไฟเพื่อตัดเชื้อเพลิง", 1},
          {"truefalse", "หลังอพยพ ต้องไปรวมที่จุดนัดพบและตรวจนับจำนวนพนักงาน", truefalse_choices(),
           json::array{"true"}, "การตรวจนับช่วยให้รู้ว่ายังมีใครติดอยู่ในอาคารหรือไม่", 1},
      });
}

std::string seed_demo(db::Connection& c) {
  if (auto id = demo_exam_id(c)) return *id;
  return insert_exam(
      c,
      {demo_exam_title,
       "<p>ทบทวนหลักการบริการลูกค้าที่หน้าร้าน: การทักทาย การรับฟัง และการจัดการข้อร้องเรียน</p>"
       "<p><strong>ผ่าน 60 %</strong> ได้รับ 20 คะแนน ทำได้ 3 ครั้ง ครั้งละ 10 นาที</p>",
       60, 3, 20},
      {
          {"single", "เมื่อลูกค้าเดินเข้าร้าน พนักงานควรทำอย่างไรเป็นอย่างแรก",
           json::array{json::object{{"id", "a"}, {"text", "ยิ้มและกล่าวทักทายภายใน 10 วินาที"}},
                       json::object{{"id", "b"}, {"text", "รอให้ลูกค้าเรียกก่อน"}},
                       json::object{{"id", "c"}, {"text", "จัดสินค้าบนชั้นต่อให้เสร็จ"}},
                       json::object{{"id", "d"}, {"text", "เดินตามลูกค้าไปทุกจุด"}}},
           json::array{"a"}, "การทักทายอย่างรวดเร็วทำให้ลูกค้ารู้สึกได้รับการต้อนรับ", 1},
          {"truefalse", "เมื่อลูกค้าร้องเรียน ควรฟังให้จบก่อนอธิบายหรือเสนอทางแก้", truefalse_choices(),
           json::array{"true"}, "การรับฟังจนจบแสดงความเคารพและช่วยให้เข้าใจปัญหาที่แท้จริง", 1},
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
      });
}

}  // namespace shopfloor::exams
