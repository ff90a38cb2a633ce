// Between the area's files: the back office's routes (admin.cpp), registered by register_routes.
#pragma once

#include "http/area.hpp"

namespace shopfloor::satisfaction {

void register_admin_routes(http::Services& app);

}  // namespace shopfloor::satisfaction
