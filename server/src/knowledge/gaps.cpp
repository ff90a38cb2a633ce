// Back office only: the knowledge gaps an admin reads (the Knowledge report, the dashboard's weakest topics),
// over every published course and exam whatever the admin's audience.
#include "knowledge/gaps.hpp"

#include <cmath>

#include "drill/fsrs.hpp"
#include "knowledge/summary.hpp"
#include "rollups/rollups.hpp"

namespace shopfloor::knowledge {

namespace {

void merge(Retention& into, const Retention& r) {
  into.recall_sum += r.recall_sum;
  into.states += r.states;
  into.people += r.people;
  into.overdue_people += r.overdue_people;
  into.overdue_states += r.overdue_states;
}

// Questions -> topics and topics -> names and refresher courses (bounded by the question bank and courses).
void read_topics(db::Connection& c, Gaps& g) {
  std::map<std::string, std::string> category_names;
  for (const auto& r : c.query("SELECT id, name FROM categories").rows) category_names[r.str(0)] = r.str(1);
  // The first published course holding each exam, and the first published course of each category.
  std::map<std::string, std::pair<std::string, std::string>> course_of_exam, course_of_category;
  for (const auto& r :
       c.query("SELECT cl.exam_id, co.id, co.title FROM course_lessons cl JOIN "
               "courses co ON co.id = cl.course_id WHERE cl.kind = 'exam' AND cl.exam_id IS NOT "
               "NULL AND co.status = 'published' ORDER BY co.created_at, co.id")
           .rows)
    course_of_exam.emplace(r.str(0), std::pair{r.str(1), r.str(2)});
  for (const auto& r : c.query("SELECT category_id, id, title FROM courses WHERE status = 'published' AND "
                               "category_id IS NOT NULL ORDER BY created_at, id")
                           .rows)
    course_of_category.emplace(r.str(0), std::pair{r.str(1), r.str(2)});

  for (const auto& r : c.query(std::string("SELECT q.id, q.exam_id, ") + topic_of_exam_sql +
                               " FROM exam_questions q JOIN exams e ON e.id = q.exam_id")
                           .rows) {
    const auto exam = r.str(1), topic = r.str(2);
    auto course = course_of_exam.find(exam);
    g.question_topic[r.str(0)] = topic;
    auto& t = g.topics[topic];
    if (t.name.empty()) t.name = topic.empty() ? "" : category_names[topic];
    if (t.course_id.empty() && course != course_of_exam.end())
      t.course_id = course->second.first, t.course_title = course->second.second;
  }
  // Quiz-game questions, matching boards and drill-only questions (drill/bank.hpp): the quiz's category; the
  // board's; the question's, else its course's.
  for (const auto& r :
       c.query("SELECT gq.id, COALESCE(gz.category_id, '') FROM game_quiz_questions gq JOIN "
               "game_quizzes gz ON gz.id = gq.quiz_id UNION ALL SELECT gm.id, COALESCE(gm.category_id, '') "
               "FROM game_matchings gm UNION ALL SELECT dq.id, "
               "COALESCE(dq.category_id, co.category_id, '') FROM drill_questions dq LEFT JOIN "
               "courses co ON co.id = dq.course_id")
           .rows) {
    const auto topic = r.str(1);
    g.question_topic[r.str(0)] = topic;
    auto& t = g.topics[topic];
    if (t.name.empty()) t.name = topic.empty() ? "" : category_names[topic];
  }
  for (auto& [id, t] : g.topics) {
    auto by_category = course_of_category.find(id);
    if (t.course_id.empty() && by_category != course_of_category.end())
      t.course_id = by_category->second.first, t.course_title = by_category->second.second;
  }
}

}  // namespace

double Retention::percent() const {
  return states > 0 ? std::round(1000.0 * recall_sum / static_cast<double>(states)) / 10.0 : 0.0;
}

double retrievability(double stability, std::int64_t last_review_ms, std::int64_t now_ms) {
  static const drill::fsrs::Scheduler curve{drill::fsrs::Parameters{}};
  const auto elapsed = std::max<std::int64_t>(0, rollups::day_of(now_ms) - rollups::day_of(last_review_ms));
  return curve.retrievability(static_cast<double>(elapsed), stability);
}

Gaps read_gaps(db::Connection& c, const std::string& where_user, const std::vector<db::Value>& params,
               bool per_store) {
  Gaps g;
  read_topics(c, g);
  std::map<std::string, std::string> region_of;
  for (const auto& r : c.query("SELECT id, region_id FROM stores").rows)
    region_of[r.str(0)] = r.opt_str(1).value_or("");
  // The summary's groups (summary.hpp), aliased u so that the filter's store and position apply: the
  // every-topic rows count each person once per store, region and position; the topics' rows are summed here
  // (their people add up: a person is in one store and position).
  const auto sums = std::string(
      "SUM(u.recall_sum), CAST(SUM(u.states) AS BIGINT), CAST(SUM(u.people) AS BIGINT), "
      "CAST(SUM(u.overdue_people) "
      "AS BIGINT), CAST(SUM(u.overdue_states) AS BIGINT) FROM knowledge_groups u WHERE u.states > 0");
  const auto retention = [](const db::Row& r, std::size_t at) {
    return Retention{r.f64(at), r.i64(at + 1), r.i64(at + 2), r.i64(at + 3), r.i64(at + 4)};
  };
  for (const auto& r : c.exec("SELECT u.store_id, u.position, " + sums + " AND u.topic_id = '*'" +
                                  where_user + " GROUP BY u.store_id, u.position",
                              params)
                           .rows) {
    const auto store = r.str(0);
    const auto group = retention(r, 2);
    merge(g.all, group);
    merge(g.by_store[store], group);
    merge(g.by_region[store.empty() ? "" : region_of[store]], group);
    merge(g.by_position[r.str(1)], group);
  }
  const auto key = std::string(per_store ? "u.topic_id, u.store_id" : "u.topic_id");
  for (const auto& r : c.exec("SELECT " + key + (per_store ? ", " : ", '', ") + sums +
                                  " AND u.topic_id <> '*'" + where_user + " GROUP BY " + key,
                              params)
                           .rows) {
    const auto group = retention(r, 2);
    merge(g.by_topic[r.str(0)], group);
    if (per_store) g.by_topic_store[{r.str(0), r.str(1)}] = group;
  }
  return g;
}

}  // namespace shopfloor::knowledge
