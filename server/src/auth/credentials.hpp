// The account a sign-in names (by employee code or email, case-insensitively), with what the password
// check needs. Sign-in reads the users table itself so that auth/ does not depend on the users area.
#pragma once

#include <optional>
#include <string>

#include "db/database.hpp"

namespace shopfloor::auth {

struct SignInCandidate {
  std::string id;
  std::string password_hash;
  std::string status;
};

std::optional<SignInCandidate> find_for_sign_in(db::Connection& c, const std::string& identifier);

// A sign-in's rehash (passwords.hpp, needs_rehash): stores `new_hash` in place of `old_hash` inside the
// sign-in's transaction, unless the password changed meanwhile. Never fails the sign-in: the write runs in a
// savepoint and a database error only leaves the old hash (which still verifies) and a warning in the log.
// True when the new hash was stored.
bool store_rehashed_password(db::Connection& c, const std::string& user_id, const std::string& old_hash,
                             const std::string& new_hash);

}  // namespace shopfloor::auth
