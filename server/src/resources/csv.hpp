// CSV (RFC 4180): parsing uploads (quotes, doubled quotes, CRLF/LF, newlines inside quotes, UTF-8 BOM)
// and writing exports that Excel opens correctly (BOM) and safely (formula injection guard).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "http/messages.hpp"

namespace shopfloor::resources::csv {

struct Record {
  std::size_t line = 0;  // 1-based line where the record starts
  std::vector<std::string> cells;
};

class ParseError : public std::runtime_error {
 public:
  ParseError(std::size_t line, const http::Message& message)
      : std::runtime_error(message.text()), line(line), message(message) {}
  std::size_t line;
  http::Message message;
};

// Throws ParseError for an unterminated quote, text after a closing quote, invalid UTF-8 or a NUL byte.
// Blank lines are skipped.
std::vector<Record> parse(std::string_view text);

// One cell, quoted when needed; text starting with = + - @ (or tab / carriage return) gets a leading
// apostrophe so spreadsheets do not run it as a formula.
std::string cell(std::string_view value);
// A whole line of cells followed by CRLF.
std::string line(const std::vector<std::string>& cells);
inline constexpr std::string_view bom = "\xEF\xBB\xBF";

bool valid_utf8(std::string_view s);

}  // namespace shopfloor::resources::csv
