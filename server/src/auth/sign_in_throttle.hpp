// Sign-in throttling, kept in the database so every node sees the same counts.
//
// Failures are counted per (account, IP) pair, per account and per IP, over 15 minutes:
//  - A pair with 5 failures is refused until the oldest of its last 5 leaves the window. Repeated
//    lockouts of the same pair grow the wait: with 5k failures in the last 24 hours the window is
//    15 min × 2^(k-1), capped at 24 hours.
//  - An account with 5 failures (from any IPs), or an IP with 5 failures (for any accounts), refuses
//    only pairs that have a failure of their own in the window. A pair with no recent failure gets its
//    attempt checked (a wrong one counts), so an attacker cannot lock the owner out of their account,
//    nor a whole store behind one IP, by failing on purpose.
// The attempt is reserved (recorded as a failure) before the password is checked, in one write
// transaction that also checks the limits (serialised: SQLite's write lock, an advisory lock on
// PostgreSQL), so guesses sent in parallel cannot all pass the count. A correct password releases it.
#pragma once

#include <optional>
#include <string>

#include "db/database.hpp"

namespace shopfloor::auth {

struct SignInThrottle {
  static constexpr int max_failures = 5;
  static constexpr std::int64_t window_ms = 15 * 60 * 1000;
  static constexpr std::int64_t history_ms = 24 * 60 * 60 * 1000;  // progressive lockouts look this far back

  // account_key identifies the account (its user id when it exists, else the identifier typed).
  SignInThrottle(std::string account_key, const std::string& ip);

  // Seconds to wait if the attempt is refused; otherwise records it as a failure and returns nullopt.
  // Call inside a write transaction.
  std::optional<int> reserve(db::Connection& c, std::int64_t now);
  // The password was right: drop the reservation and forget this account's and this pair's failures.
  void release(db::Connection& c) const;

 private:
  std::string account_, ip_, pair_;
  std::string ip_row_;  // the reservation's row for the IP subject
};

}  // namespace shopfloor::auth
