// The one reorder call of the resources kit, for areas declared ordered() (resources/traits.hpp):
//   PUT /api/admin/:resource/order {"parent": id, "ids": [every child id in the new order],
//                                   "versions": {id: version read}?}
// One transaction: the parent must exist (404), the ids must be exactly its children (422), a sent version
// that is no longer current is refused (409, nothing moves); one audit entry on the parent.
#pragma once

#include <boost/asio/awaitable.hpp>

#include "http/context.hpp"
#include "http/response.hpp"
#include "resources/resource.hpp"

namespace shopfloor::resources {

// Reorders the children of `parent_id` ("" for an area ordered as one list); an area's own URL for it
// (e.g. PUT /api/admin/courses/:id/lessons/order) calls this too.
boost::asio::awaitable<http::Response> reorder(http::Context& ctx, const Resource& r, std::string parent_id);

// Handler of PUT /api/admin/:resource/order.
boost::asio::awaitable<http::Response> reorder_route(http::Context& ctx);

}  // namespace shopfloor::resources
