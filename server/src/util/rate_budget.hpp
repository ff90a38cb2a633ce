// Per-key budgets (a token bucket written as GCRA): each key (an IP, a user id) may spend up to `burst`
// units at once and earns `per_minute` units back over time. Used for anonymous and signed-in telemetry
// and for rendering new image variants. Thread-safe. Memory is bounded: a key whose bucket has refilled
// is forgotten (it is the same as a new key), and past `max_keys` the longest-idle keys go first.
// State lives in this process: with several nodes each node keeps its own budgets.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <unordered_map>

namespace shopfloor {

class RateBudget {
 public:
  using Clock = std::function<std::chrono::steady_clock::time_point()>;

  struct Limits {
    std::int64_t burst = 0;       // units a full bucket holds; 0 = unlimited
    std::int64_t per_minute = 0;  // units earned back per minute; 0 = unlimited
  };

  explicit RateBudget(Limits limits, std::size_t max_keys = 100'000, Clock clock = {});

  // Spends `cost` units of `key`'s budget. Returns 0 when allowed, else the whole seconds (>= 1) until
  // the same call would be allowed; nothing is spent then. A cost larger than the burst is allowed only
  // from a full bucket (the debt is earned back before the next spend).
  int take(const std::string& key, std::int64_t cost = 1);
  // Spends `cost` units of `key`'s budget whatever is left (the bucket may go below empty): for the extra
  // weight of an attempt that failed, known only after take() allowed it. Later takes wait it off.
  void charge(const std::string& key, std::int64_t cost);

  bool unlimited() const { return interval_ns_ == 0; }
  std::size_t keys() const;

 private:
  using Ns = std::int64_t;
  Ns now() const;
  void evict(Ns now);  // mutex held

  Ns interval_ns_ = 0;   // time to earn one unit
  Ns tolerance_ns_ = 0;  // burst * interval
  std::size_t max_keys_;
  Clock clock_;
  mutable std::mutex m_;
  // Theoretical arrival time per key: the bucket is full again at this instant.
  std::unordered_map<std::string, Ns> full_at_;
  Ns next_sweep_ = 0;
};

}  // namespace shopfloor
