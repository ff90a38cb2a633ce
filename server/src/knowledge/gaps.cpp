#include "knowledge/gaps.hpp"

#include <cmath>

#include "drill/fsrs.hpp"
#include "rollups/rollups.hpp"

namespace shopfloor::knowledge {

namespace {

// A group's sums while the states stream by in person order: the last person seen decides whether the next
// state is a new person (and a new overdue person).
struct Acc {
  Retention r;
  std::string last_user;
  bool last_overdue = false;

  void add(const std::string& user, double recall, bool overdue) {
    r.recall_sum += recall;
    ++r.states;
    if (overdue) ++r.overdue_states;
    if (user != last_user) {
      last_user = user;
      last_overdue = false;
      ++r.people;
    }
    if (overdue && !last_overdue) {
      last_overdue = true;
      ++r.overdue_people;
    }
  }
};

template <class Key>
std::map<Key, Retention> results(std::map<Key, Acc>& accs) {
  std::map<Key, Retention> out;
  for (auto& [k, a] : accs) out.emplace(k, a.r);
  return out;
}

// Questions -> topics and topics -> names and refresher courses (bounded by the question bank and courses).
void read_topics(db::Connection& c, Gaps& g) {
  std::map<std::string, std::string> category_names;
  for (const auto& r : c.query("SELECT id, name FROM categories").rows) category_names[r.str(0)] = r.str(1);
  // The first published course holding each exam, and the first published course of each category.
  std::map<std::string, std::pair<std::string, std::string>> course_of_exam, course_of_category;
  std::map<std::string, std::string> category_of_course;
  for (const auto& r :
       c.query("SELECT cl.exam_id, co.id, co.title, co.category_id FROM course_lessons cl JOIN "
               "courses co ON co.id = cl.course_id WHERE cl.kind = 'exam' AND cl.exam_id IS NOT "
               "NULL AND co.status = 'published' ORDER BY co.created_at, co.id")
           .rows) {
    course_of_exam.emplace(r.str(0), std::pair{r.str(1), r.str(2)});
    category_of_course.emplace(r.str(1), r.opt_str(3).value_or(""));
  }
  for (const auto& r : c.query("SELECT category_id, id, title FROM courses WHERE status = 'published' AND "
                               "category_id IS NOT NULL ORDER BY created_at, id")
                           .rows)
    course_of_category.emplace(r.str(0), std::pair{r.str(1), r.str(2)});

  for (const auto& r :
       c.query("SELECT q.id, q.exam_id, e.category_id FROM exam_questions q JOIN exams e ON e.id = q.exam_id")
           .rows) {
    const auto exam = r.str(1);
    auto topic = r.opt_str(2).value_or("");
    auto course = course_of_exam.find(exam);
    if (topic.empty() && course != course_of_exam.end()) topic = category_of_course[course->second.first];
    g.question_topic[r.str(0)] = topic;
    auto& t = g.topics[topic];
    if (t.name.empty()) t.name = topic.empty() ? "" : category_names[topic];
    if (t.course_id.empty() && course != course_of_exam.end())
      t.course_id = course->second.first, t.course_title = course->second.second;
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
               std::int64_t now_ms) {
  Gaps g;
  read_topics(c, g);
  std::map<std::string, std::string> region_of;
  for (const auto& r : c.query("SELECT id, region_id FROM stores").rows)
    region_of[r.str(0)] = r.opt_str(1).value_or("");

  Acc all;
  std::map<std::string, Acc> topic, store, region, position;
  std::map<std::pair<std::string, std::string>, Acc> topic_store;
  // In person order (the primary key's), so each group counts a person once without a set of ids.
  auto rows = c.exec(
      "SELECT ds.user_id, ds.question_id, ds.stability, ds.last_review_at, ds.due_at, u.store_id, u.position "
      "FROM drill_states ds JOIN users u ON u.id = ds.user_id WHERE u.role = 'staff' AND u.status = "
      "'active'" +
          where_user + " ORDER BY ds.user_id",
      params);
  for (const auto& r : rows.rows) {
    const auto user = r.str(0);
    const auto recall = retrievability(r.f64(2), r.i64(3), now_ms);
    const bool overdue = r.i64(4) < now_ms;
    auto t = g.question_topic.find(r.str(1));
    const std::string topic_id = t != g.question_topic.end() ? t->second : "";
    const auto store_id = r.opt_str(5).value_or("");
    all.add(user, recall, overdue);
    topic[topic_id].add(user, recall, overdue);
    store[store_id].add(user, recall, overdue);
    region[store_id.empty() ? "" : region_of[store_id]].add(user, recall, overdue);
    position[r.opt_str(6).value_or("")].add(user, recall, overdue);
    topic_store[{topic_id, store_id}].add(user, recall, overdue);
  }
  g.all = all.r;
  g.by_topic = results(topic);
  g.by_store = results(store);
  g.by_region = results(region);
  g.by_position = results(position);
  g.by_topic_store = results(topic_store);
  return g;
}

}  // namespace shopfloor::knowledge
