// JSON kept as text (database columns, stored answers) read back.
#pragma once

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <set>
#include <string>
#include <string_view>

namespace shopfloor {

// The parsed text, or `fallback` when it is not JSON.
inline boost::json::value parse_or(std::string_view text, boost::json::value fallback) {
  boost::system::error_code ec;
  auto v = boost::json::parse(text, ec);
  return ec ? fallback : v;
}

// The strings of a JSON array (chosen or correct ids); other values, and a non-array, give none.
inline std::set<std::string> string_set(const boost::json::value& v) {
  std::set<std::string> s;
  if (v.is_array())
    for (const auto& x : v.as_array())
      if (x.is_string()) s.insert(std::string(x.as_string()));
  return s;
}

}  // namespace shopfloor
