// PostgreSQL (migrations 0075, 0077, 0078): search_docs holds each document's texts and a positional tsvector
// written as a literal from our own words (title at weight A, summary B, body C, each field's positions apart
// so a phrase never runs from one field into the next; literals rather than to_tsvector('simple', ...):
// PostgreSQL's own parser would split Thai words at their combining vowels and tone marks under some
// locales). search_match holds one narrow row per document whose words are integers, search_words' id * 4 +
// field, with a recency index and a GIN index. Candidates are found and scored on those integers; only a
// quoted phrase reads the tsvector (it needs the words' positions).
//
// Which plan, from the cap rather than the planner's estimate: the newest rows are read in recency order and
// tested (a short row, no decompression), 4 x cap of them first, then as many more as the matches found say
// the rest needs, up to 24 x cap; when that is not enough, the older matches come from the GIN index, then a
// sort. So a broad query stops early, and a narrow one never walks the whole table because the planner
// guessed its words' overlap wrong.
#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>

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

// A quoted phrase as a tsquery ('a' <-> 'b'), restricted to a field's weight when given.
std::string phrase_query(const Alternative& alt, char weight) {
  std::string out;
  for (std::size_t i = 0; i < alt.words.size(); ++i) {
    if (i) out += " <-> ";
    out += lexeme(alt.words[i]);
    if (weight) out += std::string(":") + weight;
  }
  return out;
}

// Words are sent as one text, split by spaces in SQL (a word never holds a space: search/text.hpp).
template <typename Words>
std::string spaced(const Words& words) {
  std::string out;
  for (const auto& w : words) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

// Taken shared by every put that numbers words and exclusively by prune_words (index.cpp), so a word's id is
// never deleted while a transaction that is about to store it is still open.
constexpr std::int64_t words_lock = 310078;

std::set<std::string_view> distinct(const std::vector<std::string>& words) {
  return {words.begin(), words.end()};
}

// The newest rows read and tested per candidate wanted: first_window x cap at first, then as many more as the
// matches found say the rest needs, up to max_window x cap in all; beyond, the GIN index answers the rest
// (a scanned row costs about a microsecond; the index, the posting lists of the words, whatever the cap).
constexpr std::size_t first_window = 4, max_window = 24;
// A prefix standing for more words than this makes the per-row test long (an array overlap is a nested loop):
// such a query goes to the GIN index directly.
constexpr std::size_t max_scanned_ids = 256;

// search_match codes: a word id for each field in `fields`, as an integer[] literal.
std::string codes(const std::vector<std::int64_t>& ids, std::initializer_list<int> in_fields) {
  std::vector<std::int64_t> out;
  for (auto id : ids)
    for (int f : in_fields) out.push_back(id * 4 + f);
  std::sort(out.begin(), out.end());
  std::string text = "{";
  for (std::size_t i = 0; i < out.size(); ++i) text += (i ? "," : "") + std::to_string(out[i]);
  return text + "}";
}

// A term's test on search_match.words: its codes (bound as a parameter) and how many documents hold them.
struct Overlap {
  std::string codes_param;
  std::vector<std::int64_t> codes;
  double frequency = 0;  // the share of documents holding the term (ANALYZE's element statistics)
};

// The element statistics ANALYZE (autovacuum) keeps for search_match.words, read at most once a minute per
// process once there are some (they change when autovacuum analyses the table again, not with each write):
// the shares of the most common codes and the least of them (any code not listed is rarer).
struct ElementStats {
  bool known = false;  // ANALYZE has run on search_match
  double least = 0;
  std::map<std::int64_t, double> share;
};

std::shared_ptr<const ElementStats> element_stats(db::Connection& c) {
  static std::mutex mutex;
  static std::shared_ptr<const ElementStats> cached;
  static std::chrono::steady_clock::time_point read_at;
  auto now = std::chrono::steady_clock::now();
  {
    std::lock_guard lock(mutex);
    // Until ANALYZE has run (a new or small database) they are read each time: the first ones count.
    if (cached && cached->known && now - read_at < std::chrono::minutes(1)) return cached;
  }
  auto stats = std::make_shared<ElementStats>();
  auto rows =
      c.query(
           "SELECT u.e, u.f, s.most_common_elem_freqs[array_length(s.most_common_elems, 1) + 1] FROM "
           "pg_stats s CROSS JOIN LATERAL unnest(CAST(CAST(s.most_common_elems AS text) AS integer[]), "
           "s.most_common_elem_freqs) AS u(e, f) WHERE s.schemaname = current_schema() AND s.tablename "
           "= 'search_match' AND s.attname = 'words'")
          .rows;
  if (!rows.empty() && !rows.front().is_null(2)) {
    stats->known = true;
    stats->least = rows.front().f64(2);
    for (const auto& r : rows)
      if (!r.is_null(0)) stats->share.emplace(r.i64(0), r.f64(1));
  }
  std::lock_guard lock(mutex);
  cached = std::move(stats);
  read_at = now;
  return cached;
}

// Sets each term's share of the documents: a code among the most common elements has its share, any other
// one at most the least common listed one's; a term's share is its codes' summed (an upper bound: a word in
// the title and the body counts twice). Without statistics every share stays 0 (the query's order).
void code_frequencies(db::Connection& c, std::vector<Overlap>& overlaps) {
  auto stats = element_stats(c);
  if (!stats->known) return;
  for (auto& o : overlaps) {
    o.frequency = 0;
    for (auto code : o.codes) {
      auto it = stats->share.find(code);
      o.frequency += it != stats->share.end() ? it->second : stats->least;
    }
    o.frequency = std::min(o.frequency, 1.0);
  }
}

}  // namespace

void postgres_put(db::Connection& c, const Document& doc, const Words& w) {
  // The shared words lock (see words_lock) is taken by the same statement, before the words are numbered:
  // one round trip less per write (each is a wake-up of the server process, which a loaded machine delays).
  auto changed =
      c.query(
           "INSERT INTO search_docs (kind, item_id, title, summary, body, words, sorted_at) SELECT "
           "CAST($1 AS text), CAST($2 AS text), CAST($3 AS text), CAST($4 AS text), CAST($5 AS text), "
           "CAST($6 "
           "AS tsvector), CAST($7 AS bigint) FROM (SELECT pg_advisory_xact_lock_shared($8)) AS locked ON "
           "CONFLICT (kind, item_id) DO UPDATE SET "
           "title = excluded.title, summary = excluded.summary, body = excluded.body, words = "
           "excluded.words, "
           "sorted_at = excluded.sorted_at WHERE (search_docs.title, search_docs.summary, search_docs.body, "
           "search_docs.words, search_docs.sorted_at) IS DISTINCT FROM (excluded.title, excluded.summary, "
           "excluded.body, excluded.words, excluded.sorted_at) RETURNING id",
           doc.kind, doc.item_id, doc.title, doc.summary, doc.body, tsvector(w), doc.sorted_at, words_lock)
          .first();
  if (!changed) return;  // the same texts and recency: the index already holds them
  auto title = distinct(w.title), summary = distinct(w.summary), body = distinct(w.body);
  std::set<std::string_view> all;
  for (const auto* field : {&title, &summary, &body}) all.insert(field->begin(), field->end());
  // In byte order, as every writer does, so two writers adding the same new words never wait on each other
  // in opposite orders.
  c.query(
      "INSERT INTO search_words (word) SELECT u.word FROM unnest(string_to_array($1, ' ')) WITH ORDINALITY "
      "AS u(word, n) ORDER BY u.n ON CONFLICT (word) DO NOTHING",
      spaced(all));
  c.query(
      "INSERT INTO search_match (id, kind, item_id, sorted_at, words) VALUES ($1, $2, $3, $4, ARRAY(SELECT "
      "DISTINCT s.id * 4 + f.field FROM (VALUES (0, CAST($5 AS text)), (1, CAST($6 AS text)), (2, CAST($7 AS "
      "text))) AS f(field, words) CROSS JOIN LATERAL unnest(string_to_array(f.words, ' ')) AS u(word) JOIN "
      "search_words s ON s.word = u.word ORDER BY 1)) ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, "
      "item_id = excluded.item_id, sorted_at = excluded.sorted_at, words = excluded.words",
      changed->i64(0), doc.kind, doc.item_id, doc.sorted_at, spaced(title), spaced(summary), spaced(body));
}

std::int64_t postgres_prune(db::Connection& c, const std::string& after, const std::string& last) {
  const std::string unheld =
      " AND NOT EXISTS (SELECT 1 FROM search_match m WHERE m.words && ARRAY[w.id * 4, w.id * 4 + 1, w.id * 4 "
      "+ 2])";
  // Looked for first without the lock (a GIN lookup per word: milliseconds for a common one), then only those
  // found are tested again under it, so puts wait for a short delete, not for the whole batch.
  std::string ids;
  for (const auto& r :
       c.query("SELECT w.id FROM search_words w WHERE w.word > $1 AND w.word <= $2" + unheld, after, last)
           .rows)
    ids += (ids.empty() ? "{" : ",") + std::to_string(r.i64(0));
  if (ids.empty()) return 0;
  // Exclusive: no put is between numbering its words and committing the document that holds them.
  c.query("SELECT pg_advisory_xact_lock($1)", words_lock);
  return c.query("DELETE FROM search_words w WHERE w.id = ANY(CAST($1 AS integer[]))" + unheld, ids + "}")
      .affected;
}

std::vector<Candidate> postgres_find(db::Connection& c, const std::vector<std::vector<Alternative>>& terms,
                                     std::span<const std::string> kinds, std::size_t cap) {
  // The ids of every word the query names whole (single words, typo alternatives, a phrase's words).
  std::set<std::string> named;
  for (const auto& alts : terms)
    for (const auto& alt : alts)
      if (alt.way != Way::prefix) named.insert(alt.words.begin(), alt.words.end());
  // And the words starting with each prefix alternative (longer ones: the word itself is its whole
  // alternative), in the same statement: one round trip whatever the number of terms.
  std::set<std::string> starts;
  for (const auto& alts : terms)
    for (const auto& alt : alts)
      if (alt.way == Way::prefix) starts.insert(alt.words.front());
  std::map<std::string, std::int64_t> id_of;
  std::map<std::string, std::vector<std::int64_t>> longer;  // prefix → the ids of the words it starts
  for (const auto& r :
       c.query("SELECT '', word, id FROM search_words WHERE word = ANY(string_to_array($1, ' ')) UNION ALL "
               "SELECT p.start, w.word, w.id FROM unnest(string_to_array($2, ' ')) AS p(start) JOIN "
               "search_words w ON w.word > p.start AND w.word < p.start || chr(1114111)",
               spaced(named), spaced(starts))
           .rows) {
    if (r.str(0).empty())
      id_of.emplace(r.str(1), r.i64(2));
    else
      longer[r.str(0)].push_back(r.i64(2));
  }
  auto ids = [&](const std::vector<std::string>& words) {
    std::vector<std::int64_t> out;
    for (const auto& w : words)
      if (auto it = id_of.find(w); it != id_of.end()) out.push_back(it->second);
    return out;
  };

  std::vector<db::Value> params;
  std::string phrase_filter, score;
  std::vector<Overlap> overlaps;  // one per term (per word of a phrase)
  bool phrases = false, scan_first = true;
  auto overlap = [&](const std::vector<std::int64_t>& ids) {
    auto list = codes(ids, {0, 1, 2});
    overlaps.push_back({db::bind(params, list), {}});
    auto& all = overlaps.back().codes;
    for (auto id : ids)
      for (std::int64_t f : {0, 1, 2}) all.push_back(id * 4 + f);
  };
  for (const auto& alts : terms) {
    std::string cases;
    if (alts.front().words.size() > 1) {
      // A quoted phrase (its only alternative): every word in the integers, then their order in the tsvector.
      const auto& alt = alts.front();
      auto words = ids(alt.words);
      if (words.size() != alt.words.size()) return {};  // a word no document holds
      phrases = true;
      for (auto id : words) overlap({id});
      phrase_filter += " AND d.words @@ CAST(" + db::bind(params, phrase_query(alt, 0)) + " AS tsquery)";
      for (int field = 0; field < fields; ++field)
        cases += " WHEN d.words @@ CAST(" + db::bind(params, phrase_query(alt, "ABC"[field])) +
                 " AS tsquery) THEN " + std::to_string(tier(field, Way::whole));
    } else {
      // Single words: the word, the longer words starting with it, typo alternatives.
      std::map<Way, std::vector<std::int64_t>> by_way;
      for (const auto& alt : alts) {
        auto& list = by_way[alt.way];
        if (alt.way != Way::prefix) {
          auto found = ids(alt.words);
          list.insert(list.end(), found.begin(), found.end());
          continue;
        }
        if (auto it = longer.find(alt.words.front()); it != longer.end())
          list.insert(list.end(), it->second.begin(), it->second.end());
      }
      std::vector<std::int64_t> any;
      for (const auto& [way, list] : by_way) any.insert(any.end(), list.begin(), list.end());
      if (any.empty()) return {};  // no document holds the term
      if (any.size() > max_scanned_ids) scan_first = false;
      overlap(any);
      for (int field = 0; field < fields; ++field)
        for (Way way : {Way::whole, Way::prefix, Way::typo})
          if (auto it = by_way.find(way); it != by_way.end() && !it->second.empty())
            cases += " WHEN m.words && CAST(" + db::bind(params, codes(it->second, {field})) +
                     " AS integer[]) THEN " + std::to_string(tier(field, way));
    }
    score += (score.empty() ? "(CASE" : " + (CASE") + cases + " ELSE 0 END)";
  }
  // The rarest terms first (ANALYZE's element frequencies): a row the scan reads is rejected by its first
  // failing test, so a rare term first spares the tests of the common ones on most rows. (Looking up only the
  // rare terms in the GIN index and testing the common ones on the rows found, or going to the index without
  // the scan when the rarest term's posting list is short, were measured slower: the index intersects the
  // posting lists faster than the heap rows are fetched and tested, docs/PERFORMANCE.md.)
  code_frequencies(c, overlaps);
  std::stable_sort(overlaps.begin(), overlaps.end(),
                   [](const Overlap& a, const Overlap& b) { return a.frequency < b.frequency; });
  std::string filter;
  for (const auto& o : overlaps) filter += " AND m.words && CAST(" + o.codes_param + " AS integer[])";
  filter += phrase_filter;
  std::string select = "SELECT m.id, m.kind, m.item_id, m.sorted_at, " + score + " FROM ";
  std::string join = phrases ? " JOIN search_docs d ON d.id = m.id" : "";
  std::string newest_first = " ORDER BY m.sorted_at DESC, m.id DESC LIMIT ";

  std::vector<Candidate> out;
  std::optional<db::Row> boundary;  // the oldest document the scan has read, when older ones remain
  auto older_than = [&](std::vector<db::Value>& p, const std::string& prefix) {
    return boundary ? " AND (" + prefix + "sorted_at, " + prefix + "id) < (" + db::bind(p, boundary->i64(0)) +
                          ", " + db::bind(p, boundary->i64(1)) + ")"
                    : std::string();
  };
  // Newest first, window after window: the first of first_window x cap rows, the next as many as the matches
  // found so far say the rest needs (with a margin), while the rows read stay within max_window x cap.
  std::size_t scanned = 0, window = scan_first ? cap * first_window : 0;
  while (window > 0) {
    auto p = params;
    std::string sql = select + "(SELECT id, kind, item_id, sorted_at, words FROM search_match WHERE kind" +
                      in_list(kinds, p) + older_than(p, "") + " ORDER BY sorted_at DESC, id DESC LIMIT " +
                      db::bind(p, static_cast<std::int64_t>(window)) + ") AS m" + join + " WHERE TRUE" +
                      filter + newest_first + db::bind(p, static_cast<std::int64_t>(cap - out.size()));
    auto found = fetch_candidates(c, sql, p);
    out.insert(out.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
    if (out.size() >= cap) return out;
    std::vector<db::Value> b;
    std::string last = "SELECT sorted_at, id FROM search_match WHERE kind" + in_list(kinds, b) +
                       older_than(b, "") + " ORDER BY sorted_at DESC, id DESC OFFSET " +
                       db::bind(b, static_cast<std::int64_t>(window - 1)) + " LIMIT 1";
    boundary = c.exec(last, b).first();
    if (!boundary) return out;  // the scan read every document
    scanned += window;
    if (out.empty()) break;  // too rare to extrapolate: the index
    std::size_t needed = (cap - out.size()) * scanned / out.size() * 3 / 2;
    window = scanned + needed <= cap * max_window ? needed : 0;
  }
  // The rest from the GIN index: the planner is kept from the recency scan (and from reading the whole
  // table), which its estimate of how often the words meet would otherwise pick for words it thinks common.
  auto p = params;
  std::string older = older_than(p, "m.");
  // Set for the session, not the transaction (a read runs outside one, where a local setting would end with
  // its own statement), and put back right after, also when the query throws (inside a write that then rolls
  // back, PostgreSQL undoes the setting itself).
  auto saved =
      c.query(
           "SELECT current_setting('enable_seqscan'), current_setting('enable_indexscan'), "
           "set_config('enable_seqscan', 'off', false), set_config('enable_indexscan', 'off', false)")
          .first();
  struct Restore {
    db::Connection& c;
    std::string seqscan, indexscan;
    ~Restore() {
      try {
        c.query("SELECT set_config('enable_seqscan', $1, false), set_config('enable_indexscan', $2, false)",
                seqscan, indexscan);
      } catch (...) {  // an aborted transaction: its rollback restores them
      }
    }
  } restore{c, saved->str(0), saved->str(1)};
  auto rest =
      fetch_candidates(c,
                       select + "search_match m" + join + " WHERE m.kind" + in_list(kinds, p) + filter +
                           older + newest_first + db::bind(p, static_cast<std::int64_t>(cap - out.size())),
                       p);
  out.insert(out.end(), std::make_move_iterator(rest.begin()), std::make_move_iterator(rest.end()));
  return out;
}

}  // namespace shopfloor::search::detail
