// Work that scales with the audience leaves the request (issue 33). A save that reaches everyone in an
// audience — a mandatory course's "course assigned" notices, possibly 100,000 people — records one
// audience_jobs row in its own transaction (enqueue) and answers; background threads on every node then
// expand it a batch of people at a time (AUDIENCE_JOB_BATCH, default 500), each batch one transaction with
// the job's cursor (jobs/leased_batches.hpp), until everyone has theirs. Resumable after a crash or a killed
// node (the cursor commits with its batch; a lease that outlives its node expires), and once per person
// however often a batch is redone: the kinds' writes are keyed per person (notifications' dedupe keys).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "db/database.hpp"
#include "http/services.hpp"
#include "util/wake_signal.hpp"

namespace shopfloor::jobs {

// One batch of a kind's job: does the work for up to `batch` people after `after_user` (in user id order) in
// the given transaction and returns the last person it looked at, or nothing when nobody is left.
using Expand =
    std::function<std::optional<std::string>(db::Connection& c, const std::string& subject_id,
                                             const std::string& after_user, int batch, std::int64_t now)>;

class AudienceJobs {
 public:
  // Registers its wake-up on the realtime fan-out (constructed before the fan-out starts). `batch`: people
  // per step (AUDIENCE_JOB_BATCH).
  AudienceJobs(http::Services& app, int batch);
  ~AudienceJobs();
  AudienceJobs(const AudienceJobs&) = delete;
  AudienceJobs& operator=(const AudienceJobs&) = delete;

  // At start, before start(): areas add their kinds from register_routes.
  void handle(std::string kind, Expand expand);

  // Inside the saving transaction: the job of (kind, subject) from its first person, or from the person
  // after `after_user` when the save did the first batch itself (a save while it runs starts it over; the
  // kinds' writes are once per person, so the people done are skipped). Every node's threads wake once it
  // commits.
  static void enqueue(db::Connection& c, const std::string& kind, const std::string& subject_id,
                      const std::string& after_user = "");

  int batch() const { return batch_; }

  void start();
  // Lets the thread finish the batch in hand (its transaction commits or rolls back), then joins it.
  void stop();

  // One batch of the oldest waiting job; false when none was waiting. Blocking (the thread, the CLI).
  bool step(std::int64_t now);

 private:
  void run();

  http::Services& app_;
  int batch_;
  // AUDIENCE_JOB_PAUSE_MS: the rest between two batches (default none).
  std::chrono::milliseconds pause_;
  std::map<std::string, Expand> kinds_;
  std::thread worker_;
  WakeSignal signal_;
};

// AUDIENCE_JOB_BATCH (1-10000, default 500).
int batch_from_env();
// AUDIENCE_JOB_PAUSE_MS (0-10000, default 0): a rest after each batch, so a whole-company expansion leaves
// the database and a core to the requests for a while (docs/OPERATIONS.md); the tests use it to find one
// mid-way.

}  // namespace shopfloor::jobs
