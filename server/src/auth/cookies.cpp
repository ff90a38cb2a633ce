#include "auth/cookies.hpp"

#include "util/ids.hpp"

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

static std::string encode_cookie_value(const std::string& v) {
  std::string out;
  static const char* hex = "0123456789ABCDEF";
  for (unsigned char c : v) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out.push_back(static_cast<char>(c));
    } else {
      out.push_back('%');
      out.push_back(hex[c >> 4]);
      out.push_back(hex[c & 15]);
    }
  }
  return out;
}

void set_cookie(http::Context& ctx, const std::string& name, const std::string& value,
                std::int64_t expires_ms, const std::string& path) {
  std::string c = name + "=" + encode_cookie_value(value) + "; Path=" + path + "; HttpOnly; SameSite=Lax";
  if (expires_ms < 0)
    c += "; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT";
  else if (expires_ms > 0)
    c += "; Expires=" + http_date(expires_ms);
  if (ctx.is_https()) c += "; Secure";
  ctx.extra_headers.emplace_back(boost::beast::http::field::set_cookie, std::move(c));
}

}  // namespace shopfloor::auth
