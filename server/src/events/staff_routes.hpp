#pragma once

#include "http/area.hpp"

namespace shopfloor::events {

void register_staff_routes(http::Services& app);
void register_admin_routes(http::Services& app);

}  // namespace shopfloor::events
