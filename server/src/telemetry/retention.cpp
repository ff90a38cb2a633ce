#include "telemetry/retention.hpp"

#include <spdlog/spdlog.h>

#include <array>
#include <chrono>
#include <string>

#include "telemetry/write_buffer.hpp"
#include "util/env_number.hpp"
#include "util/ids.hpp"

namespace shopfloor::telemetry {

namespace {

// Every raw table, each with an index on `at` (its migration) so a batch finds its oldest rows at once.
constexpr std::array<const char*, 7> raw_tables = {"user_clicks",   "user_page_time", "user_scroll_time",
                                                   "user_activity", "page_views",     "item_events",
                                                   "web_vitals"};

}  // namespace

int retention_days_from_env() {
  return env_number("TELEMETRY_RETENTION_DAYS", 180, 0, 3650);
}

std::int64_t delete_raw_batch(db::Connection& c, std::int64_t cutoff_ms, std::int64_t batch) {
  std::int64_t deleted = 0;
  for (const char* table : raw_tables) {
    std::string t(table);
    deleted += c.query("DELETE FROM " + t + " WHERE id IN (SELECT id FROM " + t + " WHERE at < $1 LIMIT $2)",
                       cutoff_ms, batch)
                   .affected;
  }
  return deleted;
}

std::int64_t prune_raw(db::Database& db, std::int64_t cutoff_ms, const std::atomic<bool>* stop) {
  std::int64_t total = 0;
  for (;;) {
    if (stop && *stop) break;
    auto n = db.transact_sync([&](db::Connection& c) { return delete_raw_batch(c, cutoff_ms); });
    total += n;
    if (n == 0) break;
  }
  return total;
}

std::int64_t sweep_expired(db::Database& db, std::int64_t now, const std::atomic<bool>* stop) {
  std::int64_t total = 0;
  for (;;) {
    if (stop && *stop) break;
    auto n = db.transact_sync([&](db::Connection& c) {
      return c.query(
                  "DELETE FROM sessions WHERE token_hash IN "
                  "(SELECT token_hash FROM sessions WHERE expires_at < $1 LIMIT $2)",
                  now, retention_batch)
                 .affected +
             c.query(
                  "DELETE FROM idempotency_keys WHERE (user_id, scope, idem_key) IN (SELECT user_id, scope, "
                  "idem_key FROM idempotency_keys WHERE created_at < $1 LIMIT $2)",
                  now - 86400000, retention_batch)
                 .affected +
             c.query(
                  "DELETE FROM telemetry_batches WHERE (user_id, batch_key) IN (SELECT user_id, batch_key "
                  "FROM telemetry_batches WHERE created_at < $1 LIMIT $2)",
                  now - batch_key_days * 86400000, retention_batch)
                 .affected;
    });
    total += n;
    if (n == 0) break;
  }
  return total;
}

void Retention::start() {
  // The first run a minute after start (not in the start-up rush), then hourly.
  thread_.start(std::chrono::minutes(1), [this] {
    run();
    return std::chrono::milliseconds(std::chrono::hours(1));
  });
}

void Retention::run() {
  const auto* stop = &thread_.stopping();
  try {
    auto now = now_ms();
    if (auto n = sweep_expired(db_, now, stop); n > 0)
      spdlog::info("retention: {} expired sessions, old idempotency keys and batch keys deleted", n);
    if (days_ <= 0) return;
    if (auto n = prune_raw(db_, now - static_cast<std::int64_t>(days_) * 86400000, stop); n > 0)
      spdlog::info("retention: {} raw telemetry events older than {} days deleted", n, days_);
  } catch (const std::exception& e) {
    spdlog::warn("retention: {}; trying again in an hour", e.what());
  }
}

}  // namespace shopfloor::telemetry
