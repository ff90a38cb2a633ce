#include "backup/schedule.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <stdexcept>
#include <vector>

#include "backup/backup.hpp"
#include "util/env_number.hpp"
#include "util/ids.hpp"

namespace shopfloor::backup {

namespace fs = std::filesystem;

namespace {

constexpr std::int64_t claim_ms = 3600 * 1000;  // a run not finished by then is run again by any node
// Periods start at 20:00 UTC (03:00 in Bangkok) and every BACKUP_EVERY from there: a daily backup runs in the
// night's quiet, not at the morning shift.
constexpr std::int64_t anchor_ms = 20 * 3600 * 1000;
constexpr std::int64_t check_max_ms = 60 * 1000;  // checks at least every minute (a retry, a dead node)
const std::regex ours(
    R"(shopfloor-\d{8}T\d{6}Z\.tar)");  // archives this schedule wrote; nothing else is touched

bool inside(const fs::path& dir, const fs::path& root) {
  auto d = fs::weakly_canonical(fs::absolute(dir)), r = fs::weakly_canonical(fs::absolute(root));
  auto [end, _] = std::mismatch(r.begin(), r.end(), d.begin(), d.end());
  return end == r.end();
}

// The newest `keep` of our archives stay; older ones (and never a .partial or another file) go.
void prune(const std::string& dir, int keep) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file() && std::regex_match(e.path().filename().string(), ours))
      names.push_back(e.path().filename().string());
  std::sort(names.rbegin(), names.rend());
  for (std::size_t i = static_cast<std::size_t>(keep); i < names.size(); ++i) {
    std::error_code ec;
    fs::remove(fs::path(dir) / names[i], ec);
    if (ec) spdlog::warn("backup schedule: could not remove {}: {}", names[i], ec.message());
  }
}

}  // namespace

std::chrono::seconds parse_every(const std::string& text) {
  std::int64_t n = 0;
  std::size_t used = 0;
  try {
    n = std::stoll(text, &used);
  } catch (...) {
    used = 0;
  }
  std::int64_t unit = 0;
  if (used > 0 && used + 1 == text.size()) {
    switch (text.back()) {
      case 's':
        unit = 1;
        break;
      case 'm':
        unit = 60;
        break;
      case 'h':
        unit = 3600;
        break;
      case 'd':
        unit = 86400;
        break;
      default:
        break;
    }
  }
  if (unit == 0 || n < 1 || n * unit > 30 * 86400)
    throw std::runtime_error(
        "BACKUP_EVERY must be a whole number with s, m, h or d (e.g. 6h, 1d), from 1s to 30d");
  return std::chrono::seconds(n * unit);
}

std::string archive_name(std::int64_t start_ms) {
  auto t = std::chrono::sys_seconds(std::chrono::seconds(start_ms / 1000));
  auto day = std::chrono::floor<std::chrono::days>(t);
  std::chrono::year_month_day ymd{day};
  std::chrono::hh_mm_ss hms{t - day};
  char out[48];
  std::snprintf(out, sizeof out, "shopfloor-%04d%02u%02uT%02d%02d%02dZ.tar", static_cast<int>(ymd.year()),
                static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()),
                static_cast<int>(hms.hours().count()), static_cast<int>(hms.minutes().count()),
                static_cast<int>(hms.seconds().count()));
  return out;
}

ScheduleSettings schedule_from_env(const Config& config) {
  ScheduleSettings s;
  if (const char* dir = std::getenv("BACKUP_DIR")) s.dir = dir;
  if (const char* every = std::getenv("BACKUP_EVERY"); every && *every) s.every = parse_every(every);
  s.keep = env_number("BACKUP_KEEP", s.keep, 1, 1000);
  if (!s.dir.empty() && inside(s.dir, config.data_dir))
    throw std::runtime_error(
        "BACKUP_DIR must be outside DATA_DIR: a backup copies DATA_DIR, with the archives in it");
  return s;
}

void Schedule::start(std::string node_id) {
  if (!enabled()) return;
  node_id_ = std::move(node_id);
  std::error_code ec;
  fs::create_directories(settings_.dir, ec);
  spdlog::info("backup schedule: every {} s into {}, keeping {}", settings_.every.count(), settings_.dir,
               settings_.keep);
  thread_.start(std::chrono::seconds(1), [this] {
    auto now = now_ms();
    try {
      run_due(now);
    } catch (const std::exception& e) {
      spdlog::error("backup schedule: {}", e.what());
    }
    // Wake at the next period's start, and at least every minute.
    std::int64_t next = period_start(period_of(now) + 1);
    return std::chrono::milliseconds(std::clamp<std::int64_t>(next - now_ms(), 10, check_max_ms));
  });
}

std::int64_t Schedule::period_of(std::int64_t at_ms) const {
  const std::int64_t every_ms = settings_.every.count() * 1000;
  return (at_ms - anchor_ms % every_ms) / every_ms;
}

std::int64_t Schedule::period_start(std::int64_t period) const {
  const std::int64_t every_ms = settings_.every.count() * 1000;
  return period * every_ms + anchor_ms % every_ms;
}

std::optional<std::string> Schedule::run_due(std::int64_t now) {
  const std::int64_t period = period_of(now);
  bool claimed = db_.transact_sync([&](db::Connection& c) {
    c.query(
        "INSERT INTO scheduled_runs (name, period, node_id, claimed_until, finished_at) VALUES ('backup', "
        "-1, "
        "'', 0, 0) ON CONFLICT (name) DO NOTHING");
    return c.query(
                "UPDATE scheduled_runs SET period = $1, node_id = $2, claimed_until = $3, finished_at = NULL "
                "WHERE name = 'backup' AND (period < $1 OR (period = $1 AND finished_at IS NULL AND "
                "claimed_until < $4))",
                period, node_id_, now + claim_ms, now)
               .affected == 1;
  });
  if (!claimed) return std::nullopt;
  const std::string dest = (fs::path(settings_.dir) / archive_name(period_start(period))).string();
  const auto started = now_ms();
  // A node that died after its rename leaves a complete archive: that period is done.
  int code = fs::exists(dest) ? ok : backup(config_, dest);
  db_.transact_sync([&](db::Connection& c) {
    if (code == ok)
      c.query(
          "UPDATE scheduled_runs SET finished_at = $1 WHERE name = 'backup' AND period = $2 AND node_id = $3",
          now_ms(), period, node_id_);
    else  // tried again at the next check after a few minutes
      c.query(
          "UPDATE scheduled_runs SET claimed_until = $1 WHERE name = 'backup' AND period = $2 AND node_id = "
          "$3",
          now_ms() + 5 * 60 * 1000, period, node_id_);
  });
  if (code != ok) {
    spdlog::error("backup schedule: the backup of period {} failed (exit {}); tried again in 5 minutes",
                  period, code);
    return std::nullopt;
  }
  std::error_code ec;
  auto bytes = fs::file_size(dest, ec);
  spdlog::info("backup schedule: period {} written by node {} to {} ({} bytes, {} ms)", period, node_id_,
               dest, ec ? 0 : bytes, now_ms() - started);
  prune(settings_.dir, settings_.keep);
  return dest;
}

}  // namespace shopfloor::backup
