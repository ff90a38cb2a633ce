#include "auth/sign_in_throttle.hpp"

#include "util/ids.hpp"

namespace shopfloor::auth {

std::optional<int> SignInThrottle::blocked_for(db::Connection& c, const std::vector<std::string>& subjects,
                                               std::int64_t now) {
  std::optional<int> longest;
  for (const auto& subject : subjects) {
    auto r = c.query("SELECT at FROM auth_failures WHERE subject = $1 AND at > $2 ORDER BY at DESC LIMIT $3",
                     subject, now - window_ms, max_failures);
    if (static_cast<int>(r.rows.size()) < max_failures) continue;
    // Blocked until the oldest of the last five failures leaves the window.
    std::int64_t oldest = r.rows.back().i64(0);
    int seconds = static_cast<int>((oldest + window_ms - now + 999) / 1000);
    longest = std::max(longest.value_or(0), std::max(seconds, 1));
  }
  return longest;
}

void SignInThrottle::record_failure(db::Connection& c, const std::vector<std::string>& subjects,
                                    std::int64_t now) {
  for (const auto& subject : subjects)
    c.query("INSERT INTO auth_failures (id, subject, at) VALUES ($1, $2, $3)", uuid_v7(), subject, now);
  // Keep the table small: failures older than the window no longer count.
  c.query("DELETE FROM auth_failures WHERE at < $1", now - 2 * window_ms);
}

void SignInThrottle::clear(db::Connection& c, const std::string& subject) {
  c.query("DELETE FROM auth_failures WHERE subject = $1", subject);
}

}  // namespace shopfloor::auth
