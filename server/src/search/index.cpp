#include "search/index.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "db/params.hpp"
#include "search/backends.hpp"
#include "search/text.hpp"

namespace shopfloor::search {

using detail::Alternative;
using detail::Way;

namespace detail {

std::vector<std::vector<Alternative>> alternatives(const Query& q) {
  std::vector<std::vector<Alternative>> out;
  for (const auto& t : q.terms) {
    std::vector<Alternative> alts{{t.words, Way::whole}};
    if (t.prefix) alts.push_back({t.words, Way::prefix});
    for (const auto& typo : t.typos) alts.push_back({{typo}, Way::typo});
    out.push_back(std::move(alts));
  }
  return out;
}

std::string in_list(std::span<const std::string> values, std::vector<db::Value>& params) {
  std::string out = " IN (";
  for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + db::bind(params, values[i]);
  return out + ")";
}

std::vector<Candidate> fetch_candidates(db::Connection& c, const std::string& sql,
                                        const std::vector<db::Value>& params) {
  std::vector<Candidate> out;
  auto result = c.exec(sql, params);
  out.reserve(result.rows.size());
  for (const auto& r : result.rows)
    out.push_back({r.i64(0), r.str(1), r.str(2), r.i64(3), static_cast<int>(r.i64(4))});
  return out;
}

}  // namespace detail

namespace {

// Latin words the typo tolerance may offer instead of a word the index does not have: whole letters, at least
// one shorter than the shortest word that gets the tolerance.
bool typo_vocabulary(std::string_view w) {
  return w.size() + 1 >= min_typo_chars && w.size() <= max_word_chars &&
         std::all_of(w.begin(), w.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

void add_terms(db::Connection& c, const detail::Words& w) {
  std::set<std::string_view> terms;
  for (const auto* list : {&w.title, &w.summary})
    for (const auto& word : *list)
      if (typo_vocabulary(word)) terms.insert(word);
  if (terms.empty()) return;
  std::vector<db::Value> params;
  std::string sql = "INSERT INTO search_terms (term, head, size) VALUES ";
  for (auto word : terms) {
    params.emplace_back(std::string(word));
    params.emplace_back(std::string(word.substr(0, 1)));
    params.emplace_back(static_cast<std::int64_t>(word.size()));
    auto n = params.size();
    sql += (n > 3 ? ", ($" : "($") + std::to_string(n - 2) + ", $" + std::to_string(n - 1) + ", $" +
           std::to_string(n) + ")";
  }
  c.exec(sql + " ON CONFLICT (term) DO NOTHING", params);
}

bool finds(const Query& q, std::string_view word) {
  return std::any_of(q.terms.begin(), q.terms.end(), [&](const Term& t) { return t.finds(word); });
}

// Marks of the words of text[from, to) that the query finds, relative to `from`, shifted by `shift` UTF-16
// units (an ellipsis before the snippet).
std::vector<std::pair<std::size_t, std::size_t>> marks_between(std::string_view text,
                                                               const std::vector<Located>& located,
                                                               const Query& q, std::size_t from,
                                                               std::size_t to, std::size_t shift) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (const auto& l : located) {
    if (l.begin < from || l.end > to || !finds(q, l.word)) continue;
    std::size_t b = shift + utf16_length(text.substr(from, l.begin - from));
    std::size_t e = b + utf16_length(text.substr(l.begin, l.end - l.begin));
    if (!out.empty() && out.back().second >= b)
      out.back().second = std::max(out.back().second, e);
    else
      out.emplace_back(b, e);
  }
  return out;
}

std::size_t chars_between(std::string_view text, std::size_t from, std::size_t to) {
  std::size_t n = 0;
  for (std::size_t i = from; i < to && i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++n;
  return n;
}

// The byte offset `chars` characters after `from` (or the end).
std::size_t advance(std::string_view text, std::size_t from, std::size_t chars) {
  std::size_t i = from;
  while (i < text.size() && chars > 0) {
    ++i;
    while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
    --chars;
  }
  return i;
}

constexpr std::string_view ellipsis = "\xE2\x80\xA6";  // …

}  // namespace

void put(db::Connection& c, const Document& doc) {
  detail::Words w{words(doc.title), words(doc.summary), words(doc.body)};
  if (c.is_sqlite())
    detail::sqlite_put(c, doc, w);
  else
    detail::postgres_put(c, doc, w);
  add_terms(c, w);
}

void remove(db::Connection& c, std::string_view kind, std::string_view item_id) {
  c.query("DELETE FROM search_docs WHERE kind = $1 AND item_id = $2", kind, item_id);
}

void add_typos(db::Connection& c, Query& q) {
  for (auto& t : q.terms) {
    if (t.phrase() || !typo_tolerant(t.words.front())) continue;
    const std::string& word = t.words.front();
    auto rows =
        c.query("SELECT term FROM search_terms WHERE head = $1 AND size BETWEEN $2 AND $3 ORDER BY term",
                word.substr(0, 1), static_cast<std::int64_t>(word.size() - 1),
                static_cast<std::int64_t>(word.size() + 1));
    std::vector<std::string> near;
    bool known = false;
    for (const auto& r : rows.rows) {
      std::string term = r.str(0);
      if (term == word) known = true;
      if (term != word && within_one_edit(term, word) && near.size() < 5) near.push_back(std::move(term));
    }
    if (!known) t.typos = std::move(near);
  }
}

std::vector<Hit> find(db::Connection& c, const Query& q, std::span<const std::string> kinds,
                      std::size_t cap) {
  if (q.empty() || kinds.empty() || cap == 0) return {};
  auto terms = detail::alternatives(q);
  auto candidates =
      c.is_sqlite() ? detail::sqlite_find(c, terms, kinds, cap) : detail::postgres_find(c, terms, kinds, cap);
  std::vector<Hit> hits;
  hits.reserve(candidates.size());
  for (auto& cand : candidates)
    hits.push_back({cand.doc, std::move(cand.kind), std::move(cand.item_id), cand.score, cand.sorted_at});
  std::stable_sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.sorted_at != b.sorted_at) return a.sorted_at > b.sorted_at;
    return a.doc > b.doc;
  });
  return hits;
}

Marked marked(std::string_view text, const Query& q) {
  std::string valid = valid_utf8(text);
  auto located = located_words(valid);
  auto marks = marks_between(valid, located, q, 0, valid.size(), 0);
  return {std::move(valid), std::move(marks)};
}

Marked snippet(std::string_view text, const Query& q, std::size_t length) {
  std::string valid = valid_utf8(text);
  auto located = located_words(valid);
  auto first =
      std::find_if(located.begin(), located.end(), [&](const Located& l) { return finds(q, l.word); });
  std::size_t from = 0;
  if (first != located.end()) {
    // Start at a word about a quarter of the snippet before the match, so the match has its context.
    from = first->begin;
    for (auto it = first; it != located.begin();) {
      --it;
      if (chars_between(valid, it->begin, first->begin) > length / 4) break;
      from = it->begin;
    }
  }
  std::size_t to = advance(valid, from, length);
  // End on a word's end when one ends inside the window.
  if (to < valid.size()) {
    std::size_t best = from;
    for (const auto& l : located)
      if (l.end <= to && l.end > best) best = l.end;
    if (best > from) to = best;
  }
  std::string out;
  std::size_t shift = 0;
  if (from > 0) {
    out += ellipsis;
    shift = 1;
  }
  out += valid.substr(from, to - from);
  auto marks = marks_between(valid, located, q, from, to, shift);
  if (to < valid.size()) out += ellipsis;
  return {std::move(out), std::move(marks)};
}

std::vector<Shown> show(db::Connection& c, const Query& q, std::span<const Hit> hits) {
  std::vector<Shown> out(hits.size());
  if (hits.empty()) return out;
  std::vector<db::Value> params;
  std::string sql = "SELECT id, title, summary, body FROM search_docs WHERE id IN (";
  for (std::size_t i = 0; i < hits.size(); ++i) {
    params.emplace_back(hits[i].doc);
    sql += (i ? ", $" : "$") + std::to_string(params.size());
  }
  std::map<std::int64_t, db::Row> rows;
  for (auto& r : c.exec(sql + ")", params).rows) rows.emplace(r.i64(0), std::move(r));
  for (std::size_t i = 0; i < hits.size(); ++i) {
    auto r = rows.find(hits[i].doc);
    if (r == rows.end()) continue;
    out[i].title = marked(r->second.str(1), q);
    std::string summary = r->second.str(2), body = r->second.str(3);
    Marked from_summary = snippet(summary, q);
    if (!from_summary.marks.empty() || body.empty()) {
      out[i].snippet = std::move(from_summary);
    } else {
      Marked from_body = snippet(body, q);
      out[i].snippet =
          from_body.marks.empty() && !summary.empty() ? std::move(from_summary) : std::move(from_body);
    }
  }
  return out;
}

}  // namespace shopfloor::search
