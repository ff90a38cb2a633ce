// The members club (SPEC §5 Redeem, Coupons, Gifts; §6 Club; issue 11): staff spend points on rewards, claim
// partner coupon codes and pick their new-year gift; admins run the catalogue and fulfil. Anything worth
// points or stock changes in one transaction with the points ledger (points/ledger.hpp).
#pragma once

#include "http/area.hpp"

namespace shopfloor::club {

// Registers the club's declarations and its staff and back-office routes.
void register_routes(http::Services& app);

// `seed --demo`: a catalogue with pictures made here, a coupon batch with codes, an open gift period, points
// for the demo staff and a few redemptions in different states.
void seed_demo(db::Connection& c, const std::string& data_dir);

}  // namespace shopfloor::club
