#include "push/settings.hpp"

#include <cstdlib>
#include <stdexcept>

namespace shopfloor::push {

namespace {

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

}  // namespace

Settings settings_from_env() {
  Settings s;
  s.vapid_private_key = env("VAPID_PRIVATE_KEY");
  s.vapid_subject = env("VAPID_SUBJECT");
  s.services = env("PUSH_SERVICES");
  if (auto senders = env("PUSH_SENDERS"); !senders.empty()) {
    try {
      s.senders = std::stoi(senders);
    } catch (const std::exception&) {
      s.senders = 0;
    }
    if (s.senders < 1 || s.senders > 32) throw std::runtime_error("PUSH_SENDERS must be 1 to 32");
  }
  return s;
}

}  // namespace shopfloor::push
