// Seeded rollups for the reports: `shopfloor seed --bench-reports` (make bench: company scale) and the demo's
// 90 days of history (`seed --demo`). Both draw from one table of metrics (reports/seed_metrics.hpp).
#pragma once

#include <cstdint>
#include <string>

#include "db/database.hpp"

namespace shopfloor::reports {

struct BenchSize {
  int staff = 100000;
  int stores = 1000;
  int regions = 20;
  int days = 366;               // of rollups, up to today
  long long events = 50000000;  // raw telemetry rows
};

// Stores, regions and staff (codes RP…, password Bench#2026), a year of report_counts for every metric of the
// table, and the raw telemetry tables; each step's time is logged. Skipped when RP000001 exists.
struct BenchSeeded {
  long long staff = 0, counts = 0, events = 0;
};
BenchSeeded seed_bench(db::Database& database, const BenchSize& size);

// 90 days up to today of every metric for the demo's stores and positions, and today's report_actives for
// the demo's staff. Idempotent: existing counters (real ones included) are left as they are.
void seed_demo(db::Connection& c, std::int64_t now_ms);

}  // namespace shopfloor::reports
