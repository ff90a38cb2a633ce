// The realtime area: the /api/realtime WebSocket (see session.hpp) and presence queries.
#pragma once

namespace shopfloor {
struct App;
}

namespace shopfloor::realtime {
void register_routes(App& app);
}
