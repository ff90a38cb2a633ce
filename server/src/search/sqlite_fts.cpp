// SQLite: search_docs holds each document's words joined by spaces; the external-content FTS5 table
// search_fts indexes them (migration 0075, which also keeps it in step with triggers). Which term matched
// where comes from sf_hits(), an FTS5 auxiliary function registered on every connection.
#include <sqlite3.h>

#include "search/backends.hpp"

namespace shopfloor::search::detail {

namespace {

// sf_hits(search_fts): for phrase p of the query and column c, character p * 3 + c is '1' when the phrase
// occurs in that column of the current row.
void sf_hits(const Fts5ExtensionApi* api, Fts5Context* fts, sqlite3_context* ctx, int, sqlite3_value**) {
  const int phrases = api->xPhraseCount(fts);
  std::string bits(static_cast<std::size_t>(phrases * fields), '0');
  for (int p = 0; p < phrases; ++p) {
    Fts5PhraseIter it;
    int column = -1;
    if (api->xPhraseFirstColumn(fts, p, &it, &column) != SQLITE_OK) {
      sqlite3_result_error(ctx, "sf_hits: cannot read the phrase's columns", -1);
      return;
    }
    for (; column >= 0; api->xPhraseNextColumn(fts, &it, &column))
      if (column < fields) bits[static_cast<std::size_t>(p * fields + column)] = '1';
  }
  sqlite3_result_text(ctx, bits.data(), static_cast<int>(bits.size()), SQLITE_TRANSIENT);
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
  return api->xCreateFunction(api, "sf_hits", nullptr, &sf_hits, nullptr);
}

// Every connection the process opens gets sf_hits (before main, so before the first connection).
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

}  // namespace

void sqlite_put(db::Connection& c, const Document& doc, const Words& w) {
  (void)registered;
  // Rewritten only when something changed, so publishing an item leaves the FTS index alone.
  c.query(
      "INSERT INTO search_docs (kind, item_id, title, summary, body, title_words, summary_words, body_words, "
      "sorted_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (kind, item_id) DO UPDATE SET "
      "title = excluded.title, summary = excluded.summary, body = excluded.body, "
      "title_words = excluded.title_words, summary_words = excluded.summary_words, "
      "body_words = excluded.body_words, sorted_at = excluded.sorted_at "
      "WHERE search_docs.title IS NOT excluded.title OR search_docs.summary IS NOT excluded.summary OR "
      "search_docs.body IS NOT excluded.body OR search_docs.title_words IS NOT excluded.title_words OR "
      "search_docs.summary_words IS NOT excluded.summary_words OR "
      "search_docs.body_words IS NOT excluded.body_words OR search_docs.sorted_at IS NOT excluded.sorted_at",
      doc.kind, doc.item_id, doc.title, doc.summary, doc.body, joined(w.title), joined(w.summary),
      joined(w.body), doc.sorted_at);
}

std::vector<Candidate> sqlite_find(db::Connection& c, const std::vector<std::vector<Alternative>>& terms,
                                   std::span<const std::string> kinds, std::size_t cap) {
  // ("w" OR "w"* OR "typo") AND ("a b") ...: every alternative is one phrase, numbered in this order.
  std::string match;
  for (const auto& alts : terms) {
    if (!match.empty()) match += " AND ";
    match += "(";
    for (std::size_t i = 0; i < alts.size(); ++i) {
      if (i) match += " OR ";
      match += quoted(alts[i].words);
      if (alts[i].way == Way::prefix) match += "*";
    }
    match += ")";
  }
  std::vector<db::Value> params{match};
  std::string sql =
      "SELECT d.id, d.kind, d.item_id, d.sorted_at, sf_hits(search_fts) FROM search_fts "
      "JOIN search_docs d ON d.id = search_fts.rowid WHERE search_fts MATCH $1 AND d.kind" +
      in_list(kinds, params);
  params.emplace_back(static_cast<std::int64_t>(cap));
  sql += " ORDER BY d.sorted_at DESC, d.id DESC LIMIT $" + std::to_string(params.size());
  std::vector<Candidate> out;
  for (const auto& r : c.exec(sql, params).rows)
    out.push_back({r.i64(0), r.str(1), r.str(2), r.i64(3), r.str(4)});
  return out;
}

}  // namespace shopfloor::search::detail
