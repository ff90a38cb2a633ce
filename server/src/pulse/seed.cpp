// `seed --demo`: an anonymous weekly pulse of three questions and one update; with the company's history, the
// answers of its staff week by week.
#include <algorithm>

#include "http/api_error.hpp"
#include "pulse/counting.hpp"
#include "pulse/periods.hpp"
#include "pulse/pulse.hpp"
#include "pulse/staff.hpp"
#include "surveys/ballots.hpp"
#include "surveys/staff.hpp"
#include "util/ids.hpp"

namespace shopfloor::pulse {

namespace json = boost::json;

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
  // Answered by the company's staff week by week in its history (seed_history_day); the update of a month
  // ago answered what they said then.
  auto current = period_at(Recurrence::weekly, now);
  c.query(
      "INSERT INTO pulse_updates (id, pulse_id, question_id, period, text, status, start_at, created_at, "
      "updated_at) VALUES ($1, $2, $3, $4, $5, 'published', $6, $6, $6)",
      uuid_v7(), pulse, ids[2], key_of(Recurrence::weekly, current - 4),
      std::string(
          "คุณบอกว่าได้รับความช่วยเหลือจากหัวหน้าไม่พอ เราจึงเพิ่มหัวหน้ากะช่วงเย็นทุกสาขา และเริ่มประชุมทีม 10 นาทีทุกเช้าวันจันทร์"),
      now - 20 * day);
}

void seed_history_day(db::Connection& c, const demo::Day& d) {
  auto draw = d.draws("pulse");
  auto key = surveys::ballots::key_from(d.config->auth_secret);
  const auto until = now_ms();
  for (const auto& p :
       c.query("SELECT id FROM pulses WHERE status = 'published' AND start_at <= $1", d.end).rows) {
    for (const auto& v : d.visits) {
      if (v.who->named || !draw.chance(0.12)) continue;
      auto at = d.during(v, 1);
      if (!at || at >= until) continue;
      // The week's questions as the app asks them; the mood lifts after the update a month ago.
      PinnedClock clock(at);
      json::object answers;
      double lift = d.index > 60 ? 0.12 : 0.0;
      double mood = std::min(1.0, 0.3 + lift + 0.6 * demo::Draws("pulse-mood|" + v.who->code).next());
      auto asked =
          c.query("SELECT id, kind, options_json FROM pulse_questions WHERE pulse_id = $1 ORDER BY position",
                  p.str(0));
      for (const auto& q : asked.rows) {
        std::string kind = q.str(1);
        if (kind == "rating")
          answers[q.str(0)] =
              std::clamp<std::int64_t>(static_cast<std::int64_t>(1 + mood * 4.5 + draw.between(-1, 0)), 1, 5);
        else if (kind == "nps")
          answers[q.str(0)] = std::clamp<std::int64_t>(
              static_cast<std::int64_t>(4 + mood * 6.5 + draw.between(-1, 1)), 0, 10);
        else
          answers[q.str(0)] = mood > 0.7 ? 0 : mood > 0.45 ? 1 : 2;
      }
      try {
        auto period = submit_answers(c, v.who->id, p.str(0), answers, key, at).second;
        count_ballots(c, key, p.str(0), period);
      } catch (const http::ApiError&) {
        // Answered this week already.
      }
    }
  }
}

}  // namespace shopfloor::pulse
