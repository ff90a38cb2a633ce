// The one role type (SPEC §1): staff < editor < admin. Sessions carry it, areas declare who may read and
// write with it, route guards check it.
#pragma once

#include <optional>
#include <string_view>

namespace shopfloor {

enum class Role { staff = 0, editor = 1, admin = 2 };

// "staff", "editor", "admin"
std::string_view role_name(Role r);
std::optional<Role> parse_role(std::string_view s);

}  // namespace shopfloor
