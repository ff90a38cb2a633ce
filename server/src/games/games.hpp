// Games (SPEC §5 Games; issue 14): quizzes scored like Kahoot (own questions and/or drawn from an exam's
// questions), matching boards, the catalogue of game instances with its points rule and the daily points cap.
// The server issues every question and board and measures every answer itself (games/scoring.hpp), so no
// score can be made up in the browser; nothing says which answer or pair is right before it is played.
#pragma once

#include <boost/json/object.hpp>
#include <set>
#include <string>
#include <vector>

#include "http/area.hpp"
#include "util/demo.hpp"

namespace shopfloor::games {

// The admin resources (declarations.cpp) and the staff routes (plays.cpp, catalogue.cpp).
void register_routes(http::Services& app);

// A solo play as the staff routes run it, at `now` (the demo history plays through them too); each answers
// {play} (answer: {outcome, play}; pair: {match, pair, play}) and throws the routes' 404 / 409 / 422.
// POST /api/games/:id/plays
boost::json::object play_start(db::Connection& c, const std::string& uid, const std::string& game_id,
                               std::int64_t now);
// POST /api/game-plays/:playId/answer, /next, /finish (quiz) and /pair (matching)
boost::json::object play_answer(db::Connection& c, const std::string& uid, const std::string& play_id,
                                const std::string& round_id, const std::set<std::string>& picked,
                                std::int64_t now);
boost::json::object play_next(db::Connection& c, const std::string& uid, const std::string& play_id,
                              std::int64_t now);
boost::json::object play_finish(db::Connection& c, const std::string& uid, const std::string& play_id,
                                std::int64_t now);
boost::json::object play_pair(db::Connection& c, const std::string& uid, const std::string& play_id,
                              const std::vector<std::string>& card_ids, std::int64_t now);

// `seed --demo`: a 5-question quiz, a 6-pair matching board, two games open to everyone, the daily cap.
void seed_demo(db::Connection& c, const std::string& data_dir);
// The games open since before the company's history began (seed --demo with its history).
void seed_company(db::Connection& c);
// One day of the company's history: some visitors play a quiz or a matching board, answering and pairing as
// well as they know at the speed a phone allows.
void seed_history_day(db::Connection& c, const demo::Day& d);

}  // namespace shopfloor::games
