#include <sqlite3.h>

#include <stdexcept>

#include "backup/snapshot.hpp"

namespace shopfloor::backup {

namespace {

struct Handle {
  sqlite3* db = nullptr;
  Handle(const std::string& path, int flags) {
    if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
      std::string why = db ? sqlite3_errmsg(db) : "out of memory";
      sqlite3_close(db);
      throw std::runtime_error("cannot open " + path + ": " + why);
    }
    sqlite3_busy_timeout(db, 10000);
  }
  ~Handle() { sqlite3_close(db); }
  void fail(const std::string& what) const { throw std::runtime_error(what + ": " + sqlite3_errmsg(db)); }
};

std::vector<std::string> column_of(const Handle& h, const std::string& sql) {
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(h.db, sql.c_str(), -1, &st, nullptr) != SQLITE_OK) h.fail(sql);
  std::vector<std::string> out;
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW)
    out.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
  sqlite3_finalize(st);
  if (rc != SQLITE_DONE) h.fail(sql);
  return out;
}

Contents contents_of(const Handle& h) {
  Contents c;
  c.migrations = column_of(h, "SELECT name FROM schema_migrations ORDER BY name");
  auto tables = column_of(h,
                          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
                          "ORDER BY name");
  for (const auto& t : tables) {
    std::string quoted = "\"";
    for (char ch : t) quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    c.tables[t] = std::stoll(column_of(h, "SELECT count(*) FROM " + quoted + "\"").at(0));
  }
  return c;
}

}  // namespace

Contents snapshot_sqlite(const std::string& db_path, const std::string& into_file) {
  Handle source(db_path, SQLITE_OPEN_READONLY);
  {
    Handle copy(into_file, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    sqlite3_backup* b = sqlite3_backup_init(copy.db, "main", source.db, "main");
    if (!b) copy.fail("backup of " + db_path);
    // All pages in one step: one read transaction, so no writer in between can make the copy restart or
    // mix two instants (WAL lets the writers go on meanwhile).
    int rc;
    while ((rc = sqlite3_backup_step(b, -1)) == SQLITE_BUSY || rc == SQLITE_LOCKED) sqlite3_sleep(50);
    sqlite3_backup_finish(b);
    if (rc != SQLITE_DONE) copy.fail("backup of " + db_path);
    // The copy is one self-contained file: no -wal beside it in the archive.
    if (sqlite3_exec(copy.db, "PRAGMA journal_mode = DELETE", nullptr, nullptr, nullptr) != SQLITE_OK)
      copy.fail("backup of " + db_path);
  }
  return read_sqlite(into_file);
}

Contents read_sqlite(const std::string& db_path) {
  Handle h(db_path, SQLITE_OPEN_READONLY);
  return contents_of(h);
}

}  // namespace shopfloor::backup
