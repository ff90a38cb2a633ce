// Accounts people can trust (issue 26): one-time codes an admin issues (activation for roster people,
// password reset), their printable cards and CSV, and password recovery by code or by an emailed link.
// Registration with an activation code is register/'s; this folder is what it and recovery share.
#pragma once

#include "http/area.hpp"

namespace shopfloor::accounts {

// All of this area's routes: the admin's codes (issue_routes.cpp) and recovery (recovery_routes.cpp).
void register_routes(http::Services& app);
void register_issue_routes(http::Services& app);
void register_recovery_routes(http::Services& app);

}  // namespace shopfloor::accounts
