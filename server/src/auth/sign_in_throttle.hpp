// Sign-in throttling: 5 failures within 15 minutes for one account, or from one IP, blocks further
// attempts from that subject until the oldest failure leaves the window. Kept in the database so
// every node sees the same counts.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"

namespace shopfloor::auth {

struct SignInThrottle {
  static constexpr int max_failures = 5;
  static constexpr std::int64_t window_ms = 15 * 60 * 1000;

  // Seconds until an attempt is allowed again, if any subject is over the limit.
  static std::optional<int> blocked_for(db::Connection& c, const std::vector<std::string>& subjects,
                                        std::int64_t now);
  static void record_failure(db::Connection& c, const std::vector<std::string>& subjects, std::int64_t now);
  static void clear(db::Connection& c, const std::string& subject);
};

}  // namespace shopfloor::auth
