#include "resources/audience.hpp"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <functional>

#include "auth/session_cache.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::resources {

namespace json = boost::json;

namespace {

constexpr const char* kinds[] = {"stores", "regions", "positions", "groups", "subgroups"};

std::vector<std::string>* list_of(Audience& a, std::string_view kind) {
  if (kind == "stores") return &a.stores;
  if (kind == "regions") return &a.regions;
  if (kind == "positions") return &a.positions;
  if (kind == "groups") return &a.groups;
  if (kind == "subgroups") return &a.subgroups;
  return nullptr;
}

template <class Set>
bool any_in(const std::vector<std::string>& wanted, const Set& have) {
  return std::any_of(wanted.begin(), wanted.end(), [&](const std::string& w) { return have.count(w) > 0; });
}

}  // namespace

Audience parse_audience(std::string_view text) {
  Audience a;
  if (text.empty()) return a;
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  if (ec || !v.is_object()) return a;
  for (const auto& [key, list] : v.as_object()) {
    auto* out = list_of(a, key);
    if (!out || !list.is_array()) continue;
    for (const auto& item : list.as_array())
      if (item.is_string()) out->emplace_back(item.as_string());
  }
  for (auto& p : a.positions) p = ascii_lower(p);
  return a;
}

std::optional<http::Message> check_audience(json::value& v) {
  if (v.is_null()) return std::nullopt;
  if (!v.is_object()) return msg::AUDIENCE_OBJECT;
  json::object out;
  for (const auto& [key, list] : v.as_object()) {
    if (std::find(std::begin(kinds), std::end(kinds), key) == std::end(kinds))
      return http::Message(msg::UNKNOWN_AUDIENCE_KIND, {{"kind", std::string(key)}});
    if (!list.is_array()) return http::Message(msg::AUDIENCE_LIST, {{"kind", std::string(key)}});
    if (list.as_array().size() > 500)
      return http::Message(msg::AUDIENCE_MAX_ITEMS, {{"kind", std::string(key)}});
    json::array items;
    for (const auto& item : list.as_array()) {
      if (!item.is_string()) return http::Message(msg::AUDIENCE_TEXTS, {{"kind", std::string(key)}});
      std::string s = trimmed(item.as_string());
      if (s.empty() || utf8_length(s) > 100 || has_control_chars(s))
        return http::Message(msg::AUDIENCE_ITEM_LENGTH, {{"kind", std::string(key)}});
      if (std::find(items.begin(), items.end(), json::value(s)) == items.end()) items.emplace_back(s);
    }
    out[key] = std::move(items);
  }
  v = std::move(out);
  return std::nullopt;
}

Field audience_field() {
  auto f =
      resources::field("audience", "audience_json", resources::FieldType::json, {"กลุ่มเป้าหมาย", "Audience"});
  f.format = "audience";
  f.check = check_audience;
  return f;
}

namespace {

// The content groups and subgroups, one statement: ("s", id, code, group_id) per subgroup, ("g", id, code,
// NULL) per group.
constexpr const char* group_tables_sql =
    "SELECT 's', id, code, group_id FROM content_subgroups UNION ALL SELECT 'g', id, code, NULL FROM "
    "content_groups";

// One person's store, region, position and groups from their columns; subgroup and group codes resolve
// through the tables, got by the caller (at most once) when the person lists any.
Viewer viewer_of(std::string user_id, std::string_view store_id, std::string_view region_id,
                 std::string_view position, const std::optional<std::string>& groups_json,
                 const std::function<const db::Result&()>& tables) {
  Viewer v;
  v.user_id = std::move(user_id);
  v.store_id = store_id;
  v.region_id = region_id;
  v.position = ascii_lower(trimmed(position));
  if (groups_json) {
    boost::system::error_code ec;
    auto list = json::parse(*groups_json, ec);
    if (!ec && list.is_array()) {
      for (const auto& g : list.as_array()) {
        if (!g.is_string()) continue;
        std::string id(g.as_string());
        v.groups.insert(id);
        v.subgroups.insert(id);
      }
    }
  }
  // A member of a subgroup belongs to its parent group too. Users may list group/subgroup ids or codes.
  if (!v.subgroups.empty()) {
    const auto& t = tables();
    for (const auto& r : t.rows)
      if (r.str(0) == "s" &&
          (v.subgroups.count(r.str(1)) || (!r.is_null(2) && v.subgroups.count(r.str(2))))) {
        v.subgroups.insert(r.str(1));
        v.groups.insert(r.str(3));
      }
    for (const auto& r : t.rows)
      if (r.str(0) == "g" && !r.is_null(2) && v.groups.count(r.str(2))) v.groups.insert(r.str(1));
  }
  return v;
}

constexpr const char* viewer_select =
    "SELECT u.id, u.store_id, s.region_id, u.position, u.groups_json FROM users u "
    "LEFT JOIN stores s ON s.id = u.store_id WHERE ";

}  // namespace

Viewer load_viewer(db::Connection& c, const std::string& user_id) {
  auto row = c.query(std::string(viewer_select) + "u.id = $1", user_id).first();
  if (!row) {
    Viewer v;
    v.user_id = user_id;
    return v;
  }
  return load_viewers_from(c, {*row}).front();
}

Viewer load_viewer(db::Connection& c, const http::SessionUser* user, auth::SessionCache& cache) {
  if (!user) return Viewer{};
  if (!user->audience) return load_viewer(c, user->id);
  const auto& a = *user->audience;
  std::shared_ptr<const db::Result> tables;
  return viewer_of(user->id, a.store_id, a.region_id, a.position, a.groups_json, [&]() -> const db::Result& {
    std::int64_t now = now_ms();
    tables = cache.audience_tables(now);
    if (!tables) {
      // The epoch before the read: an edit of the tables committed meanwhile keeps it out.
      std::uint64_t epoch = cache.epoch();
      tables = std::make_shared<const db::Result>(c.query(group_tables_sql));
      cache.put_audience_tables(tables, now, epoch);
    }
    return *tables;
  });
}

std::vector<Viewer> load_viewers(db::Connection& c, std::string_view where) {
  return load_viewers_from(c, c.query(std::string(viewer_select) + std::string(where)).rows);
}

std::vector<Viewer> load_viewers_from(db::Connection& c, const std::vector<db::Row>& rows) {
  std::optional<db::Result> tables;
  auto get_tables = [&]() -> const db::Result& {
    if (!tables) tables = c.query(group_tables_sql);
    return *tables;
  };
  std::vector<Viewer> out;
  out.reserve(rows.size());
  for (const auto& r : rows) {
    out.push_back(viewer_of(r.str(0), r.str(1), r.str(2), r.str(3), r.opt_str(4), get_tables));
    if (r.size() > 5) out.back().name = r.str(5);
  }
  return out;
}

bool matches(const Audience& a, const Viewer& v) {
  auto one = [](const std::vector<std::string>& wanted, const std::string& have) {
    return wanted.empty() || (!have.empty() && std::find(wanted.begin(), wanted.end(), have) != wanted.end());
  };
  if (!one(a.stores, v.store_id) || !one(a.regions, v.region_id) || !one(a.positions, v.position))
    return false;
  if (!a.groups.empty() && !any_in(a.groups, v.groups)) return false;
  if (!a.subgroups.empty() && !any_in(a.subgroups, v.subgroups)) return false;
  return true;
}

std::string published_sql(std::string_view alias, int n) {
  std::string p = alias.empty() ? "" : std::string(alias) + ".";
  std::string param = "$" + std::to_string(n);
  return " AND " + p + "status = 'published' AND (" + p + "start_at IS NULL OR " + p +
         "start_at <= " + param + ") AND (" + p + "end_at IS NULL OR " + p + "end_at > " + param + ")";
}

bool is_published(std::string_view status, std::optional<std::int64_t> start_at,
                  std::optional<std::int64_t> end_at, std::int64_t now) {
  return status == "published" && (!start_at || *start_at <= now) && (!end_at || now < *end_at);
}

}  // namespace shopfloor::resources
