// `seed --demo`: an open anonymous survey with every kind of question and some answers.
#include "surveys/ballots.hpp"
#include "surveys/counting.hpp"
#include "surveys/staff.hpp"
#include "surveys/surveys.hpp"
#include "surveys/totals.hpp"
#include "util/ids.hpp"

namespace shopfloor::surveys {

void seed_demo(db::Connection& c) {
  if (!c.query("SELECT 1 FROM surveys").empty()) return;
  auto now = now_ms();
  constexpr std::int64_t day = 86400000;
  std::string survey = uuid_v7(), section = uuid_v7();
  c.query(
      "INSERT INTO surveys (id, title, description, anonymous, status, start_at, end_at, created_at, "
      "updated_at) "
      "VALUES ($1, $2, $3, 1, 'published', $4, $5, $6, $6)",
      survey, std::string("ความพึงพอใจในการทำงานประจำไตรมาส"), std::string("ไม่ระบุตัวตน ใช้เวลาประมาณ 3 นาที"),
      now - day, now + 14 * day, now);
  c.query(
      "INSERT INTO survey_sections (id, survey_id, title, position, created_at, updated_at) VALUES ($1, $2, "
      "$3, "
      "0, $4, $4)",
      section, survey, std::string("การทำงานของคุณ"), now);
  struct Demo {
    const char *kind, *text, *options;
    bool required;
  };
  const Demo questions[] = {
      {"nps", "คุณจะแนะนำบริษัทของเราให้เพื่อนมาร่วมงานมากน้อยแค่ไหน", nullptr, true},
      {"rating", "ความพึงพอใจต่อหัวหน้างานโดยตรง", nullptr, true},
      {"single", "กะที่คุณทำงานบ่อยที่สุด", R"(["เช้า","บ่าย","ดึก"])", true},
      {"multiple", "สิ่งที่อยากให้ปรับปรุง (เลือกได้หลายข้อ)", R"(["ห้องพัก","ตารางกะ","การอบรม","อุปกรณ์"])", false},
      {"short_text", "อธิบายทีมของคุณในหนึ่งคำ", nullptr, false},
      {"long_text", "ข้อเสนอแนะเพิ่มเติม", nullptr, false},
  };
  std::vector<std::string> ids;
  int position = 0;
  for (const auto& q : questions) {
    ids.push_back(uuid_v7());
    c.query(
        "INSERT INTO survey_questions (id, section_id, kind, text, required, options_json, position, "
        "created_at, "
        "updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
        ids.back(), section, std::string(q.kind), std::string(q.text), q.required ? 1 : 0,
        q.options ? db::Value{std::string(q.options)} : db::Value{}, position++, now);
  }
  // Twelve anonymous answers (no person behind them: the demo's own staff can still take part).
  auto stores = c.query("SELECT id, region_id FROM stores ORDER BY code").rows;
  const int nps[] = {10, 9, 9, 8, 7, 6, 10, 3, 9, 8, 10, 5}, rating[] = {5, 4, 4, 3, 5, 2, 4, 5, 3, 4, 5, 4};
  const char* words[] = {"สามัคคี", "ขยัน", "สนุก"};
  for (int i = 0; i < 12; ++i) {
    std::string response = random_uuid();
    const db::Row* store = stores.empty() ? nullptr : &stores[static_cast<std::size_t>(i) % stores.size()];
    c.query(
        "INSERT INTO survey_responses (id, survey_id, store_id, region_id, position) VALUES ($1, $2, $3, $4, "
        "'Sales')",
        response, survey, store ? db::Value{store->str(0)} : db::Value{},
        store && !store->is_null(1) ? db::Value{store->str(1)} : db::Value{});
    auto answer = [&](std::size_t q, std::int64_t value, db::Value text = {}) {
      c.query(
          "INSERT INTO survey_answers (response_id, survey_id, question_id, value, text) VALUES ($1, $2, $3, "
          "$4, "
          "$5)",
          response, survey, ids[q], value, text);
    };
    answer(0, nps[i]);
    answer(1, rating[i]);
    answer(2, i % 3);
    answer(3, i % 4);
    if (i % 2 == 0) answer(3, (i + 1) % 4);
    if (i % 4 == 0) answer(4, 0, db::Value{std::string(words[i % 3])});
  }
  c.query("UPDATE surveys SET responses_count = 12 WHERE id = $1", survey);
  rebuild_totals(c, survey);
}

}  // namespace shopfloor::surveys
