// The realtime area: the /api/realtime WebSocket (see session.hpp) and presence queries.
#pragma once

#include "http/area.hpp"

namespace shopfloor::realtime {
void register_routes(http::Services& app);
}
