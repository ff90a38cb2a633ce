#include "push/settings.hpp"

#include <cstdlib>
#include <stdexcept>

namespace shopfloor::push {

namespace {

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

// An integer setting from min to max; empty = `fallback`.
int number(const char* name, int fallback, int min, int max) {
  auto text = env(name);
  if (text.empty()) return fallback;
  int n = 0;
  try {
    n = std::stoi(text);
  } catch (const std::exception&) {
    n = min - 1;
  }
  if (n < min || n > max)
    throw std::runtime_error(std::string(name) + " must be " + std::to_string(min) + " to " +
                             std::to_string(max));
  return n;
}

}  // namespace

Settings settings_from_env() {
  Settings s;
  s.vapid_private_key = env("VAPID_PRIVATE_KEY");
  s.vapid_subject = env("VAPID_SUBJECT");
  s.services = env("PUSH_SERVICES");
  s.senders = number("PUSH_SENDERS", s.senders, 1, 32);
  s.fanout_batch = number("PUSH_FANOUT_BATCH", s.fanout_batch, 1, 10000);
  return s;
}

}  // namespace shopfloor::push
