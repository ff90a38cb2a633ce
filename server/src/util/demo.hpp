// The demo company's history (`seed --demo`, app/demo_seed.cpp): what each area's history step is given for
// one day of the last 90. The steps live in the areas (their seed files) and write through the areas' own
// functions, the ones the routes call, with this thread's clock pinned to the moment (util/ids.hpp), so the
// reports' counters are the ones those functions write. Draws are deterministic: the same company on the
// same day writes the same history.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "util/config.hpp"

namespace shopfloor::demo {

inline constexpr std::int64_t minute = 60'000, hour = 60 * minute, day_ms = 24 * hour;
inline constexpr int history_days = 90;

// Uniform draws from a text (FNV-1a, then splitmix64).
class Draws {
 public:
  explicit Draws(std::string_view seed) {
    for (unsigned char ch : seed) state_ = (state_ ^ ch) * 1099511628211ULL;
  }
  double next() {  // [0, 1)
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return static_cast<double>((z ^ (z >> 31)) >> 11) / 9007199254740992.0;
  }
  bool chance(double p) { return next() < p; }
  std::int64_t below(std::int64_t n) { return n > 0 ? static_cast<std::int64_t>(next() * n) : 0; }
  std::int64_t between(std::int64_t lo, std::int64_t hi) { return lo + below(hi - lo + 1); }
  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[static_cast<std::size_t>(below(static_cast<std::int64_t>(v.size())))];
  }

 private:
  std::uint64_t state_ = 14695981039346656037ULL;
};

// A member of staff of the demo company, with the habits the history gives them.
struct Person {
  std::string id, code, name, store_id, region_id, position;
  std::int64_t joined_at = 0;
  double zeal = 0.5;   // the share of working days they open the app
  double skill = 0.7;  // the share of exam and quiz answers they get right
  // A demo login that the docs and e2e specs name (S1001, S1002, S2001, S2002): the history counts them as
  // active and lets them attend past events, but takes no open action in their name (a poll still open, the
  // demo course, the demo exam), so what the specs do as them is still theirs to do.
  bool named = false;
};

// Someone opening the app: from `at` until `until`, one session.
struct Visit {
  const Person* who = nullptr;
  std::int64_t at = 0, until = 0;
};

struct Day {
  std::int64_t day = 0;       // Bangkok day number (rollups::day_of)
  std::int64_t start = 0;     // its first instant
  std::int64_t end = 0;       // nothing happens from here: the next midnight, or the seed's own now today
  int index = 0;              // 0 = the history's first day, history_days - 1 = today
  std::vector<Visit> visits;  // in order of arrival
  const std::vector<Person>* staff = nullptr;  // everyone, visiting today or not
  const Person* admin = nullptr;               // ADMIN01: approves, checks in, hands over
  const Person* editor = nullptr;              // EDIT01: moderates
  const Config* config = nullptr;              // the server's settings, as the routes have them

  bool today() const { return index == history_days - 1; }
  // A stream of draws for one area on this day.
  Draws draws(std::string_view area) const { return Draws(std::string(area) + "|" + std::to_string(day)); }
  // `minutes` into the visit, or nothing when that is not before the day's end (0).
  std::int64_t during(const Visit& v, std::int64_t minutes) const {
    auto t = v.at + minutes * minute;
    return t < end ? t : 0;
  }
  // Bangkok wall-clock time on this day (hours 0-23), or 0 when not before the day's end.
  std::int64_t at_hour(double hours) const {
    auto t = start + static_cast<std::int64_t>(hours * static_cast<double>(hour));
    return t < end ? t : 0;
  }
};

}  // namespace shopfloor::demo
