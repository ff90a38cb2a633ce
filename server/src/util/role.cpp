#include "util/role.hpp"

namespace shopfloor {

std::string_view role_name(Role r) {
  switch (r) {
    case Role::admin:
      return "admin";
    case Role::editor:
      return "editor";
    default:
      return "staff";
  }
}

std::optional<Role> parse_role(std::string_view s) {
  if (s == "staff") return Role::staff;
  if (s == "editor") return Role::editor;
  if (s == "admin") return Role::admin;
  return std::nullopt;
}

}  // namespace shopfloor
