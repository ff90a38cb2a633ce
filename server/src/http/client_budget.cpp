#include "http/client_budget.hpp"

#include "http/api_error.hpp"

namespace shopfloor::http {

void ClientBudget::spend(const Context& ctx, std::int64_t cost) {
  int wait = ctx.user ? user_.take(ctx.user->id, cost) : ip_.take(ctx.client_ip, cost);
  if (wait > 0) throw ApiError::rate_limited(wait);
}

}  // namespace shopfloor::http
