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

}  // namespace shopfloor::auth
