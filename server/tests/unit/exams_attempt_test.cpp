// The exam attempt model (exams/attempt.hpp) on an in-memory SQLite database with the real migrations:
// drawing (all, N at random, shuffles), grading, the deadline with its grace, and that the attempt JSON
// carries neither answers nor explanations before submission.
#include <gtest/gtest.h>

#include <boost/json/serialize.hpp>
#include <set>

#include "db/database.hpp"
#include "exams/attempt.hpp"
#include "http/api_error.hpp"
#include "util/ids.hpp"

namespace json = boost::json;
using namespace shopfloor;
using namespace shopfloor::exams;

namespace {

class ExamAttempt : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = db::Database::open("sqlite://:memory:", {.pool_size = 1});
    db_->migrate();
    exam_.id = uuid_v7();
    exam_.title = "exam";
    exam_.draw_mode = "all";
    exam_.show_answers = "never";
    exam_.shuffle_questions = exam_.shuffle_choices = false;
    db_->transact_sync([&](db::Connection& c) {
      c.query(
          "INSERT INTO exams (id, title, draw_mode, pass_percent, points, status, created_at, "
          "updated_at) VALUES ($1, 'exam', 'all', 60, 5, 'published', 1, 1)",
          exam_.id);
      for (int i = 0; i < 10; ++i) {
        json::array choices{json::object{{"id", "a"}, {"text", "A"}},
                            json::object{{"id", "b"}, {"text", "B"}},
                            json::object{{"id", "c"}, {"text", "C"}}};
        c.query(
            "INSERT INTO exam_questions (id, exam_id, position, kind, prompt, choices_json, correct_json, "
            "explanation, points, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, 1, 1)",
            "q" + std::to_string(i), exam_.id, i, std::string(i == 9 ? "multiple" : "single"),
            "prompt " + std::to_string(i), json::serialize(choices),
            std::string(i == 9 ? "[\"a\",\"c\"]" : "[\"b\"]"), std::string("EXPLAINED"));
      }
    });
  }

  json::array draw_now() {
    return db_->transact_sync([&](db::Connection& c) { return draw(c, exam_); });
  }

  static std::vector<std::string> ids(const json::array& qs) {
    std::vector<std::string> out;
    for (const auto& q : qs) out.emplace_back(q.at("id").as_string());
    return out;
  }

  std::unique_ptr<db::Database> db_;
  Exam exam_;
};

TEST_F(ExamAttempt, DrawsAllQuestionsInPositionOrderWhenNotShuffled) {
  auto qs = draw_now();
  ASSERT_EQ(qs.size(), 10u);
  EXPECT_EQ(ids(qs).front(), "q0");
  EXPECT_EQ(ids(qs).back(), "q9");
  EXPECT_EQ(qs[0].at("choices").as_array()[0].at("id"), "a");
}

TEST_F(ExamAttempt, DrawsNDistinctQuestionsAtRandomAndShufflesWhenAsked) {
  exam_.draw_mode = "random";
  exam_.draw_count = 4;
  std::set<std::string> seen_sets;
  for (int round = 0; round < 20; ++round) {
    auto got = ids(draw_now());
    ASSERT_EQ(got.size(), 4u);
    EXPECT_TRUE(std::is_sorted(got.begin(), got.end())) << "questions not shuffled keep their order";
    EXPECT_EQ(std::set<std::string>(got.begin(), got.end()).size(), 4u);
    std::string key;
    for (const auto& id : got) key += id + ",";
    seen_sets.insert(key);
  }
  EXPECT_GT(seen_sets.size(), 1u) << "20 draws of 4 from 10 were all the same";
  exam_.draw_mode = "all";
  exam_.shuffle_questions = exam_.shuffle_choices = true;
  std::set<std::string> orders;
  for (int round = 0; round < 10; ++round) {
    auto qs = draw_now();
    std::string key;
    for (const auto& q : qs)
      key += std::string(q.at("id").as_string()) +
             std::string(q.at("choices").as_array()[0].at("id").as_string());
    orders.insert(key);
  }
  EXPECT_GT(orders.size(), 1u);
}

TEST_F(ExamAttempt, GradesExactChoiceSetsAndRoundsThePercent) {
  Attempt a;
  a.questions = draw_now();
  for (int i = 0; i < 6; ++i) a.answers["q" + std::to_string(i)] = json::array{"b"};
  a.answers["q6"] = json::array{"a"};  // wrong
  a.answers["q9"] = json::array{"a"};  // half of a multiple: wrong
  Grade g = grade(a, exam_);
  EXPECT_EQ(g.max_score, 10);
  EXPECT_EQ(g.score, 6);
  EXPECT_EQ(g.percent, 60);
  EXPECT_TRUE(g.passed) << "60 % passes a 60 % mark";
  a.answers["q9"] = json::array{"c", "a"};
  EXPECT_EQ(grade(a, exam_).score, 7);
  exam_.pass_percent = 71;
  EXPECT_FALSE(grade(a, exam_).passed);
}

TEST_F(ExamAttempt, TheDeadlineHasAGraceForTheNetworkThenCloses) {
  Attempt a;
  EXPECT_FALSE(past_deadline(a, 1'000'000)) << "no time limit, no deadline";
  a.deadline_at = 10'000;
  EXPECT_FALSE(past_deadline(a, 10'000));
  EXPECT_FALSE(past_deadline(a, 10'000 + grace_ms));
  EXPECT_TRUE(past_deadline(a, 10'000 + grace_ms + 1));
}

TEST_F(ExamAttempt, AttemptJsonBeforeSubmissionCarriesNoAnswersOrExplanations) {
  Attempt a;
  a.id = "att";
  a.exam_id = exam_.id;
  a.user_id = "u";
  a.questions = draw_now();
  a.answers["q0"] = json::array{"b"};
  std::string text =
      db_->transact_sync([&](db::Connection& c) { return json::serialize(attempt_json(c, a, exam_, 5)); });
  EXPECT_EQ(text.find("correct"), std::string::npos) << text.substr(0, 300);
  EXPECT_EQ(text.find("EXPLAINED"), std::string::npos);
  EXPECT_EQ(text.find("explanation"), std::string::npos);
  EXPECT_EQ(text.find("\"score\""), std::string::npos);
  EXPECT_EQ(text.find("\"review\""), std::string::npos);
  // Submitted, with showAnswers = never: graded, but still no correct answers.
  a.submitted_at = 6;
  a.score = 1;
  a.max_score = 10;
  a.percent = 10;
  auto after = db_->transact_sync([&](db::Connection& c) { return attempt_json(c, a, exam_, 7); });
  EXPECT_TRUE(after.contains("review"));
  for (const auto& r : after.at("review").as_array()) {
    EXPECT_TRUE(r.at("correct").is_null());
    EXPECT_TRUE(r.at("explanation").is_null());
  }
}

TEST_F(ExamAttempt, AnswersMustBeChoicesOfTheAttemptsQuestions) {
  Attempt a;
  a.questions = draw_now();
  EXPECT_THROW(parse_answers(json::value("x"), a), http::ApiError);
  EXPECT_THROW(parse_answers(json::object{{"nope", json::array{"a"}}}, a), http::ApiError);
  EXPECT_THROW(parse_answers(json::object{{"q0", json::array{"z"}}}, a), http::ApiError);
  EXPECT_THROW(parse_answers(json::object{{"q0", json::array{"a", "b"}}}, a), http::ApiError)
      << "single choice";
  auto ok = parse_answers(json::object{{"q9", json::array{"a", "c"}}, {"q1", json::array{}}}, a);
  EXPECT_EQ(ok.at("q9").size(), 2u);
  EXPECT_TRUE(ok.at("q1").empty());
}

}  // namespace
