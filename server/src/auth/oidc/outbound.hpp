// The HTTPS calls sign-in makes to a provider (discovery, keys, token exchange), with libcurl. They block,
// so they run on SingleSignOn's own threads, never on an IO thread or a DB worker. Every call goes only to
// a URL the provider's discovery document named (or the configured issuer's), over https (http only to a
// loopback host, for development and tests), follows no redirect, gives up after 10 s and reads at most
// 1 MiB. Each thread keeps its curl handle, so connections to the provider are reused.
#pragma once

#include <stdexcept>
#include <string>

namespace shopfloor::auth::oidc {

// Why a sign-in with a provider could not go on (for the log; the person sees an Auth.js error code).
struct SignInFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct OutboundRequest {
  std::string url;
  std::string form;                        // application/x-www-form-urlencoded body; a POST when not empty
  std::string basic_user, basic_password;  // HTTP Basic credentials when basic_user is not empty
};

struct OutboundReply {
  long status = 0;
  std::string body;
};

// Throws SignInFailure when the URL is not allowed or the call fails before an HTTP answer.
OutboundReply call_provider(const OutboundRequest& request);

// application/x-www-form-urlencoded encoding of one value (also for Basic credentials, RFC 6749 §2.3.1).
std::string form_encode(std::string_view value);

}  // namespace shopfloor::auth::oidc
