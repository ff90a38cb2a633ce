#include "http/srcset.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>

namespace shopfloor::http {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::optional<double> number(std::string_view s) {
  s = trim(s);
  double v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

// "Nvw" or "Npx" on a screen `viewport` wide.
std::optional<double> length(std::string_view s, double viewport) {
  s = trim(s);
  if (s.size() < 3) return std::nullopt;
  auto unit = s.substr(s.size() - 2);
  auto value = number(s.substr(0, s.size() - 2));
  if (!value || *value < 0) return std::nullopt;
  if (unit == "vw") return *value * viewport / 100;
  if (unit == "px") return *value;
  return std::nullopt;
}

}  // namespace

std::optional<Screen> screen_from_hints(std::string_view viewport_width, std::string_view dpr) {
  auto width = number(viewport_width);
  auto ratio = number(dpr);
  if (!width || !ratio || *width < 100 || *width > 10000 || *ratio < 0.5 || *ratio > 8) return std::nullopt;
  return Screen{*width, *ratio};
}

std::optional<double> slot_width(std::string_view sizes, double viewport) {
  while (true) {
    auto comma = sizes.find(',');
    auto entry = trim(sizes.substr(0, comma));
    if (comma == std::string_view::npos) return length(entry, viewport);  // the last: no condition
    // "(max-width: Npx) L"
    constexpr std::string_view open = "(max-width:";
    auto close = entry.find(')');
    if (!entry.starts_with(open) || close == std::string_view::npos) return std::nullopt;
    auto bound = length(entry.substr(open.size(), close - open.size()), viewport);
    auto slot = length(entry.substr(close + 1), viewport);
    if (!bound || !slot) return std::nullopt;
    if (viewport <= *bound) return slot;
    sizes.remove_prefix(comma + 1);
  }
}

std::int64_t srcset_pick(std::vector<std::int64_t> widths, std::string_view sizes, Screen screen) {
  if (widths.empty()) return 0;
  std::sort(widths.begin(), widths.end());
  double slot = slot_width(sizes, screen.width).value_or(screen.width);
  if (slot <= 0) return widths.back();
  std::size_t i = 0;
  for (; i + 1 < widths.size(); ++i) {
    double current = widths[i] / slot, next = widths[i + 1] / slot;
    if (next < screen.dpr) continue;
    double geometric_mean = std::sqrt(current * next);
    if ((screen.dpr <= 1.0 && screen.dpr > current) || screen.dpr >= geometric_mean) return widths[i + 1];
    break;
  }
  return widths[i];
}

}  // namespace shopfloor::http
