#include "accounts/accounts.hpp"

namespace shopfloor::accounts {

void register_routes(http::Services& app) {
  register_issue_routes(app);
  register_recovery_routes(app);
}

}  // namespace shopfloor::accounts
