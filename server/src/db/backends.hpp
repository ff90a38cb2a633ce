// Private to src/db: the backend factories Database::open() dispatches to, and shared helpers.
#pragma once

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "db/migrate.hpp"

namespace shopfloor::db {

// path is a file path or ":memory:"; its parent folder already exists.
std::unique_ptr<Database> open_sqlite(const std::string& path, const Options& options);
// url is a libpq connection URI (postgres:// or postgresql://).
std::unique_ptr<Database> open_postgres(const std::string& url, const Options& options);

// A backend's connections: the idle ones, and at most `limit` open in all. take() hands out an idle one, or
// reserves room for the caller to open one (then forget() if it could not); put() gives one back.
template <class Conn>
class ConnectionPool {
 public:
  explicit ConnectionPool(int limit) : limit_(limit) {}

  // A connection opened up front.
  void add(std::unique_ptr<Conn> conn) {
    std::lock_guard lock(mu_);
    idle_.push_back(std::move(conn));
    ++open_;
  }
  // An idle connection, or nullptr with a slot reserved for a new one; Error(busy, timed_out) after
  // `timeout`.
  std::unique_ptr<Conn> take(std::chrono::milliseconds timeout, const char* timed_out) {
    std::unique_lock lock(mu_);
    if (!free_.wait_for(lock, timeout, [&] { return !idle_.empty() || open_ < limit_; }))
      throw Error(ErrorKind::busy, timed_out);
    if (idle_.empty()) {
      ++open_;  // reserve the slot; the caller connects outside the lock
      return nullptr;
    }
    auto conn = std::move(idle_.back());
    idle_.pop_back();
    return conn;
  }
  void put(std::unique_ptr<Conn> conn) {
    {
      std::lock_guard lock(mu_);
      idle_.push_back(std::move(conn));
    }
    free_.notify_one();
  }
  // A reserved slot whose connection could not be (re)opened: free it for the next attempt.
  void forget() {
    {
      std::lock_guard lock(mu_);
      --open_;
    }
    free_.notify_one();
  }

 private:
  const int limit_;
  std::mutex mu_;
  std::condition_variable free_;
  std::vector<std::unique_ptr<Conn>> idle_;
  int open_ = 0;
};

// Shortest text that reads back as the same double; NaN/Infinity spelled as PostgreSQL does.
std::string format_double(double v);

// Rewrites $N placeholders to ?N outside string literals, quoted identifiers and comments.
std::string rewrite_placeholders(std::string_view sql);

// The migrations that apply to one backend, in name order. NNNN_x.sqlite.sql / NNNN_x.postgres.sql run only
// on their backend and, there, replace NNNN_x.sql if it exists.
std::vector<EmbeddedMigration> migrations_for(Backend backend, const std::vector<EmbeddedMigration>& all);

}  // namespace shopfloor::db
