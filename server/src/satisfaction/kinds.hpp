// The kinds of item that can be rated and the table each lives in.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace shopfloor::satisfaction {

struct ItemKind {
  const char* type;   // the API's and the table's item_type
  const char* table;  // a publishable area with title and audience_json
};

inline constexpr ItemKind kinds[] = {{"content", "contents"}, {"course", "courses"}, {"event", "events"}};

inline std::optional<ItemKind> kind_of(std::string_view type) {
  for (const auto& k : kinds)
    if (type == k.type) return k;
  return std::nullopt;
}

}  // namespace shopfloor::satisfaction
