// Private to src/db: the backend factories Database::open() dispatches to, and shared helpers.
#pragma once

#include <memory>
#include <string>

#include "db/database.hpp"
#include "db/migrate.hpp"

namespace shopfloor::db {

// path is a file path or ":memory:"; its parent folder already exists.
std::unique_ptr<Database> open_sqlite(const std::string& path, const Options& options);
// url is a libpq connection URI (postgres:// or postgresql://).
std::unique_ptr<Database> open_postgres(const std::string& url, const Options& options);

// Shortest text that reads back as the same double; NaN/Infinity spelled as PostgreSQL does.
std::string format_double(double v);

// Rewrites $N placeholders to ?N outside string literals, quoted identifiers and comments.
std::string rewrite_placeholders(std::string_view sql);

// The migrations that apply to one backend, in name order. NNNN_x.sqlite.sql / NNNN_x.postgres.sql run only
// on their backend and, there, replace NNNN_x.sql if it exists.
std::vector<EmbeddedMigration> migrations_for(Backend backend, const std::vector<EmbeddedMigration>& all);

}  // namespace shopfloor::db
