// Search on the kit: an area says which fields make its items' documents, and which of its items a staff
// member may open; the kit keeps the index current (search/index.hpp) and answers both searches.
//
//   searchable(r, {.title = {"title"}, .summary = {"summary", "tags"}, .body = {"bodyHtml"}});
//
// indexes every item of r (created, updated, deleted or moved by an action through the engine, in the same
// transaction) and puts r in the admin top bar (GET /api/admin/search, for the roles that may read r). A
// write of the area's own that changes a searchable field calls search::refresh(c, r.name, id) in its
// transaction.
//
// Staff search (GET /api/search) covers the kinds areas add while their routes are registered:
//
//   resources::add_staff_kind({"article", "articles", "/main/articles/{id}",
//                              [](db::Connection& c, const StaffGate& gate, const std::vector<std::string>&
//                              ids) {
//                                return ...the ids the area's own staff routes would show this viewer now...;
//                              }});
//
// `visible` must decide exactly as the area's pages do (published, window, audience and the area's own
// rules), since a hit is shown only when it passes: nothing hidden reaches the answer, not even as a count.
#pragma once

#include <boost/json/object.hpp>
#include <functional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "resources/resource.hpp"
#include "resources/staff_gate.hpp"
#include "search/index.hpp"
#include "search/query.hpp"

namespace shopfloor::resources {

// Declares the item's document (resource.hpp, Searchable); checked against the fields when registered.
void searchable(Resource& r, Searchable s);

// The document of an item as the engine answers it (load_item); nullopt when r is not searchable.
std::optional<search::Document> document_of(const Resource& r, const boost::json::object& item);

// Makes r's items a source of the index (called by Registry::add for a searchable resource).
void add_search_source(const Resource& r);

// The engine's part: the item's document written again (or removed when the item is gone).
void index_item(db::Connection& c, const Resource& r, const std::string& id,
                const std::optional<boost::json::object>& item);

using Visible = std::function<std::set<std::string>(db::Connection&, const StaffGate&,
                                                    const std::vector<std::string>& ids)>;

struct StaffKind {
  std::string name;      // the kind in the API ("content", "article", ...)
  std::string resource;  // whose documents ("contents", "articles", ...)
  std::string link;      // the app's page for an item, "{id}" replaced by its id
  Visible visible;       // the ids among `ids` the viewer may open now
};
void add_staff_kind(StaffKind kind);
// `visible` for an area whose pages apply the gate and nothing more: published, inside the window now, in the
// viewer's audience (StaffGate), over the rows of `table` with these ids.
Visible gated(std::string table);
const StaffKind* staff_kind(std::string_view name);
std::vector<const StaffKind*> staff_kinds();

struct StaffHit {
  const StaffKind* kind = nullptr;
  search::Hit hit;
};
struct StaffPage {
  std::vector<StaffHit> hits;
  bool more = false;  // another page has at least one hit
};

// Which candidates of one kind the viewer may open (default: the kind's own `visible`); a caller with filters
// of its own (learning's categories) narrows further.
using Admit =
    std::function<std::set<std::string>(const StaffKind& kind, const std::vector<std::string>& ids)>;

// Hits [offset, offset + limit) among those the viewer may open, best first. Candidates are admitted in
// small batches in rank order, so a page costs what it shows, not what matched.
StaffPage staff_page(db::Connection& c, const StaffGate& gate, const search::Query& q,
                     std::span<const StaffKind* const> kinds, std::size_t offset, std::size_t limit,
                     const Admit& admit = {});

// Every hit the viewer may open (at most `cap` candidates are considered), best first.
std::vector<StaffHit> staff_hits(db::Connection& c, const StaffGate& gate, const search::Query& q,
                                 std::span<const StaffKind* const> kinds, std::size_t cap,
                                 const Admit& admit = {});

// [[begin, end], ...] of a marked text.
boost::json::array marks_json(const search::Marked& m);

// The JSON of a page of hits: kind, id, link, title and snippet with their marks.
boost::json::array hits_json(db::Connection& c, const search::Query& q, std::span<const StaffHit> hits);

// The query a person typed (throws 400 SEARCH_TOO_LONG over max_query_chars); one with no words (nothing but
// punctuation or syntax characters) is empty and finds nothing. Typos are added in the transaction
// (search::add_typos).
search::Query typed_query(std::string_view q);
inline constexpr std::size_t max_query_chars = 100;

}  // namespace shopfloor::resources
