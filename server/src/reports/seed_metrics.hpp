// Every metric of report_counts as the bench draws it (`seed --bench-reports`): adding a metric is one line
// here. Rates are per person per weekday (weekends are quieter, the year grows); the bench
// turns them into rows per day as 100,000 staff in 1,000 stores would write them: a counter row per store,
// position and key with at least one count that day (so a rare metric with many keys has about one row per
// count, a frequent one with few keys a row per store, position and key). The telemetry rates add up to the
// 50 million raw events a year of the bench (about 1.4 per person per day).
#pragma once

#include <cstdint>
#include <string>

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
  char every;   // 'd' every day, 'w' on ISO week starts, 'm' on month starts (the actives' periods)
  int keys;     // distinct keys in a year at company scale (1: the key is '')
  double rate;  // counts per person per weekday (for the actives: the share of people seen)
  int value;    // the average `total` per count (points, a score, ms); negative: a share in percent of n
  // The key of number k (0..keys-1) for the bench (seed_key): "" a UUID-like id; placeholders {route},
  // {vital}, {bucket}, {list:a,b,...} each take k % their size (k /= size), then {id} or {n} take what is
  // left.
  const char* format;
};

inline constexpr SeedMetric seed_metrics[] = {
    // the engine's (docs/API.md "Reports")
    {"actives.day", 'd', 1, 0.45, 0, ""},
    {"actives.week", 'w', 1, 0.70, 0, ""},
    {"actives.month", 'm', 1, 0.85, 0, ""},
    {"course.completed", 'd', 400, 0.04, 0, ""},
    {"exam.passed", 'd', 200, 0.025, 0, ""},
    {"points.earned", 'd', 1500, 0.5, 15, ""},
    {"reward.redeemed", 'd', 300, 0.01, 250, ""},
    {"badge.earned", 'd', 60, 0.008, 0, ""},
    {"sticker.earned", 'd', 80, 0.015, 0, ""},
    {"story.published", 'd', 60000, 0.002, 20, ""},
    {"event.attended", 'd', 1200, 0.01, 30, ""},
    {"campaign.won", 'd', 150, 0.0005, 100, ""},
    // learning, club, voice (rep-data)
    {"exam.finished", 'd', 200, 0.035, 78, ""},
    {"exam.answer", 'd', 8000, 0.4, -70, "{id}:{list:a,b,c,d}"},
    {"points.issued", 'd', 8, 0.5, 15, "{list:lesson,course,exam,event,campaign,story,game,manual}"},
    {"points.spent", 'd', 2, 0.01, 250, "{list:redemption,manual}"},
    {"points.refunded", 'd', 1, 0.0005, 250, ""},
    {"redemption.item", 'd', 300, 0.01, 250, ""},
    {"redemption.status", 'd', 5, 0.025, 250, "{list:pending,approved,fulfilled,rejected,cancelled}"},
    {"coupon.claimed", 'd', 50, 0.005, 0, ""},
    {"gift.picked", 'd', 30, 0.003, 0, ""},
    {"satisfaction.rating", 'd', 3, 0.02, 4, "{list:course,learning,event}"},
    {"survey.response", 'd', 50, 0.003, 0, ""},
    {"survey.nps", 'd', 150, 0.002, 7, "{id}:{list:promoter,passive,detractor}"},
    // engagement (rep-engage): happenings, then the telemetry flush's rollups
    {"poll.voted", 'd', 300, 0.02, 0, ""},
    {"campaign.entered", 'd', 150, 0.004, 0, ""},
    {"game.played", 'd', 100, 0.05, 60, ""},
    {"story.submitted", 'd', 60000, 0.003, 0, ""},
    {"page.time", 'd', 40, 0.16, 25000, "{route}"},
    {"page.scroll", 'd', 40, 0.11, 2500, "{route}"},
    {"page.click", 'd', 500, 0.34, 0, "<button class=\"bench\">{n}</button>"},
    {"page.vitals", 'd', 40, 0.07, 0, "{route}"},
    {"page.vital", 'd', 4000, 0.07, 1500, "{route}|{vital}|{bucket}"},
};

// The key of number k for a metric (see `format`); `salt` tells metrics' ids apart.
std::string seed_key(const SeedMetric& m, std::int64_t k, int salt);

}  // namespace shopfloor::reports
