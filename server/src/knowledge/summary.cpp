// Back office only: the Knowledge report's summary. The drill's answer refreshes its writer's share here,
// in its transaction, but nothing read here is sent to staff (topics over every published course and exam).
#include "knowledge/summary.hpp"

#include <limits>
#include <map>
#include <tuple>
#include <vector>

#include "knowledge/gaps.hpp"
#include "rollups/rollups.hpp"

namespace shopfloor::knowledge {

const char* const topic_of_exam_sql =
    "COALESCE(e.category_id, (SELECT co.category_id FROM course_lessons cl JOIN courses co ON co.id = "
    "cl.course_id WHERE cl.exam_id = e.id AND cl.kind = 'exam' AND co.status = 'published' ORDER BY "
    "co.created_at, co.id LIMIT 1), '')";

const char* const question_joins =
    " LEFT JOIN exam_questions q ON q.id = ds.question_id LEFT JOIN exams e ON e.id = q.exam_id LEFT JOIN "
    "game_quiz_questions gq ON gq.id = ds.question_id LEFT JOIN game_quizzes gz ON gz.id = gq.quiz_id LEFT "
    "JOIN game_matchings gm ON gm.id = ds.question_id LEFT JOIN drill_questions dq ON dq.id = ds.question_id";

const std::string topic_of_question_sql =
    std::string("CASE WHEN q.id IS NOT NULL THEN ") + topic_of_exam_sql +
    " WHEN gq.id IS NOT NULL THEN COALESCE(gz.category_id, '') WHEN gm.id IS NOT NULL THEN "
    "COALESCE(gm.category_id, '') ELSE COALESCE(dq.category_id, (SELECT "
    "dco.category_id FROM courses dco WHERE dco.id = dq.course_id), '') END";

namespace {

// One person's share of one topic (or of every topic).
struct Share {
  std::int64_t states = 0, overdue_states = 0;
  double recall_sum = 0;
  std::int64_t min_due_at = std::numeric_limits<std::int64_t>::max();
};
struct Person {
  std::string store, position;
  std::map<std::string, Share> topics;  // topic id (every_topic included) -> share
};

// What the groups must change by: a person's old share subtracted, the new one added.
struct GroupDelta {
  std::int64_t states = 0, overdue_states = 0, people = 0, overdue_people = 0;
  double recall_sum = 0;
};
using Deltas = std::map<std::tuple<std::string, std::string, std::string>, GroupDelta>;

void add(Deltas& d, const Person& p, int sign) {
  for (const auto& [topic, s] : p.topics) {
    auto& g = d[{topic, p.store, p.position}];
    g.states += sign * s.states;
    g.overdue_states += sign * s.overdue_states;
    g.recall_sum += sign * s.recall_sum;
    g.people += sign;
    g.overdue_people += s.overdue_states > 0 ? sign : 0;
  }
}

// Additive upserts: each changes a group by its delta whatever other transactions add at the same time.
void apply_deltas(db::Connection& c, const Deltas& d) {
  for (const auto& [key, g] : d) {
    if (g.states == 0 && g.overdue_states == 0 && g.people == 0 && g.overdue_people == 0 && g.recall_sum == 0)
      continue;
    const auto& [topic, store, position] = key;
    c.query(
        "INSERT INTO knowledge_groups (topic_id, store_id, position, states, recall_sum, overdue_states, "
        "people, overdue_people) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (topic_id, store_id, "
        "position) DO UPDATE SET states = knowledge_groups.states + excluded.states, recall_sum = "
        "knowledge_groups.recall_sum + excluded.recall_sum, overdue_states = knowledge_groups.overdue_states "
        "+ excluded.overdue_states, people = knowledge_groups.people + excluded.people, overdue_people = "
        "knowledge_groups.overdue_people + excluded.overdue_people",
        topic, store, position, g.states, g.recall_sum, g.overdue_states, g.people, g.overdue_people);
  }
}

// The shares of the active staff whose states `where` keeps (" AND ..." on drill_states aliased ds), at the
// Bangkok day of `now`: retrievability as the report defines it (gaps.hpp), overdue = due before the day.
std::map<std::string, Person> compute(db::Connection& c, const std::string& where,
                                      const std::vector<db::Value>& params, std::int64_t now) {
  const auto day_start = rollups::day_start_ms(rollups::day_of(now));
  std::map<std::string, Person> out;
  for (const auto& r :
       c.exec(std::string("SELECT ds.user_id, u.store_id, u.position, ds.stability, ds.last_review_at, "
                          "ds.due_at, ") +
                  topic_of_question_sql + " FROM drill_states ds JOIN users u ON u.id = ds.user_id" +
                  question_joins +
                  " WHERE u.role = 'staff' AND u.status = 'active' AND (q.id IS NOT NULL OR gq.id IS NOT "
                  "NULL OR "
                  "dq.id IS NOT NULL)" +
                  where,
              params)
           .rows) {
    auto& p = out[r.str(0)];
    p.store = r.opt_str(1).value_or("");
    p.position = r.opt_str(2).value_or("");
    const auto recall = retrievability(r.f64(3), r.i64(4), now);
    const auto due = r.i64(5);
    for (const auto& topic : {r.str(6), std::string(every_topic)}) {
      auto& s = p.topics[topic];
      ++s.states;
      s.recall_sum += recall;
      s.overdue_states += due < day_start ? 1 : 0;
      s.min_due_at = std::min(s.min_due_at, due);
    }
  }
  return out;
}

void write(db::Connection& c, const std::string& user_id, const Person& p, std::int64_t day) {
  for (const auto& [topic, s] : p.topics)
    c.query(
        "INSERT INTO knowledge_people (user_id, topic_id, store_id, position, states, recall_sum, "
        "overdue_states, min_due_at, day) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        user_id, topic, p.store, p.position, s.states, s.recall_sum, s.overdue_states, s.min_due_at, day);
}

}  // namespace

void refresh_person(db::Connection& c, const std::string& user_id, std::int64_t now) {
  // Not FOR UPDATE: rows that only reference the person (their answers, points) are written meanwhile.
  if (!c.is_sqlite()) c.query("SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE", user_id);
  c.query("DELETE FROM knowledge_stale WHERE user_id = $1", user_id);
  // The old share is taken by deleting it: of two refreshes of a deleted person (no row to lock) only one
  // gets it back, so it is subtracted once.
  Person old;
  for (const auto& r :
       c.query("DELETE FROM knowledge_people WHERE user_id = $1 RETURNING topic_id, store_id, "
               "position, states, recall_sum, overdue_states",
               user_id)
           .rows) {
    old.store = r.str(1), old.position = r.str(2);
    auto& s = old.topics[r.str(0)];
    s.states = r.i64(3), s.recall_sum = r.f64(4), s.overdue_states = r.i64(5);
  }
  auto fresh = compute(c, " AND ds.user_id = $1", {db::Value{user_id}}, now);
  Deltas d;
  add(d, old, -1);
  if (auto it = fresh.find(user_id); it != fresh.end()) {
    add(d, it->second, +1);
    write(c, user_id, it->second, rollups::day_of(now));
  }
  apply_deltas(c, d);
}

// Refreshes every person a query found (user ids in its first column; the rows are read before the first
// refresh writes), returning how many.
static std::int64_t refresh_each(db::Connection& c, const db::Result& found, std::int64_t now) {
  for (const auto& r : found.rows) refresh_person(c, r.str(0), now);
  return static_cast<std::int64_t>(found.rows.size());
}

std::int64_t refresh_stale(db::Connection& c, std::int64_t now, std::int64_t limit) {
  return refresh_each(c, c.query("SELECT user_id FROM knowledge_stale ORDER BY user_id LIMIT $1", limit),
                      now);
}

std::int64_t roll_over(db::Connection& c, std::int64_t now, std::int64_t limit) {
  return refresh_each(
      c,
      c.query("SELECT user_id FROM knowledge_people WHERE topic_id = $1 AND day < $2 LIMIT $3", every_topic,
              rollups::day_of(now), limit),
      now);
}

std::int64_t rebuild(db::Connection& c, std::int64_t now) {
  constexpr std::int64_t batch = 1000;  // people read at once (their states in memory: ~500 each)
  c.query("DELETE FROM knowledge_groups");
  c.query("DELETE FROM knowledge_people");
  c.query("DELETE FROM knowledge_stale");
  Deltas groups;
  std::int64_t people = 0;
  std::string after;
  for (;;) {
    auto ids = c.query(
                    "SELECT user_id FROM drill_states WHERE user_id > $1 GROUP BY user_id ORDER BY user_id "
                    "LIMIT $2",
                    after, batch)
                   .rows;
    if (ids.empty()) break;
    const auto first = ids.front().str(0), last = ids.back().str(0);
    after = last;
    for (const auto& [id, p] :
         compute(c, " AND ds.user_id >= $1 AND ds.user_id <= $2", {db::Value{first}, db::Value{last}}, now)) {
      add(groups, p, +1);
      write(c, id, p, rollups::day_of(now));
      ++people;
    }
  }
  apply_deltas(c, groups);
  return people;
}

}  // namespace shopfloor::knowledge
