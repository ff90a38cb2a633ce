// Small text rules shared by validators.
#pragma once

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace shopfloor {

// Characters (code points) in valid UTF-8 text; Thai counts one per character, not per byte.
inline std::size_t utf8_length(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(
      s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

// Without leading and trailing ASCII whitespace.
inline std::string_view trim(std::string_view s) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

// trim() as a string of its own, for values that outlive their source.
inline std::string trimmed(std::string_view s) {
  return std::string(trim(s));
}

inline std::string ascii_lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char ch) { return std::tolower(ch); });
  return s;
}

inline std::string ascii_upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char ch) { return std::toupper(ch); });
  return s;
}

inline bool has_control_chars(std::string_view s) {
  return std::any_of(s.begin(), s.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

// Plain text typed by a person (a comment, a story): line breaks as "\n" (CRLF and CR become LF),
// without leading and trailing whitespace. Check the result with has_control_chars_but_breaks.
inline std::string plain_text(std::string_view raw) {
  std::string s;
  s.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i)
    if (!(raw[i] == '\r' && i + 1 < raw.size() && raw[i + 1] == '\n'))
      s.push_back(raw[i] == '\r' ? '\n' : raw[i]);
  return std::string(trim(s));
}

// Control characters other than line breaks and tabs (which plain text keeps).
inline bool has_control_chars_but_breaks(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](char ch) {
    auto u = static_cast<unsigned char>(ch);
    return (u < 0x20 && ch != '\n' && ch != '\t') || u == 0x7f;
  });
}

// LIKE patterns from user input: always written "column LIKE $n ESCAPE '\'" (like_escape_clause) so
// that SQLite (no default escape) and PostgreSQL (backslash by default) read the pattern the same way.
inline constexpr const char* like_escape_clause = " ESCAPE '\\'";

// '%' + text with %, _ and \ escaped + '%': a substring match of exactly `text`.
inline std::string like_contains(std::string_view text) {
  std::string out = "%";
  for (char c : text) {
    if (c == '%' || c == '_' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  out.push_back('%');
  return out;
}

// A whole number written plainly: optional '-', then digits only. No spaces, '+', exponent, fraction,
// hex or overflow ("1e3" is not 1000 and not 1).
inline std::optional<std::int64_t> parse_int(std::string_view s) {
  std::int64_t n = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (s.empty() || ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
  return n;
}

// A client-supplied value made safe for one log line: control characters (newlines, NUL, ESC...) and
// backslashes are escaped, so a client cannot forge extra lines or hide text with terminal codes.
inline std::string log_escape(std::string_view s) {
  static const char* hex = "0123456789abcdef";
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (u < 0x20 || u == 0x7f) {
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 15];
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace shopfloor
