#include "learning/search_key.hpp"

#include <cctype>

namespace shopfloor::learning {

std::string search_key(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool space = true;  // drops leading white space
  for (std::size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      if (std::isspace(c)) {
        if (!space) out.push_back(' ');
        space = true;
      } else {
        out.push_back(static_cast<char>(std::tolower(c)));
        space = false;
      }
      ++i;
      continue;
    }
    std::string_view rest = s.substr(i);
    // Invisible characters: U+200B-U+200D (E2 80 8B-8D), U+2060 (E2 81 A0), U+FEFF (EF BB BF), U+00AD (C2
    // AD).
    if (rest.starts_with("\xE2\x80\x8B") || rest.starts_with("\xE2\x80\x8C") ||
        rest.starts_with("\xE2\x80\x8D") || rest.starts_with("\xE2\x81\xA0") ||
        rest.starts_with("\xEF\xBB\xBF")) {
      i += 3;
      continue;
    }
    if (rest.starts_with("\xC2\xAD")) {
      i += 2;
      continue;
    }
    if (rest.starts_with("\xC2\xA0")) {  // no-break space
      if (!space) out.push_back(' ');
      space = true;
      i += 2;
      continue;
    }
    // NIKHAHIT (E0 B9 8D) [tone mark E0 B9 88-8B] SARA AA (E0 B8 B2) → [tone mark] SARA AM (E0 B8 B3).
    if (rest.starts_with("\xE0\xB9\x8D")) {
      std::string_view after = rest.substr(3);
      if (after.starts_with("\xE0\xB8\xB2")) {
        out += "\xE0\xB8\xB3";
        i += 6;
        space = false;
        continue;
      }
      if (after.size() >= 6 && after.starts_with("\xE0\xB9") &&
          static_cast<unsigned char>(after[2]) >= 0x88 && static_cast<unsigned char>(after[2]) <= 0x8B &&
          after.substr(3).starts_with("\xE0\xB8\xB2")) {
        out.append(after.substr(0, 3));
        out += "\xE0\xB8\xB3";
        i += 9;
        space = false;
        continue;
      }
    }
    out.push_back(static_cast<char>(c));
    ++i;
    space = false;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

}  // namespace shopfloor::learning
