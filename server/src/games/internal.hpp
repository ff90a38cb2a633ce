// What the games' files share: the resources, Bangkok days, the game read through the staff gate, finishing
// a play (points under the daily cap) and ranks.
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "http/area.hpp"
#include "resources/staff_gate.hpp"
#include "rollups/rollups.hpp"

namespace shopfloor::games {

void register_resources();

// Days as staff live them: Bangkok (UTC+7). The day number and the instant it starts.
inline std::int64_t bangkok_day(std::int64_t at_ms) {
  return rollups::day_of(at_ms);
}
using rollups::day_start_ms;

// A game of the catalogue as the viewer may see it now (published, in window and audience), else nullopt.
struct Game {
  std::string id, title, kind, target_id;  // target: the quiz or matching id
  std::int64_t attempts_per_day = 1, score_per_point = 1;
  std::optional<std::int64_t> end_at;
  std::optional<std::string> cover_id;
};
std::optional<Game> game_for(db::Connection& c, const resources::StaffGate& gate, const std::string& id);

// The catalogue's daily cap (game_settings 'default').
std::int64_t daily_cap(db::Connection& c);
// Points the person earned from games on the Bangkok day of `now`.
std::int64_t points_today(db::Connection& c, const std::string& user_id, std::int64_t now);

// Marks the play finished with `score` (once: conditional on finished_at IS NULL) and awards
// floor(score ÷ score_per_point) points within the daily cap, under the person's balance lock, with the key
// game:<playId>:<userId>. False when the play was already finished.
bool finish_play(db::Connection& c, const std::string& play_id, const std::string& user_id,
                 const std::string& game_id, std::int64_t score, std::int64_t now);

// 1 + the number of people whose best finished score in the game (since `from_ms`) beats `score`.
std::int64_t rank_of(db::Connection& c, const std::string& game_id, std::int64_t score,
                     std::int64_t from_ms = 0);
// The person's best finished score in the game, if any.
std::optional<std::int64_t> best_of(db::Connection& c, const std::string& game_id,
                                    const std::string& user_id);

// A quiz's questions as rounds copy them (snapshots with the answer, kept on the server): its own questions
// in order, then the bank's draw. 409 GAME_NOT_READY when there are none.
struct QuizSet {
  std::vector<boost::json::object> questions;
  std::int64_t timer_ms = 0, points_possible = 0;
};
QuizSet quiz_questions(db::Connection& c, const std::string& quiz_id);
// The play's rounds, one per question; the first issued at `first_issued_at` (solo) or none (live: the host
// issues them).
void insert_rounds(db::Connection& c, const std::string& play_id, const QuizSet& set,
                   std::optional<std::int64_t> first_issued_at);
// What a phone sees of an issued question: prompt, image, choices, timer, issue and deadline; never the
// answer.
boost::json::object question_json(db::Connection& c, const boost::json::object& q, std::int64_t position,
                                  std::int64_t timer_ms, std::int64_t points_possible,
                                  std::int64_t issued_at);
// The body's optionIds (1-8 distinct ids), else 422.
std::set<std::string> picked_options(const boost::json::object& body);
// Scores an answer to the issued round `round_id` of a quiz play (solo or live) on the server clock (Kahoot
// points, streak bonus); 404 when not issued, 409 ALREADY_ANSWERED, 422 for options not of the question.
// Returns the outcome (with the correct ids: the caller decides when it may be shown).
boost::json::object answer_round(db::Connection& c, const std::string& play_id, const std::string& round_id,
                                 const std::set<std::string>& picked, std::int64_t now);

void register_play_routes(http::Services& app);
void register_live_routes(http::Services& app);
void register_catalogue_routes(http::Services& app);

}  // namespace shopfloor::games
