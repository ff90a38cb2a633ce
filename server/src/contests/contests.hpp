// Campaigns and naming contests (SPEC §5; issue 13): one contest engine. Entries (photos or texts for a
// campaign, name proposals with a reason for a naming contest) are moderated (approved = shortlisted for a
// naming contest), voted on with N votes per person (never one's own entry), and the winners — by votes or
// picked by admins — are announced once, with points.
#pragma once

#include "http/area.hpp"

namespace shopfloor::contests {

void register_routes(http::Services& app);

// `seed --demo`: a photo campaign in its entry phase with approved entries, and a naming contest in voting
// with a shortlist.
void seed_demo(db::Connection& c, const std::string& data_dir);

}  // namespace shopfloor::contests
