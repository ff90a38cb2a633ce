// The demo company's people by employee code, for the areas' seed files (`seed --demo`): EDIT01 moderates
// and writes, S1001 and the others are staff (users/users.cpp lists them).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "db/database.hpp"

namespace shopfloor::resources {

// The user's id, or nullopt when the company has no one with that code.
inline std::optional<std::string> demo_person(db::Connection& c, std::string_view employee_code) {
  auto r = c.query("SELECT id FROM users WHERE employee_code = $1", std::string(employee_code)).first();
  return r ? std::optional(r->str(0)) : std::nullopt;
}

// The id of the `table` row whose `column` is `value`, or "" when there is none: how a seed finds what
// another seed made (a store by its code, a content or a reward by its title).
inline std::string demo_id(db::Connection& c, std::string_view table, std::string_view column,
                           std::string_view value) {
  auto r = c.query("SELECT id FROM " + std::string(table) + " WHERE " + std::string(column) + " = $1",
                   std::string(value))
               .first();
  return r ? r->str(0) : "";
}

}  // namespace shopfloor::resources
