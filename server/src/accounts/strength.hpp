// How hard a password is to guess, 0 (trivial) to 4 (strong), by a small estimate: the alphabet its
// characters come from × its length, where characters that repeat or continue a run (aaaa, abcd, 4321) count
// for nothing, a common password or one built from the person's own code or name scores 0. Registration needs
// at least kMinScore, and so does every new password (registration, reset). web/src/user/register/strength.ts
// is the same scorer, so the meter agrees with the server.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "http/message.hpp"

namespace shopfloor::accounts {

inline constexpr std::size_t kMinPasswordLength = 8;
inline constexpr std::size_t kMaxPasswordLength = 200;
inline constexpr int kMinScore = 2;

// `personal`: words the password must not lean on (employee code, name parts); compared case-insensitively.
int password_score(std::string_view password, const std::vector<std::string>& personal = {});

// Why a new password is refused (too short, too long, too weak), nullopt when it may be used. The person's
// employee code and the words of their name are what it must not lean on.
std::optional<http::Message> new_password_problem(std::string_view password, const std::string& employee_code,
                                                  const std::string& name);

}  // namespace shopfloor::accounts
