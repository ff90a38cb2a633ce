#include "club/club.hpp"

#include "club/declarations.hpp"
#include "club/routes.hpp"
#include "http/services.hpp"
#include "resources/resource.hpp"
#include "resources/search.hpp"

namespace shopfloor::club {

void register_routes(http::Services& app) {
  auto& registry = resources::registry();
  registry.add(rewards_resource());
  registry.add(coupon_batches_resource());
  registry.add(gift_periods_resource());
  registry.add(gift_options_resource());
  // Staff search opens what the reward page opens (club/rewards_routes.cpp reward_for: the gate, nothing
  // more).
  resources::add_staff_kind({"reward", "rewards", "/club/rewards/{id}", resources::gated("rewards")});
  register_reward_routes(app);
  register_redemption_admin_routes(app);
  register_coupon_routes(app);
  register_coupon_admin_routes(app);
  register_gift_routes(app);
  register_gift_admin_routes(app);
}

}  // namespace shopfloor::club
