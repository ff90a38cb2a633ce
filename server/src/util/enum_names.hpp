// An enum's names (on the wire, in the database), written once in a table that both directions read:
//
//   constexpr EnumNames<Role, 3> role_names{{{Role::staff, "staff"}, {Role::editor, "editor"}, ...}};
//   role_names.name(Role::admin) == "admin";  role_names.parse("editor") == Role::editor
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

namespace shopfloor {

template <class E, std::size_t N>
struct EnumNames {
  std::pair<E, std::string_view> entries[N];

  // The value's name, or `otherwise` for a value the table does not list.
  constexpr std::string_view name(E value, std::string_view otherwise = "") const {
    for (const auto& [v, n] : entries)
      if (v == value) return n;
    return otherwise;
  }
  constexpr std::optional<E> parse(std::string_view text) const {
    for (const auto& [v, n] : entries)
      if (n == text) return v;
    return std::nullopt;
  }
};

}  // namespace shopfloor
