// Daily jobs (notifications/daily_jobs.hpp): once per Bangkok day across nodes, and an evening job waits for
// its hour without giving up that day's run.
#include "notifications/daily_jobs.hpp"

#include <gtest/gtest.h>

#include "http/services.hpp"

using namespace shopfloor;

namespace {
// 2026-11-27 at hh:mm in Bangkok (UTC+7), as epoch milliseconds.
std::int64_t bangkok(int hh, int mm) {
  constexpr std::int64_t midnight_utc = 1795737600000;  // 2026-11-27T00:00:00Z
  return midnight_utc + ((hh - 7) * 3600 + mm * 60) * std::int64_t{1000};
}
}  // namespace

TEST(DailyJobs, BangkokHourOfTheDay) {
  EXPECT_EQ(notifications::bangkok_hour(bangkok(0, 0)), 0);
  EXPECT_EQ(notifications::bangkok_hour(bangkok(6, 59)), 6);
  EXPECT_EQ(notifications::bangkok_hour(bangkok(7, 0)), 7);  // midnight UTC
  EXPECT_EQ(notifications::bangkok_hour(bangkok(17, 59)), 17);
  EXPECT_EQ(notifications::bangkok_hour(bangkok(23, 30)), 23);
  EXPECT_EQ(notifications::bangkok_day(bangkok(23, 30)), "2026-11-27");
  EXPECT_EQ(notifications::bangkok_day(bangkok(24, 0)), "2026-11-28");
}

TEST(DailyJobs, AnEveningJobWaitsForItsHourThenRunsOnceThatDay) {
  http::Services app{Config{}};
  app.db = db::Database::open("sqlite://:memory:", {.pool_size = 1});
  app.db->transact_sync([](db::Connection& c) {
    c.exec_script(
        "CREATE TABLE daily_job_runs (name TEXT NOT NULL, day TEXT NOT NULL, node_id TEXT NOT NULL, ran_at "
        "BIGINT NOT NULL, PRIMARY KEY (name, day))");
  });
  notifications::DailyJobs jobs(app);
  std::vector<std::int64_t> morning, evening;
  jobs.add("morning",
           [&](db::Connection&, std::int64_t now) { return morning.push_back(now), std::int64_t{1}; });
  jobs.add(
      "evening", [&](db::Connection&, std::int64_t now) { return evening.push_back(now), std::int64_t{1}; },
      18);

  jobs.run_due(bangkok(0, 5));
  jobs.run_due(bangkok(17, 59));
  EXPECT_EQ(morning.size(), 1u) << "the morning job ran at its first check, once";
  EXPECT_TRUE(evening.empty()) << "not before 18:00";
  jobs.run_due(bangkok(18, 5));
  jobs.run_due(bangkok(21, 0));
  ASSERT_EQ(evening.size(), 1u) << "at the first check from 18:00, once";
  EXPECT_EQ(evening.front(), bangkok(18, 5));
  jobs.run_due(bangkok(24 + 18, 0));
  EXPECT_EQ(evening.size(), 2u) << "the next day again";
  EXPECT_EQ(morning.size(), 2u);
}
