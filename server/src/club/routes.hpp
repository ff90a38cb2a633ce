// Private to club/: each part of the club registers its routes; the Club tab's summary asks the coupon and
// gift parts for their lines.
#pragma once

#include <boost/json/object.hpp>

#include "http/area.hpp"
#include "resources/staff_gate.hpp"

namespace shopfloor::club {

void register_reward_routes(http::Services& app);
void register_redemption_admin_routes(http::Services& app);
void register_coupon_routes(http::Services& app);
void register_coupon_admin_routes(http::Services& app);
void register_gift_routes(http::Services& app);
void register_gift_admin_routes(http::Services& app);

// {available, mine}: batches the viewer can claim from now, codes they hold.
boost::json::object coupons_summary(db::Connection& c, const resources::StaffGate& gate);
// {open, picked}: open periods the viewer may pick in, and how many of those they picked in.
boost::json::object gifts_summary(db::Connection& c, const resources::StaffGate& gate);

}  // namespace shopfloor::club
