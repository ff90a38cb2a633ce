// The approval queue's other half (issue 26): registrations without an activation code whose employee code
// or email already belongs to an account. They answered `pending` like any other and wait beside that
// account: "on the roster, unverified" (a roster account without a password yet), "already registered", or
// "email of another account". An admin compares what was typed with the account's roster data, then
// approves (roster accounts only: the account gets the typed password and contact) or dismisses.
//   GET    /api/admin/users/claims               the queue, newest first
//   POST   /api/admin/users/claims/:id/approve   completes the roster account with the claim
//   DELETE /api/admin/users/claims/:id           dismisses the claim
#pragma once

#include "http/area.hpp"

namespace shopfloor::registration {

void register_claim_routes(http::Services& app);

}  // namespace shopfloor::registration
