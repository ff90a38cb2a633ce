#include "resources/triggers.hpp"

#include <map>
#include <vector>

namespace shopfloor::triggers {

namespace {
std::map<std::string_view, std::vector<Listener>>& listeners() {
  static std::map<std::string_view, std::vector<Listener>> all;
  return all;
}
}  // namespace

std::span<const Kind> all_kinds() {
#define SHOPFLOOR_LIST_TRIGGER_KIND(id, name) id,
  static const Kind kinds[] = {SHOPFLOOR_TRIGGER_KINDS(SHOPFLOOR_LIST_TRIGGER_KIND)};
#undef SHOPFLOOR_LIST_TRIGGER_KIND
  return kinds;
}

void listen(Kind kind, Listener listener) {
  listeners()[kind.name].push_back(std::move(listener));
}

void fire(db::Connection& c, const Happening& h) {
  auto it = listeners().find(h.kind.name);
  if (it == listeners().end()) return;
  for (const auto& l : it->second) l(c, h);
}

}  // namespace shopfloor::triggers
