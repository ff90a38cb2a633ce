// Outbound HTTP calls to other services (sign-in providers, browsers' push services), with libcurl. They
// block, so callers make them on threads of their own, never on an IO thread or a DB worker. Which URLs
// may be called is the caller's rule (auth/oidc: the provider's, push: the configured push services); here
// every call goes only over the URL's own scheme (http or https), follows no redirect, gives up after the
// timeout and reads at most max_reply_bytes. Each thread keeps its curl handle, so connections to a service
// are reused from call to call.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace shopfloor::outbound {

// The call got no HTTP answer (refused URL, DNS, connect, TLS, timeout, answer too large).
struct Failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Request {
  std::string url;
  std::vector<std::string> headers;  // "Name: value" lines
  std::string body;                  // sent as a POST (bytes as they are) when `post`
  bool post = false;
  long connect_timeout_ms = 5000;
  long timeout_ms = 10000;
  std::size_t max_reply_bytes = 1 << 20;
};

struct Reply {
  long status = 0;
  std::string body;
  long retry_after_s = 0;  // Retry-After in seconds (a date is turned into seconds from now); 0 = none
};

// Throws Failure when the URL is not http(s) or the call fails before an HTTP answer.
Reply call(const Request& request);

}  // namespace shopfloor::outbound
