// The reports' bench seed (`seed --bench-reports`): every metric's keys are distinct (the load relies on it:
// one row per counter and day), keys take the formats the reports parse, and a small load writes every
// metric, the telemetry levels sum to the per-store rows, and the raw events are split as the table says.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <set>

#include "db/database.hpp"
#include "reports/seed.hpp"
#include "reports/seed_metrics.hpp"

namespace {

namespace db = shopfloor::db;
namespace reports = shopfloor::reports;

const reports::SeedMetric& metric(const std::string& name) {
  for (const auto& m : reports::seed_metrics)
    if (name == m.metric) return m;
  throw std::runtime_error("no metric " + name);
}

TEST(ReportsSeed, EveryMetricsKeysAreDistinct) {
  int salt = 0;
  for (const auto& m : reports::seed_metrics) {
    ++salt;
    std::set<std::string> keys;
    for (std::int64_t k = 0; k < m.keys; ++k) keys.insert(reports::seed_key(m, k, salt));
    EXPECT_EQ(keys.size(), static_cast<std::size_t>(m.keys)) << m.metric;
  }
}

TEST(ReportsSeed, KeysTakeTheFormatsTheReportsParse) {
  EXPECT_EQ(reports::seed_key(metric("actives.day"), 0, 1), "");
  EXPECT_EQ(reports::seed_key(metric("exam.answer"), 5, 2), "1a000002-0000-7000-8000-000000000001:b");
  EXPECT_EQ(reports::seed_key(metric("points.issued"), 2, 3), "exam");
  EXPECT_EQ(reports::seed_key(metric("survey.nps"), 4, 4), "1a000004-0000-7000-8000-000000000001:passive");
  EXPECT_EQ(reports::seed_key(metric("page.vital"), 0, 5), "/main|LCP|25");
  EXPECT_EQ(reports::seed_key(metric("page.vital"), 41, 5), "/learning|INP|25");
  EXPECT_EQ(reports::seed_key(metric("page.time"), 13, 6), "/learning/:id");
  EXPECT_EQ(reports::seed_key(metric("page.click"), 7, 7), "<button class=\"bench\">7</button>");
}

TEST(ReportsSeed, ASmallLoadWritesEveryMetricAndTheRawEvents) {
  auto dir = std::filesystem::temp_directory_path() / ("reports-seed-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  {
    auto database = db::Database::open("sqlite://" + (dir / "seed.db").string());
    database->migrate();
    // 40 days: a month start and ISO weeks fall inside (the actives' period rows).
    reports::BenchSize size{.staff = 300, .stores = 10, .regions = 3, .days = 40, .events = 1000};
    auto seeded = reports::seed_bench(*database, size);
    EXPECT_EQ(seeded.staff, 300);
    EXPECT_EQ(seeded.events, 1000);
    database->transact_sync([&](db::Connection& c) {
      EXPECT_EQ(c.query("SELECT COUNT(*) FROM users WHERE employee_code LIKE 'RP%'").first()->i64(0), 300);
      EXPECT_EQ(c.query("SELECT COUNT(*) FROM report_counts WHERE metric NOT LIKE '%@%'").first()->i64(0),
                seeded.counts);
      for (const auto& m : reports::seed_metrics) {
        auto n = c.query("SELECT COUNT(*), COALESCE(SUM(n), 0) FROM report_counts WHERE metric = $1",
                         std::string(m.metric))
                     .first();
        if (m.rate * 300 >= 1) EXPECT_GT(n->i64(0), 0) << m.metric;
        // Every level holds the same sum as the base rows, per day and per month.
        for (const char* level : {"@store", "@region", "@position", "@all", "@store@month", "@region@month",
                                  "@position@month", "@all@month"})
          EXPECT_EQ(c.query("SELECT COALESCE(SUM(n), 0) FROM report_counts WHERE metric = $1",
                            std::string(m.metric) + level)
                        .first()
                        ->i64(0),
                    n->i64(1))
              << m.metric << level;
      }
      EXPECT_EQ(c.query("SELECT COUNT(*) FROM page_views").first()->i64(0), 300);
      EXPECT_EQ(c.query("SELECT COUNT(*) FROM web_vitals").first()->i64(0), 50);
      // The indexes dropped for the load are back.
      EXPECT_EQ(c.query("SELECT COUNT(*) FROM sqlite_master WHERE name IN ('report_counts_store_idx', "
                        "'users_store_idx', "
                        "'user_activity_user_idx')")
                    .first()
                    ->i64(0),
                3);
    });
    // A second run adds nothing.
    EXPECT_EQ(reports::seed_bench(*database, size).staff, 0);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
