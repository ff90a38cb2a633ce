#include "accounts/strength.hpp"

#include <array>
#include <cmath>

#include "http/messages.hpp"
#include "util/text.hpp"

namespace shopfloor::accounts {

namespace {

// The most common passwords people pick (lower case, digits and symbols at the ends removed before
// comparing), plus the product's own words.
constexpr std::array<std::string_view, 24> kCommon = {
    "password", "passw0rd", "qwerty",   "qwertyuiop",    "asdfgh",    "asdfghjkl", "zxcvbnm", "letmein",
    "welcome",  "iloveyou", "admin",    "administrator", "abc",       "monkey",    "dragon",  "football",
    "baseball", "sunshine", "princess", "master",        "shopfloor", "qazwsx",    "login",   "changeme"};

// One code point (enough to tell classes and runs apart; invalid bytes count as themselves).
std::vector<char32_t> code_points(std::string_view s) {
  std::vector<char32_t> out;
  for (std::size_t i = 0; i < s.size();) {
    unsigned char b = static_cast<unsigned char>(s[i]);
    int extra = b < 0x80 ? 0 : (b >> 5) == 0x6 ? 1 : (b >> 4) == 0xE ? 2 : (b >> 3) == 0x1E ? 3 : 0;
    char32_t cp = extra == 0 ? b : b & (0x3F >> extra);
    std::size_t j = 1;
    for (; j <= static_cast<std::size_t>(extra) && i + j < s.size(); ++j)
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + j]) & 0x3F);
    out.push_back(cp);
    i += j;
  }
  return out;
}

std::string strip_ends(const std::string& s) {
  std::size_t a = 0, b = s.size();
  auto filler = [](char ch) { return !((ch >= 'a' && ch <= 'z')); };
  while (a < b && filler(s[a])) ++a;
  while (b > a && filler(s[b - 1])) --b;
  return s.substr(a, b - a);
}

}  // namespace

int password_score(std::string_view password, const std::vector<std::string>& personal) {
  std::string lower = ascii_lower(std::string(password));
  std::string core = strip_ends(lower);
  for (auto common : kCommon)
    if (core == common || lower == common) return 0;
  for (const auto& word : personal) {
    std::string w = ascii_lower(word);
    if (w.size() >= 3 && lower.find(w) != std::string::npos) return 0;
  }
  auto cps = code_points(password);
  bool lower_c = false, upper_c = false, digit_c = false, symbol_c = false, other_c = false;
  double effective = 0;
  for (std::size_t i = 0; i < cps.size(); ++i) {
    char32_t c = cps[i];
    if (c >= 'a' && c <= 'z')
      lower_c = true;
    else if (c >= 'A' && c <= 'Z')
      upper_c = true;
    else if (c >= '0' && c <= '9')
      digit_c = true;
    else if (c < 0x80)
      symbol_c = true;
    else
      other_c = true;
    // A repeat or the next step of a run (either direction) adds almost nothing.
    bool run = i > 0 && (c == cps[i - 1] || c == cps[i - 1] + 1 || c + 1 == cps[i - 1]);
    effective += run ? 0.25 : 1.0;
  }
  int pool = (lower_c ? 26 : 0) + (upper_c ? 26 : 0) + (digit_c ? 10 : 0) + (symbol_c ? 33 : 0) +
             (other_c ? 44 : 0);  // Thai letters
  if (pool == 0) return 0;
  double bits = effective * std::log2(static_cast<double>(pool));
  return bits < 28 ? 0 : bits < 36 ? 1 : bits < 50 ? 2 : bits < 64 ? 3 : 4;
}

std::optional<http::Message> new_password_problem(std::string_view password, const std::string& employee_code,
                                                  const std::string& name) {
  std::vector<std::string> personal{employee_code};
  for (std::size_t start = 0; start < name.size();) {
    auto end = name.find(' ', start);
    if (end == std::string::npos) end = name.size();
    personal.push_back(name.substr(start, end - start));
    start = end + 1;
  }
  auto length = utf8_length(password);
  if (length < kMinPasswordLength)
    return http::Message(msg::PASSWORD_TOO_SHORT, {{"count", kMinPasswordLength}});
  if (length > kMaxPasswordLength) return http::Message(msg::MAX_LENGTH, {{"count", kMaxPasswordLength}});
  if (password_score(password, personal) < kMinScore) return http::Message(msg::PASSWORD_TOO_WEAK);
  return std::nullopt;
}

}  // namespace shopfloor::accounts
