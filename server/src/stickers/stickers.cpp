#include "stickers/stickers.hpp"

#include "stickers/internal.hpp"

namespace shopfloor::stickers {

void register_routes(http::Services& app) {
  resources::registry().add(sets_resource());
  resources::registry().add(stickers_resource());
  triggers::listen(triggers::course_completed, on_course);
  triggers::listen(triggers::reward_redeemed, on_redeemed);
  register_staff_routes(app);
}

}  // namespace shopfloor::stickers
