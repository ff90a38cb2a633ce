#include "drill/demo.hpp"

#include <algorithm>
#include <boost/json/array.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <optional>
#include <set>

#include "drill/bank.hpp"
#include "drill/today.hpp"
#include "learning/learning.hpp"
#include "resources/audience.hpp"
#include "util/ids.hpp"

namespace shopfloor::drill {

namespace json = boost::json;

namespace {

// The right choices (or, when not `right`, one that is not right) of a served question.
json::array demo_choices(db::Connection& c, const resources::StaffGate& gate, const json::object& q,
                         bool right) {
  auto bank = load_question(c, gate, std::string(q.at("id").as_string()));
  json::array correct;
  if (bank)
    for (const auto& id : bank->correct) correct.emplace_back(id);
  if (right || correct.empty()) return correct;
  for (const auto& ch : q.at("choices").as_array())
    if (std::find(correct.begin(), correct.end(), ch.at("id")) == correct.end())
      return json::array{ch.at("id")};
  return correct;
}

// A matching question's pairs from the board the person was shown: all right, or two swapped.
json::array demo_pairs(db::Connection& c, const std::string& uid, const std::string& day,
                       const std::string& qid, bool right) {
  auto row =
      c.query("SELECT layout_json FROM drill_answers WHERE user_id = $1 AND day = $2 AND question_id = $3",
              uid, day, qid)
          .first();
  auto layout = json::parse(row->str(0)).as_object();
  const auto& left = layout.at("left").as_array();
  const auto& rights = layout.at("right").as_array();
  std::vector<std::size_t> match(left.size());
  for (std::size_t i = 0; i < left.size(); ++i)
    for (std::size_t j = 0; j < rights.size(); ++j)
      if (rights[j] == left[i]) match[i] = j;
  if (!right && match.size() > 1) std::swap(match[0], match[1]);
  json::array out;
  for (std::size_t i = 0; i < match.size(); ++i)
    out.push_back(
        json::object{{"left", "l" + std::to_string(i + 1)}, {"right", "r" + std::to_string(match[i] + 1)}});
  return out;
}

std::optional<std::string> category_named(db::Connection& c, const char* name) {
  auto r = c.query("SELECT id FROM categories WHERE name = $1", std::string(name)).first();
  return r ? std::optional<std::string>(r->str(0)) : std::nullopt;
}

json::array pairs_of(std::initializer_list<std::pair<const char*, const char*>> pairs) {
  json::array out;
  int i = 0;
  for (const auto& [l, r] : pairs)
    out.push_back(json::object{{"id", "p" + std::to_string(++i)}, {"left", l}, {"right", r}});
  return out;
}

}  // namespace

void seed_demo(db::Connection& c) {
  const auto now = now_ms();
  const auto service = category_named(c, "การบริการลูกค้า");
  const auto product = category_named(c, "ความรู้สินค้า");
  const auto safety = category_named(c, "ความปลอดภัยในร้าน");
  const char* service_course = "พื้นฐานการบริการลูกค้า";
  // The customer-service quiz's questions, and the shop-words board, come back in the drill under its topic.
  if (service) {
    c.query("UPDATE game_quizzes SET category_id = $1 WHERE title = $2 AND category_id IS NULL", *service,
            std::string("ควิซบริการลูกค้า"));
    c.query("UPDATE game_matchings SET category_id = $1 WHERE title = $2 AND category_id IS NULL", *service,
            std::string("จับคู่คำศัพท์หน้าร้าน"));
  }
  struct Q {
    const char *kind, *prompt, *explanation;
    json::array choices, correct, pairs;
    std::optional<std::string> category;
    std::int64_t seconds;
    const char* course;  // asked to the people enrolled in it
  };
  const Q qs[] = {
      {"match",
       "จับคู่ถังดับเพลิงกับไฟที่ใช้ดับ",
       "ถังผงเคมีแห้งใช้ได้กับไฟ A B C; CO2 เหมาะกับไฟฟ้าและของเหลวไวไฟ; น้ำใช้กับไฟ A เท่านั้น; ถังโฟมใช้กับน้ำมัน",
       {},
       {},
       pairs_of({{"ผงเคมีแห้ง", "ไฟ A B C ทั่วไป"},
                 {"คาร์บอนไดออกไซด์ (CO2)", "ไฟจากอุปกรณ์ไฟฟ้า"},
                 {"น้ำ", "ไฟจากกระดาษ ไม้ ผ้า"},
                 {"โฟม", "ไฟจากน้ำมัน"}}),
       safety,
       60,
       learning::safety_course_title},
      {"match",
       "จับคู่คำถามของลูกค้ากับคำตอบที่ดีที่สุด",
       "ตอบให้ตรงคำถามและเสนอความช่วยเหลือต่อเสมอ",
       {},
       {},
       pairs_of({{"มีไซซ์อื่นไหม", "ขอเช็กสต็อกให้สักครู่นะคะ"},
                 {"เปลี่ยนสินค้าได้ไหม", "ได้ภายใน 14 วันพร้อมใบเสร็จค่ะ"},
                 {"จ่ายด้วย QR ได้ไหม", "ได้ค่ะ สแกนที่เครื่องได้เลย"}}),
       service,
       45,
       service_course},
      {"single",
       "ลูกค้าถามหาสินค้าที่หมดสต็อก ควรทำอย่างไร",
       "เสนอทางเลือกและจดข้อมูลเพื่อแจ้งเมื่อสินค้าเข้า ลูกค้าจะไม่เดินออกมือเปล่า",
       json::array{json::object{{"id", "a"}, {"text", "บอกว่าหมดแล้ว"}},
                   json::object{{"id", "b"}, {"text", "เสนอสินค้าใกล้เคียงและรับแจ้งเมื่อสินค้าเข้า"}},
                   json::object{{"id", "c"}, {"text", "ให้ลูกค้าไปถามสาขาอื่นเอง"}}},
       json::array{"b"},
       {},
       product,
       30,
       service_course},
      {"truefalse",
       "วางกล่องสินค้าขวางทางหนีไฟได้ ถ้าวางไม่เกิน 10 นาที",
       "ทางหนีไฟต้องโล่งตลอดเวลา ไม่มีข้อยกเว้น",
       json::array{json::object{{"id", "true"}, {"text", "ถูก"}},
                   json::object{{"id", "false"}, {"text", "ผิด"}}},
       json::array{"false"},
       {},
       safety,
       30,
       learning::safety_course_title},
  };
  for (const auto& q : qs) {
    auto course = c.query("SELECT id FROM courses WHERE title = $1", std::string(q.course)).first();
    if (!course || !c.query("SELECT 1 FROM drill_questions WHERE prompt = $1", std::string(q.prompt)).empty())
      continue;  // its course comes with the company's catalogue (a second call), or it is there already
    c.query(
        "INSERT INTO drill_questions (id, kind, prompt, choices_json, correct_json, pairs_json, explanation, "
        "seconds, category_id, course_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, "
        "$9, "
        "$10, $11, $11)",
        uuid_v7(), std::string(q.kind), std::string(q.prompt), json::serialize(q.choices),
        json::serialize(q.correct), json::serialize(q.pairs), std::string(q.explanation), q.seconds,
        q.category ? db::Value(*q.category) : db::Value(), course->str(0), now);
  }
}

void seed_history_day(db::Connection& c, const demo::Day& d) {
  if (d.index < demo::history_days - demo_drill_days) return;
  auto draws = d.draws("drill");
  std::set<std::string> done;  // one drill a day: the first visit does it
  for (const auto& v : d.visits) {
    const auto& p = *v.who;
    if (p.named || done.contains(p.id) || !draws.chance(0.5 + p.zeal / 2)) continue;
    done.insert(p.id);
    auto viewer = resources::load_viewer(c, p.id);
    auto at = v.at + 30'000;
    for (int guard = 0; guard < static_cast<int>(max_questions) && at < d.end; ++guard) {
      auto served = today(c, resources::StaffGate{viewer, at}, true);
      if (!served.at("question").is_object()) break;
      const auto& q = served.at("question").as_object();
      std::string qid(q.at("id").as_string());
      const bool right = draws.chance(p.skill);
      at += draws.between(3, 20) * 1000;
      if (at >= d.end) break;
      json::object body{{"questionId", qid}};
      if (q.at("kind").as_string() == "match")
        body["pairs"] = demo_pairs(c, p.id, std::string(served.at("day").as_string()), qid, right);
      else
        body["choices"] = demo_choices(c, resources::StaffGate{viewer, at}, q, right);
      answer(c, resources::StaffGate{viewer, at}, body);
      at += draws.between(4, 12) * 1000;  // reading the feedback
    }
  }
}

}  // namespace shopfloor::drill
