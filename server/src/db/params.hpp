// Building a statement's parameter list piece by piece, for queries whose filters are optional: each value
// is appended and its $N placeholder comes back to write into the SQL.
#pragma once

#include <string>
#include <vector>

#include "db/database.hpp"

namespace shopfloor::db {

// Appends v to params; returns its placeholder ("$3" for the third value).
inline std::string bind(std::vector<Value>& params, Value v) {
  params.push_back(std::move(v));
  return "$" + std::to_string(params.size());
}

// "$first, $first+1, ..." for n values: the inside of an IN (...) list.
inline std::string placeholders(std::size_t first, std::size_t n) {
  std::string list;
  for (std::size_t i = 0; i < n; ++i) list += (i ? ", $" : "$") + std::to_string(first + i);
  return list;
}

}  // namespace shopfloor::db
