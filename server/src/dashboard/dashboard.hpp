// The back office's landing page figures (/admin).
#pragma once

namespace shopfloor::http {
class Services;
}

namespace shopfloor::dashboard {
void register_routes(http::Services& app);
}
