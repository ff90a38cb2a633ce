// The web app's own Thai font (Noto Sans Thai, bundled by Vite under WEB_DIR/assets with hashed names) as
// @font-face rules for the share pages, so Thai reads right on a device without a Thai system font and no
// font comes from another site. Empty when the web app is not built (the page falls back to system fonts).
#pragma once

#include <string>

namespace shopfloor::share {

// Scanned once per process, on first use.
const std::string& bundled_font_css(const std::string& web_dir);

}  // namespace shopfloor::share
