#include "resources/csv.hpp"

namespace shopfloor::resources::csv {

bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    auto c = static_cast<unsigned char>(s[i]);
    std::size_t n;
    std::uint32_t cp;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      n = 1;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      n = 2;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      n = 3;
      cp = c & 0x07;
    } else {
      return false;
    }
    for (std::size_t k = 1; k <= n; ++k) {
      if (i + k >= s.size()) return false;
      auto d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (d & 0x3F);
    }
    if ((n == 1 && cp < 0x80) || (n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
      return false;
    i += n + 1;
  }
  return true;
}

std::vector<Record> parse(std::string_view text) {
  if (text.starts_with(bom)) text.remove_prefix(bom.size());
  if (text.find('\0') != std::string_view::npos) throw ParseError(1, msg::BINARY_FILE);
  if (!valid_utf8(text)) throw ParseError(1, msg::NOT_UTF8);
  std::vector<Record> out;
  std::size_t i = 0, line = 1;
  const std::size_t n = text.size();
  while (i < n) {
    Record rec;
    rec.line = line;
    std::string cur;
    bool end_of_record = false;
    while (!end_of_record) {
      if (i < n && text[i] == '"') {
        // Quoted cell.
        std::size_t start_line = line;
        ++i;
        for (;;) {
          if (i >= n) throw ParseError(start_line, msg::QUOTE_NOT_CLOSED);
          char c = text[i];
          if (c == '"') {
            if (i + 1 < n && text[i + 1] == '"') {
              cur.push_back('"');
              i += 2;
              continue;
            }
            ++i;
            break;
          }
          if (c == '\n') ++line;
          cur.push_back(c);
          ++i;
        }
        if (i < n && text[i] != ',' && text[i] != '\n' && text[i] != '\r')
          throw ParseError(line, msg::TEXT_AFTER_QUOTE);
      } else {
        while (i < n && text[i] != ',' && text[i] != '\n' && text[i] != '\r') cur.push_back(text[i++]);
      }
      rec.cells.push_back(std::move(cur));
      cur.clear();
      if (i >= n) {
        end_of_record = true;
      } else if (text[i] == ',') {
        ++i;
      } else {
        if (text[i] == '\r') ++i;
        if (i < n && text[i] == '\n') ++i;
        ++line;
        end_of_record = true;
      }
    }
    bool blank = rec.cells.size() == 1 && rec.cells[0].empty();
    if (!blank) out.push_back(std::move(rec));
  }
  return out;
}

std::string cell(std::string_view value) {
  std::string v;
  // A lone "-" (the reports' "none") is no formula: left as it is.
  if (!value.empty() && value != "-" &&
      (value[0] == '=' || value[0] == '+' || value[0] == '-' || value[0] == '@' || value[0] == '\t' ||
       value[0] == '\r'))
    v.push_back('\'');
  v.append(value);
  bool quote = v.find_first_of(",\"\r\n") != std::string::npos;
  if (!quote) return v;
  std::string out = "\"";
  for (char c : v) {
    if (c == '"') out.push_back('"');
    out.push_back(c);
  }
  out.push_back('"');
  return out;
}

std::string line(const std::vector<std::string>& cells) {
  std::string out;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i) out.push_back(',');
    out += cell(cells[i]);
  }
  out += "\r\n";
  return out;
}

}  // namespace shopfloor::resources::csv
