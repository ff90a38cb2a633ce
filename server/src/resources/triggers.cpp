#include "resources/triggers.hpp"

#include <map>
#include <vector>

namespace shopfloor::triggers {

namespace {
std::map<std::string, std::vector<Listener>>& listeners() {
  static std::map<std::string, std::vector<Listener>> all;
  return all;
}
}  // namespace

void listen(const std::string& kind, Listener listener) {
  listeners()[kind].push_back(std::move(listener));
}

void fire(db::Connection& c, const Happening& h) {
  auto it = listeners().find(h.kind);
  if (it == listeners().end()) return;
  for (const auto& l : it->second) l(c, h);
}

}  // namespace shopfloor::triggers
