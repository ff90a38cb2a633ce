// PostgreSQL: search_docs.words is a tsvector written as a literal from our own words (title at weight A,
// summary B, body C, each field's positions apart so a phrase never runs from one field into the next), with
// a GIN index (migration 0075). Literals rather than to_tsvector('simple', ...): PostgreSQL's own parser
// would split Thai words at their combining vowels and tone marks under some locales; a literal keeps exactly
// the words SQLite indexes. Candidates are read newest first (migration 0077's recency index) and scored by
// probe queries restricted to a field's weight.
#include <map>

#include "db/params.hpp"
#include "search/backends.hpp"

namespace shopfloor::search::detail {

namespace {

// A tsvector/tsquery lexeme: in single quotes, a quote doubled and a backslash escaped, so nothing in it is
// syntax.
std::string lexeme(std::string_view word) {
  std::string out = "'";
  for (char ch : word) {
    if (ch == '\'') out += '\'';
    if (ch == '\\') out += '\\';
    out += ch;
  }
  return out + "'";
}

constexpr int max_position = 16383;         // PostgreSQL's largest word position
constexpr std::size_t max_positions = 255;  // it keeps at most 256 positions of one word

std::string tsvector(const Words& w) {
  std::map<std::string_view, std::string> at;  // word → "1A,5A,..."
  std::map<std::string_view, std::size_t> counts;
  int position = 1;
  auto add = [&](const std::vector<std::string>& words, char weight) {
    for (const auto& word : words) {
      if (counts[word]++ < max_positions) {
        auto& list = at[word];
        if (!list.empty()) list += ',';
        list += std::to_string(std::min(position, max_position));
        list += weight;
      }
      ++position;
    }
    ++position;  // a gap: a phrase never spans two fields
  };
  add(w.title, 'A');
  add(w.summary, 'B');
  add(w.body, 'C');
  std::string out;
  for (const auto& [word, positions] : at) {
    if (!out.empty()) out += ' ';
    out += lexeme(word) + ":" + positions;
  }
  return out;
}

// One alternative as a tsquery, restricted to a field's weight when given ('w':*A, 'a':A <-> 'b':A).
std::string probe(const Alternative& alt, char weight) {
  std::string out;
  for (std::size_t i = 0; i < alt.words.size(); ++i) {
    if (i) out += " <-> ";
    out += lexeme(alt.words[i]);
    std::string flags;
    if (alt.way == Way::prefix) flags += '*';
    if (weight) flags += weight;
    if (!flags.empty()) out += ":" + flags;
  }
  return alt.words.size() > 1 ? "(" + out + ")" : out;
}

}  // namespace

void postgres_put(db::Connection& c, const Document& doc, const Words& w) {
  c.query(
      "INSERT INTO search_docs (kind, item_id, title, summary, body, words, sorted_at) "
      "VALUES ($1, $2, $3, $4, $5, CAST($6 AS tsvector), $7) ON CONFLICT (kind, item_id) DO UPDATE SET "
      "title = excluded.title, summary = excluded.summary, body = excluded.body, words = excluded.words, "
      "sorted_at = excluded.sorted_at WHERE (search_docs.title, search_docs.summary, search_docs.body, "
      "search_docs.words, search_docs.sorted_at) IS DISTINCT FROM (excluded.title, excluded.summary, "
      "excluded.body, excluded.words, excluded.sorted_at)",
      doc.kind, doc.item_id, doc.title, doc.summary, doc.body, tsvector(w), doc.sorted_at);
}

std::vector<Candidate> postgres_find(db::Connection& c, const std::vector<std::vector<Alternative>>& terms,
                                     std::span<const std::string> kinds, std::size_t cap) {
  // Which documents: per term, any of its alternatives. (Leaving out the whole word when its prefix is there
  // finds the same documents, but then the planner's estimate halves for common words and it takes the GIN
  // bitmap, every match then a sort, for queries the recency scan answers several times faster: measured.)
  std::string match;
  for (const auto& alts : terms) {
    if (!match.empty()) match += " & ";
    match += "(";
    for (std::size_t i = 0; i < alts.size(); ++i) {
      if (i) match += " | ";
      match += probe(alts[i], 0);
    }
    match += ")";
  }
  std::vector<db::Value> params{match};
  // Per term, its tier() as a CASE from the best down: it stops at the first probe that matches, so a term
  // in the title costs one or two tests.
  std::string score;
  for (const auto& alts : terms) {
    std::string cases;
    for (int field = 0; field < fields; ++field)
      for (Way way : {Way::whole, Way::prefix, Way::typo}) {
        std::string any;
        for (const auto& alt : alts)
          if (alt.way == way) any += (any.empty() ? "" : " | ") + probe(alt, "ABC"[field]);
        if (any.empty()) continue;
        cases += " WHEN m.words @@ CAST(" + db::bind(params, any) + " AS tsquery) THEN " +
                 std::to_string(tier(field, way));
      }
    score += (score.empty() ? "(CASE" : " + (CASE") + cases + " ELSE 0 END)";
  }
  // The newest `cap` matches (a recency-ordered index scan testing each document for a broad query, the GIN
  // bitmap then a sort for a narrow one: the planner picks from the words' frequencies), then their scores.
  std::string sql = "SELECT m.id, m.kind, m.item_id, m.sorted_at, " + score +
                    " FROM (SELECT d.id, d.kind, d.item_id, d.sorted_at, d.words FROM search_docs d "
                    "WHERE d.words @@ CAST($1 AS tsquery) AND d.kind" +
                    in_list(kinds, params);
  sql += " ORDER BY d.sorted_at DESC, d.id DESC LIMIT " + db::bind(params, static_cast<std::int64_t>(cap)) +
         ") AS m";
  return fetch_candidates(c, sql, params);
}

}  // namespace shopfloor::search::detail
