// Today's drill for one person: drawn once per Bangkok day from the questions due (FSRS) and, when few are
// due, new ones the person met in an exam; served one question at a time (the answer's clock starts when
// the question is first served); each answer checked here, rated from correctness and time, and moving the
// person's memory state; the last answer finishes the day (streak, once).
#pragma once

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <functional>
#include <string>

#include "db/database.hpp"
#include "drill/fsrs.hpp"
#include "resources/staff_gate.hpp"

namespace shopfloor::drill {

inline constexpr std::int64_t question_ms = 30'000;     // a question's time unless it has its own (bank.hpp)
inline constexpr std::int64_t grace_ms = 2'000;         // network slack before an answer is late
inline constexpr std::int64_t clock_skew_ms = 300'000;  // an offline answer's time may be this far ahead
inline constexpr std::int64_t fast_ms = 5'000;          // a right answer this quick is Easy (of 30 s)
inline constexpr std::int64_t slow_ms = 15'000;         // a right answer slower than this is Hard (of 30 s)
inline constexpr std::size_t max_questions = 10;        // due questions drawn at most
inline constexpr std::size_t min_questions = 5;         // new questions fill the drill up to this

// Wrong → Again; right: within fast_ms → Easy, after slow_ms → Hard, else Good. A question with its own
// time (a matching question of 60 s) scales both in proportion: a sixth and a half of its time.
fsrs::Rating rating_for(bool correct, std::int64_t answer_ms, std::int64_t time_ms = question_ms);

struct Settings {
  double desired_retention = 0.9;
  std::int64_t daily_points = 10;
};
Settings load_settings(db::Connection& c);

// GET /api/drill/today (serve): the day's progress and the question to answer now (no answers in it),
// drawing the day's drill on the first call and stamping the question's shown time on its first serve.
// GET /api/drill/summary (!serve): the progress only, starting no question's clock (Home's card).
boost::json::object today(db::Connection& c, const resources::StaffGate& gate, bool serve);

// GET /api/drill/today/ahead: the day's progress and every question not yet answered (no answers in them,
// no clock started), for the offline app to keep; each gets its answer row (`ahead`), so an offline answer
// can be checked against the day's served session. The online clock still starts at the one-at-a-time serve.
boost::json::object ahead(db::Connection& c, const resources::StaffGate& gate);

// Called in the answer's transaction after a review moved the person's memory state (the knowledge
// summary keeps its figures there). At start-up, before requests are served.
using Reviewed = std::function<void(db::Connection& c, const std::string& user_id, std::int64_t now_ms)>;
void on_reviewed(Reviewed listener);

// POST /api/drill/today/answers: checks {questionId, choices} for the question being served; a repeat
// returns the first answer's result unchanged (the key is person, day, question: retries and a second device
// count once). 404 for a question not served today; 422 for bad choices. With `offline: {answeredAt,
// answerMs}` (queued by the offline app) the device's time is used, capped by the question's time, and the
// rating is never Easy; 409 DRILL_DAY_OVER when answeredAt is not today (Bangkok).
boost::json::object answer(db::Connection& c, const resources::StaffGate& gate,
                           const boost::json::object& body);

}  // namespace shopfloor::drill
