// The areas added with one line in server/CMakeLists.txt (shopfloor_area): their routes are registered by the
// generated added_areas.cpp, so a new area needs no line here or in routes.cpp.
#pragma once

#include "http/area.hpp"

namespace shopfloor {

// Calls <folder>::register_routes(app) for every shopfloor_area(<folder> …) line, in the file's order.
void register_added_areas(http::Services& app);

}  // namespace shopfloor
