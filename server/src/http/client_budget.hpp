// A budget per caller for work anyone can ask for (telemetry events, new image renders): a signed-in
// user pays from their own budget, anyone else from their client IP's (X-Forwarded-For only with
// TRUST_PROXY); or, for guesses, from both. Over budget: 429 RATE_LIMITED with Retry-After. Per node, in
// memory.
#pragma once

#include <cstdint>

#include "http/context.hpp"
#include "util/rate_budget.hpp"

namespace shopfloor::http {

class ClientBudget {
 public:
  ClientBudget(RateBudget::Limits per_ip, RateBudget::Limits per_user) : ip_(per_ip), user_(per_user) {}

  // Spends `cost` units of the caller's budget (ctx.user must already be loaded), or throws 429.
  void spend(const Context& ctx, std::int64_t cost);
  // For work one person could repeat from many accounts, or many people from one address (guessing a live
  // quiz PIN): spends from both the signed-in person's budget and the client IP's, 429 when either is spent.
  void spend_both(const Context& ctx, std::int64_t cost);
  // Adds `cost` to both whatever is left: an attempt that failed weighs more than one that worked.
  void charge_both(const Context& ctx, std::int64_t cost);

 private:
  RateBudget ip_, user_;
};

}  // namespace shopfloor::http
