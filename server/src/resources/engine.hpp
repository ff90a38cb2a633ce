// The generic back-office API built from the declarations in the registry:
//   GET    /api/admin/schema                      what the caller may see, for the admin screens
//   GET    /api/admin/search?q=                   top-bar search across resources (search_routes.cpp)
//   GET    /api/admin/:resource                   list (q, filter[f]=v / f=v, sort=f / -f, page, pageSize)
//   GET    /api/admin/:resource/export.csv        the same selection as CSV
//   POST   /api/admin/:resource                   create
//   GET    /api/admin/:resource/:id               read
//   PATCH  /api/admin/:resource/:id               update (optimistic: the body carries the version read)
//   DELETE /api/admin/:resource/:id               delete
//   POST   /api/admin/:resource/:id/:action       a resource's own action (approve, disable, ...)
//   PUT    /api/admin/:resource/order             the order of an ordered area's children
//   (resources/ordering.hpp)
#pragma once

#include <boost/json/object.hpp>
#include <optional>
#include <string>
#include <vector>

#include "http/area.hpp"
#include "resources/resource.hpp"

namespace shopfloor::resources {

// Registers the generic routes. Call it after every area registered its own /api/admin routes: the
// generic patterns match anything under /api/admin.
void register_routes(http::Services& app);

// An item as the API shows it, or nullopt when there is no such id.
std::optional<boost::json::object> load_item(db::Connection& c, const Resource& r, const std::string& id);
// The items of these ids that exist, in id order.
std::vector<boost::json::object> load_items(db::Connection& c, const Resource& r,
                                            const std::vector<std::string>& ids);

// GET /api/search (staff) and GET /api/admin/search (the top bar): resources/search_routes.cpp.
void register_search_routes(http::Services& app);

}  // namespace shopfloor::resources
