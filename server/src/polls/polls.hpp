// Polls (SPEC §5 Votes; issue 13): a question with text or image options, single or multiple choice (at most
// N), a window and an audience; one ballot per person (race-free: UNIQUE (poll, user)); results as counts and
// percentages, shown after voting, after closing, or to admins only.
#pragma once

#include <boost/json/object.hpp>
#include <string>
#include <vector>

#include "http/area.hpp"
#include "util/demo.hpp"

namespace shopfloor::polls {

void register_routes(http::Services& app);

// POST /api/polls/:id/vote for the person at `now` (the demo history votes through it too): one ballot, its
// choices and the counts; {poll} as they see it after. 404 / 409 NOT_OPEN, ALREADY_VOTED / 422.
boost::json::object cast_vote(db::Connection& c, const std::string& uid, const std::string& poll_id,
                              const std::vector<std::string>& picked, std::int64_t now);

// `seed --demo`: an open poll with image options and a text poll.
void seed_demo(db::Connection& c, const std::string& data_dir);
// The company's closed poll from last month; the open polls opened a week ago (seed --demo with history).
void seed_company(db::Connection& c, const std::string& data_dir);
// One day of the company's history: visitors vote in the polls open that day.
void seed_history_day(db::Connection& c, const demo::Day& d);

}  // namespace shopfloor::polls
