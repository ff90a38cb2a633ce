// The running totals leaderboards read (migration 0013_leaderboards): what each person earned per period
// bucket and when they reached it, and what each store's staff earned. They move inside points::award, in the
// ledger's transaction, so a ranking is a short index scan and never a sum over the ledger.
// The read side (the rankings and their routes) is leaderboards/.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "db/database.hpp"

namespace shopfloor::points {

struct Entry;

// Periods are Bangkok time (UTC+7, no daylight saving).
enum class Period { all, week, month };

std::optional<Period> parse_period(std::string_view s);
const char* period_name(Period p);  // "all", "week", "month": the `period` column

// One period bucket: its key in the tables and its bounds [from_ms, to_ms) (0 and 0 for all time).
struct Bucket {
  std::int64_t key = 0;
  std::int64_t from_ms = 0;
  std::int64_t to_ms = 0;
};
// The bucket of `period` that holds the instant `at_ms`. Week key: the Bangkok day number (days since
// 1970-01-01 in Bangkok) of the ISO week's Monday; month key: year * 100 + month.
Bucket bucket_of(Period period, std::int64_t at_ms);

// Earned = what a leaderboard counts: a positive entry that is not a refund. A redemption does not lower a
// rank, so the refund of one does not raise it; negative manual adjustments do not lower it.
bool counts_as_earned(const Entry& e);

// Adds earned points at `at_ms` to the person's all-time, week and month rows (and their store's when they
// are active staff in a store). Called by award() in its transaction.
void add_earned(db::Connection& c, const std::string& user_id, std::int64_t points, std::int64_t at_ms);

// What the person earned all time (their "all" row; 0 without one): the points earned the leaderboards rank
// by.
std::int64_t earned_all_time(db::Connection& c, const std::string& user_id);

}  // namespace shopfloor::points

namespace shopfloor::points {

// Rebuilds every running total from the ledger and the users as they stand (the backfill of migration 0013,
// for bulk loads such as `seed --bench-leaderboard` that write the ledger in SQL).
void rebuild_standings(db::Connection& c);

}  // namespace shopfloor::points
