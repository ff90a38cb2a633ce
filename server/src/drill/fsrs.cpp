#include "drill/fsrs.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace shopfloor::drill::fsrs {

namespace {

constexpr int64_t day_ms = 86'400'000;

// The reference rounds with JavaScript's Math.round (halves towards +∞), also for negative values.
double js_round(double x) {
  double whole = std::floor(x);
  return x - whole >= 0.5 ? whole + 1 : whole;
}

double round8(double x) {
  return js_round(x * 1e8) / 1e8;
}

double clamp(double v, double lo, double hi) {
  return std::min(std::max(v, lo), hi);
}

int grade(Rating r) {
  return static_cast<int>(r);
}

int64_t floor_div(int64_t a, int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}

}  // namespace

int64_t days_between(int64_t from_ms, int64_t to_ms) {
  return floor_div(to_ms, day_ms) - floor_div(from_ms, day_ms);
}

Scheduler::Scheduler(const Parameters& p) : p_(p) {
  if (!(p.desired_retention > 0 && p.desired_retention <= 1))
    throw std::invalid_argument("desired retention must be in (0, 1]");
  if (!(p.w[20] >= 0.1 && p.w[20] <= 0.8)) throw std::invalid_argument("decay (w20) must be in [0.1, 0.8]");
  if (p.maximum_interval < 1) throw std::invalid_argument("maximum interval must be at least 1 day");
  decay_ = -p.w[20];
  factor_ = round8(std::exp((1.0 / decay_) * std::log(0.9)) - 1.0);
  interval_modifier_ = round8((std::pow(p.desired_retention, 1.0 / decay_) - 1) / factor_);
}

double Scheduler::retrievability(double elapsed_days, double stability) const {
  return round8(std::pow(1 + (factor_ * elapsed_days) / stability, decay_));
}

namespace {

// D0(G) = w4 − e^((G−1)·w5) + 1, before clamping (the mean reversion uses D0(Easy) unclamped).
double initial_difficulty(const std::array<double, 21>& w, int g) {
  return round8(w[4] - std::exp((g - 1) * w[5]) + 1);
}

}  // namespace

MemoryState Scheduler::next_state(const std::optional<MemoryState>& state, double t, Rating rating) const {
  const auto& w = p_.w;
  const int g = grade(rating);
  if (t < 0) throw std::invalid_argument("negative elapsed time");
  if (!state || (state->difficulty == 0 && state->stability == 0))
    return {.stability = std::max(w[g - 1], 0.1), .difficulty = clamp(initial_difficulty(w, g), 1, 10)};
  const double d = state->difficulty, s = state->stability;
  if (d < 1 || s < min_stability)
    throw std::invalid_argument("memory state out of range: D=" + std::to_string(d) +
                                " S=" + std::to_string(s));
  const double r = retrievability(t, s);

  double new_s;
  if (t == 0 && p_.short_term) {
    // Same-day review: S·S^(−w19)·e^(w17·(G−3+w18)), never shrinking on a pass.
    double sinc = std::pow(s, -w[19]) * std::exp(w[17] * (g - 3 + w[18]));
    if (g >= grade(Rating::hard)) sinc = std::max(sinc, 1.0);
    new_s = round8(clamp(s * sinc, min_stability, max_stability));
  } else if (rating == Rating::again) {
    // Forgotten: w11·D^(−w12)·((S+1)^w13 − 1)·e^(w14·(1−R)), and never above the stability before.
    double after_fail =
        round8(clamp(w[11] * std::pow(d, -w[12]) * (std::pow(s + 1, w[13]) - 1) * std::exp((1 - r) * w[14]),
                     min_stability, max_stability));
    double floor_s = p_.short_term ? s / std::exp(w[17] * w[18]) : s / std::exp(0.0);
    new_s = clamp(round8(floor_s), min_stability, after_fail);
  } else {
    // Recalled: S·(1 + e^w8·(11−D)·S^(−w9)·(e^(w10·(1−R)) − 1)·hard penalty·easy bonus).
    double hard_penalty = rating == Rating::hard ? w[15] : 1;
    double easy_bonus = rating == Rating::easy ? w[16] : 1;
    new_s = round8(clamp(s * (1 + std::exp(w[8]) * (11 - d) * std::pow(s, -w[9]) *
                                      (std::exp((1 - r) * w[10]) - 1) * hard_penalty * easy_bonus),
                         min_stability, max_stability));
  }

  // Difficulty: a step of −w6·(G−3), damped linearly towards 10, then reverted towards D0(Easy) by w7.
  const double delta = -w[6] * (g - 3);
  const double next_d = d + round8((delta * (10 - d)) / 9);
  const double new_d =
      clamp(round8(w[7] * initial_difficulty(w, grade(Rating::easy)) + (1 - w[7]) * next_d), 1, 10);
  return {.stability = new_s, .difficulty = new_d};
}

int Scheduler::next_interval(double stability) const {
  double days = std::max(1.0, js_round(stability * interval_modifier_));
  return static_cast<int>(std::min(days, static_cast<double>(p_.maximum_interval)));
}

Card Scheduler::review(const Card& card, int64_t now_ms, Rating rating) const {
  const bool first = !card.memory.has_value();
  const double elapsed = first ? 0 : static_cast<double>(days_between(card.last_review_ms, now_ms));
  if (elapsed < 0) throw std::invalid_argument("review before the last one");
  // The reference schedules all four answers together and keeps their intervals strictly increasing
  // (Again ≤ Hard < Good < Easy), so the chosen answer's interval depends on its neighbours'.
  std::array<MemoryState, 4> states;
  std::array<int, 4> days{};
  for (int g = 1; g <= 4; ++g) {
    states[g - 1] = next_state(card.memory, elapsed, static_cast<Rating>(g));
    days[g - 1] = next_interval(states[g - 1].stability);
  }
  days[0] = std::min(days[0], days[1]);
  days[1] = std::max(days[1], days[0] + 1);
  days[2] = std::max(days[2], days[1] + 1);
  days[3] = std::max(days[3], days[2] + 1);

  const int g = grade(rating);
  Card next = card;
  next.memory = states[g - 1];
  next.reps = card.reps + 1;
  if (!first && rating == Rating::again) next.lapses = card.lapses + 1;
  next.scheduled_days = days[g - 1];
  next.last_review_ms = now_ms;
  next.due_ms = now_ms + static_cast<int64_t>(days[g - 1]) * day_ms;
  return next;
}

}  // namespace shopfloor::drill::fsrs
