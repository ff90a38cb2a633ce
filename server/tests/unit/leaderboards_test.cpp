// The leaderboards' period buckets (Bangkok time): ISO weeks from Monday 00:00 +07, months from the 1st
// 00:00 +07; and the SQL the backfill and the rebuild use puts an instant in the same bucket as the C++.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "db/database.hpp"
#include "points/standings.hpp"

namespace {

using shopfloor::points::bucket_of;
using shopfloor::points::Period;
namespace db = shopfloor::db;

// 2026-11-30 is a Monday. Bangkok midnight = 17:00 UTC the day before.
constexpr std::int64_t kMonday30NovBkk = 1795971600000;  // 2026-11-29T17:00:00Z

TEST(LeaderboardBuckets, WeekStartsMondayMidnightBangkok) {
  auto w = bucket_of(Period::week, kMonday30NovBkk);
  EXPECT_EQ(w.from_ms, kMonday30NovBkk);
  EXPECT_EQ(w.to_ms, kMonday30NovBkk + 7 * 86400000LL);
  auto before = bucket_of(Period::week, kMonday30NovBkk - 1);  // Sunday 23:59:59.999 in Bangkok
  EXPECT_EQ(before.key, w.key - 7);
  EXPECT_EQ(before.to_ms, w.from_ms);
  EXPECT_EQ(bucket_of(Period::week, kMonday30NovBkk + 7 * 86400000LL - 1).key, w.key);
}

TEST(LeaderboardBuckets, MonthStartsOnTheFirstInBangkok) {
  constexpr std::int64_t dec1 = kMonday30NovBkk + 86400000LL;  // 2026-12-01T00:00+07:00
  auto m = bucket_of(Period::month, dec1);
  EXPECT_EQ(m.key, 202612);
  EXPECT_EQ(m.from_ms, dec1);
  EXPECT_EQ(m.to_ms, dec1 + 31 * 86400000LL);
  auto nov = bucket_of(Period::month, dec1 - 1);
  EXPECT_EQ(nov.key, 202611);
  EXPECT_EQ(nov.to_ms, dec1);
  EXPECT_EQ(nov.from_ms, dec1 - 30 * 86400000LL);
  EXPECT_EQ(bucket_of(Period::all, dec1).key, 0);
}

TEST(LeaderboardBuckets, SqlBackfillAgreesWithCpp) {
  auto dir = std::filesystem::temp_directory_path() / ("lb-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto database = db::Database::open("sqlite://" + (dir / "t.db").string(), {.pool_size = 1});
  database->migrate();
  const std::int64_t instants[] = {
      kMonday30NovBkk - 1,          kMonday30NovBkk, kMonday30NovBkk + 86400000LL - 1,
      kMonday30NovBkk + 86400000LL, 1798736399999,   1798736400000};
  database->transact_sync([&](db::Connection& c) {
    c.query(
        "INSERT INTO users (id, employee_code, name, role, status, created_at, updated_at) VALUES ('u', 'U', "
        "'U', 'staff', 'active', 0, 0)");
    int i = 0;
    for (auto at : instants)
      c.query(
          "INSERT INTO points_ledger (id, user_id, delta, reason, source, idempotency_key, created_at) "
          "VALUES "
          "($1, 'u', 1, 'r', 'lesson', $1, $2)",
          "e" + std::to_string(i++), at);
    shopfloor::points::rebuild_standings(c);
    for (auto at : instants) {
      for (auto p : {Period::week, Period::month}) {
        auto key = bucket_of(p, at).key;
        EXPECT_FALSE(c.query("SELECT 1 FROM leaderboard_points WHERE period = $1 AND bucket = $2",
                             shopfloor::points::period_name(p), key)
                         .empty())
            << at;
      }
    }
    // 2 weeks (Sunday's and Monday's) + the week of 2026-12-31/2027-01-01; 3 months.
    EXPECT_EQ(c.query("SELECT COUNT(*) FROM leaderboard_points WHERE period = 'week'").rows.front().i64(0),
              3);
    EXPECT_EQ(c.query("SELECT COUNT(*) FROM leaderboard_points WHERE period = 'month'").rows.front().i64(0),
              3);
    EXPECT_EQ(c.query("SELECT points FROM leaderboard_points WHERE period = 'all'").rows.front().i64(0), 6);
  });
  database.reset();
  std::filesystem::remove_all(dir);
}

}  // namespace
