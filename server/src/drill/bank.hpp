// The drill's question bank (issue 32): what a person may be asked, from three places, each while the person
// may still see where it comes from and unless an editor marked it "not for drill":
//   - exam questions of exams the person submitted an attempt on (the exam published, in window and
//   audience);
//   - quiz-game questions of quizzes the person played in a game (the game published and in their audience,
//     whatever its window: a closed game still taught them);
//   - matching games' boards (game_matchings) of games the person played, as one "match" question each (the
//     game published and in their audience, whatever its window), unless marked "not for drill";
//   - drill-only questions (kit resource drill-questions): of a course the person is enrolled in (the course
//     visible to them), or, without a course, for every staff member.
// Question ids are UUIDv7s, unique across the four tables, so a memory state or a day's list names a
// question by its id alone.
#pragma once

#include <boost/json/array.hpp>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "resources/staff_gate.hpp"

namespace shopfloor::drill {

inline constexpr std::int64_t default_seconds = 30;  // a question's time unless it says otherwise

// One pair of a matching question (kind "match"): its stable id and the two sides.
struct Pair {
  std::string id, left, right;
};

struct BankQuestion {
  std::string id, kind, prompt;  // kind: single, multiple, truefalse, match
  boost::json::array choices;    // [{id, text}] (not for match)
  std::set<std::string> correct;
  std::vector<Pair> pairs;  // match only, in the editor's order
  std::optional<std::string> explanation;
  std::int64_t seconds = default_seconds;
  std::optional<std::string> image_id;  // the question's picture (a quiz question's), a media id
};

inline constexpr std::size_t max_board_pairs = 8;          // a board from a matching game: its first 8 pairs
inline constexpr std::int64_t board_seconds_per_pair = 8;  // ... and 8 s a pair (at least default_seconds)

// The question as the person may be asked it now, else nullopt (gone, hidden, or not for drill).
std::optional<BankQuestion> load_question(db::Connection& c, const resources::StaffGate& gate,
                                          const std::string& id);

// Today's questions: due first (due before `day_end`, most overdue first, at most `max_due`); when fewer than
// `min_total` are due, questions the person met and never drilled fill the rest, taken in turn from each
// place (so drill-only and quiz questions are not starved by a long exam). Every read starts from the
// person's rows.
std::vector<std::string> draw(db::Connection& c, const resources::StaffGate& gate, std::int64_t day_end,
                              std::size_t max_due, std::size_t min_total);

}  // namespace shopfloor::drill
