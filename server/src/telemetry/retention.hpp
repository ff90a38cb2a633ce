// Retention (issue 34): expired sessions and old idempotency keys are swept, and raw telemetry (clicks, page
// and scroll times, activity, page views, item events, web vitals) older than TELEMETRY_RETENTION_DAYS
// deleted in small batches, each its own transaction, by a background thread of every node (nodes racing on
// the same rows only delete them once).
//
// The reports never read these tables: they read the rollups (report_counts), which write_events()
// (telemetry/write_buffer.cpp) writes in the same transaction as the raw rows. So a raw row is deletable as
// soon as it exists, and the reports answer the same after a prune. Only the admin's raw log
// (GET /api/admin/telemetry) shows less.
#pragma once

#include <atomic>
#include <cstdint>

#include "db/database.hpp"
#include "util/periodic.hpp"

namespace shopfloor::telemetry {

// TELEMETRY_RETENTION_DAYS: days raw telemetry is kept, default 180, 0 = forever. Throws on a value that is
// not 0 to 3650 (main checks it at start, as a configuration error).
int retention_days_from_env();

// Rows deleted per table per transaction: short write transactions, so requests wait little behind them.
inline constexpr std::int64_t retention_batch = 5000;

// One batch: up to `batch` rows older than cutoff_ms from each raw table. Returns the rows deleted.
std::int64_t delete_raw_batch(db::Connection& c, std::int64_t cutoff_ms,
                              std::int64_t batch = retention_batch);

// Batches until nothing older than cutoff_ms is left (or `stop` is set). Returns the rows deleted.
std::int64_t prune_raw(db::Database& db, std::int64_t cutoff_ms, const std::atomic<bool>* stop = nullptr);

// Sessions past their expiry (already refused) and idempotency keys older than a day (a retry comes within
// seconds; club/idempotency.cpp only drops a person's old keys when they make a new one) and telemetry batch
// keys older than batch_key_days (telemetry/write_buffer.hpp), in batches like
// prune_raw. Returns the rows deleted.
std::int64_t sweep_expired(db::Database& db, std::int64_t now_ms, const std::atomic<bool>* stop = nullptr);

class Retention {
 public:
  // days <= 0: raw telemetry is kept forever (the sweep still runs).
  Retention(db::Database& db, int days) : db_(db), days_(days) {}
  void start();  // first prune a minute after start, then every hour
  void stop() { thread_.stop(); }

 private:
  void run();
  db::Database& db_;
  int days_;
  Periodic thread_;
};

}  // namespace shopfloor::telemetry
