// Where the product keeps a person's data: every table that names a person, how to find that person's rows,
// and the few tables that name a person but hold nothing of theirs to hand over (each with the reason).
// The export walks this list; tests/integration/privacy.test.mjs fails when a table with a user_id column
// is in neither list, so a new area cannot forget its people's data.
#pragma once

#include <string>
#include <vector>

namespace shopfloor::privacy {

struct Kind {
  std::string file;               // name in the archive, without .json/.csv
  std::string table;              // a fixed identifier from this list, never input
  std::string where;              // SQL condition; $1 is the person's id
  std::vector<std::string> omit;  // secrets never handed out (password and token hashes, device keys)
};

struct NotExported {
  std::string table;
  std::string reason;
};

const std::vector<Kind>& personal_kinds();
const std::vector<NotExported>& not_exported();

}  // namespace shopfloor::privacy
