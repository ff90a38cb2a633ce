#include "auth/cookies.hpp"

#include "util/ids.hpp"
#include "util/percent_encode.hpp"

namespace shopfloor::auth {

std::string session_cookie_name(const http::Context& ctx) {
  return ctx.is_https() ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}
std::string csrf_cookie_name(const http::Context& ctx) {
  return ctx.is_https() ? "__Host-next-auth.csrf-token" : "next-auth.csrf-token";
}
std::string callback_cookie_name(const http::Context& ctx) {
  return ctx.is_https() ? "__Secure-next-auth.callback-url" : "next-auth.callback-url";
}

void set_cookie(http::Context& ctx, const std::string& name, const std::string& value,
                std::int64_t expires_ms, const std::string& path) {
  std::string c = name + "=" + percent_encode(value) + "; Path=" + path + "; HttpOnly; SameSite=Lax";
  if (expires_ms < 0)
    c += "; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT";
  else if (expires_ms > 0)
    c += "; Expires=" + http_date(expires_ms);
  if (ctx.is_https()) c += "; Secure";
  ctx.extra_headers.emplace_back(boost::beast::http::field::set_cookie, std::move(c));
}

}  // namespace shopfloor::auth
