#include "push/settings.hpp"

#include <cstdlib>

#include "util/env_number.hpp"

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
  s.senders = env_number("PUSH_SENDERS", s.senders, 1, 32);
  return s;
}

}  // namespace shopfloor::push
