// The search index: one document per searchable item, in each database's own full-text index over the words
// of search/text.hpp, kept current inside the transaction that writes the item.
//
//   SQLite      search_docs (the texts and their words joined by spaces; the id follows recency) with an
//               external-content FTS5 table, search_fts (the three fields and the kind; unicode61 splitting
//               on spaces only, prefix indexes), synced by triggers, read newest-first (sqlite_fts.cpp);
//   PostgreSQL  search_docs (the texts and a positional tsvector: title weight A, summary B, body C, for
//               quoted phrases) and a narrow search_match row per document whose words are integers with a
//               recency index and a GIN index (postgres_fts.cpp);
//   both        search_words, the indexed words (PostgreSQL numbers them): a prefix stands for the longer
//               words starting with it; prune_words() removes the words no document holds any more.
//
// Both answer the same question the same way: which documents hold every term, and for each term, where
// (title, summary or body) and how (the whole word, a longer word starting with it, or a typo alternative).
// Each backend scores from that by the same rule (search/backends.hpp tier()):
//   per term the best of   title 9 / 8 / 7   summary 6 / 5 / 4   body 3 / 2 / 1   (whole / prefix / typo),
//   summed over the terms; find() orders equal scores newest first (sorted_at), then by document id.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "db/database.hpp"
#include "search/query.hpp"

namespace shopfloor::search {

struct Document {
  std::string kind;                  // what the item is (the resource name: "contents", "users", ...)
  std::string item_id;               // its id in its own table
  std::string title, summary, body;  // plain text (rich text as its text)
  std::int64_t sorted_at = 0;        // recency, epoch ms: newer first among equal ranks
};

// Writes (or rewrites) the item's document, in the caller's transaction.
void put(db::Connection& c, const Document& doc);
void remove(db::Connection& c, std::string_view kind, std::string_view item_id);

// Removes from search_words up to `batch` words that no document holds any more (left by edits and removals),
// continuing after the last word the previous call looked at (search_state), from the start again once it
// reaches the end; returns how many it removed. Run by a daily job (resources/search_routes.cpp).
std::int64_t prune_words(db::Connection& c, std::size_t batch);

// Typo alternatives for the query's Latin words that the index does not have (search/query.hpp).
void add_typos(db::Connection& c, Query& q);

struct Hit {
  std::int64_t doc = 0;
  std::string kind, item_id;
  int score = 0;
  std::int64_t sorted_at = 0;
};

// The documents of `kinds` that hold every term, best first. When more than `cap` match, the newest `cap`
// of them are ranked (a search that broad is refined, not paged through).
std::vector<Hit> find(db::Connection& c, const Query& q, std::span<const std::string> kinds, std::size_t cap);

// A text with its highlighted ranges: [begin, end) in UTF-16 code units (JavaScript string indexes), so the
// web wraps them in <mark> with its own escaping and never renders HTML from the server.
struct Marked {
  std::string text;
  std::vector<std::pair<std::size_t, std::size_t>> marks;
};
struct Shown {
  Marked title;
  Marked snippet;  // around the first matched word of the summary or body (their start when none)
};
// What each hit shows, in the order of `hits`.
std::vector<Shown> show(db::Connection& c, const Query& q, std::span<const Hit> hits);

// The highlighted form of one text (all of it), and a snippet of about `length` characters around its first
// match; exposed for tests.
Marked marked(std::string_view text, const Query& q);
Marked snippet(std::string_view text, const Query& q, std::size_t length = 160);

}  // namespace shopfloor::search
