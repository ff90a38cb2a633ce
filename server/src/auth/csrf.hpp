// Auth.js double-submit CSRF: the cookie holds "token|sha256(token + secret)"; a write proves it can
// read the token (body field for /api/auth, X-CSRF-Token header elsewhere). The hash stops a cookie
// planted by a sibling subdomain from being accepted.
#pragma once

#include <optional>
#include <string>

#include "http/context.hpp"

namespace shopfloor::auth {

// The token of a valid CSRF cookie on this request, if any.
std::optional<std::string> csrf_cookie_token(const http::Context& ctx);
// Returns the valid cookie's token, or makes a new one and sets its cookie.
std::string issue_csrf_token(http::Context& ctx);
// Always makes a new token and sets its cookie: at sign-in, so a token known before (e.g. planted by
// an attacker) is worthless afterwards, as Auth.js does.
std::string renew_csrf_token(http::Context& ctx);
bool csrf_token_matches(const http::Context& ctx, const std::string& presented);
// Throws ApiError CSRF_FAILED unless the X-CSRF-Token header matches the cookie.
void require_csrf_header(const http::Context& ctx);

}  // namespace shopfloor::auth
