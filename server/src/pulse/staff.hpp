// Routes: this period's pulse questions for the viewer with the latest "you said, we did" updates, and the
// one submission per period (staff.cpp); the back office's results (admin.cpp).
#pragma once

#include "http/area.hpp"

namespace shopfloor::pulse {

void register_staff_routes(http::Services& app);
void register_admin_routes(http::Services& app);

}  // namespace shopfloor::pulse
