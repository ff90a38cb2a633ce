#include "reports/seed_metrics.hpp"

#include <cstdio>
#include <string_view>
#include <vector>

namespace shopfloor::reports {

namespace {

// Routes as the telemetry rollups key them (rollups::page_key): areas, their items, an item's sub-page.
std::string route(std::int64_t j) {
  static const char* areas[] = {"/main",    "/learning",      "/club",      "/stories",
                                "/events",  "/games",         "/polls",     "/surveys",
                                "/profile", "/notifications", "/campaigns", "/messages"};
  std::string r = areas[j % 12];
  if (j / 12 % 4 == 1) r += "/:id";
  if (j / 12 % 4 == 2) r += "/:id/comments";
  if (j / 12 % 4 == 3) r += "/new";
  return r;
}

std::vector<std::string_view> list_of(std::string_view spec) {
  std::vector<std::string_view> out;
  for (std::size_t at = 0; at <= spec.size();) {
    auto comma = spec.find(',', at);
    if (comma == std::string_view::npos) comma = spec.size();
    out.push_back(spec.substr(at, comma - at));
    at = comma + 1;
  }
  return out;
}

}  // namespace

std::string seed_key(const SeedMetric& m, std::int64_t k, int salt) {
  std::string_view f = m.format;
  if (f.empty()) {
    if (m.keys == 1) return "";
    f = "{id}";
  }
  // Bounded placeholders first (each takes k % size), then what is left for {id} / {n}.
  std::string out, pending;  // pending: the {id} / {n} whose place a marker holds until the end
  std::int64_t left = k;
  for (std::size_t i = 0; i < f.size();) {
    if (f[i] != '{') {
      out += f[i++];
      continue;
    }
    auto close = f.find('}', i);
    auto name = f.substr(i + 1, close - i - 1);
    i = close + 1;
    if (name == "route") {
      out += route(left % 40);
      left /= 40;
    } else if (name == "vital") {
      static const char* vitals[] = {"LCP", "INP", "CLS", "FCP", "TTFB"};
      out += vitals[left % 5];
      left /= 5;
    } else if (name == "bucket") {
      out += std::to_string(25 + left % 20);
      left /= 20;
    } else if (name.starts_with("list:")) {
      auto items = list_of(name.substr(5));
      out += items[static_cast<std::size_t>(left % static_cast<std::int64_t>(items.size()))];
      left /= static_cast<std::int64_t>(items.size());
    } else {
      pending = std::string(name);
      out += '\x01';
    }
  }
  if (auto at = out.find('\x01'); at != std::string::npos) {
    char id[40];
    if (pending == "n")
      std::snprintf(id, sizeof id, "%lld", static_cast<long long>(left));
    else
      std::snprintf(id, sizeof id, "%08x-%04x-7000-8000-%012llx", 0x1a000000 + salt, 0,
                    static_cast<long long>(left));
    out.replace(at, 1, id);
  }
  return out;
}

}  // namespace shopfloor::reports
