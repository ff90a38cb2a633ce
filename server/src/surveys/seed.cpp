// `seed --demo`: an open anonymous survey with every kind of question; with the company's history, last
// month's named survey and the answers of the days, through the staff route's function.
#include <algorithm>
#include <boost/json/parse.hpp>

#include "http/api_error.hpp"
#include "resources/demo_step.hpp"
#include "surveys/ballots.hpp"
#include "surveys/counting.hpp"
#include "surveys/staff.hpp"
#include "surveys/surveys.hpp"
#include "util/ids.hpp"

namespace shopfloor::surveys {

namespace json = boost::json;

namespace {

struct DemoQuestion {
  const char *kind, *text, *options;
  bool required;
};

std::string insert_survey(db::Connection& c, const char* title, const char* description, bool anonymous,
                          std::int64_t start, std::int64_t end, std::int64_t points,
                          const char* section_title, const std::vector<DemoQuestion>& questions) {
  auto now = now_ms();
  std::string survey = uuid_v7(), section = uuid_v7();
  c.query(
      "INSERT INTO surveys (id, title, description, anonymous, points, status, start_at, end_at, created_at, "
      "updated_at) VALUES ($1, $2, $3, $4, $5, 'published', $6, $7, $8, $8)",
      survey, std::string(title), std::string(description), anonymous, points, start, end,
      std::min(now, start));
  c.query(
      "INSERT INTO survey_sections (id, survey_id, title, position, created_at, updated_at) VALUES ($1, $2, "
      "$3, 0, "
      "$4, $4)",
      section, survey, std::string(section_title), now);
  int position = 0;
  for (const auto& q : questions)
    c.query(
        "INSERT INTO survey_questions (id, section_id, kind, text, required, options_json, position, "
        "created_at, "
        "updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
        uuid_v7(), section, std::string(q.kind), std::string(q.text), q.required ? 1 : 0,
        q.options ? db::Value{std::string(q.options)} : db::Value{}, position++, now);
  return survey;
}

}  // namespace

void seed_demo(db::Connection& c) {
  if (!c.query("SELECT 1 FROM surveys").empty()) return;
  auto now = now_ms();
  constexpr std::int64_t day = 86400000;
  // Open and not answered yet by the demo logins; the company's staff answer it in its history.
  insert_survey(
      c, "ความพึงพอใจในการทำงานประจำไตรมาส", "ไม่ระบุตัวตน ใช้เวลาประมาณ 3 นาที", true, now - day, now + 14 * day,
      0, "การทำงานของคุณ",
      {
          {"nps", "คุณจะแนะนำบริษัทของเราให้เพื่อนมาร่วมงานมากน้อยแค่ไหน", nullptr, true},
          {"rating", "ความพึงพอใจต่อหัวหน้างานโดยตรง", nullptr, true},
          {"single", "กะที่คุณทำงานบ่อยที่สุด", R"(["เช้า","บ่าย","ดึก"])", true},
          {"multiple", "สิ่งที่อยากให้ปรับปรุง (เลือกได้หลายข้อ)", R"(["ห้องพัก","ตารางกะ","การอบรม","อุปกรณ์"])", false},
          {"short_text", "อธิบายทีมของคุณในหนึ่งคำ", nullptr, false},
          {"long_text", "ข้อเสนอแนะเพิ่มเติม", nullptr, false},
      });
}

void seed_company(db::Connection& c) {
  const char* title = "หัวข้ออบรมที่อยากเรียนปีหน้า";
  if (!c.query("SELECT 1 FROM surveys WHERE title = $1", std::string(title)).empty()) return;
  auto now = now_ms();
  constexpr std::int64_t day = 86400000;
  // A named survey that ran for three weeks last month (10 points for answering), and the quarter's
  // anonymous one open for ten days now.
  insert_survey(
      c, title, "ช่วยเราวางแผนการอบรมปีหน้า ตอบแล้วรับ 10 คะแนน", false, now - 58 * day, now - 37 * day, 10,
      "การอบรมของคุณ",
      {
          {"nps", "คุณจะแนะนำการอบรมของบริษัทให้เพื่อนร่วมงานมากน้อยแค่ไหน", nullptr, true},
          {"rating", "การอบรมปีนี้ช่วยให้ทำงานได้ดีขึ้นแค่ไหน", nullptr, true},
          {"multiple", "หัวข้อที่อยากเรียน (เลือกได้หลายข้อ)",
           R"(["การขายออนไลน์","ภาษาอังกฤษสำหรับงานบริการ","การดูแลสต็อก","ภาวะผู้นำ","ความปลอดภัย"])", true},
          {"single", "รูปแบบที่สะดวกที่สุด", R"(["วิดีโอสั้นในแอป","อบรมที่สาขา","อบรมที่สำนักงานใหญ่"])", true},
      });
  c.query("UPDATE surveys SET start_at = $1 WHERE title = $2", now - 10 * day,
          std::string("ความพึงพอใจในการทำงานประจำไตรมาส"));
}

void seed_history_day(db::Connection& c, const demo::Day& d) {
  auto draw = d.draws("surveys");
  auto key = ballots::key_from(d.config->auth_secret);
  const auto until = now_ms();
  for (const auto& s :
       c.query("SELECT id FROM surveys WHERE status = 'published' AND start_at <= $1 AND end_at > "
               "$2 ORDER BY start_at",
               d.end, d.start)
           .rows) {
    std::vector<std::pair<std::string, db::Row>> questions;
    for (const auto& q :
         c.query("SELECT q.id, q.kind, q.options_json FROM survey_questions q JOIN survey_sections "
                 "x ON x.id = q.section_id WHERE x.survey_id = $1 ORDER BY x.position, q.position",
                 s.str(0))
             .rows)
      questions.emplace_back(q.str(0), q);
    for (const auto& v : d.visits) {
      if (v.who->named || !draw.chance(0.09)) continue;
      auto at = d.during(v, 2);
      if (!at || at >= until) continue;
      // How the person feels about work this quarter colours every answer a little.
      double mood = 0.3 + 0.7 * demo::Draws("mood|" + v.who->code).next();
      json::object answers;
      for (const auto& [id, q] : questions) {
        std::string kind = q.str(1);
        std::int64_t options =
            q.is_null(2) ? 0 : static_cast<std::int64_t>(json::parse(q.str(2)).as_array().size());
        if (kind == "nps")
          answers[id] = std::clamp<std::int64_t>(
              static_cast<std::int64_t>(4.6 + mood * 6 + draw.between(-1, 1)), 0, 10);
        else if (kind == "rating")
          answers[id] =
              std::clamp<std::int64_t>(static_cast<std::int64_t>(1 + mood * 4.6 + draw.between(-1, 0)), 1, 5);
        else if (kind == "single")
          answers[id] = draw.below(options);
        else if (kind == "multiple") {
          json::array picked{draw.below(options)};
          if (auto second = draw.below(options); draw.chance(0.5) && second != picked[0].as_int64())
            picked.push_back(second);
          answers[id] = picked;
        } else if (kind == "short_text" && draw.chance(0.3)) {
          static const char* const words[] = {"สามัคคี", "ขยัน", "สนุก", "ช่วยเหลือกัน", "มืออาชีพ"};
          answers[id] = words[draw.below(5)];
        }
      }
      // Refused when answered already, or not for them.
      resources::demo_step(at, [&] {
        submit_response(c, v.who->id, s.str(0), answers, key, at);
        count_ballots(c, key, s.str(0));
      });
    }
  }
}

}  // namespace shopfloor::surveys
