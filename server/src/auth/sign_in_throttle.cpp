#include "auth/sign_in_throttle.hpp"

#include <algorithm>

#include "util/ids.hpp"

namespace shopfloor::auth {

namespace {

// Seconds until the oldest of the subject's last max_failures failures is older than window, if it is
// not already.
std::optional<int> wait_for(db::Connection& c, const std::string& subject, std::int64_t window,
                            std::int64_t now) {
  auto r = c.query("SELECT at FROM auth_failures WHERE subject = $1 AND at > $2 ORDER BY at DESC LIMIT $3",
                   subject, now - window, SignInThrottle::max_failures);
  if (static_cast<int>(r.rows.size()) < SignInThrottle::max_failures) return std::nullopt;
  std::int64_t oldest = r.rows.back().i64(0);
  return std::max(1, static_cast<int>((oldest + window - now + 999) / 1000));
}

std::int64_t count_since(db::Connection& c, const std::string& subject, std::int64_t since) {
  return c.query("SELECT COUNT(*) FROM auth_failures WHERE subject = $1 AND at > $2", subject, since)
      .rows.front()
      .i64(0);
}

}  // namespace

SignInThrottle::SignInThrottle(std::string account_key, const std::string& ip)
    : account_("account:" + account_key), ip_("ip:" + ip), pair_("pair:" + account_key + "|" + ip) {}

std::optional<int> SignInThrottle::reserve(db::Connection& c, std::int64_t now) {
  // One reservation at a time, so two attempts cannot both read a count of 4 (SQLite's BEGIN IMMEDIATE
  // already serialises writers).
  if (!c.is_sqlite()) c.query("SELECT pg_advisory_xact_lock(7426105132)");

  std::optional<int> wait;
  auto longest = [&](std::optional<int> w) {
    if (w) wait = std::max(wait.value_or(0), *w);
  };
  // The pair's own limit, growing with each lockout in the last 24 hours.
  std::int64_t lockouts = count_since(c, pair_, now - history_ms) / max_failures;
  if (lockouts > 0)
    longest(
        wait_for(c, pair_, std::min(window_ms << std::min<std::int64_t>(lockouts - 1, 20), history_ms), now));
  // Account- and IP-wide limits apply only to pairs that failed recently themselves.
  if (count_since(c, pair_, now - window_ms) > 0) {
    longest(wait_for(c, account_, window_ms, now));
    longest(wait_for(c, ip_, window_ms, now));
  }
  if (wait) return wait;

  ip_row_ = uuid_v7();
  for (const auto* subject : {&account_, &pair_})
    c.query("INSERT INTO auth_failures (id, subject, at) VALUES ($1, $2, $3)", uuid_v7(), *subject, now);
  c.query("INSERT INTO auth_failures (id, subject, at) VALUES ($1, $2, $3)", ip_row_, ip_, now);
  // Keep the table small: failures older than the longest look-back no longer count.
  c.query("DELETE FROM auth_failures WHERE at < $1", now - history_ms);
  return std::nullopt;
}

void SignInThrottle::release(db::Connection& c) const {
  c.query("DELETE FROM auth_failures WHERE subject = $1 OR subject = $2 OR id = $3", account_, pair_,
          ip_row_);
}

}  // namespace shopfloor::auth
