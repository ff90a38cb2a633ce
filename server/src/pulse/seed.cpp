// `seed --demo`: an anonymous weekly pulse of three questions, five past weeks of answers, one update.
#include "pulse/counting.hpp"
#include "pulse/periods.hpp"
#include "pulse/pulse.hpp"
#include "surveys/staff.hpp"
#include "util/ids.hpp"

namespace shopfloor::pulse {

void seed_demo(db::Connection& c) {
  if (!c.query("SELECT 1 FROM pulses").empty()) return;
  auto now = now_ms();
  constexpr std::int64_t day = 86400000;
  std::string pulse = uuid_v7();
  c.query(
      "INSERT INTO pulses (id, title, description, recurrence, questions_per_period, cooldown, anonymous, "
      "status, start_at, created_at, updated_at) VALUES ($1, $2, $3, 'weekly', 3, 0, 1, 'published', $4, $5, "
      "$5)",
      pulse, std::string("เช็กอินประจำสัปดาห์"), std::string("3 คำถาม ไม่ถึงนาที ไม่ระบุตัวตน"), now - 60 * day, now);
  struct Demo {
    const char *kind, *text, *options;
  };
  const Demo questions[] = {
      {"rating", "สัปดาห์นี้การทำงานของคุณเป็นอย่างไรบ้าง", nullptr},
      {"nps", "คุณจะแนะนำสาขาของคุณให้เพื่อนมาทำงานด้วยมากน้อยแค่ไหน", nullptr},
      {"single", "สัปดาห์นี้คุณได้รับความช่วยเหลือจากหัวหน้าเพียงพอไหม", R"(["เพียงพอ","บางส่วน","ไม่เพียงพอ"])"},
  };
  std::vector<std::string> ids;
  int position = 0;
  for (const auto& q : questions) {
    ids.push_back(uuid_v7());
    c.query(
        "INSERT INTO pulse_questions (id, pulse_id, kind, text, required, options_json, position, "
        "created_at, "
        "updated_at) VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $7)",
        ids.back(), pulse, std::string(q.kind), std::string(q.text),
        q.options ? db::Value{std::string(q.options)} : db::Value{}, position++, now);
  }
  // Five past weeks of anonymous answers (no person behind them: the demo's staff can answer this week), the
  // mood rising after the update of three weeks ago.
  auto current = period_at(Recurrence::weekly, now);
  const int ratings[5][8] = {{2, 3, 3, 2, 4, 3, 2, 3},
                             {3, 3, 2, 4, 3, 3, 2, 3},
                             {3, 4, 4, 3, 4, 3, 5, 3},
                             {4, 4, 3, 5, 4, 4, 3, 4},
                             {4, 5, 4, 5, 4, 3, 5, 4}};
  const int nps[5][8] = {{5, 6, 7, 3, 8, 6, 9, 5},
                         {6, 7, 5, 8, 6, 9, 4, 7},
                         {7, 8, 9, 6, 8, 7, 10, 6},
                         {8, 9, 7, 10, 8, 9, 6, 8},
                         {9, 10, 8, 9, 10, 7, 9, 8}};
  const int support[5][8] = {{2, 1, 2, 1, 0, 2, 1, 2},
                             {1, 1, 2, 0, 1, 2, 1, 1},
                             {0, 1, 1, 0, 2, 0, 1, 0},
                             {0, 0, 1, 0, 1, 0, 0, 1},
                             {0, 0, 0, 1, 0, 0, 0, 0}};
  std::int64_t total = 0;
  for (int w = 0; w < 5; ++w) {
    auto period = current - 5 + w;
    int people = 6 + (w % 3);
    for (int i = 0; i < people; ++i) {
      auto answer = [&](std::size_t q, std::int64_t value) {
        c.query(
            "INSERT INTO pulse_answers (id, pulse_id, question_id, period, value) VALUES ($1, $2, $3, $4, "
            "$5)",
            surveys::random_uuid(), pulse, ids[q], period, value);
      };
      answer(0, ratings[w][i]);
      answer(1, nps[w][i]);
      answer(2, support[w][i]);
    }
    total += people;
  }
  c.query("UPDATE pulses SET responses_count = $1 WHERE id = $2", total, pulse);
  for (const auto& q : ids) c.query("UPDATE pulse_questions SET answers_count = $1 WHERE id = $2", total, q);
  c.query(
      "INSERT INTO pulse_updates (id, pulse_id, question_id, period, text, status, start_at, created_at, "
      "updated_at) VALUES ($1, $2, $3, $4, $5, 'published', $6, $6, $6)",
      uuid_v7(), pulse, ids[2], key_of(Recurrence::weekly, current - 4),
      std::string(
          "คุณบอกว่าได้รับความช่วยเหลือจากหัวหน้าไม่พอ เราจึงเพิ่มหัวหน้ากะช่วงเย็นทุกสาขา และเริ่มประชุมทีม 10 นาทีทุกเช้าวันจันทร์"),
      now - 20 * day);
}

}  // namespace shopfloor::pulse
