// Telemetry ingestion: POST /api/user-activity (the seed's call) and POST /api/telemetry (batches of
// clicks, page time, scroll time, page views and Web Vitals from the client tracker).
#pragma once

namespace shopfloor::http {
class Services;
}

namespace shopfloor::telemetry {
void register_routes(http::Services& app);
}
