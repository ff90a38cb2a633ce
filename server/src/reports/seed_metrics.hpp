// Every metric of report_counts as the seeds draw it (`seed --bench-reports`, the demo's history): adding a
// metric is one line here. Rates are per person per weekday (weekends are quieter, the year grows); the bench
// turns them into rows per day as 100,000 staff in 1,000 stores would write them: a counter row per store,
// position and key with at least one count that day (so a rare metric with many keys has about one row per
// count, a frequent one with few keys a row per store, position and key).
#pragma once

namespace shopfloor::reports {

// Positions in a store and their share of its staff (percent).
struct SeedPosition {
  const char* name;
  int share;
};
inline constexpr SeedPosition seed_positions[] = {{"Sales", 40},     {"Cashier", 25},
                                                  {"Stock", 15},     {"Beauty advisor", 10},
                                                  {"Supervisor", 7}, {"Store manager", 3}};

struct SeedMetric {
  const char* metric;
  char every;        // 'd' every day, 'w' on ISO week starts, 'm' on month starts (the actives' periods)
  int keys;          // distinct keys in a year at company scale (1: the key is '')
  double rate;       // counts per person per weekday (for the actives: the share of people seen)
  int value;         // the average `total` per count (points, a score, milliseconds; 0: none)
  const char* demo;  // the demo's keys: SQL giving ids ("" = the key ''), e.g. its courses
};

inline constexpr SeedMetric seed_metrics[] = {
    // metric             every keys   rate    value  demo keys
    {"actives.day", 'd', 1, 0.45, 0, ""},
    {"actives.week", 'w', 1, 0.70, 0, ""},
    {"actives.month", 'm', 1, 0.85, 0, ""},
    {"course.completed", 'd', 400, 0.04, 0, "SELECT id FROM courses"},
    {"exam.passed", 'd', 200, 0.025, 0, "SELECT id FROM exams"},
    {"points.earned", 'd', 1500, 0.5, 15, "SELECT id FROM courses UNION ALL SELECT id FROM exams"},
    {"reward.redeemed", 'd', 300, 0.01, 250, "SELECT id FROM rewards"},
    {"badge.earned", 'd', 60, 0.008, 0, "SELECT id FROM badges"},
    {"sticker.earned", 'd', 80, 0.015, 0, "SELECT id FROM stickers"},
    {"story.published", 'd', 60000, 0.002, 20, "SELECT id FROM stories"},
    {"event.attended", 'd', 1200, 0.01, 30, "SELECT id FROM events"},
    {"campaign.won", 'd', 150, 0.0005, 100, "SELECT id FROM contests"},
};

}  // namespace shopfloor::reports
