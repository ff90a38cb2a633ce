// The badges area: its declaration on the resources kit (declarations.cpp), the listeners that award on
// happenings (awards.cpp), the staff's own and others' badges with progress (staff.cpp), the Open Badges
// downloads and public issuer documents (credentials.cpp), and the admin's holders / award / revoke
// (admin.cpp); the award's public verification page (verify_page.cpp).
#include "badges/badges.hpp"

#include <set>

#include "badges/awards.hpp"
#include "badges/internal.hpp"
#include "badges/rules.hpp"
#include "badges/verify_page.hpp"
#include "http/services.hpp"
#include "resources/triggers.hpp"

namespace shopfloor::badges {

void register_routes(http::Services& app) {
  resources::registry().add(badges_resource(*app.db));
  register_verify_page();
  for (const auto& rule : rules())
    for (const auto& kind : rule.kinds) {
      static std::set<std::string_view> listened;
      if (listened.insert(kind.name).second) triggers::listen(kind, on_happening);
    }
  register_staff_routes(app);
  register_credential_routes(app);
  register_admin_routes(app);
}

}  // namespace shopfloor::badges
