// How a drill answer is rated for FSRS (drill/today.hpp): correctness first, then the answer's time.
#include <gtest/gtest.h>

#include "drill/today.hpp"

using namespace shopfloor::drill;
using shopfloor::drill::fsrs::Rating;

TEST(DrillRating, WrongIsAgainHoweverFast) {
  EXPECT_EQ(rating_for(false, 0), Rating::again);
  EXPECT_EQ(rating_for(false, 20'000), Rating::again);
}

TEST(DrillRating, RightIsRatedByTime) {
  EXPECT_EQ(rating_for(true, 0), Rating::easy);
  EXPECT_EQ(rating_for(true, fast_ms), Rating::easy);
  EXPECT_EQ(rating_for(true, fast_ms + 1), Rating::good);
  EXPECT_EQ(rating_for(true, slow_ms), Rating::good);
  EXPECT_EQ(rating_for(true, slow_ms + 1), Rating::hard);
  EXPECT_EQ(rating_for(true, question_ms), Rating::hard);
}

// A question with its own time (a 60 s matching board) is rated on the same shares of it: a sixth, a half.
TEST(DrillRating, AQuestionsOwnTimeScalesTheBounds) {
  EXPECT_EQ(rating_for(true, 10'000, 60'000), Rating::easy);
  EXPECT_EQ(rating_for(true, 10'001, 60'000), Rating::good);
  EXPECT_EQ(rating_for(true, 30'000, 60'000), Rating::good);
  EXPECT_EQ(rating_for(true, 30'001, 60'000), Rating::hard);
  EXPECT_EQ(rating_for(false, 1'000, 60'000), Rating::again);
}
