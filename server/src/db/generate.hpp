// SQL pieces for the bench seeds (`shopfloor seed --bench-*`), which generate their rows inside the database
// (a recursive CTE on SQLite, generate_series on PostgreSQL) so that no row crosses the wire.
#pragma once

#include <string>

#include "db/database.hpp"

namespace shopfloor::db {

// "WITH ... n(i) AS (...) ": the numbers 0..count-1 as `n(i)` for the dialect (put before an INSERT ...
// SELECT).
inline std::string numbers(Connection& c, long long count) {
  if (c.is_sqlite())
    return "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < " +
           std::to_string(count - 1) + ") ";
  return "WITH n(i) AS (SELECT generate_series(0, " + std::to_string(count - 1) + ")::bigint) ";
}

// A UUID-shaped id ("xxxxxxxx-xxxx-7xxx-8xxx-xxxxxxxxxxxx") from a 48-bit time and a counter (SQL
// expressions): unique and ordered like the server's UUIDv7 ids.
inline std::string uuid_expr(Connection& c, const std::string& ms, const std::string& counter) {
  if (c.is_sqlite())
    return "printf('%08x-%04x-7000-8000-%012x', (" + ms + ") / 65536, (" + ms + ") % 65536, " + counter + ")";
  return "lpad(to_hex((" + ms + ") / 65536), 8, '0') || '-' || lpad(to_hex((" + ms +
         ") % 65536), 4, '0') || '-7000-8000-' || lpad(to_hex(" + counter + "), 12, '0')";
}

}  // namespace shopfloor::db
