// SQLite: search_docs holds each document's words joined by spaces; the external-content FTS5 table
// search_fts indexes them (migrations 0075 and 0077, which also keep it in step with triggers); a document's
// id follows its recency, so the index read backwards gives the newest matches first. The score comes from
// sf_score(), an FTS5 auxiliary function registered on every connection.
#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <optional>
#include <set>
#include <stdexcept>

#include "db/params.hpp"
#include "search/backends.hpp"

namespace shopfloor::search::detail {

namespace {

// sf_score(search_fts, plan): the current row's score. `plan` holds two characters per phrase of the query,
// its term ('0' + term) and its way ('0' + Way); phrases past the plan (the kinds) count for nothing. Per
// term the best tier() of its phrases over the columns they occur in, summed.
void sf_score(const Fts5ExtensionApi* api, Fts5Context* fts, sqlite3_context* ctx, int args,
              sqlite3_value** arg) {
  if (args != 1) {
    sqlite3_result_error(ctx, "sf_score: takes the query's plan", -1);
    return;
  }
  std::string_view plan(reinterpret_cast<const char*>(sqlite3_value_text(arg[0])),
                        static_cast<std::size_t>(sqlite3_value_bytes(arg[0])));
  std::array<int, max_terms> best{};
  const int phrases = std::min(api->xPhraseCount(fts), static_cast<int>(plan.size() / 2));
  for (int p = 0; p < phrases; ++p) {
    auto term = static_cast<std::size_t>(plan[static_cast<std::size_t>(p) * 2] - '0');
    auto way = static_cast<Way>(plan[static_cast<std::size_t>(p) * 2 + 1] - '0');
    if (term >= best.size()) continue;
    Fts5PhraseIter it;
    int column = -1;
    if (api->xPhraseFirstColumn(fts, p, &it, &column) != SQLITE_OK) {
      sqlite3_result_error(ctx, "sf_score: cannot read the phrase's columns", -1);
      return;
    }
    for (; column >= 0; api->xPhraseNextColumn(fts, &it, &column))
      if (column < fields) best[term] = std::max(best[term], tier(column, way));
  }
  int total = 0;
  for (int b : best) total += b;
  sqlite3_result_int(ctx, total);
}

int add_functions(sqlite3* db, char** error, const sqlite3_api_routines*) {
  fts5_api* api = nullptr;
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &stmt, nullptr) == SQLITE_OK) {
    sqlite3_bind_pointer(stmt, 1, static_cast<void*>(&api), "fts5_api_ptr", nullptr);
    sqlite3_step(stmt);
  }
  sqlite3_finalize(stmt);
  if (!api) return SQLITE_OK;  // a SQLite without FTS5: the migration that needs it fails clearly instead
  return api->xCreateFunction(api, "sf_score", nullptr, &sf_score, nullptr);
}

// Every connection the process opens gets sf_score (before main, so before the first connection).
const bool registered = [] {
  sqlite3_auto_extension(reinterpret_cast<void (*)()>(&add_functions));
  return true;
}();

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

// An FTS5 string: the words in double quotes (a quote inside doubled), so nothing in them is syntax.
std::string quoted(const std::vector<std::string>& words) {
  std::string out = "\"";
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i) out += ' ';
    for (char ch : words[i]) {
      if (ch == '"') out += '"';
      out += ch;
    }
  }
  return out + "\"";
}

// A document's id (and FTS5 rowid) in the order of recency (migration 0077): sorted_at * 2^20, plus the order
// it was written in among the documents of the same millisecond. So the index read backwards gives the
// newest first, and a broad query stops at the cap without reading older matches.
constexpr std::int64_t same_ms = std::int64_t{1} << 20;
constexpr std::int64_t latest_ms = (std::int64_t{1} << 43) - 1;  // year 2248: the key stays within 63 bits

std::int64_t recency_key(db::Connection& c, std::int64_t sorted_at) {
  std::int64_t base = std::clamp<std::int64_t>(sorted_at, 0, latest_ms) * same_ms;
  auto last = c.query("SELECT max(id) FROM search_docs WHERE id BETWEEN $1 AND $2", base, base + same_ms - 1)
                  .first()
                  ->opt_i64(0);
  if (!last) return base;
  if (*last + 1 >= base + same_ms)
    throw std::runtime_error("search: more than 2^20 documents with the same recency millisecond");
  return *last + 1;
}

// A prefix alternative's words, when FTS5's own "w"* would be slow: the longer indexed words starting with
// `word`, if at most max_longer (none when FTS5's prefix index, '1 2 3' characters, answers it lazily, or
// when there are more: then "w"*, correct but reading every match first).
constexpr std::size_t prefix_index_chars = 3, max_longer = 32;

std::optional<std::vector<std::string>> longer_words(db::Connection& c, const std::string& word) {
  std::size_t chars = 0;
  for (char ch : word)
    if ((static_cast<unsigned char>(ch) & 0xC0) != 0x80) ++chars;
  if (chars <= prefix_index_chars) return std::nullopt;
  // Every word starting with `word` sorts (bytewise) between it and it followed by U+10FFFF.
  auto rows = c.query("SELECT word FROM search_words WHERE word > $1 AND word < $2 ORDER BY word LIMIT $3",
                      word, word + "\xF4\x8F\xBF\xBF", static_cast<std::int64_t>(max_longer + 1));
  if (rows.rows.size() > max_longer) return std::nullopt;
  return rows.first_column();
}

// The document's words in search_words (longer_words' list; a word no document holds any more only adds a
// phrase that matches nothing until prune_words removes it).
void add_words(db::Connection& c, const Words& w) {
  std::set<std::string_view> all;
  for (const auto* list : {&w.title, &w.summary, &w.body})
    for (const auto& word : *list) all.insert(word);
  std::vector<db::Value> params;
  std::string sql;
  auto flush = [&] {
    if (params.empty()) return;
    c.exec("INSERT INTO search_words (word) VALUES " + sql + " ON CONFLICT (word) DO NOTHING", params);
    params.clear();
    sql.clear();
  };
  for (auto word : all) {
    if (!params.empty()) sql += ", ";
    sql += "(" + db::bind(params, std::string(word)) + ")";
    if (params.size() == 500) flush();
  }
  flush();
}

}  // namespace

void sqlite_put(db::Connection& c, const Document& doc, const Words& w) {
  (void)registered;
  auto old =
      c.query("SELECT id, sorted_at FROM search_docs WHERE kind = $1 AND item_id = $2", doc.kind, doc.item_id)
          .first();
  std::string title = joined(w.title), summary = joined(w.summary), body = joined(w.body);
  add_words(c, w);
  if (!old) {
    c.query(
        "INSERT INTO search_docs (id, kind, item_id, title, summary, body, title_words, summary_words, "
        "body_words, sorted_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        recency_key(c, doc.sorted_at), doc.kind, doc.item_id, doc.title, doc.summary, doc.body, title,
        summary, body, doc.sorted_at);
    return;
  }
  // Same recency: the id stays, and the row (so the FTS index) is rewritten only when a text changed, so
  // publishing an item leaves the index alone. New recency: a new id, so the document moves in the order.
  std::int64_t id = old->i64(0);
  std::int64_t new_id = old->i64(1) == doc.sorted_at ? id : recency_key(c, doc.sorted_at);
  c.query(
      "UPDATE search_docs SET id = $1, title = $2, summary = $3, body = $4, title_words = $5, "
      "summary_words = $6, body_words = $7, sorted_at = $8 WHERE id = $9 AND (id <> $1 OR title IS NOT $2 OR "
      "summary IS NOT $3 OR body IS NOT $4 OR title_words IS NOT $5 OR summary_words IS NOT $6 OR "
      "body_words IS NOT $7)",
      new_id, doc.title, doc.summary, doc.body, title, summary, body, doc.sorted_at, id);
}

std::int64_t sqlite_prune(db::Connection& c, const std::string& after, const std::string& last) {
  // One FTS5 lookup per word, in the text fields only (a kind is not a word of any document); SQLite's single
  // writer keeps a put from adding a word back between the test and the delete.
  return c
      .query(
          "DELETE FROM search_words WHERE word > $1 AND word <= $2 AND NOT EXISTS (SELECT 1 FROM search_fts "
          "WHERE search_fts MATCH '{title_words summary_words body_words} : \"' || "
          "replace(search_words.word, "
          "'\"', '\"\"') || '\"')",
          after, last)
      .affected;
}

std::vector<Candidate> sqlite_find(db::Connection& c, const std::vector<std::vector<Alternative>>& terms,
                                   std::span<const std::string> kinds, std::size_t cap) {
  // ("w" OR "w1" OR "w2" OR "typo") AND ("a b") ... AND kind : ("contents" OR ...): every word or phrase is
  // one FTS5 phrase, numbered in this order (sf_score's plan); a prefix alternative is its longer words.
  std::string match, plan;
  for (std::size_t t = 0; t < terms.size(); ++t) {
    if (t) match += " AND ";
    match += "(";
    for (const auto& alt : terms[t]) {
      std::vector<std::string> phrases;
      if (alt.way != Way::prefix) {
        phrases.push_back(quoted(alt.words));
      } else if (auto longer = longer_words(c, alt.words.front())) {
        for (const auto& w : *longer) phrases.push_back(quoted({w}));
      } else {
        phrases.push_back(quoted(alt.words) + "*");
      }
      for (const auto& p : phrases) {
        match += (match.back() == '(' ? "" : " OR ") + p;
        plan += static_cast<char>('0' + t);
        plan += static_cast<char>('0' + static_cast<int>(alt.way));
      }
    }
    match += ")";
  }
  match += " AND kind : (";
  for (std::size_t i = 0; i < kinds.size(); ++i) match += (i ? " OR " : "") + quoted({kinds[i]});
  match += ")";
  // The newest `cap` matches straight from the index (rowid DESC is recency), then what ranking needs of
  // them from the narrow index (the table's rows are long: one page each).
  return fetch_candidates(
      c,
      "SELECT d.id, d.kind, d.item_id, d.sorted_at, m.score FROM (SELECT rowid AS id, "
      "sf_score(search_fts, $2) AS score FROM search_fts WHERE search_fts MATCH $1 ORDER BY rowid DESC "
      "LIMIT $3) AS m JOIN search_docs d INDEXED BY search_docs_recency ON d.id = m.id",
      {match, plan, static_cast<std::int64_t>(cap)});
}

}  // namespace shopfloor::search::detail
