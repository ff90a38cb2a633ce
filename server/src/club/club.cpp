#include "club/club.hpp"

#include "club/declarations.hpp"
#include "club/routes.hpp"
#include "http/services.hpp"
#include "resources/resource.hpp"

namespace shopfloor::club {

void register_routes(http::Services& app) {
  auto& registry = resources::registry();
  registry.add(rewards_resource());
  registry.add(coupon_batches_resource());
  registry.add(gift_periods_resource());
  registry.add(gift_options_resource());
  register_reward_routes(app);
  register_redemption_admin_routes(app);
  register_coupon_routes(app);
  register_coupon_admin_routes(app);
  register_gift_routes(app);
  register_gift_admin_routes(app);
}

}  // namespace shopfloor::club
