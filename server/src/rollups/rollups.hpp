// The reports' daily rollups (migration 0028_reports): counters per Bangkok day, store, position and key,
// bumped in the transaction that writes what they count (an area's happening, the telemetry buffer's flush),
// so the reports sum a bounded number of rows and never scan raw events. The read side is reports/.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "db/database.hpp"

namespace shopfloor::rollups {

// Days as staff live them: Bangkok (UTC+7, no daylight saving). Day numbers count from 1970-01-01 there.
inline constexpr std::int64_t day_ms = 86400000;
inline constexpr std::int64_t bangkok_offset_ms = 7LL * 3600 * 1000;
inline std::int64_t day_of(std::int64_t at_ms) {
  return (at_ms + bangkok_offset_ms) / day_ms;
}
inline std::int64_t day_start_ms(std::int64_t day) {
  return day * day_ms - bangkok_offset_ms;
}
// The Monday of the ISO week holding `day`, and the first day of its month.
std::int64_t week_start(std::int64_t day);
std::int64_t month_start(std::int64_t day);
// "YYYY-MM-DD" <-> day number; parse_day gives nullopt for anything else (or an impossible date).
std::string day_text(std::int64_t day);
std::optional<std::int64_t> parse_day(std::string_view text);

// The first day of the month after the one holding `day`.
std::int64_t next_month(std::int64_t day);

// Where a person stands when something is counted: their store, its region and their position then ('' when
// none).
struct Where {
  std::string store_id;
  std::string position;
  std::string region_id;
};
Where where_of(db::Connection& c, const std::string& user_id);
// The same for many people at once (a telemetry batch): one query per 500; unknown ids are left out.
std::map<std::string, Where> places_of(db::Connection& c, const std::vector<std::string>& user_ids);

// Every counter is also kept at coarser levels, so that a report reads a few rows per day (or month) and key
// whatever its filter, never one per store and position summed at request time (100,000 staff in 1,000
// stores): "<metric>@store" (per store, position ''), "<metric>@region" (store_id holds the region, with the
// position), "<metric>@position" (store ''), "<metric>@all" (store and position ''), and each of those per
// month as well ("<level metric>@month", day = the month's first day). The base rows (store and position)
// are per day only.
enum class Level { base, store, region, position, all };
std::string level_metric(std::string_view metric, Level level, bool month);

struct Counter {
  std::string metric;
  std::int64_t day;
  Where where;  // the level's places (for "@region": store_id = the region)
};
// The base counter and its eight coarser copies.
std::vector<Counter> counters(std::string_view metric, std::int64_t day, const Where& where);

// Adds n (and total) to a counter and its coarser copies.
void add(db::Connection& c, std::string_view metric, std::int64_t day, const Where& where,
         std::string_view key, std::int64_t n = 1, std::int64_t total = 0);

// Many counter rows at once (a batch writer's merged counters): multi-row upserts of a few hundred rows each,
// so a telemetry flush or a history costs a few statements, not one per row. Each (metric, day, store,
// position, key) may appear once in `rows`.
struct Row {
  std::string metric;
  std::int64_t day = 0;
  std::string store_id, position, key;
  std::int64_t n = 0, total = 0;
};
void add_rows(db::Connection& c, const std::vector<Row>& rows);

// While one lives, the counters this thread's transaction on `c` adds (add, count, add_rows) are held and
// merged instead of written, until flush() writes them in one upsert sorted by key and ends the hold (later
// counts are written at once). For a transaction whose
// counters every other writer of its kind bumps too (a reward's "@all" rows for each of 1,000 redeemers): the
// row locks those hot rows take last only from the flush to the commit, not from the first count on, and in
// one order for every such transaction. Destroyed unflushed (the transaction threw): the counts are dropped,
// as the rollback drops everything else.
class Deferred {
 public:
  explicit Deferred(db::Connection& c);
  ~Deferred();
  Deferred(const Deferred&) = delete;
  Deferred& operator=(const Deferred&) = delete;
  void flush();

 private:
  friend void add_rows(db::Connection& c, const std::vector<Row>& rows);
  db::Connection& c_;
  Deferred* outer_;
  std::map<std::tuple<std::string, std::int64_t, std::string, std::string, std::string>,
           std::pair<std::int64_t, std::int64_t>>
      rows_;
};

// Writes every coarser copy again from the base rows (after a bulk load that wrote only those).
void rebuild_levels(db::Connection& c);

// The common case: something a person did now (or at `at_ms`), counted where they stand.
void count(db::Connection& c, std::string_view metric, const std::string& user_id, std::string_view key = "",
           std::int64_t n = 1, std::int64_t total = 0, std::int64_t at_ms = 0);

// Counts the person once per day, ISO week and month they are seen ('actives.day' / '.week' / '.month', key
// ''): only the first sighting in a period adds. Returns whether this was their first of the day.
bool seen(db::Connection& c, const std::string& user_id, const Where& where, std::int64_t at_ms);

// The same for many sightings (person, instant) at once: their report_actives rows in a few statements;
// answers the periods that were new, each as the counter it adds ('actives.<period>', the period's first day,
// the person), for the caller to add where the person stands (with add_rows).
struct Sighting {
  std::string user_id;
  std::int64_t at_ms = 0;
};
struct NewPeriod {
  std::string metric;
  std::int64_t start_day = 0;
  std::string user_id;
};
std::vector<NewPeriod> mark_seen(db::Connection& c, const std::vector<Sighting>& sightings);

// Drops the sightings of ended periods (their counts stay); a daily job.
std::int64_t prune_seen(db::Connection& c, std::int64_t now_ms);

}  // namespace shopfloor::rollups
