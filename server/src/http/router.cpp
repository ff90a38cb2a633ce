#include "http/router.hpp"

#include <stdexcept>

namespace shopfloor::http {

static std::vector<std::string_view> split_path(std::string_view path) {
  std::vector<std::string_view> out;
  while (!path.empty()) {
    if (path.front() == '/') {
      path.remove_prefix(1);
      continue;
    }
    auto slash = path.find('/');
    out.push_back(path.substr(0, slash));
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash);
  }
  return out;
}

void Router::add(Route route) {
  Compiled c{route, {}};
  for (auto s : split_path(route.pattern)) c.segments.emplace_back(s);
  for (std::size_t i = 0; i < c.segments.size(); ++i)
    if (c.segments[i] == "*" && i + 1 != c.segments.size())
      throw std::logic_error("'*' must be the last segment of " + route.pattern);
  routes_.push_back(route);
  compiled_.push_back(std::move(c));
}

Router::Match Router::match(beast_http::verb method, std::string_view path, Context& ctx) const {
  return match_impl(method, path, &ctx.params);
}

const Route* Router::find(beast_http::verb method, std::string_view path) const {
  return match_impl(method, path, nullptr).route;
}

Router::Match Router::match_impl(beast_http::verb method, std::string_view path,
                                 std::unordered_map<std::string, std::string>* out_params) const {
  if (method == beast_http::verb::head) method = beast_http::verb::get;
  auto parts = split_path(path);
  Match result;
  for (const auto& c : compiled_) {
    std::unordered_map<std::string, std::string> params;
    bool ok = true;
    std::size_t i = 0;
    for (; i < c.segments.size(); ++i) {
      const std::string& seg = c.segments[i];
      if (seg == "*") {
        std::string rest;
        for (std::size_t j = i; j < parts.size(); ++j) rest += (j == i ? "" : "/") + std::string(parts[j]);
        params["*"] = rest;
        i = parts.size();
        break;
      }
      if (i >= parts.size()) {
        ok = false;
        break;
      }
      if (seg.front() == ':')
        params[seg.substr(1)] = std::string(parts[i]);
      else if (seg != parts[i]) {
        ok = false;
        break;
      }
    }
    if (!ok || i != parts.size()) continue;
    if (c.route.method != method) {
      result.path_known = true;
      continue;
    }
    if (out_params) *out_params = std::move(params);
    result.route = &c.route;
    return result;
  }
  return result;
}

}  // namespace shopfloor::http
