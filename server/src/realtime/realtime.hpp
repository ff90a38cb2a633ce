// The realtime area: the /api/realtime WebSocket (see session.hpp) and presence queries.
#pragma once

namespace shopfloor::http {
class Services;
}

namespace shopfloor::realtime {
void register_routes(http::Services& app);
}
