// The library's pictures as /_image resizes them (docs/API.md "Optimised images"): the widths it renders and
// the local URLs it takes ("/media/<64 hex>.<png|jpg|webp|gif>"). One list for /_image (media/images.cpp) and
// the app's HTML, which preloads a picture as the page will ask /_image for it (http/static_files.cpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

namespace shopfloor {

inline constexpr std::int64_t image_widths[] = {16,  32,  48,  64,   96,   128,  256,  384,
                                                640, 750, 828, 1080, 1200, 1920, 2048, 3840};

inline bool image_width_allowed(std::int64_t w) {
  return std::find(std::begin(image_widths), std::end(image_widths), w) != std::end(image_widths);
}

struct LibraryImage {
  std::string hash, ext;
};

// The stored picture a URL names, when it is one of the library's ("/media/<hash>.<ext>"), else nullopt.
inline std::optional<LibraryImage> library_image(std::string_view url) {
  if (!url.starts_with("/media/")) return std::nullopt;
  auto file = url.substr(7);
  auto dot = file.find('.');
  if (dot != 64) return std::nullopt;
  auto hash = file.substr(0, dot), ext = file.substr(dot + 1);
  if (hash.find_first_not_of("0123456789abcdef") != std::string_view::npos) return std::nullopt;
  if (ext != "png" && ext != "jpg" && ext != "webp" && ext != "gif") return std::nullopt;
  return LibraryImage{std::string(hash), std::string(ext)};
}

}  // namespace shopfloor
