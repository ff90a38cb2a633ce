// An integer setting read from the environment, for the settings an area reads itself (not util/config.hpp,
// which every file includes): empty or unset = the fallback; anything else must be a whole number in range.
#pragma once

#include <charconv>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

namespace shopfloor {

inline int env_number(const char* name, int fallback, int min, int max) {
  const char* v = std::getenv(name);
  std::string_view text = v ? v : "";
  if (text.empty()) return fallback;
  int n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < min || n > max)
    throw std::runtime_error(std::string(name) + " must be a whole number from " + std::to_string(min) +
                             " to " + std::to_string(max));
  return n;
}

}  // namespace shopfloor
