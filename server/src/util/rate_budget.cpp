#include "util/rate_budget.hpp"

#include <algorithm>
#include <vector>

namespace shopfloor {

namespace {
constexpr std::int64_t ns_per_minute = 60'000'000'000;
constexpr std::int64_t max_cost = 1'000'000;  // keeps cost * interval far from overflow
}  // namespace

RateBudget::RateBudget(Limits limits, std::size_t max_keys, Clock clock)
    : max_keys_(std::max<std::size_t>(max_keys, 1)), clock_(std::move(clock)) {
  if (limits.burst > 0 && limits.per_minute > 0) {
    interval_ns_ = std::max<Ns>(ns_per_minute / limits.per_minute, 1);
    tolerance_ns_ = interval_ns_ * std::min(limits.burst, max_cost);
  }
}

RateBudget::Ns RateBudget::now() const {
  auto t = clock_ ? clock_() : std::chrono::steady_clock::now();
  return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}

int RateBudget::take(const std::string& key, std::int64_t cost) {
  if (unlimited() || cost <= 0) return 0;
  cost = std::min(cost, max_cost);
  std::lock_guard lock(m_);
  Ns t = now();
  if (t >= next_sweep_ || full_at_.size() >= max_keys_) evict(t);
  auto it = full_at_.find(key);
  Ns full_at = it == full_at_.end() ? t : std::max(it->second, t);
  Ns after = full_at + cost * interval_ns_;
  if (after - t > tolerance_ns_ && full_at > t) {
    // Allowed once enough is earned back, or, for a cost beyond the burst, once the bucket is full.
    Ns wait = std::min(after - tolerance_ns_, full_at) - t;
    return static_cast<int>(std::max<Ns>((wait + 999'999'999) / 1'000'000'000, 1));
  }
  if (it == full_at_.end())
    full_at_.emplace(key, after);
  else
    it->second = after;
  return 0;
}

void RateBudget::charge(const std::string& key, std::int64_t cost) {
  if (unlimited() || cost <= 0) return;
  cost = std::min(cost, max_cost);
  std::lock_guard lock(m_);
  Ns t = now();
  auto [it, fresh] = full_at_.try_emplace(key, t);
  it->second = std::max(it->second, t) + cost * interval_ns_;
}

std::size_t RateBudget::keys() const {
  std::lock_guard lock(m_);
  return full_at_.size();
}

void RateBudget::evict(Ns t) {
  // A refilled bucket is the same as no bucket.
  std::erase_if(full_at_, [t](const auto& kv) { return kv.second <= t; });
  next_sweep_ = t + std::max<Ns>(tolerance_ns_, 1'000'000'000);
  if (full_at_.size() < max_keys_) return;
  // Still full of busy keys: forget the quarter closest to refilled.
  std::vector<Ns> times;
  times.reserve(full_at_.size());
  for (const auto& kv : full_at_) times.push_back(kv.second);
  auto cut = times.begin() + static_cast<std::ptrdiff_t>(times.size() / 4);
  std::nth_element(times.begin(), cut, times.end());
  Ns limit = *cut;
  std::erase_if(full_at_, [limit](const auto& kv) { return kv.second <= limit; });
}

}  // namespace shopfloor
