// FSRS-6, the Free Spaced Repetition Scheduler (the algorithm of Anki since 23.10), for the daily drill.
//
// Pure arithmetic, no clock and no database: a person's memory of one question is a stability (days until
// recall falls to 90%) and a difficulty (1..10); each answer, rated Again/Hard/Good/Easy, moves them, and
// the next review is the day recall is expected to fall to the desired retention.
//
// Written from the published formulas and checked against the reference implementation `ts-fsrs`
// (tests/integration/drill-fsrs.test.mjs replays random review logs through both, via
// `shopfloor fsrs-replay`). Like the reference, intermediate values are rounded to 8 decimals, so the two
// agree to the last digit rather than drifting apart over a long log.
//
// Scheduling is the reference's long-term scheduler with fuzz off: every answer schedules a whole number of
// days ahead (at least one), as a drill is practised once a day; there are no minute "learning steps".
// `Parameters::short_term` switches the same-day formula (w17..w19) on for `next_state` at 0 elapsed days.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

namespace shopfloor::drill::fsrs {

// FSRS-6's 21 default parameters (w0..w20), trained by the FSRS authors on ~10k Anki collections.
inline constexpr std::array<double, 21> default_weights = {
    0.212,  1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001,  1.8722, 0.1666, 0.796,
    1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542};

inline constexpr double min_stability = 0.001;
inline constexpr double max_stability = 36500.0;

enum class Rating { again = 1, hard = 2, good = 3, easy = 4 };

struct Parameters {
  std::array<double, 21> w = default_weights;
  double desired_retention = 0.9;  // the recall probability a review is scheduled at, (0, 1]
  int maximum_interval = 36500;    // days
  bool short_term = false;         // same-day reviews use w17..w19 (next_state only)
};

struct MemoryState {
  double stability = 0;   // days until recall probability falls to 90%
  double difficulty = 0;  // 1 (easy) .. 10 (hard)
};

// One person's schedule for one question. `memory` is empty until the first review.
struct Card {
  std::optional<MemoryState> memory;
  int reps = 0;
  int lapses = 0;              // reviews rated Again after the first
  int scheduled_days = 0;      // the interval the last review chose
  int64_t last_review_ms = 0;  // Unix ms; 0 = never
  int64_t due_ms = 0;          // Unix ms
};

class Scheduler {
 public:
  // Throws std::invalid_argument on a retention outside (0, 1] or a decay (w20) outside [0.1, 0.8].
  explicit Scheduler(const Parameters& p);

  const Parameters& parameters() const { return p_; }

  // Probability of recall after `elapsed_days` at `stability`: (1 + factor·t/S)^(−w20).
  double retrievability(double elapsed_days, double stability) const;

  // The memory after one review `elapsed_days` after the last (any value for the first, whose state is
  // empty). Throws std::invalid_argument on a negative time or a state out of range.
  MemoryState next_state(const std::optional<MemoryState>& state, double elapsed_days, Rating rating) const;

  // Whole days until recall is expected to fall to the desired retention, in [1, maximum_interval].
  int next_interval(double stability) const;

  // The card after a review at `now_ms` (long-term scheduling: elapsed time counted in whole calendar days
  // of the timestamps given, so a caller wanting local days shifts both by the zone's offset).
  Card review(const Card& card, int64_t now_ms, Rating rating) const;

 private:
  Parameters p_;
  double decay_ = 0;              // −w20
  double factor_ = 0;             // 0.9^(1/decay) − 1
  double interval_modifier_ = 0;  // (retention^(1/decay) − 1) / factor
};

// Whole calendar days from `from_ms` to `to_ms` (each taken at its UTC date), as the reference counts.
int64_t days_between(int64_t from_ms, int64_t to_ms);

}  // namespace shopfloor::drill::fsrs
