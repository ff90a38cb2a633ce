// Leaderboards (issue 12; SPEC §6 Club leaderboards, §9 fair competition): staff ranked by points earned in
// this week, this month or all time, within their store, their region or everyone; stores ranked by points
// per active staff member. Read from the running totals points::award keeps (points/standings.hpp,
// migration 0013_leaderboards): top 50 is an index range scan, never a sum over the ledger; "my rank" deep in
// the everyone and region boards sums the points bands (migration 0092_leaderboard_bands) above mine.
// Only active staff are ranked (editors and admins are not).
#pragma once

#include "http/area.hpp"

namespace shopfloor::leaderboards {

// GET /api/leaderboards, GET /api/leaderboards/stores.
void register_routes(http::Services& app);

// `seed --bench-leaderboard`: `staff` staff in `stores` stores (10 regions) and `entries` ledger entries
// spread over the last `days` days, written with bulk inserts in the caller's transaction; the balances and
// the leaderboards' running totals are then built in SQL from the ledger. Idempotent: does nothing when the
// bench staff exist. Sign in as LB000001 / Bench#2026.
struct BenchSeed {
  long long staff = 0, entries = 0;
};
BenchSeed seed_bench(db::Connection& c, int staff, long long entries, int stores, int days);

}  // namespace shopfloor::leaderboards
