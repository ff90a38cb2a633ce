// The members club (SPEC §5 Redeem, Coupons, Gifts; §6 Club; issue 11): staff spend points on rewards, claim
// partner coupon codes and pick their new-year gift; admins run the catalogue and fulfil. Anything worth
// points or stock changes in one transaction with the points ledger (points/ledger.hpp).
#pragma once

#include "http/area.hpp"
#include "util/demo.hpp"

namespace shopfloor::club {

// Registers the club's declarations and its staff and back-office routes.
void register_routes(http::Services& app);

// `seed --demo`: a catalogue with pictures drawn for it, a coupon batch with codes, an open gift period,
// points for the demo staff and a few redemptions in different states.
void seed_demo(db::Connection& c, const std::string& data_dir);
// The catalogue and coupons open through the company's history (seed --demo with its history).
void seed_company(db::Connection& c);
// One day of the company's history: redemptions the points afford, coupon claims, gift picks, and the
// admin's morning round of approvals, hand-overs and refusals.
void seed_history_day(db::Connection& c, const demo::Day& d);

}  // namespace shopfloor::club
