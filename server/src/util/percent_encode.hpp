// Percent-encoding of everything but RFC 3986's unreserved characters (A-Z a-z 0-9 - . _ ~): for query
// values, cookie values and RFC 5987 filenames. HTML forms (application/x-www-form-urlencoded) write a
// space as '+': space_as_plus.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace shopfloor {

inline std::string percent_encode(std::string_view s, bool space_as_plus = false) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char ch : s) {
    if (std::isalnum(ch) || ch == '-' || ch == '_' || ch == '.' || ch == '~') {
      out.push_back(static_cast<char>(ch));
    } else if (space_as_plus && ch == ' ') {
      out.push_back('+');
    } else {
      out.push_back('%');
      out.push_back(hex[ch >> 4]);
      out.push_back(hex[ch & 15]);
    }
  }
  return out;
}

}  // namespace shopfloor
