// Demo data for `shopfloor seed --demo` (make run prints it): one person on the roster who has not signed
// up yet, with an activation code everyone knows. Only the demo has a code whose plain value is known.
#pragma once

#include <string>

#include "db/database.hpp"

namespace shopfloor::accounts {

inline constexpr const char* demo_roster_code = "S3001";
inline constexpr const char* demo_activation_code = "CARD-2345";

struct DemoActivation {
  std::string employee_code, name, code;
  bool pending = false;  // false once the person signed up (the code is used)
};

// Idempotent: the person is made once; while they have not signed up, a live demo code is kept.
DemoActivation seed_demo(db::Connection& c, const std::string& secret);

}  // namespace shopfloor::accounts
