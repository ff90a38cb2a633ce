#include "auth/credentials.hpp"

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

}  // namespace shopfloor::auth
