// Auth.js cookie names and attributes. Over HTTPS the names take the __Secure-/__Host- prefixes.
#pragma once

#include <cstdint>
#include <string>

#include "http/context.hpp"

namespace shopfloor::auth {

std::string session_cookie_name(const http::Context& ctx);
std::string csrf_cookie_name(const http::Context& ctx);
std::string callback_cookie_name(const http::Context& ctx);

// Adds a Set-Cookie to the response this request will get. expires_ms = 0 makes a session cookie;
// a negative value deletes the cookie. `path` narrows where the browser sends it.
void set_cookie(http::Context& ctx, const std::string& name, const std::string& value,
                std::int64_t expires_ms, const std::string& path = "/");

}  // namespace shopfloor::auth
