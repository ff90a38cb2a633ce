// Private to src/db: the backend factories Database::open() dispatches to, and shared helpers.
#pragma once

#include <memory>
#include <string>

#include "db/database.hpp"

namespace shopfloor::db {

// path is a file path or ":memory:"; its parent folder already exists.
std::unique_ptr<Database> open_sqlite(const std::string& path, const Options& options);
// url is a libpq connection URI (postgres:// or postgresql://).
std::unique_ptr<Database> open_postgres(const std::string& url, const Options& options);

// Shortest text that reads back as the same double; NaN/Infinity spelled as PostgreSQL does.
std::string format_double(double v);

// Rewrites $N placeholders to ?N outside string literals, quoted identifiers and comments.
std::string rewrite_placeholders(std::string_view sql);

}  // namespace shopfloor::db
