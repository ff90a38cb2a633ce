// The database part of a backup, per backend: a consistent copy in one file plus what the manifest says of
// it (the migrations applied and the rows of every table, counted in the same snapshot the copy was made
// from), and the way back.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace shopfloor::backup {

struct Contents {
  std::vector<std::string> migrations;         // schema_migrations, in name order
  std::map<std::string, std::int64_t> tables;  // rows per table
};

// SQLite: the online backup API (sqlite3_backup_*) copies every page in one read transaction, so writers
// carry on (WAL) and the copy is the database at one instant. `db_path` is the path of a sqlite:// URL.
Contents snapshot_sqlite(const std::string& db_path, const std::string& into_file);
Contents read_sqlite(const std::string& db_path);

// PostgreSQL: counts in a REPEATABLE READ transaction whose snapshot is exported to `pg_dump --format=custom
// --snapshot`, so the dump and the counts are the same instant.
Contents snapshot_postgres(const std::string& url, const std::string& into_file);
Contents read_postgres(const std::string& url);
bool postgres_is_empty(const std::string& url);  // no table in the connection's schema
// pg_restore into an empty database, in one transaction (all or nothing).
void restore_postgres(const std::string& url, const std::string& dump_file);

}  // namespace shopfloor::backup
