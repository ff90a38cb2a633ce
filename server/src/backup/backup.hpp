// `shopfloor backup DEST` and `shopfloor restore ARCHIVE` (docs/OPERATIONS.md "Backup and restore").
//
// The archive is one tar file (backup/tar.hpp):
//   database/shopfloor.db       a SQLite snapshot (online backup API), or
//   database/shopfloor.pgdump   pg_dump --format=custom, taken in the snapshot the counts were made in
//   data/...                    everything in DATA_DIR but the live database files: media, uploads, keys,
//                               and the auth secret (data/auth_secret, also when it comes from AUTH_SECRET)
//   manifest.json               last: format, product version, backend, migrations, rows per table, and the
//                               size and sha256 of every file above
// A restore reads the whole archive and checks it before it writes anything.
#pragma once

#include <string>

#include "util/config.hpp"

namespace shopfloor::backup {

// Exit codes of both commands (documented in docs/OPERATIONS.md).
enum Exit : int {
  ok = 0,
  failed = 1,            // I/O or database error: the message says which
  target_not_empty = 3,  // restore: DATA_DIR, the database file or the PostgreSQL database holds something
  newer_schema = 4,      // restore: the archive has a migration this build does not know
  damaged = 5,           // restore: a checksum, a size or a row count differs from the manifest
  wrong_backend = 6,     // restore: a SQLite archive into PostgreSQL or the other way
};

int backup(const Config& config, const std::string& dest);
int restore(const Config& config, const std::string& archive);

}  // namespace shopfloor::backup
