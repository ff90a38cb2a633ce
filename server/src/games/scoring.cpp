#include "games/scoring.hpp"

#include <algorithm>
#include <cmath>

namespace shopfloor::games {

bool in_time(std::int64_t response_ms, std::int64_t timer_ms) {
  return response_ms >= 0 && response_ms <= timer_ms + network_grace_ms;
}

std::int64_t answer_points(bool correct, std::int64_t response_ms, std::int64_t timer_ms,
                           std::int64_t points_possible) {
  if (!correct || points_possible <= 0 || timer_ms <= 0 || !in_time(response_ms, timer_ms)) return 0;
  if (response_ms < instant_answer_ms) return points_possible;
  double t = static_cast<double>(std::min(response_ms, timer_ms)) / static_cast<double>(timer_ms);
  return static_cast<std::int64_t>(std::llround((1.0 - t / 2.0) * static_cast<double>(points_possible)));
}

std::int64_t streak_bonus(std::int64_t streak, std::int64_t points_possible, bool enabled) {
  if (!enabled || points_possible <= 0 || streak < 2) return 0;
  return std::min<std::int64_t>(streak - 1, 5) * 100;
}

std::int64_t matching_score(std::int64_t pairs, std::int64_t moves, std::int64_t elapsed_ms) {
  if (pairs <= 0) return 0;
  std::int64_t extra = std::max<std::int64_t>(0, moves - pairs);
  std::int64_t seconds = std::max<std::int64_t>(0, elapsed_ms) / 1000;
  return std::max(pairs * 100, pairs * 1000 - 50 * extra - 5 * seconds);
}

std::int64_t game_points(std::int64_t score, std::int64_t score_per_point, std::int64_t earned_today,
                         std::int64_t daily_cap) {
  if (score <= 0 || score_per_point <= 0) return 0;
  std::int64_t left = std::max<std::int64_t>(0, daily_cap - earned_today);
  return std::min(score / score_per_point, left);
}

}  // namespace shopfloor::games
