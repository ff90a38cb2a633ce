// Which candidate of an <img srcset sizes> a browser downloads on a given screen: so the server can preload
// exactly that file from a Link header, which is not held back the way a viewport-dependent preload
// (imagesrcset) is (issue 29).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace shopfloor::http {

struct Screen {
  double width = 360;  // CSS pixels
  double dpr = 2;      // device pixels per CSS pixel
};

// The screen the common staff phone has when the request says nothing: 360 CSS pixels at 2x, the
// 720-pixel-wide HD+ panel of the low-end Android phones store staff carry.
inline constexpr Screen common_phone{};

// The screen from the client hints Sec-CH-Viewport-Width and Sec-CH-DPR (both, and plausible), else nothing.
std::optional<Screen> screen_from_hints(std::string_view viewport_width, std::string_view dpr);

// The slot width in CSS pixels that `sizes` gives on a screen `viewport` wide, for the forms the web uses:
// a list of "(max-width: Npx) L" entries ending with a bare "L", each L being "Nvw" or "Npx". Nothing when
// the value is in another form.
std::optional<double> slot_width(std::string_view sizes, double viewport);

// The width descriptor Chromium picks from `widths` for `sizes` on `screen` (html_srcset_parser.cc,
// SelectionLogic): the first candidate whose density reaches the device's, or the one just below it when the
// device's density is nearer it (below their geometric mean). `sizes` in another form counts as 100vw.
std::int64_t srcset_pick(std::vector<std::int64_t> widths, std::string_view sizes, Screen screen);

}  // namespace shopfloor::http
