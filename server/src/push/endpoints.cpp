#include "push/endpoints.hpp"

#include <boost/url/parse.hpp>
#include <stdexcept>

#include "util/text.hpp"

namespace shopfloor::push {

namespace {

struct Parts {
  std::string scheme, host, port;
};

// Absolute http(s) URLs with a registered-name or IP host and no user info; the port as written, but a
// scheme's default port counts as none, so "https://x:443" and "https://x" are the same origin.
std::optional<Parts> parts_of(std::string_view url) {
  auto parsed = boost::urls::parse_absolute_uri(url);
  if (!parsed || parsed->has_userinfo() || !parsed->has_authority()) return std::nullopt;
  // Boost.URL 1.81 lets a path without its leading '/' follow the authority ("https://10.0.0.1.evil.com"
  // can parse as host 10.0.0.1); curl would read another host, so such a URL is never an endpoint.
  if (!parsed->encoded_path().empty() && !parsed->encoded_path().starts_with('/')) return std::nullopt;
  Parts p{ascii_lower(std::string(parsed->scheme())), ascii_lower(std::string(parsed->encoded_host())),
          std::string(parsed->port())};
  if ((p.scheme != "https" && p.scheme != "http") || p.host.empty()) return std::nullopt;
  if (p.host.find('%') != std::string::npos)
    return std::nullopt;  // percent-encoded host: never a push service
  if ((p.scheme == "https" && p.port == "443") || (p.scheme == "http" && p.port == "80")) p.port.clear();
  return p;
}

}  // namespace

std::optional<std::string> origin_of(std::string_view url) {
  auto p = parts_of(url);
  if (!p) return std::nullopt;
  return p->scheme + "://" + p->host + (p->port.empty() ? "" : ":" + p->port);
}

PushServices::PushServices(std::string_view list) {
  std::string all(trimmed(list).empty() ? default_push_services : list);
  std::size_t start = 0;
  while (start <= all.size()) {
    auto comma = all.find(',', start);
    std::string item = trimmed(
        std::string_view(all).substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    start = comma == std::string::npos ? all.size() + 1 : comma + 1;
    if (item.empty()) continue;
    Entry e;
    auto wildcard = item.find("://*.");
    if (wildcard != std::string::npos) {
      e.subdomains = true;
      item.erase(wildcard + 3, 2);
    }
    auto p = parts_of(item);
    auto parsed = boost::urls::parse_absolute_uri(item);
    bool bare = parsed && (parsed->encoded_path().empty() || parsed->encoded_path() == "/") &&
                !parsed->has_query() && !parsed->has_fragment();
    if (!p || !bare) throw std::runtime_error("PUSH_SERVICES: not an origin: " + item);
    e.scheme = p->scheme;
    e.host = p->host;
    e.port = p->port;
    entries_.push_back(std::move(e));
  }
}

std::optional<std::string> PushServices::origin_if_allowed(std::string_view endpoint) const {
  if (endpoint.size() > 2048) return std::nullopt;
  auto p = parts_of(endpoint);
  if (!p) return std::nullopt;
  for (const auto& e : entries_) {
    if (e.scheme != p->scheme || e.port != p->port) continue;
    bool host_ok = e.subdomains ? p->host.size() > e.host.size() + 1 && p->host.ends_with("." + e.host)
                                : p->host == e.host;
    if (host_ok) return origin_of(endpoint);
  }
  return std::nullopt;
}

}  // namespace shopfloor::push
