// A person's learning records and the fact that the cached catalogue is current, kept per node on PostgreSQL,
// so the Learning tab, Home's learning feed and "For you" run no statement while nothing of theirs changed.
// The database is the one part every node shares; the viewer's records were the one statement left per
// request (docs/PERFORMANCE.md).
//
// Correctness rests on the session cache's rules (auth/session_cache.hpp):
// - every change drops what it touches: this node's own writes when they commit, before the writer's answer
//   goes out (the tables' triggers signal the writing connection, migration 0121), other nodes' through
//   NOTIFY on `shopfloor_learning` (a catalogue change from its trigger; a person's records from the node
//   that wrote them, batched: ReadCacheSync);
// - a read that began before such a drop may not store what it read (an epoch per slot of people, and one
//   for the catalogue);
// - while the channel is down the cache is off, and entries expire after a time limit: the backstop for
//   records written by no server (psql, the command line) or by a node that died before telling the others.
// SQLite is one node with its database in process: the cache stays off and every request reads.
#pragma once

#include <array>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "db/database.hpp"
#include "learning/catalogue.hpp"

namespace shopfloor::learning {

class ReadCache {
 public:
  static constexpr std::size_t default_max_people = 20'000;
  // Records of everyone kept, at ~160 bytes each (a map node and its id): ~64 MB at most. Someone a year into
  // the job may have a few hundred; the people bound alone would allow gigabytes.
  static constexpr std::size_t default_max_rows = 400'000;
  static constexpr std::int64_t default_ttl_ms = 30'000;

  // The process's one cache (the staff reads that use it are free functions).
  static ReadCache& instance();

  explicit ReadCache(std::size_t max_people = default_max_people, std::int64_t ttl_ms = default_ttl_ms,
                     std::size_t max_rows = default_max_rows)
      : max_people_(max_people), max_rows_(max_rows), ttl_ms_(ttl_ms) {}

  // What a read saw before it asked the database; put() stores only if nothing it covers was dropped since.
  struct Seen {
    std::uint64_t generation = 0, slot = 0, catalogue = 0;
  };
  Seen seen(const std::string& user_id) const;

  // The person's records (their progress, courses and exam results: UserState without what is derived from
  // the catalogue), or null; and the catalogue stamp known to be current, or nullopt.
  std::shared_ptr<const UserState> records(const std::string& user_id, std::int64_t now) const;
  std::optional<std::int64_t> stamp(std::int64_t now) const;

  // Stores the records read and the stamp read with them, each unless dropped since `seen` or off.
  void put(const std::string& user_id, std::shared_ptr<const UserState> records, std::int64_t stamp,
           const Seen& seen, std::int64_t now);

  void drop_user(const std::string& user_id);
  void drop_catalogue();
  // Off: every lookup misses and nothing is stored. Both directions drop everything.
  void set_enabled(bool enabled);
  bool enabled() const;
  void set_ttl_ms(std::int64_t ttl_ms);
  std::size_t size() const;
  std::size_t rows() const;

 private:
  static constexpr std::size_t slots = 256;
  static std::size_t slot_of(const std::string& user_id);

  struct Entry {
    std::shared_ptr<const UserState> records;
    std::int64_t read_at = 0;
    std::size_t rows = 0;
  };
  void erase(std::unordered_map<std::string, Entry>::iterator it);

  const std::size_t max_people_, max_rows_;
  std::int64_t ttl_ms_;
  mutable std::shared_mutex mutex_;
  std::unordered_map<std::string, Entry> people_;
  std::size_t rows_ = 0;                  // of every entry
  std::optional<std::int64_t> swept_at_;  // the last sweep of expired entries (put, when full)
  std::optional<std::int64_t> stamp_;
  std::int64_t stamp_read_at_ = 0;
  std::uint64_t generation_ = 0, catalogue_epoch_ = 0;
  std::array<std::uint64_t, slots> slot_epochs_{};
  bool enabled_ = false;
};

// Keeps this node's ReadCache in step (PostgreSQL): the triggers' signals of this node's writes, the other
// nodes' notifications, and this node's record changes told to the others in batches (a NOTIFY inside every
// progress write would take PostgreSQL's database-wide notify lock at each commit). SQLite: the cache stays
// off. LEARNING_CACHE_TTL_MS sets the time limit (tests).
class ReadCacheSync {
 public:
  explicit ReadCacheSync(db::Database& db);
  ~ReadCacheSync();
  void start();
  void stop();

 private:
  void received(const std::string& payload);
  void changed(const std::string& user_id);  // this node's write, committed
  void tell_others();

  db::Database& db_;
  const std::string node_id_;
  std::unique_ptr<db::Database::Subscription> subscription_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<std::string> pending_;
  bool stopping_ = false;
  std::thread teller_;
};

}  // namespace shopfloor::learning
