// Erasure (PDPA's right to be forgotten), done by an admin for a person whose account is disabled: what
// identifies them and what they wrote is removed or replaced by a neutral marker, their uploads and
// telemetry are deleted, while every number stays (ledger rows, balances, rollups, counts keep their
// values under the same id, which no longer leads to a person). Anonymous survey ballots hold no id and are
// untouched by design.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "db/database.hpp"

namespace shopfloor::privacy {

// What takes the place of a name or a text that was erased (Thai first, as the app shows it).
inline constexpr const char* erased_marker = "ลบแล้ว · Erased";

struct Erasure {
  std::vector<std::string> files;  // under DATA_DIR, deleted once the transaction has committed
  std::int64_t texts = 0;          // rows whose free text was replaced
  std::int64_t deleted = 0;        // rows deleted (telemetry, sessions, devices, drafts...)
  std::int64_t media = 0;          // uploads removed
};

// In the caller's write transaction; throws ApiError: no such (or an already erased) person 404, an active
// person 409, a confirmation that is not their name 422.
Erasure erase_person(db::Connection& c, const std::string& data_dir, const std::string& user_id,
                     const std::string& confirm_name);

}  // namespace shopfloor::privacy
