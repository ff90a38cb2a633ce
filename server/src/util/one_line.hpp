// Text squeezed onto one line: search snippets, telemetry's element keys.
#pragma once

#include <string>
#include <string_view>

namespace shopfloor {

// Each run of ASCII white space as one space, none at either end.
inline std::string one_line(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool space = false;
  for (char ch : s) {
    if (ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t' || ch == '\f' || ch == '\v') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += ch;
  }
  return out;
}

}  // namespace shopfloor
