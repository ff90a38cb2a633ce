// Badges (SPEC §5 Badges; issue 12): awarded by a rule when what it counts happens (in that transaction),
// by a backfill when a rule badge is published, or by hand; once per person. Each earned badge is also an
// Open Badges 3.0 credential the person can download (openbadges.hpp).
#pragma once

#include <boost/json/array.hpp>

#include "http/area.hpp"

namespace shopfloor {
struct Config;
}

namespace shopfloor::badges {

void register_routes(http::Services& app);

// The badges a person holds now (not revoked), newest first: {badge: {id, name, description, criteria,
// image}, awardedAt} each, as their profile shows them.
boost::json::array earned_badges(db::Connection& c, const std::string& user_id);

// The badges a person holds now (not revoked), newest first: {badge: {id, name, description, criteria,
// image}, awardedAt} each, as their profile shows them.
boost::json::array earned_badges(db::Connection& c, const std::string& user_id);

// `seed --demo`: badges of each kind, with pictures made here, earned by the demo staff who qualify.
void seed_demo(db::Connection& c, const std::string& data_dir);

// `shopfloor badges verify FILE`: a VC-JWT or a baked PNG; prints what it found; 0 when it verifies.
int verify_file(const Config& config, const std::string& path);

}  // namespace shopfloor::badges
