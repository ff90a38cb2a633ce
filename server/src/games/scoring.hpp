// Game scores (SPEC §5 Games; issue 14): pure functions, so the rules are tested on their own
// (tests/unit/games_scoring_test.cpp) and the routes only feed them times the server measured itself.
#pragma once

#include <cstdint>

namespace shopfloor::games {

// A late answer still gets this much past the timer before it scores 0: the phone's tap travels the network.
inline constexpr std::int64_t network_grace_ms = 1500;
// Kahoot gives full points to a correct answer faster than this.
inline constexpr std::int64_t instant_answer_ms = 500;

// Kahoot, "How points work" (support.kahoot.com): points = round((1 − ((response time ÷ question timer) ÷ 2))
// × points possible). A correct answer within 0.5 s gets the full points possible; a wrong answer, or one
// after the timer (+ network_grace_ms here; such an answer is clamped to the timer when inside the grace),
// gets 0. Example: 2 s on a 30 s timer with 1000 possible → round((1 − (2/30)/2) × 1000) = 967.
std::int64_t answer_points(bool correct, std::int64_t response_ms, std::int64_t timer_ms,
                           std::int64_t points_possible);

// Whether an answer `response_ms` after the issue still counts (timer + grace).
bool in_time(std::int64_t response_ms, std::int64_t timer_ms);

// Kahoot's answer streak bonus: the streak counts correct answers in a row (a wrong or missing answer resets
// it to 0); the bonus for the streak reached with this answer is 0 for 1, 100 for 2, 200 for 3, 300 for 4,
// 400 for 5 and 500 for 6 or more. A question whose points possible is 0 still grows the streak but gives no
// bonus; `enabled` = the quiz's streak bonus setting.
std::int64_t streak_bonus(std::int64_t streak, std::int64_t points_possible, bool enabled);

// Matching boards: each pair is worth 1000. Every move beyond the minimum (one per pair) costs 50 and every
// second of play costs 5; the score never falls below 100 per pair (finishing always counts):
//   score = max(pairs × 100, pairs × 1000 − 50 × (moves − pairs) − 5 × whole seconds)
// Example: 6 pairs in 10 moves and 40 s → 6000 − 200 − 200 = 5600.
std::int64_t matching_score(std::int64_t pairs, std::int64_t moves, std::int64_t elapsed_ms);

// The catalogue's points rule: floor(score ÷ score_per_point), cut to what is left of the daily cap.
std::int64_t game_points(std::int64_t score, std::int64_t score_per_point, std::int64_t earned_today,
                         std::int64_t daily_cap);

}  // namespace shopfloor::games
