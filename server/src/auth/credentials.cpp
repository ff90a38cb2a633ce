#include "auth/credentials.hpp"

#include <spdlog/spdlog.h>

#include "util/text.hpp"

namespace shopfloor::auth {

std::optional<SignInCandidate> find_for_sign_in(db::Connection& c, const std::string& identifier) {
  std::string key = ascii_lower(identifier);
  auto row =
      c.query(
           "SELECT id, password_hash, status FROM users "
           "WHERE lower(employee_code) = $1 OR email = $1 ORDER BY (lower(employee_code) = $1) DESC LIMIT 1",
           key)
          .first();
  if (!row || row->is_null(1)) return std::nullopt;
  return SignInCandidate{row->str(0), row->str(1), row->str(2)};
}

bool store_rehashed_password(db::Connection& c, const std::string& user_id, const std::string& old_hash,
                             const std::string& new_hash) {
  c.query("SAVEPOINT rehash_password");
  try {
    bool stored = c.query("UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash = $3",
                          new_hash, user_id, old_hash)
                      .affected == 1;
    c.query("RELEASE SAVEPOINT rehash_password");
    return stored;
  } catch (const db::Error& e) {
    c.query("ROLLBACK TO SAVEPOINT rehash_password");
    c.query("RELEASE SAVEPOINT rehash_password");
    spdlog::warn("password rehash of user {} not stored (the old hash stays): {}", user_id, e.what());
    return false;
  }
}

}  // namespace shopfloor::auth
