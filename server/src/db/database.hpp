// One database interface over two backends: SQLite (embedded default) and PostgreSQL (scale).
//
// SQL is written once, in PostgreSQL's placeholder style ($1, $2, ...); the SQLite backend rewrites
// placeholders to ?1, ?2 so the same statement text runs on both. Work runs on a DB worker pool inside a
// transaction, so an IO thread never blocks on the database:
//
//   auto user = co_await db.transact([&](db::Connection& c) {
//     return c.query("SELECT id, name FROM users WHERE id = $1", id).first();
//   });
#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include "util/run_on_pool.hpp"

namespace shopfloor::db {

namespace asio = boost::asio;

// std::monostate is SQL NULL.
using Value = std::variant<std::monostate, std::int64_t, double, std::string>;

inline Value to_value(std::nullptr_t) {
  return std::monostate{};
}
inline Value to_value(bool v) {
  return std::int64_t{v ? 1 : 0};
}
template <class T>
requires std::is_integral_v<T>
inline Value to_value(T v) {
  return static_cast<std::int64_t>(v);
}
inline Value to_value(double v) {
  return v;
}
inline Value to_value(std::string v) {
  return v;
}
inline Value to_value(std::string_view v) {
  return std::string(v);
}
inline Value to_value(const char* v) {
  return v ? Value(std::string(v)) : Value(std::monostate{});
}
inline Value to_value(Value v) {
  return v;
}
template <class T>
inline Value to_value(const std::optional<T>& v) {
  return v ? to_value(*v) : Value{std::monostate{}};
}

enum class Backend { sqlite, postgres };

// Why a statement failed, in terms callers act on (409 for unique, retry for busy/serialization).
enum class ErrorKind { unique_violation, foreign_key_violation, check_violation, busy, connection, other };

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const { return kind_; }

 private:
  ErrorKind kind_;
};

class Row {
 public:
  Row(std::shared_ptr<const std::vector<std::string>> columns, std::vector<Value> values)
      : columns_(std::move(columns)), values_(std::move(values)) {}

  std::size_t size() const { return values_.size(); }
  const Value& at(std::size_t i) const { return values_.at(i); }
  const Value& at(std::string_view column) const { return values_.at(index(column)); }
  std::size_t index(std::string_view column) const;  // throws std::out_of_range for an unknown column

  bool is_null(std::size_t i) const { return std::holds_alternative<std::monostate>(at(i)); }
  bool is_null(std::string_view c) const { return is_null(index(c)); }

  // Lenient accessors: integers read from doubles or numeric text (PostgreSQL SUM() is numeric).
  // NULL reads as "" / 0 / 0.0; use the opt_ forms where NULL means something.
  std::string str(std::size_t i) const;
  std::string str(std::string_view c) const { return str(index(c)); }
  std::int64_t i64(std::size_t i) const;
  std::int64_t i64(std::string_view c) const { return i64(index(c)); }
  double f64(std::size_t i) const;
  double f64(std::string_view c) const { return f64(index(c)); }
  bool boolean(std::size_t i) const { return i64(i) != 0; }
  bool boolean(std::string_view c) const { return boolean(index(c)); }
  std::optional<std::string> opt_str(std::size_t i) const;
  std::optional<std::string> opt_str(std::string_view c) const { return opt_str(index(c)); }
  std::optional<std::int64_t> opt_i64(std::size_t i) const;
  std::optional<std::int64_t> opt_i64(std::string_view c) const { return opt_i64(index(c)); }

  const std::vector<std::string>& columns() const { return *columns_; }

 private:
  std::shared_ptr<const std::vector<std::string>> columns_;
  std::vector<Value> values_;
};

struct Result {
  std::shared_ptr<const std::vector<std::string>> columns;
  std::vector<Row> rows;
  std::int64_t affected = 0;  // rows changed by INSERT/UPDATE/DELETE

  bool empty() const { return rows.empty(); }
  std::optional<Row> first() const { return rows.empty() ? std::nullopt : std::optional<Row>(rows.front()); }
  // The single value of a one-row, one-column result (e.g. SELECT COUNT(*)); throws if there is no row.
  const Value& scalar() const;
  // The first column of every row as text, in order: a list of ids (`c.query("SELECT id …").first_column()`),
  // or a set of them (`.first_column<std::set<std::string>>()`).
  template <class Out = std::vector<std::string>>
  Out first_column() const {
    Out out;
    for (const auto& r : rows) out.insert(out.end(), r.str(0));
    return out;
  }
};

// A connection leased for one unit of work; inside transact() it is inside a transaction.
class Connection {
 public:
  virtual ~Connection() = default;
  virtual Backend backend() const = 0;
  virtual Result exec(std::string_view sql, std::span<const Value> params) = 0;
  // Runs several statements with no parameters (migrations).
  virtual void exec_script(std::string_view sql) = 0;

  template <class... Args>
  Result query(std::string_view sql, Args&&... args) {
    if constexpr (sizeof...(Args) == 0) {
      return exec(sql, {});
    } else {
      const Value params[] = {to_value(std::forward<Args>(args))...};
      return exec(sql, params);
    }
  }

  // Backend-specific pieces of DDL/SQL that have no common spelling, used sparingly.
  bool is_sqlite() const { return backend() == Backend::sqlite; }

  // Runs fn once this transaction has committed (never when it rolls back or is retried): effects outside
  // the database that must not happen before the change is visible, such as dropping cached sessions.
  // Runs on the thread that committed; fn must not throw.
  void after_commit(std::function<void()> fn) { after_commit_.push_back(std::move(fn)); }
  std::vector<std::function<void()>> take_after_commit() { return std::exchange(after_commit_, {}); }

 private:
  std::vector<std::function<void()>> after_commit_;
};

struct Options {
  int pool_size = 4;           // connections, and DB worker threads
  int busy_timeout_ms = 5000;  // SQLite busy timeout / how long a lease may wait
  int max_retries = 3;         // transaction retries on busy / serialization failure / deadlock
};

enum class TxMode {
  read,   // BEGIN (deferred) on SQLite, READ ONLY on PostgreSQL
  write,  // BEGIN IMMEDIATE on SQLite so writers queue instead of failing on lock upgrade
};

class Database {
 public:
  virtual ~Database();

  // "sqlite://./data/shopfloor.db", "sqlite://:memory:" (tests), or "postgres://user:pw@host:port/db"
  // (also "postgresql://"). Throws db::Error(connection) when it cannot connect.
  static std::unique_ptr<Database> open(const std::string& url, const Options& options = {});

  virtual Backend backend() const = 0;
  std::string_view backend_name() const { return backend() == Backend::sqlite ? "sqlite" : "postgres"; }

  // Runs fn(Connection&) in a transaction on the calling thread: commit when it returns, rollback when it
  // throws. Retried (fn runs again) on busy/serialization/deadlock errors up to Options::max_retries.
  // For the CLI, migrations and tests; request handlers use transact()/read() below.
  template <class F>
  auto transact_sync(F&& fn, TxMode mode = TxMode::write) -> std::invoke_result_t<F&, Connection&> {
    using R = std::invoke_result_t<F&, Connection&>;
    for (int attempt = 0;; ++attempt) {
      auto lease = acquire();
      lease->connection().take_after_commit();  // nothing left over from an earlier lease
      lease->begin(mode);
      try {
        if constexpr (std::is_void_v<R>) {
          fn(lease->connection());
          lease->commit();
          run_after_commit(lease->connection());
          return;
        } else {
          R result = fn(lease->connection());
          lease->commit();
          run_after_commit(lease->connection());
          return result;
        }
      } catch (const Error& e) {
        lease->rollback();
        lease->connection().take_after_commit();
        if (!retryable(e) || attempt >= options_.max_retries) throw;
      } catch (...) {
        lease->rollback();
        lease->connection().take_after_commit();
        throw;
      }
    }
  }

  // The same on a DB worker thread; the awaiting coroutine resumes on its own executor.
  template <class F>
  auto transact(F fn, TxMode mode = TxMode::write) -> asio::awaitable<std::invoke_result_t<F&, Connection&>> {
    return run_on_pool(workers_,
                       [this, fn = std::move(fn), mode]() mutable { return transact_sync(fn, mode); });
  }
  template <class F>
  auto read(F fn) -> asio::awaitable<std::invoke_result_t<F&, Connection&>> {
    return transact(std::move(fn), TxMode::read);
  }

  // Runs any blocking function (password hashing, image resizing, file reads) on a thread of its own pool,
  // not a DB worker: a burst of slow work must not hold up every query behind it.
  template <class F>
  auto offload(F fn) -> asio::awaitable<std::invoke_result_t<F&>> {
    return run_on_pool(blocking_, std::move(fn));
  }

  // Runs fn on the same pool with nobody awaiting it: a bounded background job (a badge backfill) that does
  // its work in transact_sync chunks. fn must not throw.
  template <class F>
  void run_in_background(F fn) {
    asio::post(blocking_, std::move(fn));
  }

  // Applies embedded migrations not yet recorded in schema_migrations, each in its own transaction.
  // Returns the names applied.
  std::vector<std::string> migrate();

  // Lets the DB worker threads finish queued work, then stops them. Called on shutdown.
  void shutdown();

  // Cross-node messages: every NOTIFY on `channel` (from any process on the same database) calls
  // on_message(payload) on a background thread until the Subscription is destroyed. PostgreSQL only:
  // SQLite is one node, so it returns nullptr and callers rely on their in-process delivery alone.
  // on_state(true) is called each time the LISTEN is in place, on_state(false) each time the connection
  // is lost (messages sent meanwhile are missed), on the same background thread.
  class Subscription {
   public:
    virtual ~Subscription() = default;
  };
  virtual std::unique_ptr<Subscription> listen(const std::string& channel,
                                               std::function<void(std::string payload)> on_message,
                                               std::function<void(bool listening)> on_state = {}) {
    return nullptr;
  }

  // In-band signals from triggers (PostgreSQL): a trigger's `RAISE INFO 'shopfloor:NAME PAYLOAD'` reaches the
  // connection whose statement fired it, inside that statement's answer (no round trip of its own), and
  // handler(payload) runs once the transaction has committed (after_commit: never on rollback), on the
  // committing thread, before the request's answer goes out. So a node's caches drop what its own writes
  // changed whatever code path wrote it. INFO reaches the client whatever client_min_messages says.
  // Register before serving; handler must not throw. SQLite raises none.
  using SignalHandler = std::function<void(const std::string& payload)>;
  void on_signal(const std::string& name, SignalHandler handler);

 protected:
  class Lease {
   public:
    virtual ~Lease() = default;  // returns the connection to the pool
    virtual Connection& connection() = 0;
    virtual void begin(TxMode mode) = 0;
    virtual void commit() = 0;
    virtual void rollback() noexcept = 0;
  };

  explicit Database(const Options& options);
  virtual std::unique_ptr<Lease> acquire() = 0;  // blocks until a connection is free
  static bool retryable(const Error& e) { return e.kind() == ErrorKind::busy; }
  static void run_after_commit(Connection& c) {
    for (auto& fn : c.take_after_commit()) fn();
  }

  // The handler of a signal raised in a transaction on c, queued to run after it commits.
  void signal(Connection& c, std::string_view name, std::string payload) const;

  Options options_;
  mutable std::shared_mutex signals_mutex_;
  std::unordered_map<std::string, SignalHandler> signals_;
  asio::thread_pool workers_;   // transactions: one thread per pooled connection
  asio::thread_pool blocking_;  // offload(): CPU-bound or file work, one thread per core (at least 4)
};

}  // namespace shopfloor::db
