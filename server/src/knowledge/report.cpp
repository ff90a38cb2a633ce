// The Knowledge report (docs/API.md "Knowledge report"): retention now per topic, store, region and position
// from the memory states (gaps.hpp); over the range, the drill's answers: recall per ISO week (the share of
// counted answers not rated Again) and the questions most often forgotten (rated Again); the people overdue.
#include <algorithm>
#include <cmath>

#include "db/params.hpp"
#include "knowledge/gaps.hpp"
#include "knowledge/knowledge.hpp"
#include "rollups/rollups.hpp"

namespace shopfloor::knowledge {

namespace json = boost::json;
using reports::Chart;
using reports::Column;
using reports::Filter;
using reports::Report;
using reports::Table;

namespace {

constexpr std::size_t forgotten_rows = 20;
constexpr std::size_t overdue_rows = 500;

double percent(std::int64_t part, std::int64_t whole) {
  return whole > 0 ? std::round(1000.0 * static_cast<double>(part) / static_cast<double>(whole)) / 10.0 : 0.0;
}
std::string label(const std::map<std::string, std::string>& names, const std::string& id) {
  if (id.empty()) return "-";
  auto it = names.find(id);
  return it != names.end() ? it->second : id;
}

// The drill's counted answers over some days, per question and day: how many, and how many rated Again.
struct Answered {
  std::string question_id, day;
  std::int64_t answers = 0, again = 0;
};
std::vector<Answered> answered(db::Connection& c, const Filter& f) {
  std::vector<db::Value> params;
  const auto from = db::bind(params, rollups::day_text(f.from)),
             to = db::bind(params, rollups::day_text(f.to));
  const auto where = f.where_user("u", params);
  std::vector<Answered> out;
  for (const auto& r :
       c.exec("SELECT a.question_id, a.day, COUNT(*), SUM(CASE WHEN a.rating = 1 THEN 1 ELSE 0 "
              "END) FROM drill_answers a JOIN users u ON u.id = a.user_id WHERE a.counted = 1 AND "
              "a.rating IS NOT NULL AND a.day >= " +
                  from + " AND a.day <= " + to + where + " GROUP BY a.question_id, a.day",
              params)
           .rows)
    out.push_back({r.str(0), r.str(1), r.i64(2), r.i64(3)});
  return out;
}

Table retention_table(const std::string& key, const Column& first,
                      const std::map<std::string, Retention>& groups,
                      const std::function<std::string(const std::string&)>& name,
                      const std::function<std::string(const std::string&)>& link) {
  Table t{key,
          {first,
           {"retention", "Retention now (%)", "percent"},
           {"people", "People", "number"},
           {"states", "Questions learnt", "number"},
           {"overduePeople", "People overdue", "number"}},
          {},
          {}};
  std::vector<std::pair<std::string, Retention>> rows(groups.begin(), groups.end());
  // Weakest first.
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto& a, const auto& b) { return a.second.percent() < b.second.percent(); });
  for (const auto& [id, r] : rows) {
    t.rows.push_back({json::value(name(id)), r.percent(), r.people, r.states, r.overdue_people});
    t.links.push_back(link(id));
  }
  return t;
}

}  // namespace

Report knowledge_report(db::Connection& c, const Filter& f, std::int64_t /*now*/) {
  Report rep;
  std::vector<db::Value> params;
  const auto where = f.where_user("u", params);
  const auto gaps = read_gaps(c, where, params);
  auto stores = reports::names(c, "stores"), regions = reports::names(c, "regions");
  const auto topic_name = [&](const std::string& id) {
    auto t = gaps.topics.find(id);
    return id.empty() || t == gaps.topics.end() || t->second.name.empty() ? std::string("-") : t->second.name;
  };

  const auto now_answers = answered(c, f), before = answered(c, f.previous());
  std::int64_t answers = 0, again = 0, answers_before = 0, again_before = 0;
  for (const auto& a : now_answers) answers += a.answers, again += a.again;
  for (const auto& a : before) answers_before += a.answers, again_before += a.again;

  rep.figures = {
      {"retention", gaps.all.percent(), std::nullopt, "percent", ""},
      {"people", static_cast<double>(gaps.all.people), std::nullopt, "", ""},
      {"overduePeople", static_cast<double>(gaps.all.overdue_people), std::nullopt, "", ""},
      // No answer before: nothing to compare with (not a recall of 0%).
      {"recall", percent(answers - again, answers),
       answers_before > 0 ? std::optional(percent(answers_before - again_before, answers_before))
                          : std::nullopt,
       "percent", ""},
      {"forgotten", static_cast<double>(again), static_cast<double>(again_before), "", ""},
  };

  // Recall per ISO week of the range (weeks without answers left out: no figure to show).
  std::map<std::int64_t, std::pair<std::int64_t, std::int64_t>> weeks;  // week start -> answers, again
  for (const auto& a : now_answers) {
    auto& w = weeks[rollups::week_start(*rollups::parse_day(a.day))];
    w.first += a.answers, w.second += a.again;
  }
  Chart trend{"trend", "line", {}, {{"recall", {}}}};
  for (const auto& [week, w] : weeks) {
    trend.x.push_back(rollups::day_text(week));
    trend.series[0].values.push_back(percent(w.first - w.second, w.first));
  }
  rep.charts.push_back(std::move(trend));
  Chart topics{"topics", "bar", {}, {{"retention", {}}}};
  for (const auto& [id, r] : gaps.by_topic) {
    topics.x.push_back(topic_name(id));
    topics.series[0].values.push_back(r.percent());
  }
  rep.charts.push_back(std::move(topics));

  const auto none = [](const std::string&) { return std::string(); };
  rep.tables.push_back(retention_table("byTopic", {"topic", "Topic", "text"}, gaps.by_topic, topic_name,
                                       [&](const std::string& id) {
                                         auto t = gaps.topics.find(id);
                                         return t == gaps.topics.end() || t->second.course_id.empty()
                                                    ? std::string()
                                                    : "/admin/courses/" + t->second.course_id;
                                       }));
  rep.tables.push_back(retention_table(
      "byStore", {"store", "Store", "text"}, gaps.by_store,
      [&](const std::string& id) { return label(stores, id); },
      [](const std::string& id) { return id.empty() ? std::string() : "/admin/users?store=" + id; }));
  rep.tables.push_back(retention_table(
      "byRegion", {"region", "Region", "text"}, gaps.by_region,
      [&](const std::string& id) { return label(regions, id); }, none));
  rep.tables.push_back(retention_table(
      "byPosition", {"position", "Position", "text"}, gaps.by_position,
      [](const std::string& id) { return id.empty() ? std::string("-") : id; }, none));

  // The questions most often forgotten over the range: most Again answers, then the highest share.
  std::map<std::string, std::pair<std::int64_t, std::int64_t>> per_question;  // answers, again
  for (const auto& a : now_answers) {
    auto& q = per_question[a.question_id];
    q.first += a.answers, q.second += a.again;
  }
  std::vector<std::pair<std::string, std::pair<std::int64_t, std::int64_t>>> forgotten;
  for (const auto& q : per_question)
    if (q.second.second > 0) forgotten.push_back(q);
  std::sort(forgotten.begin(), forgotten.end(), [](const auto& a, const auto& b) {
    if (a.second.second != b.second.second) return a.second.second > b.second.second;
    return a.second.second * b.second.first > b.second.second * a.second.first;
  });
  if (forgotten.size() > forgotten_rows) forgotten.resize(forgotten_rows);
  std::map<std::string, std::pair<std::string, std::string>> prompts;  // id -> prompt, editor link
  if (!forgotten.empty()) {
    std::vector<db::Value> ids;
    std::string list;
    for (const auto& q : forgotten) list += (list.empty() ? "" : ", ") + db::bind(ids, q.first);
    // Each question's prompt and where an editor changes it: its exam, its quiz, its matching game, or the
    // drill's own questions.
    for (const auto& r :
         c.exec(
              "SELECT id, prompt, '/admin/examinations/' || exam_id FROM exam_questions WHERE id IN (" +
                  list +
                  ") UNION ALL SELECT id, prompt, '/admin/games/quiz/' || quiz_id FROM game_quiz_questions "
                  "WHERE id IN (" +
                  list +
                  ") UNION ALL SELECT id, title, '/admin/games/matching/' || id FROM game_matchings WHERE id "
                  "IN (" +
                  list +
                  ") UNION ALL SELECT id, prompt, '/admin/drill/questions' FROM "
                  "drill_questions WHERE id IN (" +
                  list + ")",
              ids)
             .rows)
      prompts[r.str(0)] = {r.str(1), r.str(2)};
  }
  Table most_forgotten{"forgotten",
                       {{"question", "Question", "text"},
                        {"topic", "Topic", "text"},
                        {"forgotten", "Forgotten (rated Again)", "number"},
                        {"answers", "Answers", "number"},
                        {"forgottenShare", "Forgotten (%)", "percent"}},
                       {},
                       {}};
  for (const auto& [id, q] : forgotten) {
    auto p = prompts.find(id);
    auto t = gaps.question_topic.find(id);
    most_forgotten.rows.push_back({json::value(p != prompts.end() ? p->second.first : id),
                                   json::value(topic_name(t != gaps.question_topic.end() ? t->second : "")),
                                   q.second, q.first, percent(q.second, q.first)});
    most_forgotten.links.push_back(p != prompts.end() ? p->second.second : "");
  }
  rep.tables.push_back(std::move(most_forgotten));

  // The people with reviews due before today, most overdue questions first (their summary rows).
  std::vector<db::Value> overdue_params;
  const auto overdue_where = f.where_user("p", overdue_params);  // the person's summary rows have them
  Table overdue{"overdue",
                {{"person", "Person", "text"},
                 {"store", "Store", "text"},
                 {"overdueQuestions", "Questions overdue", "number"},
                 {"dueDate", "Due since", "date"}},
                {},
                {}};
  for (const auto& r :
       c.exec("SELECT u.id, u.name, p.store_id, p.overdue_states, p.min_due_at FROM knowledge_people p JOIN "
              "users u ON u.id = p.user_id WHERE p.topic_id = '*' AND p.overdue_states > 0" +
                  overdue_where + " ORDER BY p.overdue_states DESC, p.min_due_at, p.user_id LIMIT " +
                  std::to_string(overdue_rows),
              overdue_params)
           .rows) {
    overdue.rows.push_back({json::value(r.str(1)), json::value(label(stores, r.opt_str(2).value_or(""))),
                            r.i64(3), json::value(rollups::day_text(rollups::day_of(r.i64(4))))});
    overdue.links.push_back("/admin/users?view=" + r.str(0));
  }
  rep.tables.push_back(std::move(overdue));
  return rep;
}

}  // namespace shopfloor::knowledge
