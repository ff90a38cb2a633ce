// Telemetry ingestion: POST /api/user-activity (the seed's call) and POST /api/telemetry (batches of
// clicks, page time, scroll time, page views and Web Vitals from the client tracker).
#pragma once

#include "http/area.hpp"

namespace shopfloor::telemetry {
void register_routes(http::Services& app);
}
