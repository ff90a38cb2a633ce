// Back-office declarations of games on the resources kit: quizzes and their ordered questions (the exam
// question's shape and rules, exams/exams.hpp), matching boards and their ordered pairs, the catalogue
// (publishable, audience) and the one settings row. What is left is the games' own: a bank needs a count,
// points possible is 0, 1000 or 2000, a game names the quiz or board its kind says.
#include "exams/exams.hpp"
#include "games/internal.hpp"
#include "http/services.hpp"
#include "resources/audience.hpp"
#include "resources/builders.hpp"
#include "resources/traits.hpp"

namespace shopfloor::games {

namespace json = boost::json;
using namespace resources;

namespace {

std::optional<http::Message> check_points_possible(json::value& v) {
  if (!v.is_int64() || (v.as_int64() != 0 && v.as_int64() != 1000 && v.as_int64() != 2000))
    return msg::NOT_ALLOWED_VALUE;
  return std::nullopt;
}

// A list of store ids, checked as the stores of an audience (resources/audience.hpp).
std::optional<http::Message> check_stores(json::value& v) {
  if (v.is_null()) return std::nullopt;
  json::value wrapped = json::object{{"stores", v}};
  if (auto error = check_audience(wrapped)) return error;
  v = wrapped.as_object()["stores"];
  return std::nullopt;
}

void quiz_rules(WriteContext& w) {
  if (w.value_of("bank").is_string() && !w.value_of("bankCount").is_int64() && !w.errors.count("bankCount"))
    w.errors["bankCount"] = msg::QUIZ_BANK_COUNT;
}

Resource quizzes_resource() {
  auto r = area("game-quizzes", "game_quizzes", {"ควิซ", "Quizzes"});
  r.list_columns = {"cover", "title", "timerSeconds", "pointsPossible", "streakBonus", "bank", "updatedAt"};
  r.fields = {
      text("title", {"ชื่อควิซ", "Title"}).required().searchable().sortable().max(200),
      long_text("description", {"คำอธิบาย", "Description"}).max(2000),
      image("cover", {"ภาพปก", "Cover"}),
      integer("timerSeconds", {"เวลาต่อข้อ (วินาที)", "Timer per question (seconds)"})
          .min(5)
          .max(120)
          .required()
          .fallback(20),
      integer("pointsPossible", {"คะแนนเต็มต่อข้อ", "Full score per question"})
          .required()
          .fallback(1000)
          .check(check_points_possible)
          .hint({"0, 1000 หรือ 2000 (คะแนนสองเท่า)", "0, 1000 or 2000 (double score)"}),
      boolean("streakBonus", {"โบนัสตอบถูกต่อเนื่อง", "Answer streak bonus"}).fallback(true),
      // The quiz's questions' topic in the daily drill and the Knowledge report (drill/bank.hpp).
      reference("category", {"หมวดหมู่", "Category"}, "categories").filterable(),
      reference("bank", {"สุ่มคำถามจากแบบทดสอบ", "Draw questions from examination"}, "examinations"),
      integer("bankCount", {"จำนวนข้อที่สุ่ม", "Questions to draw"}).min(1).max(50),
      json_field("liveStores", {"แจ้งพนักงานสาขาเมื่อเปิดควิซสด", "Tell these stores when a live quiz opens"})
          .format("stores")
          .check(check_stores)
          .hint({"พนักงานของสาขาที่เลือกจะได้รับการแจ้งเตือนพร้อมลิงก์เข้าร่วม เว้นว่างไว้ = เข้าร่วมด้วย PIN เท่านั้น",
                 "Their staff get a notice and a push with a link to join. Empty: joined by PIN only"}),
  };
  r.rules.push_back(quiz_rules);
  return r;
}

Resource quiz_questions_resource() {
  auto r = area("game-quiz-questions", "game_quiz_questions", {"คำถามควิซ", "Quiz questions"});
  r.title_field = "prompt";
  r.list_columns = {"prompt", "kind", "image", "quiz"};
  r.fields = exams::question_shape_fields();
  r.fields.insert(r.fields.begin() + 2, image("image", {"รูปภาพ", "Picture"}));  // after the prompt
  // The daily drill asks the questions of quizzes a person played, unless this is set (drill/bank.hpp).
  r.fields.push_back(
      boolean("notForDrill", {"ไม่ใช้ในแบบฝึกประจำวัน", "Not for the daily drill"}).fallback(false));
  ordered(r, reference("quiz", {"ควิซ", "Quiz"}, "game-quizzes"), "game-quiz-questions.order");
  r.rules.push_back(exams::question_rules);
  return r;
}

Resource matchings_resource() {
  auto r = area("game-matchings", "game_matchings", {"เกมจับคู่", "Matching games"});
  r.list_columns = {"cover", "title", "updatedAt"};
  r.fields = {
      text("title", {"ชื่อเกม", "Title"}).required().searchable().sortable().max(200),
      long_text("description", {"คำอธิบาย", "Description"}).max(2000),
      image("cover", {"ภาพปก", "Cover"}),
      // The daily drill asks the board of a matching game a person played (its title as the question), under
      // this topic in the Knowledge report, unless kept out (drill/bank.hpp).
      reference("category", {"หมวดหมู่", "Category"}, "categories").filterable(),
      boolean("notForDrill", {"ไม่ใช้ในแบบฝึกประจำวัน", "Not for the daily drill"}).fallback(false),
  };
  return r;
}

Resource matching_pairs_resource() {
  auto r = area("game-matching-pairs", "game_matching_pairs", {"คู่ของเกมจับคู่", "Matching pairs"});
  r.title_field = "left";
  r.list_columns = {"leftImage", "left", "right", "matching"};
  r.fields = {
      text("left", {"การ์ดใบแรก", "First card"}).column("left_text").required().searchable().max(120),
      image("leftImage", {"รูปบนการ์ดใบแรก", "Picture on the first card"}),
      text("right", {"การ์ดคู่กัน", "Matching card"}).column("right_text").required().searchable().max(120),
  };
  ordered(r, reference("matching", {"เกมจับคู่", "Matching game"}, "game-matchings"),
          "game-matching-pairs.order");
  return r;
}

void game_rules(WriteContext& w) {
  std::string kind = w.text_of("kind");
  if (kind.empty()) kind = "quiz";
  std::string keep = kind == "matching" ? "matching" : "quiz",
              drop = kind == "matching" ? "quiz" : "matching";
  if (!w.value_of(keep).is_string() && !w.errors.count(keep)) w.errors[keep] = msg::GAME_TARGET;
  w.values[drop + "_id"] = db::Value{};
}

Resource games_resource() {
  auto r = area("games", "games", {"เกม", "Games"});
  r.list_columns = {"cover", "title", "kind", "status", "audience", "attemptsPerDay", "playsCount", "endAt"};
  r.fields = {
      text("title", {"ชื่อเกม", "Title"}).required().searchable().sortable().max(200),
      choice("kind", {"ประเภท", "Kind"}, {{"quiz", {"ควิซ", "Quiz"}}, {"matching", {"จับคู่", "Matching"}}})
          .required()
          .filterable()
          .create_only()
          .fallback("quiz"),
      reference("quiz", {"ควิซ", "Quiz"}, "game-quizzes").visible_when("kind", {"quiz"}),
      reference("matching", {"เกมจับคู่", "Matching game"}, "game-matchings").visible_when("kind", {"matching"}),
      image("cover", {"ภาพปก", "Cover"}),
      audience_field(),
      integer("attemptsPerDay", {"เล่นได้ต่อวัน (ครั้ง)", "Attempts per day"})
          .min(1)
          .max(50)
          .required()
          .fallback(3),
      integer("scorePerPoint", {"คะแนนเกมต่อ 1 แต้ม", "Game score per point"})
          .min(1)
          .max(100000)
          .required()
          .fallback(100)
          .hint({"แต้ม = คะแนนเกม ÷ ค่านี้ (ปัดลง) ไม่เกินเพดานต่อวัน",
                 "Points = game score ÷ this (rounded down), within the daily cap"}),
      integer("playsCount", {"จำนวนครั้งที่เล่น", "Plays"}).sortable().read_only(),
  };
  publishable(r, {"เปิดเล่น", "Opens"}, {"ปิดเล่น", "Closes"});
  r.rules.push_back(game_rules);
  return r;
}

Resource settings_resource() {
  // One cap for everyone: admins set it, editors see it.
  auto r = settings_area("game-settings", "game_settings", {"ตั้งค่าเกม", "Game settings"}, "dailyPointsCap");
  r.list_columns = {"dailyPointsCap", "updatedAt"};
  r.fields = {
      integer("dailyPointsCap", {"แต้มสะสมจากเกมสูงสุดต่อคนต่อวัน", "Daily points cap per person (all games)"})
          .min(0)
          .max(100000)
          .required()
          .fallback(100),
  };
  return r;
}

}  // namespace

void register_resources() {
  auto& reg = registry();
  reg.add(quizzes_resource());
  reg.add(quiz_questions_resource());
  reg.add(matchings_resource());
  reg.add(matching_pairs_resource());
  reg.add(games_resource());
  reg.add(settings_resource());
}

}  // namespace shopfloor::games
