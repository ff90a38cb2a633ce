// zlib's deflate in one call, for the formats that wrap it: ZIP entries (raw) and gzip bodies.
#pragma once

#include <string>
#include <string_view>

namespace shopfloor::util {

// Raw deflate, no header (ZIP's method 8).
std::string deflate_raw(std::string_view in);
// A gzip member (Content-Encoding: gzip).
std::string gzip(std::string_view in);

}  // namespace shopfloor::util
