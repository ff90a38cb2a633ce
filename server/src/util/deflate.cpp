#include "util/deflate.hpp"

#include <zlib.h>

#include <stdexcept>

namespace shopfloor::util {

// window_bits: -15 raw, 15 + 16 gzip (zlib's deflateInit2 conventions).
static std::string deflate_with(std::string_view in, int window_bits) {
  z_stream z{};
  if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("deflateInit2 failed");
  std::string out(deflateBound(&z, static_cast<uLong>(in.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  int rc = deflate(&z, Z_FINISH);
  deflateEnd(&z);
  if (rc != Z_STREAM_END) throw std::runtime_error("deflate failed");
  out.resize(z.total_out);
  return out;
}

std::string deflate_raw(std::string_view in) {
  return deflate_with(in, -15);
}

std::string gzip(std::string_view in) {
  return deflate_with(in, 15 + 16);
}

}  // namespace shopfloor::util
