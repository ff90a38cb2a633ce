#include "accounts/attempts.hpp"

#include "http/api_error.hpp"
#include "util/text.hpp"

namespace shopfloor::accounts {

void CodeAttempts::spend_ip(const http::Context& ctx) {
  if (int wait = ip_.take(ctx.client_ip); wait > 0) throw http::ApiError::rate_limited(wait);
}

void CodeAttempts::spend(const http::Context& ctx, const std::string& subject) {
  spend_ip(ctx);
  if (int wait = subject_.take(ascii_lower(subject)); wait > 0) throw http::ApiError::rate_limited(wait);
}

}  // namespace shopfloor::accounts
