// PostgreSQL backend: a pool of libpq connections, opened lazily up to Options::pool_size.
//
// Parameters go as text with the type stated for numbers (so $1 + 1 and LIMIT $1 work) and left for the
// server to infer for strings and NULLs. Results come back as text and are converted by column type.
#include <libpq-fe.h>
#include <poll.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <list>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "db/backends.hpp"

namespace shopfloor::db {

namespace {

// Type OIDs from pg_type.h (stable across versions); libpq does not export them.
constexpr Oid kBoolOid = 16;
constexpr Oid kInt8Oid = 20;
constexpr Oid kInt2Oid = 21;
constexpr Oid kInt4Oid = 23;
constexpr Oid kOidOid = 26;
constexpr Oid kFloat4Oid = 700;
constexpr Oid kFloat8Oid = 701;
constexpr Oid kNumericOid = 1700;

ErrorKind kind_of(std::string_view sqlstate) {
  if (sqlstate == "23505") return ErrorKind::unique_violation;
  if (sqlstate == "23503") return ErrorKind::foreign_key_violation;
  if (sqlstate == "23514") return ErrorKind::check_violation;
  if (sqlstate == "40001" || sqlstate == "40P01") return ErrorKind::busy;  // serialization failure, deadlock
  if (sqlstate.starts_with("08")) return ErrorKind::connection;
  return ErrorKind::other;
}

std::string trim_newlines(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

Value convert(Oid type, const char* text, int length) {
  const char* end = text + length;
  switch (type) {
    case kInt2Oid:
    case kInt4Oid:
    case kInt8Oid:
    case kOidOid: {
      std::int64_t n = 0;
      if (auto r = std::from_chars(text, end, n); r.ec == std::errc() && r.ptr == end) return n;
      break;
    }
    case kFloat4Oid:
    case kFloat8Oid:
    case kNumericOid: {
      double d = 0;  // from_chars also reads PostgreSQL's NaN / Infinity / -Infinity
      if (auto r = std::from_chars(text, end, d); r.ec == std::errc() && r.ptr == end) return d;
      break;
    }
    case kBoolOid:
      return std::int64_t{text[0] == 't' ? 1 : 0};
    default:
      break;
  }
  return std::string(text, static_cast<std::size_t>(length));
}

// A trigger's in-band signal (Database::on_signal): RAISE INFO 'shopfloor:NAME PAYLOAD'.
constexpr std::string_view kSignalPrefix = "shopfloor:";
using SignalSink = std::function<void(Connection&, std::string_view name, std::string payload)>;

struct ResultDeleter {
  void operator()(PGresult* r) const { PQclear(r); }
};
using PgResult = std::unique_ptr<PGresult, ResultDeleter>;

class PgConnection final : public Connection {
 public:
  PgConnection(const std::string& url, SignalSink signals)
      : conn_(PQconnectdb(url.c_str())), signals_(std::move(signals)) {
    if (!healthy()) {
      std::string message = conn_ ? trim_newlines(PQerrorMessage(conn_)) : "out of memory";
      PQfinish(conn_);
      throw Error(ErrorKind::connection, "db: cannot connect to PostgreSQL: " + message);
    }
    try {
      configure();
    } catch (...) {
      PQfinish(conn_);
      throw;
    }
  }

  ~PgConnection() override { PQfinish(conn_); }

  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;

  Backend backend() const override { return Backend::postgres; }

  bool healthy() const { return conn_ && PQstatus(conn_) == CONNECTION_OK; }
  bool in_transaction() const {
    const auto status = PQtransactionStatus(conn_);
    return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE;
  }

  // Reconnects with the same parameters after the server or network dropped us.
  void reset() {
    forget_statements(false);
    PQreset(conn_);
    if (!healthy()) {
      throw Error(ErrorKind::connection,
                  "db: cannot reconnect to PostgreSQL: " + trim_newlines(PQerrorMessage(conn_)));
    }
    configure();
  }

  Result exec(std::string_view sql, std::span<const Value> params) override {
    const std::string text(sql);
    std::vector<std::string> numbers(params.size());
    std::vector<const char*> values(params.size(), nullptr);
    std::vector<Oid> types(params.size(), 0);
    for (std::size_t i = 0; i < params.size(); ++i) {
      const Value& v = params[i];
      if (auto* n = std::get_if<std::int64_t>(&v)) {
        numbers[i] = std::to_string(*n);
        values[i] = numbers[i].c_str();
        types[i] = kInt8Oid;
      } else if (auto* d = std::get_if<double>(&v)) {
        numbers[i] = format_double(*d);
        values[i] = numbers[i].c_str();
        types[i] = kFloat8Oid;
      } else if (auto* s = std::get_if<std::string>(&v)) {
        values[i] = s->c_str();
      }
    }
    const int n = static_cast<int>(params.size());
    const char* name = statement_name(text, types);
    PgResult res(
        name ? PQexecPrepared(conn_, name, n, values.data(), nullptr, nullptr, 0)
             : PQexecParams(conn_, text.c_str(), n, types.data(), values.data(), nullptr, nullptr, 0));
    check(res.get());

    Result result;
    const int ncols = PQnfields(res.get());
    const int nrows = PQntuples(res.get());
    auto columns = std::make_shared<std::vector<std::string>>();
    std::vector<Oid> column_types;
    for (int c = 0; c < ncols; ++c) {
      columns->emplace_back(PQfname(res.get(), c));
      column_types.push_back(PQftype(res.get(), c));
    }
    result.columns = columns;
    result.rows.reserve(static_cast<std::size_t>(nrows));
    for (int r = 0; r < nrows; ++r) {
      std::vector<Value> row;
      row.reserve(static_cast<std::size_t>(ncols));
      for (int c = 0; c < ncols; ++c) {
        if (PQgetisnull(res.get(), r, c)) {
          row.emplace_back(std::monostate{});
        } else {
          row.push_back(convert(column_types[c], PQgetvalue(res.get(), r, c), PQgetlength(res.get(), r, c)));
        }
      }
      result.rows.emplace_back(columns, std::move(row));
    }
    // PQcmdTuples also counts the rows a SELECT returned; `affected` is only about changed rows.
    const std::string_view status = PQcmdStatus(res.get());
    const std::string_view count = PQcmdTuples(res.get());
    if (!status.starts_with("SELECT") && !count.empty()) {
      std::from_chars(count.data(), count.data() + count.size(), result.affected);
    }
    return result;
  }

  // Scripts are migrations and maintenance: a table they change may change what a prepared statement
  // answers, so the statements are prepared afresh after one.
  void exec_script(std::string_view sql) override {
    run(sql);
    forget_statements(true);
  }

  // BEGIN, COMMIT, ROLLBACK and settings: no statement changes.
  void run(std::string_view sql) {
    PgResult res(PQexec(conn_, std::string(sql).c_str()));
    check(res.get());
  }

 private:
  // Each connection parses and plans a statement once: a text seen a second time (every request's reads and
  // writes are) becomes a named prepared statement, keyed by its text and its parameters' types. PostgreSQL
  // re-plans it when a table it reads changes, and after five runs keeps one generic plan when that costs no
  // more than planning each time (plan_cache_mode = auto). A text seen once (an IN list or a multi-row insert
  // built for one call) runs unprepared, and the least recently used are deallocated past the capacity, so
  // neither the round trips nor the server's memory grow with such texts.
  struct Statement {
    std::string name;  // empty: seen once, not prepared
    std::list<std::string>::iterator recent;
  };
  static constexpr std::size_t kStatementCapacity = 512;

  static bool worth_preparing(std::string_view sql) {
    auto start = sql.find_first_not_of(" \t\r\n(");
    if (start == std::string_view::npos) return false;
    auto word = sql.substr(start, 6);
    auto is = [&](std::string_view w) {
      return word.size() >= w.size() && std::equal(w.begin(), w.end(), word.begin(), [](char a, char b) {
               return a == (b >= 'a' && b <= 'z' ? static_cast<char>(b - 'a' + 'A') : b);
             });
    };
    return is("SELECT") || is("INSERT") || is("UPDATE") || is("DELETE") || is("WITH");
  }

  // The prepared statement to run `text` with, preparing it on its second sighting; null to run it
  // unprepared.
  const char* statement_name(const std::string& text, const std::vector<Oid>& types) {
    if (!worth_preparing(text)) return nullptr;
    std::string key = text;
    key.push_back('\0');
    for (Oid t : types) key += std::to_string(t) + ',';
    auto it = statements_.find(key);
    if (it == statements_.end()) {
      recent_.push_front(key);
      statements_.emplace(std::move(key), Statement{{}, recent_.begin()});
      trim_statements();
      return nullptr;
    }
    recent_.splice(recent_.begin(), recent_, it->second.recent);
    if (it->second.name.empty()) {
      std::string name = "sf" + std::to_string(++statements_named_);
      PgResult res(
          PQprepare(conn_, name.c_str(), text.c_str(), static_cast<int>(types.size()), types.data()));
      check(res.get());  // an error (a failed transaction, say) prepares nothing: the caller sees it
      it->second.name = std::move(name);
    }
    return it->second.name.c_str();
  }

  void trim_statements() {
    while (statements_.size() > kStatementCapacity) {
      auto it = statements_.find(recent_.back());
      if (!it->second.name.empty()) deallocate(it->second.name);
      statements_.erase(it);
      recent_.pop_back();
    }
  }

  // Best effort: the statement is gone from our map either way, and only costs the server's memory.
  void deallocate(const std::string& name) { PQclear(PQexec(conn_, ("DEALLOCATE " + name).c_str())); }

  // `on_server`: also deallocate them there (the connection is alive); a reset connection has none left.
  void forget_statements(bool on_server) {
    if (statements_.empty()) return;
    if (on_server) deallocate("ALL");
    statements_.clear();
    recent_.clear();
  }

  // Notices arrive inside a statement's answer: a trigger's signal (INFO, sent whatever client_min_messages
  // says) is handed on, anything else logged.
  static void on_notice(void* self, const PGresult* res) {
    auto* conn = static_cast<PgConnection*>(self);
    const char* severity = PQresultErrorField(res, PG_DIAG_SEVERITY_NONLOCALIZED);
    const char* primary = PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY);
    std::string_view message = primary ? primary : "";
    if (severity && std::string_view(severity) == "INFO" && message.starts_with(kSignalPrefix)) {
      message.remove_prefix(kSignalPrefix.size());
      auto space = message.find(' ');
      std::string_view name = message.substr(0, space);
      std::string payload(space == std::string_view::npos ? std::string_view{} : message.substr(space + 1));
      if (conn->signals_) conn->signals_(*conn, name, std::move(payload));
      return;
    }
    spdlog::warn("postgres: {}", trim_newlines(PQresultErrorMessage(res)));
  }

  void configure() {
    PQsetNoticeReceiver(conn_, on_notice, this);
    run("SET client_min_messages = warning");
    // Our statements are short and planned per request; JIT compiling one costs more than it saves (a year's
    // report sums took 2-3 s with it, 0.2 s without).
    run("SET jit = off");
  }

  // The message is the server's primary text only: never the SQL or its parameters (those are in DETAIL).
  void check(const PGresult* res) {
    const ExecStatusType status = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY) return;
    const char* sqlstate = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : nullptr;
    const char* primary = res ? PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
    std::string message = primary ? primary : trim_newlines(PQerrorMessage(conn_));
    if (message.empty()) message = std::string("unexpected result ") + PQresStatus(status);
    const ErrorKind kind = healthy() ? kind_of(sqlstate ? sqlstate : "") : ErrorKind::connection;
    // A prepared statement we counted on is gone (deallocated behind our back): prepare them all afresh.
    if (sqlstate && std::string_view(sqlstate) == "26000") forget_statements(false);
    throw Error(kind, "db: " + message);
  }

  PGconn* conn_;
  SignalSink signals_;
  std::unordered_map<std::string, Statement> statements_;
  std::list<std::string> recent_;  // the keys of statements_, most recently run first
  std::uint64_t statements_named_ = 0;
};

class PgDatabase final : public Database {
 public:
  PgDatabase(const std::string& url, const Options& options)
      : Database(options), url_(url), pool_(std::max(1, options.pool_size)) {
    // One connection up front so a wrong URL or a down server fails at start-up, not on the first request.
    pool_.add(connect());
  }

  // Queued work holds leases on our connections: let it finish before they are closed.
  ~PgDatabase() override { shutdown(); }

  Backend backend() const override { return Backend::postgres; }

  std::unique_ptr<Subscription> listen(const std::string& channel,
                                       std::function<void(std::string)> on_message,
                                       std::function<void(bool)> on_state) override;

 protected:
  class PgLease final : public Lease {
   public:
    PgLease(PgDatabase& owner, std::unique_ptr<PgConnection> conn) : owner_(owner), conn_(std::move(conn)) {}
    ~PgLease() override {
      rollback();
      owner_.pool_.put(std::move(conn_));
    }
    Connection& connection() override { return *conn_; }
    // A read runs its statements without BEGIN/COMMIT: under READ COMMITTED each statement takes its own
    // snapshot inside a transaction too, so the two round trips bought nothing but the READ ONLY guard (a
    // third of a Learning tab request's round trips went on them).
    void begin(TxMode mode) override {
      writing_ = mode == TxMode::write;
      if (writing_) conn_->run("BEGIN");
    }
    void commit() override {
      if (writing_) conn_->run("COMMIT");
    }
    void rollback() noexcept override {
      if (!conn_->healthy() || !conn_->in_transaction()) return;
      try {
        conn_->run("ROLLBACK");
      } catch (...) {  // a broken connection is reset on its next lease
      }
    }

   private:
    PgDatabase& owner_;
    std::unique_ptr<PgConnection> conn_;
    bool writing_ = false;
  };

  std::unique_ptr<Lease> acquire() override {
    auto conn = pool_.take(std::chrono::milliseconds(options_.busy_timeout_ms),
                           "db: timed out waiting for a free PostgreSQL connection");
    try {
      if (!conn) {
        conn = connect();
      } else if (!conn->healthy()) {
        conn->reset();
      }
    } catch (...) {
      pool_.forget();
      throw;
    }
    return std::make_unique<PgLease>(*this, std::move(conn));
  }

 private:
  std::unique_ptr<PgConnection> connect() {
    return std::make_unique<PgConnection>(url_,
                                          [this](Connection& c, std::string_view name, std::string payload) {
                                            signal(c, name, std::move(payload));
                                          });
  }

  const std::string url_;
  ConnectionPool<PgConnection> pool_;
};

// A dedicated connection that LISTENs and waits on its socket; reconnects (and re-LISTENs) when dropped.
class PgSubscription final : public Database::Subscription {
 public:
  PgSubscription(std::string url, std::string channel, std::function<void(std::string)> on_message,
                 std::function<void(bool)> on_state)
      : url_(std::move(url)),
        channel_(std::move(channel)),
        on_message_(std::move(on_message)),
        on_state_(std::move(on_state)) {
    if (::pipe(wake_) != 0) throw Error(ErrorKind::other, "db: cannot create a pipe for LISTEN");
    thread_ = std::thread([this] { run(); });
  }
  ~PgSubscription() override {
    stop_ = true;
    [[maybe_unused]] auto n = ::write(wake_[1], "x", 1);
    thread_.join();
    ::close(wake_[0]);
    ::close(wake_[1]);
  }

 private:
  void run() {
    while (!stop_) {
      // Named, so operators (and tests) can tell the listener apart in pg_stat_activity.
      std::string app_name = "shopfloor listen " + channel_;
      const char* keys[] = {"dbname", "application_name", nullptr};
      const char* values[] = {url_.c_str(), app_name.c_str(), nullptr};
      PGconn* conn = PQconnectdbParams(keys, values, 1);
      if (PQstatus(conn) == CONNECTION_OK) {
        char* ident = PQescapeIdentifier(conn, channel_.c_str(), channel_.size());
        PGresult* r = PQexec(conn, ("LISTEN " + std::string(ident)).c_str());
        PQfreemem(ident);
        bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
        PQclear(r);
        if (ok) {
          state(true);
          pump(conn);
          state(false);
        }
      }
      PQfinish(conn);
      if (stop_) break;
      spdlog::warn("LISTEN {}: connection lost, reconnecting", channel_);
      wait_readable(-1, 1000);
    }
  }

  void pump(PGconn* conn) {
    const int sock = PQsocket(conn);
    while (!stop_) {
      if (!wait_readable(sock, 5000)) continue;
      if (PQconsumeInput(conn) == 0) return;  // connection broken
      while (PGnotify* n = PQnotifies(conn)) {
        std::string payload = n->extra ? n->extra : "";
        PQfreemem(n);
        try {
          on_message_(std::move(payload));
        } catch (const std::exception& e) {
          spdlog::error("LISTEN {} handler failed: {}", channel_, e.what());
        }
      }
      if (PQstatus(conn) != CONNECTION_OK) return;
    }
  }

  void state(bool listening) {
    if (!on_state_) return;
    try {
      on_state_(listening);
    } catch (const std::exception& e) {
      spdlog::error("LISTEN {} state handler failed: {}", channel_, e.what());
    }
  }

  // True when sock is readable; false on timeout or when woken to stop.
  bool wait_readable(int sock, int timeout_ms) {
    pollfd fds[2] = {{wake_[0], POLLIN, 0}, {sock, POLLIN, 0}};
    int n = ::poll(fds, sock >= 0 ? 2 : 1, timeout_ms);
    if (n <= 0 || (fds[0].revents & POLLIN)) return false;
    return sock >= 0 && (fds[1].revents & (POLLIN | POLLERR | POLLHUP));
  }

  std::string url_, channel_;
  std::function<void(std::string)> on_message_;
  std::function<void(bool)> on_state_;
  std::atomic<bool> stop_{false};
  int wake_[2] = {-1, -1};
  std::thread thread_;
};

std::unique_ptr<Database::Subscription> PgDatabase::listen(const std::string& channel,
                                                           std::function<void(std::string)> on_message,
                                                           std::function<void(bool)> on_state) {
  return std::make_unique<PgSubscription>(url_, channel, std::move(on_message), std::move(on_state));
}

}  // namespace

std::unique_ptr<Database> open_postgres(const std::string& url, const Options& options) {
  return std::make_unique<PgDatabase>(url, options);
}

}  // namespace shopfloor::db
