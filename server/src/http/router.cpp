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
  // Candidates are compared without allocating; parameters are copied out only for the route that wins.
  for (const auto& c : compiled_) {
    bool ok = true;
    bool rest = false;
    std::size_t i = 0;
    for (; i < c.segments.size(); ++i) {
      const std::string& seg = c.segments[i];
      if (seg == "*") {
        rest = true;
        break;
      }
      if (i >= parts.size() || (seg.front() != ':' && seg != parts[i])) {
        ok = false;
        break;
      }
    }
    if (!ok || (!rest && i != parts.size())) continue;
    if (c.route.method != method) {
      result.path_known = true;
      continue;
    }
    if (out_params) {
      out_params->clear();
      for (std::size_t k = 0; k < i; ++k)
        if (c.segments[k].front() == ':') (*out_params)[c.segments[k].substr(1)] = std::string(parts[k]);
      if (rest) {
        std::string tail;
        for (std::size_t j = i; j < parts.size(); ++j) {
          if (j != i) tail += '/';
          tail += parts[j];
        }
        (*out_params)["*"] = std::move(tail);
      }
    }
    result.route = &c.route;
    return result;
  }
  return result;
}

}  // namespace shopfloor::http
