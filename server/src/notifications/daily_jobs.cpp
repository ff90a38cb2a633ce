#include "notifications/daily_jobs.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <chrono>
#include <cstdio>

#include "util/ids.hpp"

namespace shopfloor::notifications {

namespace asio = boost::asio;

// Often enough that a day's run starts soon after midnight in Bangkok; a check is one indexed insert.
static constexpr auto check_every = std::chrono::minutes(10);

std::string bangkok_day(std::int64_t epoch_ms) {
  auto days = std::chrono::floor<std::chrono::days>(std::chrono::sys_time<std::chrono::milliseconds>(
      std::chrono::milliseconds(epoch_ms + 7 * 3600 * 1000LL)));
  std::chrono::year_month_day ymd{days};
  char out[16];
  std::snprintf(out, sizeof out, "%04d-%02u-%02u", static_cast<int>(ymd.year()),
                static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
  return out;
}

int bangkok_hour(std::int64_t epoch_ms) {
  constexpr std::int64_t hour_ms = 3600 * 1000LL;
  return static_cast<int>(((epoch_ms + 7 * hour_ms) % (24 * hour_ms) + 24 * hour_ms) % (24 * hour_ms) /
                          hour_ms);
}

void DailyJobs::add(std::string name, DailyJob job, int not_before_hour) {
  jobs_.push_back({std::move(name), std::move(job), not_before_hour});
}

void DailyJobs::add_batched(std::string name, BatchedJob job) {
  batched_.emplace_back(std::move(name), std::move(job));
}

void DailyJobs::start(asio::io_context& io, const std::string& node_id) {
  node_id_ = node_id;
  timer_ = std::make_unique<asio::steady_timer>(io);
  timer_->expires_after(std::chrono::seconds(5));  // after start-up's own work
  tick();
}

void DailyJobs::stop() {
  stopped_ = true;
  if (timer_) asio::post(timer_->get_executor(), [this] { timer_->cancel(); });
}

void DailyJobs::tick() {
  timer_->async_wait([this](const boost::system::error_code& ec) {
    if (ec || stopped_) return;
    asio::co_spawn(
        timer_->get_executor(),
        [this]() -> asio::awaitable<void> {
          co_await app_.db->offload([this] { run_due(now_ms()); });
          if (stopped_) co_return;
          timer_->expires_after(check_every);
          tick();
        },
        asio::detached);
  });
}

void DailyJobs::run_due(std::int64_t now) {
  std::string day = bangkok_day(now);
  int hour = bangkok_hour(now);
  for (const auto& [name, job, not_before_hour] : jobs_) {
    if (stopped_) return;
    if (hour < not_before_hour) continue;  // not yet: today's claim is left for a later check
    try {
      auto done = app_.db->transact_sync([&](db::Connection& c) -> std::int64_t {
        // PostgreSQL: the INSERT below would wait for another node's uncommitted claim of the same day, i.e.
        // for its whole job, holding a database worker. A try-lock on (job, day) first, which never waits:
        // the node that does not get it leaves the day to the node running it (if that run fails, the
        // next check on any node retries; SQLite has one writer at a time anyway).
        if (!c.is_sqlite() &&
            c.query("SELECT CASE WHEN pg_try_advisory_xact_lock(hashtextextended($1, 0)) THEN 1 ELSE 0 END",
                    name + "/" + day)
                    .first()
                    ->i64(0) == 0)
          return -1;
        auto claimed = c.query(
            "INSERT INTO daily_job_runs (name, day, node_id, ran_at) VALUES ($1, $2, $3, $4) "
            "ON CONFLICT (name, day) DO NOTHING",
            name, day, node_id_, now);
        if (claimed.affected == 0) return -1;  // another node (or an earlier check) ran it today
        return job(c, now);
      });
      if (done >= 0) spdlog::info("daily job {} for {}: {} done", name, day, done);
    } catch (const std::exception& e) {
      spdlog::error("daily job {} for {} failed (retried at the next check): {}", name, day, e.what());
    }
  }
  for (const auto& [name, job] : batched_) {
    std::int64_t total = 0;
    try {
      while (!stopped_) {
        auto done = app_.db->transact_sync([&](db::Connection& c) { return job(c, now); });
        if (done <= 0) break;
        total += done;
      }
    } catch (const std::exception& e) {
      spdlog::error("daily job {} failed after {} done (resumed at the next check): {}", name, total,
                    e.what());
    }
    if (total > 0) spdlog::info("daily job {} for {}: {} done", name, day, total);
  }
}

}  // namespace shopfloor::notifications
