// Verified sessions kept in the process, so a signed-in request skips the database on a hit.
//
// Correctness rests on three rules: every revocation or user edit drops the entries it touches (locally
// after commit, on other nodes through LISTEN/NOTIFY, see session_registry.hpp); a lookup that read the
// database before such a drop may not store its (possibly stale) answer, which an epoch counter detects;
// and while the cross-node channel is down the cache is off, so nothing possibly revoked is served.
// Entries also expire after a short TTL as a backstop for any write that bypasses those paths.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <shared_mutex>
#include <string>
#include <unordered_map>

#include "db/database.hpp"
#include "http/session_user.hpp"

namespace shopfloor::auth {

class SessionCache {
 public:
  struct Entry {
    SessionUser user;              // includes the session's token hash and expiry
    std::int64_t updated_at = 0;   // the session row's updated_at (sliding expiry), epoch ms
    std::int64_t verified_at = 0;  // when this process last read the row, epoch ms
  };

  static constexpr std::size_t default_max_entries = 20'000;
  static constexpr std::int64_t default_ttl_ms = 60'000;

  explicit SessionCache(std::size_t max_entries = default_max_entries, std::int64_t ttl_ms = default_ttl_ms)
      : max_entries_(max_entries), ttl_ms_(ttl_ms) {}

  // A live entry for this token hash, or null (absent, session expired, TTL passed, or cache off).
  std::shared_ptr<const Entry> find(const std::string& token_hash, std::int64_t now) const;

  // Read before a database lookup; pass it to put() so a drop that happened meanwhile wins.
  std::uint64_t epoch() const;
  // Stores the entry unless the cache is off or anything was dropped since `epoch_seen`.
  void put(const std::string& token_hash, Entry entry, std::uint64_t epoch_seen);

  // The small tables every cached session's audience columns are resolved against (resources/audience.cpp:
  // the content groups and subgroups), under the same rules as the sessions: null while off or after the
  // TTL, dropped by flush() (SessionRegistry::audience_changed on every node), stored only if nothing was
  // dropped since `epoch_seen`.
  std::shared_ptr<const db::Result> audience_tables(std::int64_t now) const;
  void put_audience_tables(std::shared_ptr<const db::Result> tables, std::int64_t now,
                           std::uint64_t epoch_seen);

  void drop_token(const std::string& token_hash);
  void drop_user(const std::string& user_id);
  void flush();
  // Off: every lookup misses and nothing is stored (the cross-node channel is down). Both directions
  // flush, so entries from before a gap in notifications are never served.
  void set_enabled(bool enabled);
  bool enabled() const;
  std::size_t size() const;

 private:
  const std::size_t max_entries_;
  const std::int64_t ttl_ms_;
  mutable std::shared_mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<const Entry>> entries_;  // by token hash
  std::shared_ptr<const db::Result> audience_tables_;
  std::int64_t audience_tables_at_ = 0;
  std::uint64_t epoch_ = 0;
  bool enabled_ = false;
};

}  // namespace shopfloor::auth
