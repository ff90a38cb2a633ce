// Jobs that run once a day across all nodes (the "mandatory course due in 3 days" reminder). Each node checks
// every few minutes; the first to record (job, Bangkok day) in daily_job_runs runs that day's job in the same
// transaction, so a failed run is retried at the next check and two nodes never both run it; a node never
// waits for another's run (PostgreSQL: a try-lock on the job's day before the claim). Jobs should
// still be idempotent (dedupe keys): a command-line run (`shopfloor notifications daily`) ignores the claims.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "db/database.hpp"
#include "http/services.hpp"

namespace shopfloor::notifications {

// A job: does its day's work in the given transaction; returns how many things it did (for the log).
using DailyJob = std::function<std::int64_t(db::Connection& c, std::int64_t now)>;

// A day's work too large for one transaction (every person's figures for the new day): each call does one
// bounded batch in its own transaction and returns how many things it did, 0 when nothing is left. What is
// left must be readable from the job's own rows, so it is resumable: it runs at every check, on every node,
// until a call returns 0, and a node stopped mid-way leaves the rest to the next check.
using BatchedJob = std::function<std::int64_t(db::Connection& c, std::int64_t now)>;

class DailyJobs {
 public:
  explicit DailyJobs(http::Services& app) : app_(app) {}

  // At start, before start(): areas add theirs from register_routes. A job with a not_before_hour (Bangkok
  // time, 0-23) waits for that hour of the day (an evening reminder), and still runs once that day.
  void add(std::string name, DailyJob job, int not_before_hour = 0);
  void add_batched(std::string name, BatchedJob job);
  void start(boost::asio::io_context& io, const std::string& node_id);
  void stop();

  // Runs each job whose day no node has claimed yet. Blocking.
  void run_due(std::int64_t now);

 private:
  void tick();

  http::Services& app_;
  struct Scheduled {
    std::string name;
    DailyJob job;
    int not_before_hour;
  };
  std::vector<Scheduled> jobs_;
  std::vector<std::pair<std::string, BatchedJob>> batched_;
  std::string node_id_;
  std::unique_ptr<boost::asio::steady_timer> timer_;
  std::atomic<bool> stopped_{false};
};

// "YYYY-MM-DD" of the Bangkok (UTC+7) day containing epoch_ms: the day staff live in.
std::string bangkok_day(std::int64_t epoch_ms);

// The Bangkok hour of the day (0-23) at epoch_ms.
int bangkok_hour(std::int64_t epoch_ms);

}  // namespace shopfloor::notifications
