#include "search/query.hpp"

#include <algorithm>

#include "search/text.hpp"

namespace shopfloor::search {

namespace {

std::size_t chars(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(
      s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

void add(Query& q, Term t) {
  if (t.words.empty() || q.terms.size() >= max_terms) return;
  for (const auto& other : q.terms)
    if (other.words == t.words && other.prefix == t.prefix) return;
  q.terms.push_back(std::move(t));
}

// Unquoted text: each word a term of its own.
void add_words(Query& q, std::string_view text) {
  for (auto& w : words(text)) {
    Term t;
    t.prefix = chars(w) >= min_prefix_chars;
    t.words.push_back(std::move(w));
    add(q, std::move(t));
  }
}

// The text with curly double quotes (U+201C, U+201D) written as straight ones, copied in one pass (replacing
// in place shrank the string under the loop, which GCC's -Wstringop-overflow could not prove safe).
std::string straight_quotes(std::string_view typed) {
  std::string out;
  out.reserve(typed.size());
  for (std::size_t i = 0; i < typed.size(); ++i) {
    std::string_view rest = typed.substr(i);
    if (rest.starts_with("\xE2\x80\x9C") || rest.starts_with("\xE2\x80\x9D")) {
      out += '"';
      i += 2;
    } else {
      out += typed[i];
    }
  }
  return out;
}

}  // namespace

bool Term::finds(std::string_view word) const {
  for (const auto& w : words)
    if (word == w || (prefix && word.starts_with(w))) return true;
  return std::find(typos.begin(), typos.end(), word) != typos.end();
}

Query parse(std::string_view typed) {
  Query q;
  // Straight and curly double quotes delimit phrases; an unclosed quote runs to the end.
  std::string text = straight_quotes(typed);
  bool quoted = false;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != '"') continue;
    std::string_view part = std::string_view(text).substr(start, i - start);
    if (quoted) {
      Term t;
      t.words = words(part);
      add(q, std::move(t));  // one word in quotes: that word, whole
    } else {
      add_words(q, part);
    }
    quoted = !quoted;
    start = i + 1;
  }
  return q;
}

bool typo_tolerant(std::string_view word) {
  return word.size() >= min_typo_chars &&
         std::all_of(word.begin(), word.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

bool within_one_edit(std::string_view a, std::string_view b) {
  if (a == b) return true;
  if (a.size() > b.size()) std::swap(a, b);
  if (b.size() - a.size() > 1) return false;
  std::size_t i = 0;
  while (i < a.size() && a[i] == b[i]) ++i;
  if (a.size() == b.size()) {
    if (a.substr(i + 1) == b.substr(i + 1)) return true;                // substitution
    return i + 1 < a.size() && a[i] == b[i + 1] && a[i + 1] == b[i] &&  // neighbours swapped
           a.substr(i + 2) == b.substr(i + 2);
  }
  return a.substr(i) == b.substr(i + 1);  // b has one letter more
}

}  // namespace shopfloor::search
