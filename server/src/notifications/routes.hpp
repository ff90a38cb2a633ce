// The notification centre's routes (docs/API.md "Notifications"): a signed-in person's own list, unread
// count and read marks. Someone else's notification is answered as absent (404).
#pragma once

#include "http/area.hpp"

namespace shopfloor::notifications {
void register_routes(http::Services& app);
}
