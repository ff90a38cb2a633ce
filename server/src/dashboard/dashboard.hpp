// The back office's landing page figures (/admin).
#pragma once

#include "http/area.hpp"

namespace shopfloor::dashboard {
void register_routes(http::Services& app);
}
