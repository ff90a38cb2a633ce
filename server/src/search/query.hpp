// What a person typed, as terms the index matches (search/index.hpp).
//
//   บริการลูกค้า          two terms, บริการ and ลูกค้า: both, in any order, each whole or as the start of a word
//   "บริการลูกค้า"        one phrase: the two words next to each other, in that order, whole
//   ลูกค้า "ลดราคา" เสื้อ   three terms
//
// Punctuation and FTS/LIKE syntax characters (%, _, *, :, (, ), quotes other than the pair) are not words,
// so they match nothing and change nothing; a query with no words finds nothing (never everything).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace shopfloor::search {

struct Term {
  std::vector<std::string> words;  // one word, or a quoted phrase's words in order (comparable forms)
  bool prefix = false;             // a single word that also finds longer words starting with it
  std::vector<std::string> typos;  // indexed words one edit away, for a Latin word the index does not have

  bool phrase() const { return words.size() > 1; }
  // A word of a text (comparable form) this term finds, for highlighting.
  bool finds(std::string_view word) const;
};

struct Query {
  std::vector<Term> terms;
  bool empty() const { return terms.empty(); }
};

inline constexpr std::size_t max_terms = 10;
// Words shorter than this (in characters) are matched whole only: a one-letter prefix finds almost
// everything.
inline constexpr std::size_t min_prefix_chars = 2;
// Latin words of at least this many letters get a one-edit typo tolerance.
inline constexpr std::size_t min_typo_chars = 5;

// The terms of a typed query (at most max_terms; repeated terms once).
Query parse(std::string_view typed);

// Whether a word could have a typo alternative: Latin letters only, at least min_typo_chars of them.
bool typo_tolerant(std::string_view word);
// Optimal string alignment distance of at most one (one insertion, deletion, substitution or swap of two
// neighbours), for ASCII words.
bool within_one_edit(std::string_view a, std::string_view b);

}  // namespace shopfloor::search
