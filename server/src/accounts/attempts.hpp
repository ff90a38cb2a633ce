// Budgets for trying one-time codes (issue 26): every attempt spends one unit of the client IP's budget
// and one of its subject's (the person a code is tried for, or the account a reset is asked for), so
// neither one address nor many addresses against one person get far. Over budget: 429 RATE_LIMITED with
// Retry-After. Per node, in memory (util/rate_budget.hpp).
#pragma once

#include <string>

#include "http/context.hpp"
#include "util/rate_budget.hpp"

namespace shopfloor::accounts {

class CodeAttempts {
 public:
  // 10 at once, then one a minute: a person who mistypes gets on; a guesser gets ~1,450 tries a day at one
  // person's 31^8 ≈ 8.5 × 10^11 codes.
  static constexpr RateBudget::Limits kDefault{10, 1};

  CodeAttempts(RateBudget::Limits per_ip = kDefault, RateBudget::Limits per_subject = kDefault)
      : ip_(per_ip), subject_(per_subject) {}

  // Spends one attempt of the caller's IP and of `subject` (compared case-insensitively), or throws 429.
  void spend(const http::Context& ctx, const std::string& subject);
  // Only the IP's: for a long random token, which names no one to guess at.
  void spend_ip(const http::Context& ctx);

 private:
  RateBudget ip_, subject_;
};

}  // namespace shopfloor::accounts
