// Inside search/: what each database does for index.cpp (sqlite_fts.cpp, postgres_fts.cpp).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "search/index.hpp"

namespace shopfloor::search::detail {

// How an alternative of a term matched a word: the whole word, a longer word starting with it, or a word one
// edit away.
enum class Way { whole, prefix, typo };

// One way a term can match: its words (a phrase when more than one) and how it ranks.
struct Alternative {
  std::vector<std::string> words;
  Way way = Way::whole;
};
// Per term, its alternatives (whole first); flattened in this order for the hit bits.
std::vector<std::vector<Alternative>> alternatives(const Query& q);

inline constexpr int fields = 3;  // title, summary, body

// What an alternative matching in a field adds to its term's score (index.hpp): title 9 / 8 / 7, summary
// 6 / 5 / 4, body 3 / 2 / 1 (whole / prefix / typo); a term counts its best, the score sums the terms.
constexpr int tier(int field, Way way) {
  return (fields - 1 - field) * 3 + (way == Way::whole ? 3 : way == Way::prefix ? 2 : 1);
}

// A document holding every term, with its score.
struct Candidate {
  std::int64_t doc = 0;
  std::string kind, item_id;
  std::int64_t sorted_at = 0;
  int score = 0;
};

// Runs a backend's candidate query, whose columns are id, kind, item_id, sorted_at and score.
std::vector<Candidate> fetch_candidates(db::Connection& c, const std::string& sql,
                                        const std::vector<db::Value>& params);

struct Words {
  std::vector<std::string> title, summary, body;
};

void sqlite_put(db::Connection& c, const Document& doc, const Words& w);
std::vector<Candidate> sqlite_find(db::Connection& c, const std::vector<std::vector<Alternative>>& terms,
                                   std::span<const std::string> kinds, std::size_t cap);

void postgres_put(db::Connection& c, const Document& doc, const Words& w);
std::vector<Candidate> postgres_find(db::Connection& c, const std::vector<std::vector<Alternative>>& terms,
                                     std::span<const std::string> kinds, std::size_t cap);

// " IN ($n, $n+1, ...)" for `values`, appended to params.
std::string in_list(std::span<const std::string> values, std::vector<db::Value>& params);

}  // namespace shopfloor::search::detail
