// Private to badges/: the declaration, the staff, credential and back-office routes, and the badge as the
// API shows it.
#pragma once

#include <boost/json/object.hpp>
#include <string>

#include "http/area.hpp"
#include "resources/resource.hpp"

namespace shopfloor::badges {

resources::Resource badges_resource(db::Database& db);

void register_staff_routes(http::Services& app);
void register_credential_routes(http::Services& app);
void register_admin_routes(http::Services& app);

// b.id, name, description, criteria, picture (4..10), course_id, exam_id, threshold (11..13) of badges `b`
// with their picture; `where` is the rest of the statement. The badge whatever its state: the person's own
// awards, a credential, an achievement's public page (callers say which states they show).
std::string badge_select(const std::string& where);
boost::json::object badge_json(const db::Row& r);

}  // namespace shopfloor::badges
