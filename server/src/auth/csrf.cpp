#include "auth/csrf.hpp"

#include "auth/cookies.hpp"
#include "http/api_error.hpp"
#include "http/services.hpp"
#include "util/ids.hpp"

namespace shopfloor::auth {

static std::string sign(const http::Context& ctx, const std::string& token) {
  return sha256_hex(token + ctx.app.config.auth_secret);
}

std::optional<std::string> csrf_cookie_token(const http::Context& ctx) {
  auto cookie = ctx.cookie(csrf_cookie_name(ctx));
  if (!cookie) return std::nullopt;
  auto bar = cookie->find('|');
  if (bar == std::string::npos) return std::nullopt;
  std::string token = cookie->substr(0, bar);
  if (token.size() != 64 || !equal_constant_time(cookie->substr(bar + 1), sign(ctx, token)))
    return std::nullopt;
  return token;
}

std::string issue_csrf_token(http::Context& ctx) {
  if (auto existing = csrf_cookie_token(ctx)) return *existing;
  return renew_csrf_token(ctx);
}

std::string renew_csrf_token(http::Context& ctx) {
  std::string token = random_hex(32);
  set_cookie(ctx, csrf_cookie_name(ctx), token + "|" + sign(ctx, token), 0);
  return token;
}

bool csrf_token_matches(const http::Context& ctx, const std::string& presented) {
  auto token = csrf_cookie_token(ctx);
  return token && !presented.empty() && equal_constant_time(*token, presented);
}

void require_csrf_header(const http::Context& ctx) {
  if (!csrf_token_matches(ctx, std::string(ctx.req["X-CSRF-Token"]))) throw http::ApiError::csrf();
}

}  // namespace shopfloor::auth
