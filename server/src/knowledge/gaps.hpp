// Knowledge per topic, store, region and position (and topic x store for the dashboard), read from the
// summary (summary.hpp): the states' FSRS retrievability today, averaged; the people behind them and those
// overdue (a review due before today began).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "db/database.hpp"

namespace shopfloor::knowledge {

// One group's sums. A person counts once per group however many of their states it holds.
struct Retention {
  double recall_sum = 0;    // the states' retrievability summed
  std::int64_t states = 0;  // person-question pairs
  std::int64_t people = 0;
  std::int64_t overdue_people = 0;  // people with at least one state of the group past due
  std::int64_t overdue_states = 0;

  double percent() const;  // the average retrievability, in percent to one decimal (0 when no states)
};

// A topic is an exam's category, else the category of a course holding the exam ("" = none). Its refresher is
// a course that teaches it: one holding an exam of the topic, else one in the category ("" = none).
struct Topic {
  std::string name;
  std::string course_id, course_title;
};

struct Gaps {
  Retention all;
  std::map<std::string, Retention> by_topic, by_store, by_region, by_position;
  std::map<std::pair<std::string, std::string>, Retention> by_topic_store;  // read_gaps(per_store)
  std::map<std::string, Topic> topics;                                      // id -> name and refresher
  std::map<std::string, std::string> question_topic;                        // exam question id -> topic id
};

// Retrievability at `now_ms` of a state last reviewed at `last_review_ms`: whole Bangkok days elapsed, as the
// drill schedules (drill/today.cpp), on FSRS-6's default curve.
double retrievability(double stability, std::int64_t last_review_ms, std::int64_t now_ms);

// The active staff's groups, restricted by `where_user` (" AND ..." on users aliased u, with its params: the
// summary's groups have the same store_id and position columns). by_topic_store only when `per_store`.
Gaps read_gaps(db::Connection& c, const std::string& where_user, const std::vector<db::Value>& params,
               bool per_store = false);

}  // namespace shopfloor::knowledge
