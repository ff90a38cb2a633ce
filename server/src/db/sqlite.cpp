// SQLite backend: a fixed pool of connections to one file in WAL mode.
//
// Statements are written with PostgreSQL's $N placeholders and rewritten to SQLite's ?N once, when first
// prepared; each connection keeps its prepared statements keyed by the original SQL text.
#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>

#include "db/backends.hpp"

namespace shopfloor::db {

std::string rewrite_placeholders(std::string_view sql) {
  auto ident_char = [](char c) {
    auto u = static_cast<unsigned char>(c);
    return std::isalnum(u) || c == '_' || c == '$' || u >= 0x80;
  };
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  std::string out;
  out.reserve(sql.size());
  const std::size_t n = sql.size();
  std::size_t i = 0;
  while (i < n) {
    const char c = sql[i];
    std::size_t end = i + 1;
    if (c == '\'' || c == '"' || c == '`') {
      // String literal or quoted identifier; a doubled quote is an escaped quote, not the end.
      while (end < n) {
        if (sql[end] != c) {
          ++end;
        } else if (end + 1 < n && sql[end + 1] == c) {
          end += 2;
        } else {
          ++end;
          break;
        }
      }
    } else if (c == '-' && i + 1 < n && sql[i + 1] == '-') {
      end = sql.find('\n', i);
      end = end == std::string_view::npos ? n : end;
    } else if (c == '/' && i + 1 < n && sql[i + 1] == '*') {
      end = sql.find("*/", i + 2);
      end = end == std::string_view::npos ? n : end + 2;
    } else if (c == '$' && i + 1 < n && digit(sql[i + 1]) && (i == 0 || !ident_char(sql[i - 1]))) {
      out += '?';
      ++i;
      while (i < n && digit(sql[i])) out += sql[i++];
      continue;
    }
    out.append(sql.substr(i, end - i));
    i = end;
  }
  return out;
}

namespace {

ErrorKind kind_of(int extended_code) {
  switch (extended_code) {
    case SQLITE_CONSTRAINT_UNIQUE:
    case SQLITE_CONSTRAINT_PRIMARYKEY:
      return ErrorKind::unique_violation;
    case SQLITE_CONSTRAINT_FOREIGNKEY:
      return ErrorKind::foreign_key_violation;
    case SQLITE_CONSTRAINT_CHECK:
      return ErrorKind::check_violation;
    default:
      break;
  }
  switch (extended_code & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return ErrorKind::busy;
    default:
      return ErrorKind::other;
  }
}

// Enough for every statement the application writes; dynamic SQL past this just clears the cache.
constexpr std::size_t kMaxCachedStatements = 512;

class SqliteConnection final : public Connection {
 public:
  SqliteConnection(const std::string& path, int busy_timeout_ms) {
    const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
    const int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
    if (rc != SQLITE_OK) {
      std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
      sqlite3_close(db_);
      throw Error(ErrorKind::connection, "db: cannot open SQLite database " + path + ": " + message);
    }
    sqlite3_extended_result_codes(db_, 1);
    sqlite3_busy_timeout(db_, busy_timeout_ms);
    try {
      exec_script("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;");
    } catch (const Error& e) {
      sqlite3_close(db_);
      throw Error(ErrorKind::connection, std::string("db: cannot configure SQLite database: ") + e.what());
    }
  }

  ~SqliteConnection() override {
    for (auto& [sql, stmt] : cache_) sqlite3_finalize(stmt);
    sqlite3_close(db_);
  }

  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;

  Backend backend() const override { return Backend::sqlite; }

  Result exec(std::string_view sql, std::span<const Value> params) override {
    sqlite3_stmt* stmt = prepare(sql);
    // Cached statements must be reset even when a step throws, or they hold locks and bindings.
    struct Reset {
      sqlite3_stmt* stmt;
      ~Reset() {
        sqlite3_reset(stmt);
        sqlite3_clear_bindings(stmt);
      }
    } reset{stmt};

    const int expected = sqlite3_bind_parameter_count(stmt);
    if (expected != static_cast<int>(params.size())) {
      throw Error(ErrorKind::other, "db: statement takes " + std::to_string(expected) + " parameters, got " +
                                        std::to_string(params.size()));
    }
    for (int i = 0; i < expected; ++i) {
      const Value& v = params[static_cast<std::size_t>(i)];
      int rc = SQLITE_OK;
      if (auto* n = std::get_if<std::int64_t>(&v)) {
        rc = sqlite3_bind_int64(stmt, i + 1, *n);
      } else if (auto* d = std::get_if<double>(&v)) {
        rc = sqlite3_bind_double(stmt, i + 1, *d);
      } else if (auto* s = std::get_if<std::string>(&v)) {
        // STATIC is safe: params outlive the statement's use, and bindings are cleared on return.
        rc = sqlite3_bind_text64(stmt, i + 1, s->data(), s->size(), SQLITE_STATIC, SQLITE_UTF8);
      } else {
        rc = sqlite3_bind_null(stmt, i + 1);
      }
      if (rc != SQLITE_OK) fail(rc);
    }

    Result result;
    const int ncols = sqlite3_column_count(stmt);
    auto columns = std::make_shared<std::vector<std::string>>();
    columns->reserve(static_cast<std::size_t>(ncols));
    for (int i = 0; i < ncols; ++i) columns->emplace_back(sqlite3_column_name(stmt, i));
    result.columns = columns;

    const sqlite3_int64 changes_before = sqlite3_total_changes64(db_);
    for (;;) {
      const int rc = sqlite3_step(stmt);
      if (rc == SQLITE_DONE) break;
      if (rc != SQLITE_ROW) fail(rc);
      std::vector<Value> values;
      values.reserve(static_cast<std::size_t>(ncols));
      for (int i = 0; i < ncols; ++i) {
        switch (sqlite3_column_type(stmt, i)) {
          case SQLITE_INTEGER:
            values.emplace_back(static_cast<std::int64_t>(sqlite3_column_int64(stmt, i)));
            break;
          case SQLITE_FLOAT:
            values.emplace_back(sqlite3_column_double(stmt, i));
            break;
          case SQLITE_NULL:
            values.emplace_back(std::monostate{});
            break;
          default: {  // TEXT and BLOB
            auto* data = static_cast<const char*>(sqlite3_column_blob(stmt, i));
            const int size = sqlite3_column_bytes(stmt, i);
            values.emplace_back(std::string(data ? data : "", static_cast<std::size_t>(size)));
          }
        }
      }
      result.rows.emplace_back(columns, std::move(values));
    }
    // sqlite3_changes() keeps the count of the last INSERT/UPDATE/DELETE, even after a SELECT or DDL;
    // only trust it when this statement changed something.
    if (sqlite3_total_changes64(db_) != changes_before) result.affected = sqlite3_changes64(db_);
    return result;
  }

  void exec_script(std::string_view sql) override {
    char* err = nullptr;
    const int rc = sqlite3_exec(db_, std::string(sql).c_str(), nullptr, nullptr, &err);
    if (rc != SQLITE_OK) {
      std::string message = err ? err : sqlite3_errstr(rc);
      sqlite3_free(err);
      throw Error(kind_of(sqlite3_extended_errcode(db_)), "db: " + message);
    }
  }

  bool in_transaction() const { return sqlite3_get_autocommit(db_) == 0; }

 private:
  sqlite3_stmt* prepare(std::string_view sql) {
    if (auto it = cache_.find(sql); it != cache_.end()) return it->second;
    const std::string text = rewrite_placeholders(sql);
    sqlite3_stmt* stmt = nullptr;
    const char* tail = nullptr;
    int rc = sqlite3_prepare_v3(db_, text.c_str(), static_cast<int>(text.size()), SQLITE_PREPARE_PERSISTENT,
                                &stmt, &tail);
    if (rc != SQLITE_OK) fail(rc);
    if (!stmt) throw Error(ErrorKind::other, "db: empty statement");
    // exec() runs one statement; anything but whitespace and comments after it would be silently ignored.
    sqlite3_stmt* extra = nullptr;
    rc = sqlite3_prepare_v2(db_, tail, static_cast<int>(text.c_str() + text.size() - tail), &extra, nullptr);
    if (rc != SQLITE_OK || extra) {
      sqlite3_finalize(extra);
      sqlite3_finalize(stmt);
      throw Error(ErrorKind::other, "db: exec() takes one statement; use exec_script() for several");
    }
    if (cache_.size() >= kMaxCachedStatements) {
      for (auto& [key, cached] : cache_) sqlite3_finalize(cached);
      cache_.clear();
    }
    cache_.emplace(std::string(sql), stmt);
    return stmt;
  }

  [[noreturn]] void fail(int rc) {
    const int code = sqlite3_extended_errcode(db_);
    throw Error(kind_of(code ? code : rc), std::string("db: ") + sqlite3_errmsg(db_));
  }

  sqlite3* db_ = nullptr;
  std::map<std::string, sqlite3_stmt*, std::less<>> cache_;
};

class SqliteDatabase final : public Database {
 public:
  SqliteDatabase(const std::string& path, const Options& options)
      : Database(options), pool_(std::max(1, options.pool_size)) {
    // Every connection is opened here: take() never has room to open another.
    for (int i = 0; i < std::max(1, options.pool_size); ++i)
      pool_.add(std::make_unique<SqliteConnection>(path, options.busy_timeout_ms));
  }

  // Queued work holds leases on our connections: let it finish before they are closed.
  ~SqliteDatabase() override { shutdown(); }

  Backend backend() const override { return Backend::sqlite; }

 protected:
  class SqliteLease final : public Lease {
   public:
    SqliteLease(SqliteDatabase& owner, std::unique_ptr<SqliteConnection> conn)
        : owner_(owner), conn_(std::move(conn)) {}
    ~SqliteLease() override {
      rollback();
      owner_.pool_.put(std::move(conn_));
    }
    Connection& connection() override { return *conn_; }
    void begin(TxMode mode) override { conn_->exec(mode == TxMode::write ? "BEGIN IMMEDIATE" : "BEGIN", {}); }
    void commit() override { conn_->exec("COMMIT", {}); }
    void rollback() noexcept override {
      if (!conn_->in_transaction()) return;
      try {
        conn_->exec("ROLLBACK", {});
      } catch (...) {  // nothing useful to do; the next BEGIN will report a broken connection
      }
    }

   private:
    SqliteDatabase& owner_;
    std::unique_ptr<SqliteConnection> conn_;
  };

  std::unique_ptr<Lease> acquire() override {
    auto conn = pool_.take(std::chrono::milliseconds(options_.busy_timeout_ms),
                           "db: timed out waiting for a free SQLite connection");
    return std::make_unique<SqliteLease>(*this, std::move(conn));
  }

 private:
  ConnectionPool<SqliteConnection> pool_;
};

}  // namespace

std::unique_ptr<Database> open_sqlite(const std::string& path, const Options& options) {
  Options effective = options;
  // Every connection to ":memory:" is its own empty database, so an in-memory database gets exactly one
  // connection (and one worker): simpler and more predictable than shared-cache mode, whose table locks
  // fail with SQLITE_LOCKED instead of waiting.
  if (path == ":memory:") effective.pool_size = 1;
  return std::make_unique<SqliteDatabase>(path, effective);
}

}  // namespace shopfloor::db
