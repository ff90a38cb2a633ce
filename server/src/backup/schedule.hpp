// The server's own backups (issue 34): with BACKUP_DIR set, every node checks now and then, and one node per
// period (BACKUP_EVERY) writes `shopfloor backup`'s archive there, then keeps the newest BACKUP_KEEP
// archives. Which node runs a period is decided in the database (scheduled_runs, migration 0096): the
// conditional UPDATE that moves the row to the new period succeeds on one node only; a node that dies mid-run
// leaves its claim to expire, and another node runs that period again an hour later (or the next period comes
// first).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "db/database.hpp"
#include "util/config.hpp"
#include "util/periodic.hpp"

namespace shopfloor::backup {

struct ScheduleSettings {
  std::string dir;                                     // BACKUP_DIR; empty: no schedule
  std::chrono::seconds every{std::chrono::hours(24)};  // BACKUP_EVERY: 30s, 15m, 6h, 1d (default 1d)
  int keep = 7;                                        // BACKUP_KEEP: complete archives kept, 1 to 1000
};

// From the environment. Throws (a configuration error at start) on a malformed BACKUP_EVERY or BACKUP_KEEP,
// or a BACKUP_DIR inside DATA_DIR (every backup would carry the earlier ones).
ScheduleSettings schedule_from_env(const Config& config);

// "6h" → 21600 s. Units s, m, h, d; from 1 s to 30 days. Throws otherwise.
std::chrono::seconds parse_every(const std::string& text);

// The archive name of the period starting at `start_ms`: shopfloor-YYYYMMDDTHHMMSSZ.tar (sorts by time).
std::string archive_name(std::int64_t start_ms);

class Schedule {
 public:
  Schedule(db::Database& db, Config config, ScheduleSettings settings)
      : db_(db), config_(std::move(config)), settings_(std::move(settings)) {}
  bool enabled() const { return !settings_.dir.empty(); }
  void start(std::string node_id);  // no thread when not enabled
  void stop() { thread_.stop(); }

  // One check at `now`: when no node has run this period, claims it, writes the archive and prunes. Returns
  // the archive written, if this call wrote one.
  std::optional<std::string> run_due(std::int64_t now);

 private:
  // Periods are counted from the anchor (03:00 Bangkok) in steps of BACKUP_EVERY.
  std::int64_t period_of(std::int64_t at_ms) const;
  std::int64_t period_start(std::int64_t period) const;

  db::Database& db_;
  Config config_;
  ScheduleSettings settings_;
  std::string node_id_;
  Periodic thread_;
};

}  // namespace shopfloor::backup
