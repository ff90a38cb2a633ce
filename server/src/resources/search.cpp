#include "resources/search.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

#include "resources/engine.hpp"
#include "resources/fields.hpp"
#include "search/caps.hpp"
#include "search/sources.hpp"
#include "util/html_sanitizer.hpp"
#include "util/text.hpp"

namespace shopfloor::resources {

namespace json = boost::json;

namespace {

// Runs of white space as one space: snippets are one line.
std::string one_line(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool space = false;
  for (char ch : s) {
    if (ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t' || ch == '\f' || ch == '\v') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += ch;
  }
  return out;
}

std::string field_text(const Resource& r, const json::object& item, const std::string& name) {
  const Field* f = r.field(name);
  const json::value* v = item.if_contains(name);
  if (!f || !v) return "";
  if (v->is_string()) {
    std::string_view s = v->as_string();
    return one_line(f->format == "html" ? html_to_text(s) : s);
  }
  std::string out;
  if (v->is_array())
    for (const auto& e : v->as_array())
      if (e.is_string()) out += (out.empty() ? "" : ", ") + one_line(e.as_string());
  return out;
}

std::string texts(const Resource& r, const json::object& item, const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) {
    std::string t = field_text(r, item, n);
    if (t.empty()) continue;
    if (!out.empty()) out += " · ";
    out += t;
  }
  return out;
}

std::mutex kinds_mutex;
std::vector<std::unique_ptr<StaffKind>>& kinds() {
  static std::vector<std::unique_ptr<StaffKind>> all;
  return all;
}

// Candidates admitted per round.
constexpr std::size_t admit_batch = 40;

std::set<std::string> admitted(db::Connection& c, const StaffGate& gate, const Admit& admit,
                               const StaffKind& kind, const std::vector<std::string>& ids) {
  if (admit) return admit(kind, ids);
  return kind.visible(c, gate, ids);
}

std::vector<std::string> kind_resources(std::span<const StaffKind* const> kinds) {
  std::vector<std::string> out;
  for (const auto* k : kinds)
    if (std::find(out.begin(), out.end(), k->resource) == out.end()) out.push_back(k->resource);
  return out;
}

// Walks the ranked hits in batches, keeping those admitted, until `wanted` are kept (all when 0).
std::vector<StaffHit> admit_in_order(db::Connection& c, const StaffGate& gate, const search::Query& q,
                                     std::span<const StaffKind* const> kinds, std::size_t cap,
                                     std::size_t wanted, const Admit& admit) {
  std::vector<StaffHit> out;
  auto resources = kind_resources(kinds);
  auto hits = search::find(c, q, resources, cap);
  // One staff kind per resource (the first named).
  std::map<std::string, const StaffKind*> by_resource;
  for (const auto* k : kinds) by_resource.emplace(k->resource, k);
  for (std::size_t at = 0; at < hits.size() && (wanted == 0 || out.size() < wanted); at += admit_batch) {
    std::size_t end = std::min(hits.size(), at + admit_batch);
    std::map<const StaffKind*, std::vector<std::string>> ids;
    for (std::size_t i = at; i < end; ++i) ids[by_resource.at(hits[i].kind)].push_back(hits[i].item_id);
    std::map<const StaffKind*, std::set<std::string>> ok;
    for (const auto& [kind, list] : ids) ok[kind] = admitted(c, gate, admit, *kind, list);
    for (std::size_t i = at; i < end && (wanted == 0 || out.size() < wanted); ++i) {
      const StaffKind* k = by_resource.at(hits[i].kind);
      if (ok[k].count(hits[i].item_id)) out.push_back({k, std::move(hits[i])});
    }
  }
  return out;
}

}  // namespace

json::array marks_json(const search::Marked& m) {
  json::array out;
  for (const auto& [b, e] : m.marks) out.push_back(json::array{b, e});
  return out;
}

void searchable(Resource& r, Searchable s) {
  r.search = std::move(s);
}

std::optional<search::Document> document_of(const Resource& r, const json::object& item) {
  if (!r.search) return std::nullopt;
  const Searchable& s = *r.search;
  search::Document d;
  d.kind = r.name;
  d.item_id = item.contains("id") && item.at("id").is_string() ? std::string(item.at("id").as_string()) : "";
  d.title = texts(r, item, s.title);
  d.summary = texts(r, item, s.summary);
  d.body = texts(r, item, s.body);
  for (const char* name : {s.sorted_by.c_str(), "createdAt"}) {
    const json::value* v = item.if_contains(name);
    if (!v || !v->is_string()) continue;
    if (auto t = parse_iso8601(v->as_string())) {
      d.sorted_at = *t;
      break;
    }
  }
  return d;
}

void add_search_source(const Resource& r) {
  const Searchable& s = *r.search;
  for (const auto* list : {&s.title, &s.summary, &s.body})
    for (const auto& name : *list)
      if (!r.field(name))
        throw std::logic_error("searchable field that is not a field: " + r.name + "." + name);
  if (!s.sorted_by.empty() && !r.field(s.sorted_by))
    throw std::logic_error("search recency field that is not a field: " + r.name + "." + s.sorted_by);
  std::string name = r.name;
  search::add_source({r.name, r.table, [name](db::Connection& c, const std::vector<std::string>& ids) {
                        std::vector<search::Document> out;
                        const Resource* res = registry().find(name);
                        if (!res) return out;
                        for (const auto& item : load_items(c, *res, ids))
                          if (auto d = document_of(*res, item)) out.push_back(std::move(*d));
                        return out;
                      }});
}

void index_item(db::Connection& c, const Resource& r, const std::string& id,
                const std::optional<json::object>& item) {
  if (!r.search) return;
  if (!item) {
    search::remove(c, r.name, id);
    return;
  }
  if (auto d = document_of(r, *item)) search::put(c, *d);
}

void add_staff_kind(StaffKind kind) {
  std::lock_guard lock(kinds_mutex);
  for (auto& k : kinds())
    if (k->name == kind.name) {
      *k = std::move(kind);  // registered again (several App instances in one process, as in tests)
      return;
    }
  kinds().push_back(std::make_unique<StaffKind>(std::move(kind)));
}

Visible gated(std::string table) {
  return [table](db::Connection& c, const StaffGate& gate, const std::vector<std::string>& ids) {
    std::set<std::string> out;
    if (ids.empty()) return out;
    std::vector<db::Value> params;
    std::string where = "t.id IN (";
    for (std::size_t i = 0; i < ids.size(); ++i) {
      params.emplace_back(ids[i]);
      where += (i ? ", $" : "$") + std::to_string(i + 1);
    }
    for (const auto& row : gate.from(table, "t").select("t.id").where(where + ")", std::move(params)).rows(c))
      out.insert(row.str(0));
    return out;
  };
}

const StaffKind* staff_kind(std::string_view name) {
  std::lock_guard lock(kinds_mutex);
  for (const auto& k : kinds())
    if (k->name == name) return k.get();
  return nullptr;
}

std::vector<const StaffKind*> staff_kinds() {
  std::lock_guard lock(kinds_mutex);
  std::vector<const StaffKind*> out;
  for (const auto& k : kinds()) out.push_back(k.get());
  return out;
}

StaffPage staff_page(db::Connection& c, const StaffGate& gate, const search::Query& q,
                     std::span<const StaffKind* const> kinds, std::size_t offset, std::size_t limit,
                     const Admit& admit) {
  StaffPage page;
  if (q.empty() || kinds.empty()) return page;
  auto hits = admit_in_order(c, gate, q, kinds, search::staff_candidates, offset + limit + 1, admit);
  page.more = hits.size() > offset + limit;
  for (std::size_t i = offset; i < hits.size() && page.hits.size() < limit; ++i)
    page.hits.push_back(std::move(hits[i]));
  return page;
}

std::vector<StaffHit> staff_hits(db::Connection& c, const StaffGate& gate, const search::Query& q,
                                 std::span<const StaffKind* const> kinds, std::size_t cap,
                                 const Admit& admit) {
  if (q.empty() || kinds.empty()) return {};
  return admit_in_order(c, gate, q, kinds, cap, 0, admit);
}

json::array hits_json(db::Connection& c, const search::Query& q, std::span<const StaffHit> hits) {
  std::vector<search::Hit> plain;
  for (const auto& h : hits) plain.push_back(h.hit);
  auto shown = search::show(c, q, plain);
  json::array out;
  for (std::size_t i = 0; i < hits.size(); ++i) {
    std::string link = hits[i].kind->link;
    if (auto at = link.find("{id}"); at != std::string::npos) link.replace(at, 4, hits[i].hit.item_id);
    out.push_back(json::object{{"kind", hits[i].kind->name},
                               {"id", hits[i].hit.item_id},
                               {"link", link},
                               {"title", shown[i].title.text},
                               {"titleMarks", marks_json(shown[i].title)},
                               {"snippet", shown[i].snippet.text},
                               {"snippetMarks", marks_json(shown[i].snippet)}});
  }
  return out;
}

search::Query typed_query(std::string_view q) {
  if (utf8_length(q) > max_query_chars) throw http::ApiError::bad_request(msg::SEARCH_TOO_LONG);
  return search::parse(q);
}

}  // namespace shopfloor::resources
