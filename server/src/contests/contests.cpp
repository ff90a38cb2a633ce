#include "contests/contests.hpp"

#include "contests/admin.hpp"
#include "contests/staff.hpp"

namespace shopfloor::contests {

void register_routes(http::Services& app) {
  register_admin_routes(app);
  register_staff_routes(app);
}

}  // namespace shopfloor::contests
