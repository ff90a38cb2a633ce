// The telemetry write buffer (after Plausible's ingestion write buffer): events are acknowledged once
// buffered, and written in batches on size, on an interval, and on shutdown. A SIGTERM loses nothing;
// a SIGKILL loses at most the last interval's events.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "db/database.hpp"
#include "telemetry/events.hpp"

namespace shopfloor::telemetry {

// Writes a batch of events in the caller's transaction: the raw rows, the counted items' totals, the
// people seen (once per Bangkok day) and the telemetry rollups. The buffer's flush calls it; so does the demo
// history (seed --demo) for its past days.
void write_events(db::Connection& c, const std::vector<Event>& events);

// Records each (user, batch key) of `events` in telemetry_batches in the caller's transaction. Returns the
// events to write without those of a key recorded before (by any node) or brought by an earlier add() of this
// flush, or nothing when every event is to be written (events without a key always are).
std::optional<std::vector<Event>> drop_resent(db::Connection& c, const std::vector<Event>& events,
                                              std::int64_t now);

// How long a batch key is remembered: a resend comes within the tracker's offline days.
inline constexpr std::int64_t batch_key_days = 7;

class WriteBuffer {
 public:
  WriteBuffer(db::Database& db, std::size_t flush_size, std::chrono::milliseconds interval,
              std::size_t capacity);

  // False when the buffer is full (the database is not keeping up): the caller answers 503.
  bool add(std::vector<Event> events);
  // Starts the flusher thread.
  void start();
  // Stops the flusher and writes everything still buffered before returning.
  void stop_and_flush();
  ~WriteBuffer();

  std::size_t pending() const;

 private:
  void run();
  void write(const std::vector<Event>& events);

  db::Database& db_;
  const std::size_t flush_size_;
  const std::chrono::milliseconds interval_;
  const std::size_t capacity_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<Event> pending_;
  std::uint64_t adds_ = 0;  // numbers each add(): Event::batch_no
  bool stopping_ = false;
  std::thread flusher_;
};

}  // namespace shopfloor::telemetry
