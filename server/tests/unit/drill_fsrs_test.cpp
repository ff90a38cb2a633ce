// The drill's FSRS-6 scheduler (drill/fsrs.hpp) on cases known from the algorithm's definition; the
// integration test drill-fsrs.test.mjs compares it with the reference implementation on random logs.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "drill/fsrs.hpp"

using namespace shopfloor::drill::fsrs;

namespace {
constexpr int64_t day = 86'400'000;
const Scheduler defaults{Parameters{}};
}  // namespace

TEST(DrillFsrs, FirstReviewTakesTheInitialStabilityAndDifficulty) {
  const auto& w = default_weights;
  for (int g = 1; g <= 4; ++g) {
    auto s = defaults.next_state(std::nullopt, 0, static_cast<Rating>(g));
    EXPECT_DOUBLE_EQ(s.stability, w[g - 1]);
    double d0 = w[4] - std::exp((g - 1) * w[5]) + 1;
    EXPECT_NEAR(s.difficulty, std::clamp(d0, 1.0, 10.0), 1e-8);
  }
  // Easy's D0 = 6.4133 − e^(3·0.8334) + 1 is below 1: clamped.
  EXPECT_DOUBLE_EQ(defaults.next_state(std::nullopt, 0, Rating::easy).difficulty, 1.0);
}

TEST(DrillFsrs, RecallIsNinetyPercentAfterStabilityDays) {
  for (double s : {0.5, 2.3065, 10.0, 400.0}) EXPECT_NEAR(defaults.retrievability(s, s), 0.9, 1e-8);
  EXPECT_DOUBLE_EQ(defaults.retrievability(0, 5), 1.0);
  EXPECT_LT(defaults.retrievability(30, 5), defaults.retrievability(10, 5));
}

TEST(DrillFsrs, IntervalFollowsDesiredRetention) {
  // At 0.9 the interval is the stability itself (rounded); asking for more recall shortens it.
  EXPECT_EQ(defaults.next_interval(10.0), 10);
  EXPECT_EQ(defaults.next_interval(0.2), 1);  // never under a day
  Scheduler strict{Parameters{.desired_retention = 0.95}};
  Scheduler loose{Parameters{.desired_retention = 0.8}};
  EXPECT_LT(strict.next_interval(10.0), 10);
  EXPECT_GT(loose.next_interval(10.0), 10);
  Scheduler capped{Parameters{.maximum_interval = 30}};
  EXPECT_EQ(capped.next_interval(1000.0), 30);
}

TEST(DrillFsrs, AnswersOrderStabilityAndDifficulty) {
  auto first = defaults.next_state(std::nullopt, 0, Rating::good);
  MemoryState after[4];
  for (int g = 1; g <= 4; ++g) after[g - 1] = defaults.next_state(first, 3, static_cast<Rating>(g));
  EXPECT_LT(after[0].stability, first.stability);  // forgotten: stability falls
  EXPECT_LT(after[1].stability, after[2].stability);
  EXPECT_LT(after[2].stability, after[3].stability);
  EXPECT_GT(after[0].difficulty, after[2].difficulty);  // Again makes it harder, Easy easier
  EXPECT_LT(after[3].difficulty, after[2].difficulty);
}

TEST(DrillFsrs, SameDayReviewUsesTheShortTermFormulaOnlyWhenAskedTo) {
  auto first = defaults.next_state(std::nullopt, 0, Rating::good);
  Scheduler short_term{Parameters{.short_term = true}};
  auto same_day = short_term.next_state(first, 0, Rating::good);
  const auto& w = default_weights;
  double sinc = std::max(1.0, std::pow(first.stability, -w[19]) * std::exp(w[17] * w[18]));
  EXPECT_NEAR(same_day.stability, first.stability * sinc, 1e-8);
  // Long-term: at 0 days R = 1, so a pass barely moves stability (e^0 − 1 = 0).
  EXPECT_DOUBLE_EQ(defaults.next_state(first, 0, Rating::good).stability, first.stability);
}

TEST(DrillFsrs, ReviewCountsRepsLapsesAndDue) {
  const int64_t t0 = 1'767'225'600'000;  // 2026-01-01T00:00:00Z
  Card c = defaults.review(Card{}, t0, Rating::again);
  EXPECT_EQ(c.reps, 1);
  EXPECT_EQ(c.lapses, 0);  // a first answer is not a lapse
  EXPECT_GE(c.scheduled_days, 1);
  EXPECT_EQ(c.due_ms, t0 + c.scheduled_days * day);
  Card good = defaults.review(c, t0 + 2 * day, Rating::good);
  Card again = defaults.review(c, t0 + 2 * day, Rating::again);
  EXPECT_EQ(good.reps, 2);
  EXPECT_EQ(again.lapses, 1);
  EXPECT_LT(again.scheduled_days, good.scheduled_days);
  EXPECT_THROW(defaults.review(good, t0, Rating::good), std::invalid_argument);
}

TEST(DrillFsrs, DaysAreCalendarDaysOfTheTimestamps) {
  const int64_t midnight = 1'767'225'600'000;
  EXPECT_EQ(days_between(midnight - 1, midnight), 1);  // 23:59:59.999 → 00:00 is the next day
  EXPECT_EQ(days_between(midnight, midnight + day - 1), 0);
  EXPECT_EQ(days_between(-1, 0), 1);  // before 1970 too
}

TEST(DrillFsrs, RefusesParametersOutOfRange) {
  EXPECT_THROW(Scheduler(Parameters{.desired_retention = 0}), std::invalid_argument);
  EXPECT_THROW(Scheduler(Parameters{.desired_retention = 1.01}), std::invalid_argument);
  Parameters p;
  p.w[20] = 0.05;
  EXPECT_THROW(Scheduler{p}, std::invalid_argument);
  EXPECT_THROW(defaults.next_state(MemoryState{.stability = 1, .difficulty = 0.5}, 1, Rating::good),
               std::invalid_argument);
}
