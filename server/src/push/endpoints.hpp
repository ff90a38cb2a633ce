// Which push endpoints the server will call (SSRF): a subscription's endpoint is a URL the browser's push
// service gave it, and the server POSTs to it. Only origins on the configured list are accepted, so no
// subscription can point the server at a private, loopback, link-local or cloud metadata address unless an
// operator listed that exact origin (the tests list their own loopback service).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shopfloor::push {

// The browsers' push services: Chrome and Android (FCM), Firefox (Mozilla autopush), Safari (Apple),
// Edge (Windows Push Notification Services, one host per region).
inline constexpr std::string_view default_push_services =
    "https://fcm.googleapis.com,https://updates.push.services.mozilla.com,https://web.push.apple.com,"
    "https://*.notify.windows.com";

class PushServices {
 public:
  // `list`: comma-separated origins (scheme://host[:port]); "*." before a host allows its subdomains.
  // Empty = default_push_services. Throws on an entry that is not an origin.
  explicit PushServices(std::string_view list);

  // The endpoint's origin when it is an absolute URL without credentials on a listed origin; else nullopt.
  std::optional<std::string> origin_if_allowed(std::string_view endpoint) const;

 private:
  struct Entry {
    std::string scheme, host, port;  // port empty = the scheme's default
    bool subdomains = false;
  };
  std::vector<Entry> entries_;
};

// scheme://host[:port] of an absolute http(s) URL, lowercase, default port left out; nullopt otherwise.
std::optional<std::string> origin_of(std::string_view url);

}  // namespace shopfloor::push
