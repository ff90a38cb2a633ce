#include "media/mp4.hpp"

namespace shopfloor::media {
namespace {

std::uint64_t be(std::string_view b, std::size_t at, int n) {
  std::uint64_t v = 0;
  for (int i = 0; i < n; ++i) v = (v << 8) | static_cast<unsigned char>(b[at + static_cast<std::size_t>(i)]);
  return v;
}

// The payload of the first box of `type` directly inside `b` (a file or a container's payload).
std::optional<std::string_view> child(std::string_view b, std::string_view type) {
  std::size_t at = 0;
  while (at + 8 <= b.size()) {
    std::uint64_t size = be(b, at, 4);
    std::size_t header = 8;
    if (size == 1) {  // 64-bit "largesize" follows the type
      if (at + 16 > b.size()) return std::nullopt;
      size = be(b, at + 8, 8);
      header = 16;
    } else if (size == 0) {  // the box runs to the end
      size = b.size() - at;
    }
    if (size < header || size > b.size() - at) return std::nullopt;  // damaged or truncated
    if (b.substr(at + 4, 4) == type) return b.substr(at + header, static_cast<std::size_t>(size) - header);
    at += static_cast<std::size_t>(size);
  }
  return std::nullopt;
}

std::optional<std::int64_t> to_ms(std::uint64_t duration, std::uint64_t timescale) {
  // All ones means "unknown"; absurd values (over a day) are not trusted either.
  if (timescale == 0 || duration == 0 || duration == 0xffffffffu || duration == ~std::uint64_t{0})
    return std::nullopt;
  long double ms = static_cast<long double>(duration) * 1000.0L / static_cast<long double>(timescale);
  if (ms < 1 || ms > 86'400'000.0L) return std::nullopt;
  return static_cast<std::int64_t>(ms);
}

}  // namespace

std::optional<std::int64_t> mp4_duration_ms(std::string_view bytes) {
  auto moov = child(bytes, "moov");
  if (!moov) return std::nullopt;
  auto mvhd = child(*moov, "mvhd");
  if (!mvhd || mvhd->size() < 4) return std::nullopt;
  // version(1) flags(3), then v0: creation(4) modification(4) timescale(4) duration(4);
  //                           v1: creation(8) modification(8) timescale(4) duration(8).
  bool v1 = static_cast<unsigned char>((*mvhd)[0]) == 1;
  std::size_t need = v1 ? 4 + 16 + 4 + 8 : 4 + 8 + 4 + 4;
  if (mvhd->size() < need) return std::nullopt;
  std::uint64_t timescale = be(*mvhd, v1 ? 20 : 12, 4);
  std::uint64_t duration = v1 ? be(*mvhd, 24, 8) : be(*mvhd, 16, 4);
  if (auto ms = to_ms(duration, timescale)) return ms;
  // Fragmented files keep the whole length in mvex/mehd (same timescale), when the writer knew it.
  if (auto mvex = child(*moov, "mvex")) {
    if (auto mehd = child(*mvex, "mehd"); mehd && mehd->size() >= 8) {
      bool m1 = static_cast<unsigned char>((*mehd)[0]) == 1;
      if (mehd->size() >= (m1 ? 12u : 8u)) return to_ms(m1 ? be(*mehd, 4, 8) : be(*mehd, 4, 4), timescale);
    }
  }
  return std::nullopt;
}

}  // namespace shopfloor::media
