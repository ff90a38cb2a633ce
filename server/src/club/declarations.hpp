// The club's back-office areas, declared on the resources kit: rewards, coupon batches, gift periods and
// gift options. Only their own rules are here; lists, editing, audit, publishing and audiences are the kit's.
#pragma once

#include "resources/resource.hpp"

namespace shopfloor::club {

resources::Resource rewards_resource();
resources::Resource coupon_batches_resource();
resources::Resource gift_periods_resource();
resources::Resource gift_options_resource();

}  // namespace shopfloor::club
