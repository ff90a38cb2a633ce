// Who an item is for (the `audience` trait of the resources kit). Every item shown to a chosen audience
// stores:
//   {"stores":[id],"regions":[id],"positions":[text],"groups":[id],"subgroups":[id]}
// Empty or absent lists mean "anyone" for that kind; kinds combine with AND, values in a kind with OR.
// Audience is enforced on the server: staff can neither list nor open an item outside theirs.
#pragma once

#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "db/database.hpp"
#include "http/api_error.hpp"
#include "http/session_user.hpp"
#include "resources/resource.hpp"

namespace shopfloor::auth {
class SessionCache;
}

namespace shopfloor::resources {

struct Audience {
  std::vector<std::string> stores, regions, positions, groups, subgroups;
  bool everyone() const {
    return stores.empty() && regions.empty() && positions.empty() && groups.empty() && subgroups.empty();
  }
};

// Lenient: NULL, "" or malformed JSON read as everyone (input is validated on write).
Audience parse_audience(std::string_view json_text);

// Validates (and normalises: trims, drops duplicates) an audience value from the API; returns an error
// message or nullopt. Use as resources::Field::check on json fields with format "audience".
std::optional<http::Message> check_audience(boost::json::value& v);

// The "audience" field (audience_json, format "audience", checked by check_audience) of every item that is
// shown to a chosen audience.
Field audience_field();

// The signed-in person as audiences see them.
struct Viewer {
  std::string user_id;
  std::string name;                           // read by people_in() (reports name people)
  std::string store_id, region_id, position;  // position lower-cased
  std::set<std::string> groups;               // the user's group ids, plus the parent group of each subgroup
  std::set<std::string> subgroups;            // the user's subgroup ids
};

Viewer load_viewer(db::Connection& c, const std::string& user_id);
// The signed-in person (nobody when null) from the audience columns read with their session and this node's
// copy of the group tables: no statement when both are cached. Without columns, the one above.
Viewer load_viewer(db::Connection& c, const http::SessionUser* user, auth::SessionCache& cache);
// Everyone a condition on `users u` picks (e.g. "u.role = 'staff' AND u.status = 'active'"), for work done
// for a whole audience at once (notices of a mandatory course): one query, not one per person.
std::vector<Viewer> load_viewers(db::Connection& c, std::string_view where);
// The same from rows already read with (id, store_id, region_id, position, groups_json).
std::vector<Viewer> load_viewers_from(db::Connection& c, const std::vector<db::Row>& rows);

bool matches(const Audience& a, const Viewer& v);
inline bool matches(std::string_view audience_json, const Viewer& v) {
  return matches(parse_audience(audience_json), v);
}

// " AND status = 'published' AND (start_at IS NULL OR start_at <= $n) AND (end_at IS NULL OR end_at > $n)"
// with the columns prefixed by `alias.` when given; bind now_ms() as parameter n.
std::string published_sql(std::string_view alias, int n);
bool is_published(std::string_view status, std::optional<std::int64_t> start_at,
                  std::optional<std::int64_t> end_at, std::int64_t now);

}  // namespace shopfloor::resources
