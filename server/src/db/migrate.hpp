// Versioned schema migrations, compiled into the binary from server/migrations/*.sql.
//
// A file NNNN_name.sql runs on both backends. Where a statement has no common spelling, a pair
// NNNN_name.sqlite.sql / NNNN_name.postgres.sql replaces it for one backend. Applied names are recorded in
// schema_migrations; each migration runs in its own transaction.
#pragma once

#include <string_view>
#include <vector>

namespace shopfloor::db {

struct EmbeddedMigration {
  std::string_view name;  // file name, e.g. "0001_foundation.sql"
  std::string_view sql;
};

const std::vector<EmbeddedMigration>& embedded_migrations();

}  // namespace shopfloor::db
