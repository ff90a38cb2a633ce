// Campaigns and naming contests (SPEC §5; issue 13): one contest engine. Entries (photos or texts for a
// campaign, name proposals with a reason for a naming contest) are moderated (approved = shortlisted for a
// naming contest), voted on with N votes per person (never one's own entry), and the winners — by votes or
// picked by admins — are announced once, with points.
#pragma once

#include <string>

#include "http/area.hpp"
#include "util/demo.hpp"

namespace shopfloor::contests {

void register_routes(http::Services& app);

// `seed --demo`: a photo campaign in its entry phase with approved entries, and a naming contest in voting
// with a shortlist.
void seed_demo(db::Connection& c, const std::string& data_dir);
// Last month's photo campaign (seed --demo with its history), entered, voted on and announced in the history.
void seed_company(db::Connection& c, const std::string& data_dir);
// One day of the company's history: entries while a campaign takes them (approved the next morning), votes
// while it is voting, the winners announced the morning after.
void seed_history_day(db::Connection& c, const demo::Day& d);

}  // namespace shopfloor::contests
