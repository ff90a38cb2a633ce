// The background sender: a few threads per node (PUSH_SENDERS) take due rows of push_outbox, encrypt each
// to its device's keys (RFC 8291), sign a VAPID JWT (RFC 8292) and POST it to the device's push service.
// A request never waits for it: queue_push only writes rows, and a commit that wrote some wakes the
// senders of every node (the realtime fan-out's "push" topic); they also look every second, for retries
// and rows another node left behind.
//   - Claimed once across nodes: a claim is a conditional UPDATE (SKIP LOCKED on PostgreSQL) that leases
//     the rows for five minutes; a node that dies mid-send leaves them to be claimed again after it.
//   - 2xx: done. 404/410: the subscription is gone, so it is deleted. 429/5xx or no answer: tried again
//     later (Retry-After when the service gives one, else 10 s doubling, at most an hour), at most 8 times
//     and never past the push's TTL. Other answers (400, 403, 413): dropped and logged.
//   - With nothing due, a thread queues the next batch of a sent broadcast's pushes (push/broadcasts.hpp).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "db/database.hpp"
#include "http/services.hpp"
#include "push/endpoints.hpp"
#include "push/vapid.hpp"
#include "util/wake_signal.hpp"

namespace shopfloor::push {

class Sender {
 public:
  // Registers its wake-up on the realtime fan-out (constructed before the fan-out starts).
  Sender(http::Services& app, const Vapid& vapid, const PushServices& services, int threads);
  ~Sender();
  Sender(const Sender&) = delete;
  Sender& operator=(const Sender&) = delete;

  void start();
  // Lets each thread finish the batch in hand, then joins them.
  void stop();
  // Any thread: there may be rows to send now.
  void wake();

  // Inside a transaction that queued pushes: every node's senders wake once it commits.
  static void wake_after_commit(db::Connection& c);

  // Pushes the push services accepted since start (for the log and the bench).
  std::int64_t delivered() const { return delivered_.load(); }

 private:
  struct Outgoing;
  enum class Outcome { delivered, retry, gone, dropped };

  void run();
  std::vector<Outgoing> claim(std::int64_t now);
  Outcome deliver(const Outgoing& o, long& retry_after_s);
  void settle(const std::vector<Outgoing>& batch, const std::vector<std::pair<Outcome, long>>& outcomes);

  http::Services& app_;
  const Vapid& vapid_;
  const PushServices& services_;
  int threads_;
  std::vector<std::thread> workers_;
  WakeSignal signal_;
  std::atomic<std::int64_t> delivered_{0};
};

}  // namespace shopfloor::push
