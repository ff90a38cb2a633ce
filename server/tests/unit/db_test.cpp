// The database layer, run against both backends: SQLite on a temp file always, PostgreSQL when
// TEST_DATABASE_URL is set (scripts/test-postgres.sh starts a throwaway cluster). Each PostgreSQL test runs
// in its own schema, dropped afterwards, so runs never collide.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <limits>
#include <mutex>
#include <set>
#include <thread>

#include "db/backends.hpp"
#include "db/database.hpp"
#include "db/migrate.hpp"

namespace {

namespace db = shopfloor::db;
namespace asio = boost::asio;

// ---- Backend-independent pieces

TEST(Placeholders, RewritesDollarNumbersToQuestionNumbers) {
  EXPECT_EQ(db::rewrite_placeholders("SELECT * FROM t WHERE a = $1 AND b = $12"),
            "SELECT * FROM t WHERE a = ?1 AND b = ?12");
}

TEST(Placeholders, LeavesLiteralsIdentifiersAndCommentsAlone) {
  EXPECT_EQ(db::rewrite_placeholders("SELECT '$1', 'it''s $2', \"col$3\", $4"),
            "SELECT '$1', 'it''s $2', \"col$3\", ?4");
  EXPECT_EQ(db::rewrite_placeholders("SELECT $1 -- $2\n, /* $3 */ $4"), "SELECT ?1 -- $2\n, /* $3 */ ?4");
  EXPECT_EQ(db::rewrite_placeholders("SELECT a$1 FROM t"), "SELECT a$1 FROM t");  // part of a name
  EXPECT_EQ(db::rewrite_placeholders("SELECT 'unterminated $1"), "SELECT 'unterminated $1");
}

TEST(RowAccessors, AreLenient) {
  auto columns = std::make_shared<const std::vector<std::string>>(
      std::vector<std::string>{"int", "dbl", "num", "dec", "nul", "txt"});
  db::Row row(columns, {std::int64_t{7}, 2.0, std::string("12"), std::string("12.50"), std::monostate{},
                        std::string("hello")});
  EXPECT_EQ(row.i64("int"), 7);
  EXPECT_EQ(row.i64("dbl"), 2);
  EXPECT_EQ(row.i64("num"), 12);
  EXPECT_EQ(row.i64("dec"), 13);  // rounded to nearest
  EXPECT_DOUBLE_EQ(row.f64("dec"), 12.5);
  EXPECT_EQ(row.i64("nul"), 0);
  EXPECT_EQ(row.str("nul"), "");
  EXPECT_EQ(row.str("int"), "7");
  EXPECT_EQ(row.str("dbl"), "2");
  EXPECT_FALSE(row.opt_str("nul").has_value());
  EXPECT_FALSE(row.opt_i64("nul").has_value());
  EXPECT_EQ(row.opt_i64("num"), 12);
  EXPECT_TRUE(row.boolean("int"));
  EXPECT_THROW(row.i64("txt"), std::invalid_argument);
  EXPECT_THROW(row.index("missing"), std::out_of_range);
}

TEST(Open, RejectsUnknownSchemes) {
  try {
    db::Database::open("mysql://localhost/x");
    FAIL() << "no error";
  } catch (const db::Error& e) {
    EXPECT_EQ(e.kind(), db::ErrorKind::connection);
  }
}

TEST(Open, SqliteCreatesParentFolders) {
  const auto root =
      std::filesystem::temp_directory_path() / ("shopfloor-db-open-" + std::to_string(getpid()));
  {
    auto d = db::Database::open("sqlite://" + (root / "a" / "b" / "x.db").string());
    d->transact_sync([](db::Connection& c) { c.exec_script("CREATE TABLE t (id INTEGER)"); });
  }
  EXPECT_TRUE(std::filesystem::exists(root / "a" / "b" / "x.db"));
  std::filesystem::remove_all(root);
}

TEST(Open, SqliteInMemoryIsOneSharedDatabase) {
  // One connection, so every transaction sees the same in-memory database.
  auto d = db::Database::open("sqlite://:memory:", {.pool_size = 4});
  d->transact_sync([](db::Connection& c) {
    c.exec_script("CREATE TABLE t (id INTEGER PRIMARY KEY)");
    c.query("INSERT INTO t (id) VALUES ($1)", 1);
  });
  auto n =
      d->transact_sync([](db::Connection& c) { return c.query("SELECT COUNT(*) FROM t").first()->i64(0); });
  EXPECT_EQ(n, 1);
  // exec() runs exactly one statement; several belong in exec_script().
  EXPECT_THROW(d->transact_sync([](db::Connection& c) { c.query("SELECT 1; SELECT 2"); }), db::Error);
  EXPECT_THROW(d->transact_sync([](db::Connection& c) { c.query("SELECT $1", 1, 2); }), db::Error);
}

TEST(Migrations, BackendFilesRunOnlyOnTheirBackendAndReplaceTheCommonOne) {
  const std::vector<db::EmbeddedMigration> all = {
      {"0001_a.sql", ""},          {"0002_b.sql", ""},        {"0002_b.sqlite.sql", ""},
      {"0003_c.postgres.sql", ""}, {"0003_c.sqlite.sql", ""}, {"0004_d.postgres.sql", ""},
  };
  auto names = [&](db::Backend backend) {
    std::vector<std::string> out;
    for (const auto& m : db::migrations_for(backend, all)) out.emplace_back(m.name);
    return out;
  };
  EXPECT_EQ(names(db::Backend::sqlite),
            (std::vector<std::string>{"0001_a.sql", "0002_b.sqlite.sql", "0003_c.sqlite.sql"}));
  EXPECT_EQ(
      names(db::Backend::postgres),
      (std::vector<std::string>{"0001_a.sql", "0002_b.sql", "0003_c.postgres.sql", "0004_d.postgres.sql"}));
}

// ---- Both backends

enum class Kind { sqlite, postgres };
void PrintTo(Kind kind, std::ostream* os) {
  *os << (kind == Kind::sqlite ? "sqlite" : "postgres");
}

std::string unique_suffix() {
  static std::atomic<int> counter{0};
  auto now = std::chrono::system_clock::now().time_since_epoch();
  return std::to_string(getpid()) + "_" +
         std::to_string(std::chrono::duration_cast<std::chrono::microseconds>(now).count()) + "_" +
         std::to_string(counter++);
}

class DbTest : public ::testing::TestWithParam<Kind> {
 protected:
  void SetUp() override {
    if (GetParam() == Kind::postgres) {
      const char* env = std::getenv("TEST_DATABASE_URL");
      if (!env || !*env) {
        GTEST_SKIP() << "TEST_DATABASE_URL is not set; skipping PostgreSQL (start one with "
                        "scripts/test-postgres.sh start DIR)";
      }
      admin_url_ = env;
      schema_ = "sf_test_" + unique_suffix();
      admin([&](db::Connection& c) { c.exec_script("CREATE SCHEMA " + schema_); });
      url_ = admin_url_ + (admin_url_.find('?') == std::string::npos ? "?" : "&") +
             "options=-c%20search_path%3D" + schema_;
    } else {
      path_ = std::filesystem::temp_directory_path() / ("shopfloor-db-test-" + unique_suffix() + ".db");
      url_ = "sqlite://" + path_.string();
    }
    db_ = open();
  }

  void TearDown() override {
    db_.reset();
    if (!schema_.empty())
      admin([&](db::Connection& c) { c.exec_script("DROP SCHEMA " + schema_ + " CASCADE"); });
    if (!path_.empty()) {
      for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path_.string() + suffix);
    }
  }

  std::unique_ptr<db::Database> open(db::Options options = {}) { return db::Database::open(url_, options); }

  void admin(const std::function<void(db::Connection&)>& fn) {
    auto a = db::Database::open(admin_url_, {.pool_size = 1});
    a->transact_sync(fn);
  }

  // Runs n coroutines made by make(i) on one io_context until all finish; returns what those that threw said.
  template <class Make>
  std::vector<std::string> run_concurrently(int n, Make make) {
    asio::io_context io;
    std::vector<std::string> errors;
    for (int i = 0; i < n; ++i) {
      asio::co_spawn(io, make(i), [&](std::exception_ptr e) {
        if (!e) return;
        try {
          std::rethrow_exception(e);
        } catch (const std::exception& ex) {
          errors.emplace_back(ex.what());
        }
      });
    }
    io.run();
    return errors;
  }

  std::int64_t count(const std::string& table) {
    return db_->transact_sync(
        [&](db::Connection& c) { return c.query("SELECT COUNT(*) FROM " + table).first()->i64(0); });
  }

  std::string admin_url_, url_, schema_;
  std::filesystem::path path_;
  std::unique_ptr<db::Database> db_;
};

TEST_P(DbTest, ReportsItsBackend) {
  EXPECT_EQ(db_->backend(), GetParam() == Kind::sqlite ? db::Backend::sqlite : db::Backend::postgres);
}

TEST_P(DbTest, ValuesRoundTrip) {
  const std::int64_t big = std::numeric_limits<std::int64_t>::max();
  const std::int64_t small = std::numeric_limits<std::int64_t>::min();
  const std::string thai = "สวัสดี";
  auto row = db_->transact_sync([&](db::Connection& c) {
    c.exec_script(
        "CREATE TABLE vals (id INTEGER PRIMARY KEY, big BIGINT, small BIGINT, d DOUBLE PRECISION, "
        "t TEXT, n TEXT)");
    c.query("INSERT INTO vals (id, big, small, d, t, n) VALUES ($1, $2, $3, $4, $5, $6)", 1, big, small, 0.1,
            thai, nullptr);
    return *c.query("SELECT id, big, small, d, t, n FROM vals WHERE id = $1", 1).first();
  });
  EXPECT_EQ(std::get<std::int64_t>(row.at("big")), big);
  EXPECT_EQ(std::get<std::int64_t>(row.at("small")), small);
  EXPECT_EQ(std::get<double>(row.at("d")), 0.1);
  EXPECT_EQ(std::get<std::string>(row.at("t")), thai);
  EXPECT_TRUE(row.is_null("n"));
  EXPECT_EQ(row.opt_str("n"), std::nullopt);
  EXPECT_EQ(row.opt_str("t"), thai);
}

TEST_P(DbTest, PlaceholderInsideStringLiteralStaysLiteral) {
  auto row = db_->transact_sync([&](db::Connection& c) {
    c.exec_script("CREATE TABLE p (a TEXT, b TEXT)");
    c.query("INSERT INTO p (a, b) VALUES ('$1', $1)", "bound");
    return *c.query("SELECT a, b, '$2' AS lit, $1 + 1 AS next FROM p", 41).first();
  });
  EXPECT_EQ(row.str("a"), "$1");
  EXPECT_EQ(row.str("b"), "bound");
  EXPECT_EQ(row.str("lit"), "$2");
  EXPECT_EQ(row.i64("next"), 42);
}

TEST_P(DbTest, RowsByColumnNameAndAggregates) {
  auto r = db_->transact_sync([&](db::Connection& c) {
    c.exec_script("CREATE TABLE items (id TEXT PRIMARY KEY, name TEXT NOT NULL, qty BIGINT NOT NULL)");
    c.query("INSERT INTO items (id, name, qty) VALUES ($1, $2, $3), ($4, $5, $6)", "a", "apple", 3, "b",
            "banana", 4);
    return c.query("SELECT id, name, qty FROM items ORDER BY id");
  });
  ASSERT_EQ(r.rows.size(), 2u);
  EXPECT_EQ(r.rows[1].str("name"), "banana");
  EXPECT_EQ(r.rows[1].i64("qty"), 4);
  EXPECT_EQ(r.rows[0].columns(), (std::vector<std::string>{"id", "name", "qty"}));
  EXPECT_THROW(r.rows[0].at("nope"), std::out_of_range);

  // SUM() of BIGINT is numeric on PostgreSQL; i64() reads it all the same.
  std::int64_t sum = -1;
  const auto errors = run_concurrently(1, [&](int) -> asio::awaitable<void> {
    auto total =
        co_await db_->read([](db::Connection& c) { return c.query("SELECT SUM(qty) AS total FROM items"); });
    sum = total.first()->i64("total");
  });
  EXPECT_TRUE(errors.empty()) << errors.front();
  EXPECT_EQ(sum, 7);
}

TEST_P(DbTest, ConstraintViolationsHaveKinds) {
  db_->transact_sync([](db::Connection& c) {
    c.exec_script(
        "CREATE TABLE parent (id TEXT PRIMARY KEY, code TEXT UNIQUE);"
        "CREATE TABLE child (id TEXT PRIMARY KEY, parent_id TEXT REFERENCES parent(id), "
        "  qty INTEGER CHECK (qty >= 0));"
        "INSERT INTO parent (id, code) VALUES ('p1', 'x');");
  });
  auto kind_of = [&](const char* sql) {
    try {
      db_->transact_sync([&](db::Connection& c) { c.query(sql); });
    } catch (const db::Error& e) {
      return e.kind();
    }
    ADD_FAILURE() << "no error from " << sql;
    return db::ErrorKind::other;
  };
  EXPECT_EQ(kind_of("INSERT INTO parent (id, code) VALUES ('p1', 'y')"), db::ErrorKind::unique_violation);
  EXPECT_EQ(kind_of("INSERT INTO parent (id, code) VALUES ('p2', 'x')"), db::ErrorKind::unique_violation);
  EXPECT_EQ(kind_of("INSERT INTO child (id, parent_id, qty) VALUES ('c1', 'nope', 1)"),
            db::ErrorKind::foreign_key_violation);
  EXPECT_EQ(kind_of("INSERT INTO child (id, parent_id, qty) VALUES ('c1', 'p1', -1)"),
            db::ErrorKind::check_violation);
  EXPECT_EQ(kind_of("SELECT * FROM no_such_table"), db::ErrorKind::other);
  EXPECT_EQ(count("parent"), 1);
}

TEST_P(DbTest, RollsBackWhenTheFunctionThrows) {
  db_->transact_sync([](db::Connection& c) { c.exec_script("CREATE TABLE r (id INTEGER PRIMARY KEY)"); });
  EXPECT_THROW(db_->transact_sync([](db::Connection& c) {
    c.query("INSERT INTO r (id) VALUES ($1)", 1);
    c.query("INSERT INTO r (id) VALUES ($1)", 2);
    throw std::runtime_error("business rule failed");
  }),
               std::runtime_error);
  EXPECT_EQ(count("r"), 0);

  // The same through the coroutine entry point.
  const auto errors = run_concurrently(1, [&](int) -> asio::awaitable<void> {
    co_await db_->transact([](db::Connection& c) {
      c.query("INSERT INTO r (id) VALUES ($1)", 3);
      throw std::runtime_error("nope");
    });
  });
  EXPECT_EQ(errors, std::vector<std::string>{"nope"});
  EXPECT_EQ(count("r"), 0);
}

TEST_P(DbTest, ConcurrentIncrementsAreAllCounted) {
  db_ = open({.pool_size = 4});
  db_->transact_sync([](db::Connection& c) {
    c.exec_script("CREATE TABLE c (id INTEGER PRIMARY KEY, n BIGINT NOT NULL); INSERT INTO c VALUES (1, 0);");
  });
  const auto errors = run_concurrently(200, [&](int) -> asio::awaitable<void> {
    co_await db_->transact([](db::Connection& c) { c.query("UPDATE c SET n = n + 1 WHERE id = $1", 1); });
  });
  EXPECT_TRUE(errors.empty()) << errors.front();
  auto n = db_->transact_sync([](db::Connection& c) { return c.query("SELECT n FROM c").first()->i64(0); });
  EXPECT_EQ(n, 200);
}

TEST_P(DbTest, ConditionalDecrementNeverOversells) {
  db_ = open({.pool_size = 4});
  db_->transact_sync([](db::Connection& c) {
    c.exec_script(
        "CREATE TABLE stock (id INTEGER PRIMARY KEY, n BIGINT NOT NULL); INSERT INTO stock VALUES (1, 10);");
  });
  std::atomic<int> sold{0};
  const auto errors = run_concurrently(50, [&](int) -> asio::awaitable<void> {
    auto affected = co_await db_->transact([](db::Connection& c) {
      return c.query("UPDATE stock SET n = n - 1 WHERE id = 1 AND n > 0").affected;
    });
    if (affected == 1) ++sold;
  });
  EXPECT_TRUE(errors.empty()) << errors.front();
  EXPECT_EQ(sold, 10);
  auto n =
      db_->transact_sync([](db::Connection& c) { return c.query("SELECT n FROM stock").first()->i64(0); });
  EXPECT_EQ(n, 0);
}

TEST_P(DbTest, AffectedCountsAndScalar) {
  db_->transact_sync([](db::Connection& c) {
    c.exec_script("CREATE TABLE a (id INTEGER PRIMARY KEY, v TEXT)");
    EXPECT_EQ(c.query("INSERT INTO a (id, v) VALUES (1, 'x'), (2, 'x'), (3, 'y')").affected, 3);
    EXPECT_EQ(c.query("UPDATE a SET v = $1 WHERE v = $2", "z", "x").affected, 2);
    EXPECT_EQ(c.query("SELECT * FROM a").affected, 0);  // a SELECT changes nothing
    EXPECT_EQ(c.query("DELETE FROM a WHERE id = $1", 99).affected, 0);
    EXPECT_EQ(c.query("DELETE FROM a WHERE id = $1", 3).affected, 1);
    EXPECT_EQ(std::get<std::int64_t>(c.query("SELECT COUNT(*) FROM a").scalar()), 2);
    EXPECT_THROW(c.query("SELECT id FROM a WHERE id = $1", 99).scalar(), std::out_of_range);
  });
}

TEST_P(DbTest, ReadTransactionsAndOffload) {
  db_->transact_sync([](db::Connection& c) { c.exec_script("CREATE TABLE t (id INTEGER PRIMARY KEY)"); });
  std::int64_t seen = -1;
  int offloaded = 0;
  const auto errors = run_concurrently(1, [&](int) -> asio::awaitable<void> {
    seen = (co_await db_->read([](db::Connection& c) { return c.query("SELECT COUNT(*) FROM t"); }))
               .first()
               ->i64(0);
    offloaded = co_await db_->offload([] { return 42; });
  });
  EXPECT_TRUE(errors.empty()) << errors.front();
  EXPECT_EQ(seen, 0);
  EXPECT_EQ(offloaded, 42);
}

TEST_P(DbTest, MigrateAppliesOnceThenNothing) {
  const auto first = db_->migrate();
  ASSERT_FALSE(first.empty());
  EXPECT_EQ(first.front(), "0001_foundation.sql");
  for (const auto& name : first) {
    EXPECT_FALSE(name.ends_with(GetParam() == Kind::sqlite ? ".postgres.sql" : ".sqlite.sql")) << name;
  }
  EXPECT_TRUE(db_->migrate().empty());
  EXPECT_EQ(count("schema_migrations"), static_cast<std::int64_t>(first.size()));
  EXPECT_EQ(count("users"), 0);
}

TEST_P(DbTest, ConcurrentMigrateAppliesEachMigrationOnce) {
  auto other = open();
  std::vector<std::string> mine, theirs;
  std::exception_ptr error;
  std::thread t([&] {
    try {
      theirs = other->migrate();
    } catch (...) {
      error = std::current_exception();
    }
  });
  mine = db_->migrate();
  t.join();
  if (error) std::rethrow_exception(error);
  std::multiset<std::string> all(mine.begin(), mine.end());
  all.insert(theirs.begin(), theirs.end());
  EXPECT_EQ(static_cast<std::int64_t>(all.size()), count("schema_migrations"));
  for (const auto& name : all) EXPECT_EQ(all.count(name), 1u) << name;
  EXPECT_TRUE(db_->migrate().empty());
}

TEST_P(DbTest, ReconnectsAfterTheServerDropsTheConnection) {
  if (GetParam() != Kind::postgres) GTEST_SKIP() << "PostgreSQL only";
  db_ = open({.pool_size = 1});
  auto pid = db_->transact_sync(
      [](db::Connection& c) { return c.query("SELECT pg_backend_pid()").first()->i64(0); });
  admin([&](db::Connection& c) { c.query("SELECT pg_terminate_backend($1::int)", pid); });
  try {
    db_->transact_sync([](db::Connection& c) { c.query("SELECT 1"); });
    ADD_FAILURE() << "the dropped connection went unnoticed";
  } catch (const db::Error& e) {
    EXPECT_EQ(e.kind(), db::ErrorKind::connection) << e.what();
  }
  auto again = db_->transact_sync(
      [](db::Connection& c) { return c.query("SELECT pg_backend_pid()").first()->i64(0); });
  EXPECT_NE(again, pid);
}

// The connection prepares what it runs again (docs/PERFORMANCE.md): once, within bounds, and afresh after a
// script changed a table (a prepared SELECT * would otherwise fail: "cached plan must not change result
// type").
TEST_P(DbTest, PreparesRepeatedStatementsOnceWithinBounds) {
  if (GetParam() != Kind::postgres) GTEST_SKIP() << "PostgreSQL only";
  db_ = open({.pool_size = 1});
  db_->transact_sync([](db::Connection& c) {
    auto prepared = [&](const std::string& text) {
      return c.query("SELECT COUNT(*) FROM pg_prepared_statements WHERE statement = $1", text)
          .first()
          ->i64(0);
    };
    const std::string twice = "SELECT $1::bigint + 1 AS next";
    EXPECT_EQ(c.query(twice, std::int64_t{1}).first()->i64(0), 2);
    EXPECT_EQ(prepared(twice), 0);  // seen once: run unprepared
    for (std::int64_t n = 2; n <= 4; ++n) EXPECT_EQ(c.query(twice, n).first()->i64(0), n + 1);
    EXPECT_EQ(prepared(twice), 1);
    // Texts built per call do not pile up on the server.
    for (int k = 0; k < 600; ++k)
      for (int run = 0; run < 2; ++run) c.query("SELECT " + std::to_string(k) + " AS k");
    auto all = c.query("SELECT COUNT(*) FROM pg_prepared_statements").first()->i64(0);
    EXPECT_LE(all, 512);
    EXPECT_GT(all, 400);
  });
  db_->transact_sync([](db::Connection& c) {
    c.exec_script("CREATE TABLE shapes (a INTEGER)");
    c.query("INSERT INTO shapes (a) VALUES (1)");
    for (int i = 0; i < 3; ++i) EXPECT_EQ(c.query("SELECT * FROM shapes").columns->size(), 1u);
    c.exec_script("ALTER TABLE shapes ADD COLUMN b INTEGER");
    EXPECT_EQ(c.query("SELECT * FROM shapes").columns->size(), 2u);
  });
}

// A trigger's RAISE INFO 'shopfloor:NAME PAYLOAD' reaches the writing connection in its statement's answer
// (whatever client_min_messages says), and the handler runs only once that transaction commits.
TEST_P(DbTest, TriggerSignalsRunTheirHandlerAfterCommitOnly) {
  if (GetParam() == Kind::sqlite) GTEST_SKIP() << "PostgreSQL only: SQLite raises no signals";
  db_->transact_sync([](db::Connection& c) {
    c.exec_script(
        "CREATE TABLE sig (id TEXT PRIMARY KEY);"
        "CREATE FUNCTION sig_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
        "RAISE INFO 'shopfloor:sig %', NEW.id; RETURN NULL; END $$;"
        "CREATE TRIGGER sig_t AFTER INSERT ON sig FOR EACH ROW EXECUTE FUNCTION sig_changed();");
  });
  std::vector<std::string> heard;
  std::mutex mu;
  db_->on_signal("sig", [&](const std::string& payload) {
    std::lock_guard lock(mu);
    heard.push_back(payload);
  });
  bool seen_before_commit = true;
  db_->transact_sync([&](db::Connection& c) {
    c.query("INSERT INTO sig (id) VALUES ('a'), ('b')");
    std::lock_guard lock(mu);
    seen_before_commit = !heard.empty();
  });
  EXPECT_FALSE(seen_before_commit);
  EXPECT_EQ(heard, (std::vector<std::string>{"a", "b"}));
  EXPECT_THROW(db_->transact_sync([](db::Connection& c) {
    c.query("INSERT INTO sig (id) VALUES ('c')");
    throw std::runtime_error("rolled back");
  }),
               std::runtime_error);
  EXPECT_EQ(heard.size(), 2u) << "a rolled back write signals nothing";
}

INSTANTIATE_TEST_SUITE_P(Backends, DbTest, ::testing::Values(Kind::sqlite, Kind::postgres),
                         [](const ::testing::TestParamInfo<Kind>& info) {
                           return info.param == Kind::sqlite ? "sqlite" : "postgres";
                         });

}  // namespace
