// Seeded rollups for the reports at company scale: `shopfloor seed --bench-reports` (make bench), drawn from
// one table of metrics (reports/seed_metrics.hpp). The demo writes its history through the areas instead
// (app/demo_seed.cpp), so its counters are the ones the areas write.
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

}  // namespace shopfloor::reports
