#include "points/standings.hpp"

#include <chrono>
#include <vector>

#include "points/ledger.hpp"
#include "util/enum_names.hpp"

namespace shopfloor::points {

namespace {

constexpr std::int64_t kDayMs = 86'400'000;
constexpr std::int64_t kBangkokMs = 7 * 3'600'000;

// Floor division: instants before 1970 stay on the right day.
std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}

std::int64_t bangkok_day(std::int64_t at_ms) {
  return floor_div(at_ms + kBangkokMs, kDayMs);
}
std::int64_t day_start_ms(std::int64_t day) {
  return day * kDayMs - kBangkokMs;
}

constexpr EnumNames<Period, 3> period_names{
    {{Period::all, "all"}, {Period::week, "week"}, {Period::month, "month"}}};
}  // namespace

std::optional<Period> parse_period(std::string_view s) {
  return period_names.parse(s);
}

const char* period_name(Period p) {
  return period_names.name(p, "all").data();  // the table's literals end in '\0'
}

Bucket bucket_of(Period period, std::int64_t at_ms) {
  using namespace std::chrono;
  auto day = bangkok_day(at_ms);
  switch (period) {
    case Period::week: {
      // 1970-01-01 was a Thursday: (day + 3) mod 7 is 0 on Mondays.
      auto monday = day - ((day % 7 + 7 + 3) % 7);
      return {monday, day_start_ms(monday), day_start_ms(monday + 7)};
    }
    case Period::month: {
      year_month_day ymd{sys_days{days{day}}};
      auto first = year_month_day{ymd.year(), ymd.month(), std::chrono::day{1}};
      auto next = first + months{1};
      auto from = sys_days{first}.time_since_epoch().count();
      auto to = sys_days{next}.time_since_epoch().count();
      return {static_cast<int>(ymd.year()) * 100 + static_cast<int>(static_cast<unsigned>(ymd.month())),
              day_start_ms(from), day_start_ms(to)};
    }
    default:
      return {0, 0, 0};
  }
}

bool counts_as_earned(const Entry& e) {
  return e.delta > 0 && e.source != "refund";
}

std::int64_t earned_all_time(db::Connection& c, const std::string& user_id) {
  auto row =
      c.query("SELECT points FROM leaderboard_points WHERE period = 'all' AND bucket = 0 AND user_id = $1",
              user_id)
          .first();
  return row ? row->i64(0) : 0;
}

void add_earned(db::Connection& c, const std::string& user_id, std::int64_t points, std::int64_t at_ms) {
  auto who =
      c.query(
           "SELECT u.role, u.status, u.store_id, s.region_id FROM users u LEFT JOIN stores s ON s.id = "
           "u.store_id WHERE u.id = $1",
           user_id)
          .first();
  if (!who) return;
  bool ranked = who->str(0) == "staff" && who->str(1) == "active";
  auto store = who->opt_str(2);
  auto region = who->opt_str(3);
  auto week = bucket_of(Period::week, at_ms).key, month = bucket_of(Period::month, at_ms).key;
  // Points only grow here, so the time of this entry is when the person reached their new score.
  c.query(
      "INSERT INTO leaderboard_points (period, bucket, user_id, points, reached_at, ranked, store_id, "
      "region_id) "
      "VALUES ('all', 0, $1, $2, $3, $4, $5, $6), ('week', $7, $1, $2, $3, $4, $5, $6), "
      "('month', $8, $1, $2, $3, $4, $5, $6) ON CONFLICT (period, bucket, user_id) DO UPDATE SET "
      "points = leaderboard_points.points + excluded.points, reached_at = CASE WHEN excluded.reached_at > "
      "leaderboard_points.reached_at THEN excluded.reached_at ELSE leaderboard_points.reached_at END, "
      "ranked = excluded.ranked, store_id = excluded.store_id, region_id = excluded.region_id",
      user_id, points, at_ms, ranked ? 1 : 0, store, region, week, month);
  if (ranked && store)
    c.query(
        "INSERT INTO leaderboard_store_points (period, bucket, store_id, points) VALUES ('all', 0, $1, $2), "
        "('week', $3, $1, $2), ('month', $4, $1, $2) ON CONFLICT (period, bucket, store_id) DO UPDATE SET "
        "points = leaderboard_store_points.points + excluded.points",
        *store, points, week, month);
}

}  // namespace shopfloor::points

namespace shopfloor::points {

void rebuild_standings(db::Connection& c) {
  const std::string week =
      "((created_at + 25200000) / 86400000) - (((created_at + 25200000) / 86400000 + 3) % 7)";
  const std::string month =
      c.is_sqlite()
          ? "CAST(strftime('%Y%m', (created_at + 25200000) / 1000, 'unixepoch') AS INTEGER)"
          : "CAST(to_char(to_timestamp((created_at + 25200000) / 1000) AT TIME ZONE 'UTC', 'YYYYMM') "
            "AS INTEGER)";
  const std::string earned = "FROM points_ledger WHERE delta > 0 AND source <> 'refund'";
  // The points bands' triggers (migration 0092) would move a count for every row deleted and inserted
  // here: they are off for the bulk load and the bands counted once at the end. SQLite cannot disable a
  // trigger: they are dropped and made again from their own definitions (sqlite_master), in this transaction.
  std::vector<std::string> band_triggers;  // SQLite: their definitions
  auto pg_band_triggers = [&](const char* enable_or_disable) {
    for (const char* name : {"leaderboard_points_bands_insert_delete", "leaderboard_points_bands_update"})
      c.query(std::string("ALTER TABLE leaderboard_points ") + enable_or_disable + " TRIGGER " + name);
  };
  if (c.is_sqlite()) {
    for (const auto& r : c.query("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = "
                                 "'leaderboard_points' AND name LIKE 'leaderboard_points_bands%'")
                             .rows) {
      c.query("DROP TRIGGER " + r.str(0));
      band_triggers.push_back(r.str(1));
    }
  } else {
    pg_band_triggers("DISABLE");
  }
  c.query("DELETE FROM leaderboard_bands");
  c.query("DELETE FROM leaderboard_store_points");
  c.query("DELETE FROM leaderboard_points");
  c.query("DELETE FROM leaderboard_stores");
  // A bulk load: the secondary indexes are dropped and made again afterwards (one sort each instead of
  // millions of inserts at random places), and the rows go in primary-key order. Same definitions as
  // migration 0013.
  static const char* const indexes[][2] = {
      {"leaderboard_points_user_idx", "(user_id)"},
      {"leaderboard_points_store_id_idx", "(store_id)"},
      {"leaderboard_points_all_idx", "(period, bucket, points DESC, reached_at, user_id) WHERE ranked = 1"},
      {"leaderboard_points_store_idx",
       "(period, bucket, store_id, points DESC, reached_at, user_id) WHERE ranked = 1"},
      {"leaderboard_points_region_idx",
       "(period, bucket, region_id, points DESC, reached_at, user_id) WHERE ranked = 1"},
  };
  for (const auto& ix : indexes) c.query(std::string("DROP INDEX IF EXISTS ") + ix[0]);
  c.query(
      "INSERT INTO leaderboard_stores (store_id, staff) SELECT store_id, COUNT(*) FROM users WHERE role = "
      "'staff' AND status = 'active' AND store_id IS NOT NULL GROUP BY store_id");
  c.query(
      "INSERT INTO leaderboard_points (period, bucket, user_id, points, reached_at, ranked, store_id, "
      "region_id) "
      "SELECT e.period, e.bucket, e.user_id, e.points, e.reached_at, CASE WHEN u.role = 'staff' AND u.status "
      "= "
      "'active' THEN 1 ELSE 0 END, u.store_id, s.region_id FROM (SELECT 'all' AS period, 0 AS bucket, "
      "user_id, "
      "SUM(delta) AS points, MAX(created_at) AS reached_at " +
      earned + " GROUP BY user_id UNION ALL SELECT 'week', " + week +
      ", user_id, SUM(delta), MAX(created_at) " + earned + " GROUP BY user_id, " + week +
      " UNION ALL SELECT 'month', " + month + ", user_id, SUM(delta), MAX(created_at) " + earned +
      " GROUP BY user_id, " + month +
      ") e JOIN users u ON u.id = e.user_id LEFT JOIN stores s ON s.id = u.store_id ORDER BY 1, 2, 3");
  for (const auto& ix : indexes)
    c.query(std::string("CREATE INDEX ") + ix[0] + " ON leaderboard_points" + ix[1]);
  c.query(
      "INSERT INTO leaderboard_store_points (period, bucket, store_id, points) SELECT period, bucket, "
      "store_id, "
      "SUM(points) FROM leaderboard_points WHERE ranked = 1 AND store_id IS NOT NULL GROUP BY period, "
      "bucket, "
      "store_id");
  // The bands: as migration 0092 backfills them.
  c.query(
      "INSERT INTO leaderboard_bands (period, bucket, region_id, band, people) "
      "SELECT period, bucket, '', band, COUNT(*) FROM leaderboard_points WHERE ranked = 1 "
      "GROUP BY period, bucket, band "
      "UNION ALL SELECT period, bucket, region_id, band, COUNT(*) FROM leaderboard_points "
      "WHERE ranked = 1 AND region_id IS NOT NULL GROUP BY period, bucket, region_id, band");
  for (const auto& sql : band_triggers) c.query(sql);
  if (!c.is_sqlite()) pg_band_triggers("ENABLE");
}

}  // namespace shopfloor::points
