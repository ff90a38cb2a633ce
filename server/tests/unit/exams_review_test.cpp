// exams::reveal_answers: when a submitted attempt's review may show the correct answers, per the exam's
// "show correct answers" setting, whether the person passed and how many attempts they have left.
#include <gtest/gtest.h>

#include "exams/review.hpp"

using namespace shopfloor::exams;

namespace {
constexpr std::optional<std::int64_t> unlimited = std::nullopt;
}

TEST(ExamReview, ParsesStoredValuesUnknownIsTheDefault) {
  EXPECT_EQ(parse_show_answers("never"), ShowAnswers::never);
  EXPECT_EQ(parse_show_answers("passed"), ShowAnswers::passed);
  EXPECT_EQ(parse_show_answers("last_attempt"), ShowAnswers::last_attempt);
  EXPECT_EQ(parse_show_answers("passed_or_last"), ShowAnswers::passed_or_last);
  EXPECT_EQ(parse_show_answers("immediately"), ShowAnswers::immediately);
  EXPECT_EQ(parse_show_answers(""), ShowAnswers::passed_or_last);
  EXPECT_EQ(parse_show_answers("IMMEDIATELY"), ShowAnswers::passed_or_last);
}

TEST(ExamReview, NeverAndImmediately) {
  for (bool passed : {false, true})
    for (auto left : {unlimited, std::optional<std::int64_t>{0}, std::optional<std::int64_t>{2}}) {
      EXPECT_FALSE(reveal_answers(ShowAnswers::never, passed, left));
      EXPECT_TRUE(reveal_answers(ShowAnswers::immediately, passed, left));
    }
}

TEST(ExamReview, AfterPassing) {
  EXPECT_FALSE(reveal_answers(ShowAnswers::passed, false, 0));
  EXPECT_FALSE(reveal_answers(ShowAnswers::passed, false, unlimited));
  EXPECT_TRUE(reveal_answers(ShowAnswers::passed, true, 2));
  EXPECT_TRUE(reveal_answers(ShowAnswers::passed, true, unlimited));
}

TEST(ExamReview, AfterTheLastAttempt) {
  EXPECT_FALSE(reveal_answers(ShowAnswers::last_attempt, true, 1));
  EXPECT_FALSE(reveal_answers(ShowAnswers::last_attempt, true, unlimited));  // there is no last attempt
  EXPECT_TRUE(reveal_answers(ShowAnswers::last_attempt, false, 0));
  EXPECT_TRUE(reveal_answers(ShowAnswers::last_attempt, false, -1));  // the limit was lowered since
}

TEST(ExamReview, DefaultIsPassedOrLastAttempt) {
  EXPECT_FALSE(reveal_answers(ShowAnswers::passed_or_last, false, 2));  // a failed attempt, more to come
  EXPECT_FALSE(reveal_answers(ShowAnswers::passed_or_last, false, unlimited));
  EXPECT_TRUE(reveal_answers(ShowAnswers::passed_or_last, true, 2));
  EXPECT_TRUE(reveal_answers(ShowAnswers::passed_or_last, false, 0));
}
