#include "http/client_budget.hpp"

#include "http/api_error.hpp"

namespace shopfloor::http {

void ClientBudget::spend(const Context& ctx, std::int64_t cost) {
  int wait = ctx.user ? user_.take(ctx.user->id, cost) : ip_.take(ctx.client_ip, cost);
  if (wait > 0) throw ApiError::rate_limited(wait);
}

void ClientBudget::spend_both(const Context& ctx, std::int64_t cost) {
  int wait = ctx.user ? user_.take(ctx.user->id, cost) : 0;
  if (wait == 0) wait = ip_.take(ctx.client_ip, cost);
  if (wait > 0) throw ApiError::rate_limited(wait);
}

void ClientBudget::charge_both(const Context& ctx, std::int64_t cost) {
  if (ctx.user) user_.charge(ctx.user->id, cost);
  ip_.charge(ctx.client_ip, cost);
}

}  // namespace shopfloor::http
