#include "util/role.hpp"

#include "util/enum_names.hpp"

namespace shopfloor {

namespace {
constexpr EnumNames<Role, 3> role_names{
    {{Role::staff, "staff"}, {Role::editor, "editor"}, {Role::admin, "admin"}}};
}  // namespace

std::string_view role_name(Role r) {
  return role_names.name(r, "staff");
}

std::optional<Role> parse_role(std::string_view s) {
  return role_names.parse(s);
}

}  // namespace shopfloor
