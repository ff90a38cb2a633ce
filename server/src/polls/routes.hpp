// Private to polls/: the declarations, the staff and back-office routes, and the results both show.
#pragma once

#include <boost/json/object.hpp>
#include <string>

#include "http/area.hpp"
#include "resources/resource.hpp"

namespace shopfloor::polls {

resources::Resource polls_resource();
resources::Resource options_resource();

void register_staff_routes(http::Services& app);
void register_admin_routes(http::Services& app);

// {total, options: [{id, text, image, votes, percent}]} in the editors' order.
boost::json::object results_of(db::Connection& c, const std::string& poll_id, std::int64_t ballots);

}  // namespace shopfloor::polls
