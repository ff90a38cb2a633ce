// Every metric of report_counts as the seeds draw it (`seed --bench-reports`, the demo's history): adding a
// metric is one line here. Rates are per person per weekday (weekends are quieter, the year grows); the bench
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
  // left. The demo's keys: SQL giving ids, or "" to use the format for up to 12 keys.
  const char* format;
  const char* demo;
};

inline constexpr SeedMetric seed_metrics[] = {
    // the engine's (docs/API.md "Reports")
    {"actives.day", 'd', 1, 0.45, 0, "", ""},
    {"actives.week", 'w', 1, 0.70, 0, "", ""},
    {"actives.month", 'm', 1, 0.85, 0, "", ""},
    {"course.completed", 'd', 400, 0.04, 0, "", "SELECT id FROM courses"},
    {"exam.passed", 'd', 200, 0.025, 0, "", "SELECT id FROM exams"},
    {"points.earned", 'd', 1500, 0.5, 15, "", "SELECT id FROM courses UNION ALL SELECT id FROM exams"},
    {"reward.redeemed", 'd', 300, 0.01, 250, "", "SELECT id FROM rewards"},
    {"badge.earned", 'd', 60, 0.008, 0, "", "SELECT id FROM badges"},
    {"sticker.earned", 'd', 80, 0.015, 0, "", "SELECT id FROM stickers"},
    {"story.published", 'd', 60000, 0.002, 20, "", "SELECT id FROM stories"},
    {"event.attended", 'd', 1200, 0.01, 30, "", "SELECT id FROM events"},
    {"campaign.won", 'd', 150, 0.0005, 100, "", "SELECT id FROM contests"},
    // learning, club, voice (rep-data)
    {"exam.finished", 'd', 200, 0.035, 78, "", "SELECT id FROM exams"},
    {"exam.answer", 'd', 8000, 0.4, -70, "{id}:{list:a,b,c,d}",
     "SELECT q.id || ':' || x.c FROM exam_questions q CROSS JOIN (SELECT 'a' AS c UNION ALL SELECT 'b' UNION "
     "ALL "
     "SELECT 'c') x WHERE q.kind <> 'truefalse' UNION ALL SELECT id || ':true' FROM exam_questions WHERE "
     "kind = "
     "'truefalse'"},
    {"points.issued", 'd', 8, 0.5, 15, "{list:lesson,course,exam,event,campaign,story,game,manual}", ""},
    {"points.spent", 'd', 2, 0.01, 250, "{list:redemption,manual}", ""},
    {"points.refunded", 'd', 1, 0.0005, 250, "", ""},
    {"redemption.item", 'd', 300, 0.01, 250, "", "SELECT id FROM rewards"},
    {"redemption.status", 'd', 5, 0.025, 250, "{list:pending,approved,fulfilled,rejected,cancelled}", ""},
    {"coupon.claimed", 'd', 50, 0.005, 0, "", "SELECT id FROM coupon_batches"},
    {"gift.picked", 'd', 30, 0.003, 0, "", "SELECT id FROM gift_options"},
    {"satisfaction.rating", 'd', 3, 0.02, 4, "{list:course,learning,event}", ""},
    {"survey.response", 'd', 50, 0.003, 0, "", "SELECT id FROM surveys"},
    {"survey.nps", 'd', 150, 0.002, 7, "{id}:{list:promoter,passive,detractor}",
     "SELECT s.id || ':' || x.g FROM surveys s CROSS JOIN (SELECT 'promoter' AS g UNION ALL SELECT 'passive' "
     "UNION "
     "ALL SELECT 'detractor') x"},
    // engagement (rep-engage): happenings, then the telemetry flush's rollups
    {"poll.voted", 'd', 300, 0.02, 0, "", "SELECT id FROM polls"},
    {"campaign.entered", 'd', 150, 0.004, 0, "", "SELECT id FROM contests"},
    {"game.played", 'd', 100, 0.05, 60, "", "SELECT id FROM games"},
    {"story.submitted", 'd', 60000, 0.003, 0, "", "SELECT id FROM stories"},
    {"page.time", 'd', 40, 0.16, 25000, "{route}", ""},
    {"page.scroll", 'd', 40, 0.11, 2500, "{route}", ""},
    // The demo's clicks: elements of the staff app as the click tracker reports them.
    {"page.click", 'd', 500, 0.34, 0, "<button class=\"bench\">{n}</button>",
     "SELECT '<a class=\"tabbar__item\" href=\"/learning\">เรียนรู้</a>' UNION ALL SELECT '<a "
     "class=\"tabbar__item\" href=\"/club\">คลับ</a>' UNION ALL SELECT '<button class=\"like\">ถูกใจ</button>' "
     "UNION ALL SELECT '<a class=\"tabbar__item\" href=\"/stories\">เรื่องราว</a>' UNION ALL SELECT '<button "
     "class=\"adm-button\">เริ่มเรียน</button>' UNION ALL SELECT '<button "
     "class=\"adm-button\">แลกรางวัล</button>' UNION ALL SELECT '<a class=\"home-card\" "
     "href=\"/polls\">โหวต</a>' UNION ALL SELECT '<button class=\"adm-button\">ส่งคำตอบ</button>'"},
    {"page.vitals", 'd', 40, 0.07, 0, "{route}", ""},
    {"page.vital", 'd', 4000, 0.07, 1500, "{route}|{vital}|{bucket}", ""},
};

// The key of number k for a metric (see `format`); `salt` tells metrics' ids apart.
std::string seed_key(const SeedMetric& m, std::int64_t k, int salt);

}  // namespace shopfloor::reports
