// Backend-independent parts of the database layer: rows, results, the worker pool, URL dispatch and
// migrations.
#include "db/database.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <mutex>
#include <set>
#include <thread>

#include "db/backends.hpp"
#include "db/migrate.hpp"
#include "util/text.hpp"

namespace shopfloor::db {

namespace {

std::optional<double> parse_double(std::string_view text) {
  text = trim(text);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  double v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return v;
}

std::int64_t double_to_i64(double v) {
  // 2^63 is exactly representable; anything at or beyond it (or NaN) has no int64 value.
  if (!std::isfinite(v) || v >= 9223372036854775808.0 || v < -9223372036854775808.0) {
    throw std::out_of_range("db: value does not fit in a 64-bit integer");
  }
  return std::llround(v);
}

}  // namespace

std::string format_double(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);  // shortest text that reads back exactly
  return std::string(buf, end);
}

// ---- Row / Result

std::size_t Row::index(std::string_view column) const {
  if (columns_) {
    for (std::size_t i = 0; i < columns_->size(); ++i) {
      if ((*columns_)[i] == column) return i;
    }
  }
  throw std::out_of_range("db: no column named '" + std::string(column) + "'");
}

std::string Row::str(std::size_t i) const {
  const Value& v = at(i);
  if (auto* s = std::get_if<std::string>(&v)) return *s;
  if (auto* n = std::get_if<std::int64_t>(&v)) return std::to_string(*n);
  if (auto* d = std::get_if<double>(&v)) return format_double(*d);
  return {};
}

std::int64_t Row::i64(std::size_t i) const {
  const Value& v = at(i);
  if (auto* n = std::get_if<std::int64_t>(&v)) return *n;
  if (auto* d = std::get_if<double>(&v)) return double_to_i64(*d);
  if (auto* s = std::get_if<std::string>(&v)) {
    std::string_view text = trim(*s);
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    std::int64_t n = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec == std::errc() && end == text.data() + text.size() && !text.empty()) return n;
    if (auto parsed = parse_double(text)) return double_to_i64(*parsed);  // "12.00" from numeric
    throw std::invalid_argument("db: column " + std::to_string(i) + " is not a number");
  }
  return 0;
}

double Row::f64(std::size_t i) const {
  const Value& v = at(i);
  if (auto* d = std::get_if<double>(&v)) return *d;
  if (auto* n = std::get_if<std::int64_t>(&v)) return static_cast<double>(*n);
  if (auto* s = std::get_if<std::string>(&v)) {
    if (auto parsed = parse_double(*s)) return *parsed;
    throw std::invalid_argument("db: column " + std::to_string(i) + " is not a number");
  }
  return 0.0;
}

std::optional<std::string> Row::opt_str(std::size_t i) const {
  if (is_null(i)) return std::nullopt;
  return str(i);
}

std::optional<std::int64_t> Row::opt_i64(std::size_t i) const {
  if (is_null(i)) return std::nullopt;
  return i64(i);
}

const Value& Result::scalar() const {
  if (rows.empty() || rows.front().size() == 0) throw std::out_of_range("db: scalar() on an empty result");
  return rows.front().at(0);
}

// ---- Database

Database::Database(const Options& options)
    : options_(options),
      workers_(static_cast<std::size_t>(std::max(1, options.pool_size))),
      blocking_(std::max<std::size_t>(4, std::thread::hardware_concurrency())) {}

Database::~Database() {
  shutdown();
}

void Database::on_signal(const std::string& name, SignalHandler handler) {
  std::unique_lock lock(signals_mutex_);
  signals_[name] = std::move(handler);
}

void Database::signal(Connection& c, std::string_view name, std::string payload) const {
  SignalHandler handler;
  {
    std::shared_lock lock(signals_mutex_);
    auto it = signals_.find(std::string(name));
    if (it == signals_.end()) return;  // nobody in this process keeps what it would change (the CLI)
    handler = it->second;
  }
  c.after_commit([handler = std::move(handler), payload = std::move(payload)] { handler(payload); });
}

void Database::shutdown() {
  // join() waits for queued work; it is safe to call again once the threads are gone.
  blocking_.join();
  workers_.join();
}

std::unique_ptr<Database> Database::open(const std::string& url, const Options& options) {
  std::string_view u = url;
  if (u.starts_with("sqlite://")) {
    std::string path(u.substr(std::string_view("sqlite://").size()));
    if (path.empty()) throw Error(ErrorKind::connection, "db: sqlite:// URL has no path");
    if (path != ":memory:") {
      std::filesystem::path parent = std::filesystem::path(path).parent_path();
      std::error_code ec;
      if (!parent.empty()) std::filesystem::create_directories(parent, ec);
      if (ec)
        throw Error(ErrorKind::connection,
                    "db: cannot create folder " + parent.string() + ": " + ec.message());
    }
    return open_sqlite(path, options);
  }
  if (u.starts_with("postgres://") || u.starts_with("postgresql://")) return open_postgres(url, options);
  throw Error(ErrorKind::connection, "db: unsupported database URL scheme (use sqlite:// or postgres://)");
}

// ---- Migrations

namespace {

constexpr std::string_view kSqliteSuffix = ".sqlite.sql";
constexpr std::string_view kPostgresSuffix = ".postgres.sql";

// "0002_x.sqlite.sql" -> "0002_x.sql": the common file a backend-specific one replaces.
std::string common_name(std::string_view name, std::string_view suffix) {
  return std::string(name.substr(0, name.size() - suffix.size())) + ".sql";
}

}  // namespace

std::vector<EmbeddedMigration> migrations_for(Backend backend, const std::vector<EmbeddedMigration>& all) {
  const std::string_view mine = backend == Backend::sqlite ? kSqliteSuffix : kPostgresSuffix;
  const std::string_view other = backend == Backend::sqlite ? kPostgresSuffix : kSqliteSuffix;
  std::set<std::string> replaced;
  for (const auto& m : all) {
    if (m.name.ends_with(mine)) replaced.insert(common_name(m.name, mine));
  }
  std::vector<EmbeddedMigration> out;
  for (const auto& m : all) {
    if (m.name.ends_with(other) || replaced.contains(std::string(m.name))) continue;
    out.push_back(m);
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  return out;
}

namespace {

// Serialises migrate() across processes on PostgreSQL; released when the transaction ends.
// On SQLite the write transaction (BEGIN IMMEDIATE) already does this.
void lock_migrations(Connection& c) {
  if (!c.is_sqlite()) c.query("SELECT pg_advisory_xact_lock(7426105131)");
}

std::int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace

std::vector<std::string> Database::migrate() {
  transact_sync([](Connection& c) {
    lock_migrations(c);
    c.exec_script(
        "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)");
  });

  const Result recorded = transact_sync(
      [](Connection& c) { return c.query("SELECT name FROM schema_migrations"); }, TxMode::read);
  const auto done = recorded.first_column<std::set<std::string>>();

  std::vector<std::string> applied;
  for (const auto& m : migrations_for(backend(), embedded_migrations())) {
    if (done.contains(std::string(m.name))) continue;
    // Checked again under the lock: another process may have applied it since we looked.
    bool ran = transact_sync([&](Connection& c) {
      lock_migrations(c);
      if (!c.query("SELECT 1 FROM schema_migrations WHERE name = $1", m.name).empty()) return false;
      c.exec_script(m.sql);
      c.query("INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)", m.name, now_ms());
      return true;
    });
    if (ran) applied.emplace_back(m.name);
  }
  return applied;
}

}  // namespace shopfloor::db
