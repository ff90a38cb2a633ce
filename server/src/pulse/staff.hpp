// Staff routes: this period's pulse questions for the viewer with the latest "you said, we did" updates, and
// the one submission per period.
#pragma once

namespace shopfloor::http {
class Services;
}

namespace shopfloor::pulse {

void register_staff_routes(http::Services& app);

}  // namespace shopfloor::pulse
