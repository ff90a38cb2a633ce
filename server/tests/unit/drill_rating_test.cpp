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
