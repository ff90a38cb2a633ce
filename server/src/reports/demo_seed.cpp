// The demo's report history (`seed --demo`): 90 days up to today of every metric of seed_metrics.hpp for the
// demo's three stores, as if each had a team (BKK01 36 people, BKK02 28, CNX01 20, positions by their usual
// shares) rather than only the few demo logins, so that a newcomer's charts look like a store's: a quieter
// weekend, growth over the quarter, today only partly done. Draws are a hash of the counter's place (metric,
// day, store, position), so reruns write the same numbers and skip the counters that exist (real ones too).
#include <cmath>
#include <map>
#include <tuple>
#include <vector>

#include "reports/seed.hpp"
#include "reports/seed_metrics.hpp"
#include "rollups/rollups.hpp"

namespace shopfloor::reports {

namespace {

constexpr int history_days = 90;

struct DemoStore {
  const char* code;
  int headcount;
};
constexpr DemoStore demo_stores[] = {{"BKK01", 36}, {"BKK02", 28}, {"CNX01", 20}};

// A stream of uniform draws in [0, 1) seeded by a text (FNV-1a, then splitmix64).
class Draws {
 public:
  explicit Draws(const std::string& seed) {
    for (unsigned char ch : seed) state_ = (state_ ^ ch) * 1099511628211ULL;
  }
  double next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return static_cast<double>((z ^ (z >> 31)) >> 11) / 9007199254740992.0;
  }
  // A count averaging `mean`: the mean jittered by +-30%, rounded up or down at random.
  std::int64_t count(double mean) {
    double m = mean * (0.7 + 0.6 * next());
    auto whole = std::floor(m);
    return static_cast<std::int64_t>(whole) + (next() < m - whole ? 1 : 0);
  }

 private:
  std::uint64_t state_ = 14695981039346656037ULL;
};

}  // namespace

void seed_demo(db::Connection& c, std::int64_t now_ms) {
  const auto today = rollups::day_of(now_ms), first = today - history_days + 1;
  // How much of today has gone by (Bangkok), for today's partial counts.
  const double today_done = static_cast<double>(now_ms - rollups::day_start_ms(today)) / rollups::day_ms;

  // The counters: (metric, day, store, position, key) -> (n, total).
  using Place = std::tuple<std::string, std::int64_t, std::string, std::string, std::string>;
  std::map<Place, std::pair<std::int64_t, std::int64_t>> counts;
  // Each metric's keys: the demo's own rows (its courses, rewards...), or up to 12 keys of the bench's
  // format.
  std::vector<std::vector<std::string>> keys_of;
  int salt = 0;
  for (const auto& metric : seed_metrics) {
    ++salt;
    auto& keys = keys_of.emplace_back();
    if (*metric.demo)
      for (const auto& k : c.query(metric.demo).rows) keys.push_back(k.str(0));
    else
      for (int j = 0; j < std::min(12, metric.keys); ++j)
        keys.push_back(seed_key(metric, j * metric.keys / 12, salt));
  }
  for (const auto& store : demo_stores) {
    auto row = c.query("SELECT id, COALESCE(region_id, '') FROM stores WHERE code = $1", store.code).first();
    if (!row) continue;
    auto store_id = row->str(0), region_id = row->str(1);
    for (const auto& pos : seed_positions) {
      double people = std::max(1.0, std::round(store.headcount * pos.share / 100.0));
      for (std::size_t m = 0; m < std::size(seed_metrics); ++m) {
        const auto& metric = seed_metrics[m];
        const auto& keys = keys_of[m];
        if (keys.empty()) continue;
        for (auto day = first; day <= today; ++day) {
          if (metric.every == 'w' && rollups::week_start(day) != day) continue;
          if (metric.every == 'm' && rollups::month_start(day) != day) continue;
          Draws draw(std::string(metric.metric) + "|" + std::to_string(day) + "|" + store.code + "|" +
                     pos.name);
          bool weekend = (day % 7 + 7 + 3) % 7 >= 5;
          double pace =
              (0.75 + 0.25 * static_cast<double>(day - first) / (history_days - 1)) * (weekend ? 0.65 : 1.0);
          if (metric.every != 'd')
            pace = 1.0;  // a week's or month's actives: most of the team, whenever
          else if (day == today)
            pace *= today_done;
          auto n = draw.count(people * metric.rate * pace);
          if (metric.every != 'd' || metric.keys == 1)
            n = std::min<std::int64_t>(n, static_cast<std::int64_t>(people));
          for (std::int64_t k = 0; k < n; ++k) {
            // Keys skewed towards the first ones (a few popular courses, rewards...).
            auto u = draw.next();
            const auto& key = keys[static_cast<std::size_t>(u * u * static_cast<double>(keys.size()))];
            std::int64_t total = metric.value > 0   ? std::llround(metric.value * (0.5 + draw.next()))
                                 : metric.value < 0 ? (draw.next() * 100 < -metric.value ? 1 : 0)
                                                    : 0;
            auto add = [&](const std::string& name, const std::string& place, const char* position) {
              auto& cell = counts[{name, day, place, position, key}];
              cell.first += 1;
              cell.second += total;
            };
            add(metric.metric, store_id, pos.name);
          }
        }
      }
    }
  }

  // The demo's staff count as seen today (their report_actives rows), at least once where they stand.
  for (const auto& r :
       c.query("SELECT u.id, u.store_id, u.position FROM users u JOIN stores s ON s.id = u.store_id WHERE "
               "u.role = "
               "'staff' AND s.code IN ('BKK01', 'BKK02', 'CNX01') AND u.employee_code NOT LIKE 'RP%' AND "
               "u.employee_code NOT LIKE 'LB%'")
           .rows) {
    const std::pair<const char*, std::int64_t> periods[] = {
        {"day", today}, {"week", rollups::week_start(today)}, {"month", rollups::month_start(today)}};
    for (const auto& [period, start] : periods) {
      c.query(
          "INSERT INTO report_actives (period, start_day, user_id) VALUES ($1, $2, $3) ON CONFLICT (period, "
          "start_day, user_id) DO NOTHING",
          period, start, r.str(0));
      if (start < first) continue;
      auto& cell = counts[{std::string("actives.") + period, start, r.str(1), r.str(2), ""}];
      cell.first = std::max<std::int64_t>(cell.first, 1);
    }
  }

  for (const auto& [place, value] : counts) {
    const auto& [metric, day, store, position, key] = place;
    c.query(
        "INSERT INTO report_counts (metric, day, store_id, position, key, n, total) VALUES ($1, $2, $3, $4, "
        "$5, $6, "
        "$7) ON CONFLICT (metric, day, store_id, position, key) DO NOTHING",
        metric, day, store, position, key, value.first, value.second);
  }
  // Their coarser levels, with those of what the demo's own happenings counted.
  rollups::rebuild_levels(c);
}

}  // namespace shopfloor::reports
