// Daily jobs (notifications/daily_jobs.hpp): once per Bangkok day across nodes, and an evening job waits for
// its hour without giving up that day's run.
#include "notifications/daily_jobs.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <future>
#include <mutex>
#include <thread>

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

// Two nodes on one PostgreSQL: while the first runs the day's job (its claim not committed yet), the second's
// check neither waits for it (it held a database worker 280-1150 ms in the load test, issue 33) nor runs the
// job; once the first commits, no check runs it again that day.
TEST(DailyJobs, OnPostgreSQLASecondNodeDoesNotWaitForTheFirstsRunAndTheJobRunsOnce) {
  const char* env = std::getenv("TEST_DATABASE_URL");
  if (!env || !*env) GTEST_SKIP() << "TEST_DATABASE_URL is not set; skipping PostgreSQL";
  std::string admin_url = env;
  std::string schema = "sf_daily_" + std::to_string(getpid()) + "_" +
                       std::to_string(std::chrono::system_clock::now().time_since_epoch().count());
  auto admin = [&](const std::string& sql) {
    db::Database::open(admin_url, {.pool_size = 1})->transact_sync([&](db::Connection& c) {
      c.exec_script(sql);
    });
  };
  admin("CREATE SCHEMA " + schema);
  struct Dropped {
    std::function<void()> drop;
    ~Dropped() { drop(); }
  } dropped{[&] { admin("DROP SCHEMA " + schema + " CASCADE"); }};
  std::string url = admin_url + (admin_url.find('?') == std::string::npos ? "?" : "&") +
                    "options=-c%20search_path%3D" + schema;

  http::Services first{Config{}}, second{Config{}};
  first.db = db::Database::open(url, {.pool_size = 2});
  second.db = db::Database::open(url, {.pool_size = 2});
  first.db->transact_sync([](db::Connection& c) {
    c.exec_script(
        "CREATE TABLE daily_job_runs (name TEXT NOT NULL, day TEXT NOT NULL, node_id TEXT NOT NULL, ran_at "
        "BIGINT NOT NULL, PRIMARY KEY (name, day))");
  });
  std::atomic<int> runs{0};
  std::promise<void> running, release;
  auto released = release.get_future().share();
  notifications::DailyJobs on_first(first), on_second(second);
  on_first.add("morning", [&](db::Connection&, std::int64_t) {
    ++runs;
    running.set_value();
    released.wait();  // the first node's run is still going (its transaction open)
    return std::int64_t{1};
  });
  on_second.add("morning", [&](db::Connection&, std::int64_t) { return ++runs, std::int64_t{1}; });

  std::once_flag once;
  auto finish_first = [&] { std::call_once(once, [&] { release.set_value(); }); };
  std::thread first_check([&] { on_first.run_due(bangkok(8, 0)); });
  running.get_future().wait();
  // A node that waits would wait for ever: the first run ends after 2 s if the test has not ended it.
  std::thread deadline([&] {
    std::this_thread::sleep_for(std::chrono::seconds(2));
    finish_first();
  });
  auto started = std::chrono::steady_clock::now();
  on_second.run_due(bangkok(8, 1));
  auto waited = std::chrono::steady_clock::now() - started;
  finish_first();
  first_check.join();
  deadline.join();
  EXPECT_LT(waited, std::chrono::milliseconds(500)) << "the second node waited for the first's run";
  EXPECT_EQ(runs.load(), 1) << "the second node left the day to the first";
  on_second.run_due(bangkok(9, 0));
  on_first.run_due(bangkok(9, 0));
  EXPECT_EQ(runs.load(), 1) << "that day's run committed: once";
  on_second.run_due(bangkok(24 + 8, 0));
  EXPECT_EQ(runs.load(), 2) << "the next day, on either node";
}
