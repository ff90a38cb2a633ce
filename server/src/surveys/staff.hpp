// Routes: the surveys open to the viewer, one survey with the viewer's draft, saving the draft, and the one
// submission (staff.cpp); the back office's results and responses (admin.cpp, responses.cpp).
#pragma once

#include "http/area.hpp"

#include <string>

namespace shopfloor::surveys {

void register_staff_routes(http::Services& app);
void register_admin_routes(http::Services& app);

// A random (v4) id: an anonymous response's id must not carry the time it was written (v7 does).
std::string random_uuid();

}  // namespace shopfloor::surveys
