// Private to club/: each part of the club registers its routes; the Club tab's summary asks the coupon and
// gift parts for their lines.
#pragma once

#include <boost/json/object.hpp>
#include <optional>
#include <string>

#include "club/idempotency.hpp"
#include "http/area.hpp"
#include "resources/staff_gate.hpp"

namespace shopfloor::club {

void register_reward_routes(http::Services& app);
void register_redemption_admin_routes(http::Services& app);
void register_coupon_routes(http::Services& app);
void register_coupon_admin_routes(http::Services& app);
void register_gift_routes(http::Services& app);
void register_gift_admin_routes(http::Services& app);

// The staff club's spending, as the routes run it for the person at `now` (the demo seed spends through
// them too); `key` is the Idempotency-Key ("" none). Each throws the routes' 404 / 409 / 422.
// POST /api/club/rewards/:id/redeem: {redemption, balance}, 201. Its OUT_OF_STOCK may come after it wrote
// (the stock is taken last): a caller that goes on after a throw rolls back to a savepoint first.
StoredAnswer redeem_reward(db::Connection& c, const std::string& uid, const std::string& reward_id,
                           const std::string& method, std::string store_id,
                           const std::optional<boost::json::object>& address, const std::string& key,
                           std::int64_t now);
// POST /api/club/coupons/:id/claim: {claim}, 201.
StoredAnswer claim_coupon(db::Connection& c, const std::string& uid, const std::string& batch_id,
                          const std::string& key, std::int64_t now);
// PUT /api/club/gifts/:id/pick: {pick, period}.
boost::json::object pick_gift(db::Connection& c, const std::string& uid, const std::string& period_id,
                              const std::string& option_id, std::int64_t now);

// {available, mine}: batches the viewer can claim from now, codes they hold.
boost::json::object coupons_summary(db::Connection& c, const resources::StaffGate& gate);
// {open, picked}: open periods the viewer may pick in, and how many of those they picked in.
boost::json::object gifts_summary(db::Connection& c, const resources::StaffGate& gate);

}  // namespace shopfloor::club
