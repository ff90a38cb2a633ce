// The back office's landing page figures (/admin).
#pragma once

namespace shopfloor {
struct App;
}

namespace shopfloor::dashboard {
void register_routes(App& app);
}
