// The game scores (games/scoring.hpp) against Kahoot's published rule and examples ("How points work").
#include <gtest/gtest.h>

#include "games/scoring.hpp"

using namespace shopfloor::games;

TEST(GamesScoring, KahootExample) {
  // Kahoot: 2 s on a 30 s timer with 1000 points possible → 967.
  EXPECT_EQ(answer_points(true, 2000, 30000, 1000), 967);
  // Double points: same share of 2000.
  EXPECT_EQ(answer_points(true, 2000, 30000, 2000), 1933);
  // At the very end of the timer half of the points remain.
  EXPECT_EQ(answer_points(true, 20000, 20000, 1000), 500);
  EXPECT_EQ(answer_points(true, 10000, 20000, 1000), 750);
}

TEST(GamesScoring, FullPointsUnderHalfASecond) {
  EXPECT_EQ(answer_points(true, 0, 20000, 1000), 1000);
  EXPECT_EQ(answer_points(true, 499, 20000, 1000), 1000);
  EXPECT_EQ(answer_points(true, 600, 20000, 1000), 985);  // 1 − 0.03 ÷ 2 = 0.985
}

TEST(GamesScoring, WrongLateOrZeroScoresNothing) {
  EXPECT_EQ(answer_points(false, 100, 20000, 1000), 0);
  EXPECT_EQ(answer_points(true, 1000, 20000, 0), 0);
  // Inside the network grace the answer counts as given at the timer's end.
  EXPECT_EQ(answer_points(true, 20000 + network_grace_ms, 20000, 1000), 500);
  EXPECT_EQ(answer_points(true, 20000 + network_grace_ms + 1, 20000, 1000), 0);
  EXPECT_FALSE(in_time(5000 + network_grace_ms + 1, 5000));
  EXPECT_TRUE(in_time(5000, 5000));
}

TEST(GamesScoring, StreakBonusLikeKahoot) {
  EXPECT_EQ(streak_bonus(0, 1000, true), 0);
  EXPECT_EQ(streak_bonus(1, 1000, true), 0);
  EXPECT_EQ(streak_bonus(2, 1000, true), 100);
  EXPECT_EQ(streak_bonus(3, 1000, true), 200);
  EXPECT_EQ(streak_bonus(4, 1000, true), 300);
  EXPECT_EQ(streak_bonus(5, 1000, true), 400);
  EXPECT_EQ(streak_bonus(6, 1000, true), 500);
  EXPECT_EQ(streak_bonus(12, 1000, true), 500);
  EXPECT_EQ(streak_bonus(4, 0, true), 0);      // a 0-point question: the streak grows, no bonus
  EXPECT_EQ(streak_bonus(4, 1000, false), 0);  // switched off for the quiz
}

TEST(GamesScoring, MatchingScore) {
  EXPECT_EQ(matching_score(6, 6, 0), 6000);         // perfect and instant
  EXPECT_EQ(matching_score(6, 10, 40000), 5600);    // documented example
  EXPECT_EQ(matching_score(6, 10, 40999), 5600);    // whole seconds
  EXPECT_EQ(matching_score(4, 200, 3600000), 400);  // never below 100 per pair
  EXPECT_GT(matching_score(6, 8, 30000), matching_score(6, 9, 30000));
  EXPECT_GT(matching_score(6, 8, 30000), matching_score(6, 8, 31000));
  EXPECT_EQ(matching_score(0, 0, 0), 0);
}

TEST(GamesScoring, PointsRuleAndDailyCap) {
  EXPECT_EQ(game_points(4567, 100, 0, 100), 45);
  EXPECT_EQ(game_points(4567, 100, 80, 100), 20);  // cut to what is left today
  EXPECT_EQ(game_points(4567, 100, 100, 100), 0);
  EXPECT_EQ(game_points(4567, 100, 120, 100), 0);
  EXPECT_EQ(game_points(99, 100, 0, 100), 0);
  EXPECT_EQ(game_points(0, 100, 0, 100), 0);
}
