// GET /api/search (staff: everything the person may open) and GET /api/admin/search (the back office's top
// bar: every searchable area the role may read), both on the index (resources/search.hpp).
#include <map>

#include "http/handler.hpp"
#include "resources/engine.hpp"
#include "resources/search.hpp"
#include "resources/staff_gate.hpp"
#include "util/ids.hpp"

namespace shopfloor::resources {

using http::Access;

namespace {

constexpr std::size_t max_pages = 50;

// "kinds=content,course": the staff kinds asked for (all when absent or empty); 400 naming an unknown one.
std::vector<const StaffKind*> asked_kinds(const Context& ctx) {
  std::string list = ctx.query("kinds").value_or("");
  if (list.empty()) return staff_kinds();
  std::vector<const StaffKind*> out;
  std::size_t start = 0;
  while (start <= list.size()) {
    auto comma = list.find(',', start);
    std::string name = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (!name.empty()) {
      const StaffKind* k = staff_kind(name);
      if (!k) {
        std::string known;
        for (const auto* s : staff_kinds()) known += (known.empty() ? "" : ", ") + s->name;
        throw ApiError(http::Status::bad_request, err::BAD_REQUEST, msg::INVALID_QUERY,
                       {{"kinds", http::Message(msg::ONE_OF, {{"list", known}})}});
      }
      if (std::find(out.begin(), out.end(), k) == out.end()) out.push_back(k);
    }
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out.empty() ? staff_kinds() : out;
}

Awaitable staff_search(Context& ctx) {
  search::Query query = typed_query(ctx.query("q").value_or(""));
  auto kinds = asked_kinds(ctx);
  auto page = ctx.query_int("page", 1, 1, max_pages);
  auto page_size = ctx.query_int("pageSize", 20, 1, 50);
  auto body = co_await staff_read(ctx, [&](db::Connection& c, const StaffGate& gate) {
    json::array items;
    bool more = false;
    if (!query.empty()) {
      search::add_typos(c, query);
      auto found = staff_page(c, gate, query, kinds, static_cast<std::size_t>((page - 1) * page_size),
                              static_cast<std::size_t>(page_size));
      items = hits_json(c, query, found.hits);
      more = found.more && page < static_cast<std::int64_t>(max_pages);
    }
    return json::object{
        {"items", std::move(items)}, {"page", page}, {"pageSize", page_size}, {"hasMore", more}};
  });
  co_return http::json_response(ctx, body);
}

// The top bar: the best hits of every searchable area the caller may read, at most per_area of one area.
constexpr std::size_t per_area = 5, top_bar_hits = 25, top_bar_cap = 500;

Awaitable admin_search(Context& ctx) {
  search::Query query = typed_query(ctx.query("q").value_or(""));
  std::vector<std::string> kinds;
  for (const auto& r : registry().all())
    if (r->search && may_read(*r, *ctx.user)) kinds.push_back(r->name);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    json::array results;
    if (query.empty()) return json::object{{"results", std::move(results)}};
    search::add_typos(c, query);
    std::vector<search::Hit> picked;
    std::map<std::string, std::size_t> taken;
    for (auto& h : search::find(c, query, kinds, top_bar_cap)) {
      if (picked.size() >= top_bar_hits) break;
      if (taken[h.kind]++ < per_area) picked.push_back(std::move(h));
    }
    // The subtitle is the area's subtitle field when it has one (read from the item itself).
    std::map<std::string, std::vector<std::string>> ids;
    for (const auto& h : picked) ids[h.kind].push_back(h.item_id);
    std::map<std::pair<std::string, std::string>, json::value> subtitles;
    for (const auto& [kind, list] : ids) {
      const Resource* r = registry().find(kind);
      if (!r || r->subtitle_field.empty()) continue;
      for (const auto& item : load_items(c, *r, list)) {
        const json::value* v = item.if_contains(r->subtitle_field);
        if (v && v->is_string()) subtitles[{kind, std::string(item.at("id").as_string())}] = *v;
      }
    }
    auto shown = search::show(c, query, picked);
    for (std::size_t i = 0; i < picked.size(); ++i) {
      auto sub = subtitles.find({picked[i].kind, picked[i].item_id});
      json::value subtitle = sub != subtitles.end() ? sub->second : json::value(nullptr);
      if (subtitle.is_null() && !shown[i].snippet.text.empty()) subtitle = json::value(shown[i].snippet.text);
      results.push_back(json::object{{"resource", picked[i].kind},
                                     {"id", picked[i].item_id},
                                     {"title", shown[i].title.text},
                                     {"titleMarks", marks_json(shown[i].title)},
                                     {"subtitle", std::move(subtitle)}});
    }
    return json::object{{"results", std::move(results)}};
  });
  co_return http::json_response(ctx, body);
}

}  // namespace

void register_search_routes(http::Services& app) {
  app.router.get("/api/search", staff_search, Access::signed_in);
  app.router.get("/api/admin/search", admin_search, Access::editor);
}

}  // namespace shopfloor::resources
