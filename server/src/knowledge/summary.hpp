// The Knowledge report's summary (migrations/0097_knowledge_summary.*.sql): per (topic, store, position) the
// memory states' count, retrievability sum and overdue count, and the people behind them, so the report and
// the dashboard card read one row per group instead of every state (issue 32: 100,000 people x 500
// questions in < 1 s). Each person's share is kept in knowledge_people; a refresh recomputes the person's
// share from their states (at most a few hundred rows), subtracts the old share and adds the new one with
// additive upserts, so concurrent refreshes of different people never lose a count.
#pragma once

#include <cstdint>
#include <string>

#include "db/database.hpp"

namespace shopfloor::knowledge {

// The topic id of the groups that hold every topic (a person's distinct count per store and position).
inline constexpr const char* every_topic = "*";

// The topic of an exam aliased `e` as SQL: its category, else the category of the first published course
// holding it, else '' (gaps.hpp Topic).
extern const char* const topic_of_exam_sql;
// A drill question's topic whatever it is (drill/bank.hpp): exam question `q` of exam `e` as above, quiz-game
// question `gq` of quiz `gz` by the quiz's category, drill-only question `dq` by its category, else its
// course's; question_joins left-joins the three to drill_states `ds`.
extern const char* const question_joins;
extern const std::string topic_of_question_sql;

// Makes the person's share what their memory states, store, position and status are now (a person who is
// not active staff, or deleted, has none). Locks the person first (PostgreSQL), so two refreshes of one
// person queue. The drill calls it in the answer's transaction (drill/today.hpp on_reviewed).
void refresh_person(db::Connection& c, const std::string& user_id, std::int64_t now_ms);

// Refreshes up to `limit` of the people marked stale by the migration's triggers (states or store, position,
// role or status changed outside the drill's answer); returns how many.
std::int64_t refresh_stale(db::Connection& c, std::int64_t now_ms, std::int64_t limit);

// The new day, one batch: refreshes up to `limit` people whose shares are of an earlier day than `now_ms`'s
// (retrievability falls as days pass without any write); returns how many, 0 once everyone is on the day.
// The daily job runs it batch after batch, each its own transaction, so no write waits for the whole company.
std::int64_t roll_over(db::Connection& c, std::int64_t now_ms, std::int64_t limit);

// The whole summary again from drill_states, for the day of `now_ms`, in one transaction (`shopfloor
// knowledge rebuild`, after the demo seed): returns the people summarised.
std::int64_t rebuild(db::Connection& c, std::int64_t now_ms);

}  // namespace shopfloor::knowledge
