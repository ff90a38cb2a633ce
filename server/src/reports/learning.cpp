// Learning: completions per course, store and region (the 'course.completed' rollups); assigned vs completed
// mandatory courses now, with the overdue people (a bounded read of the open assignments and the staff they
// reach); exam attempts, pass rates and average scores ('exam.finished' / 'exam.passed'); the hardest
// questions with the answer most often chosen instead ('exam.answer').
#include <algorithm>
#include <boost/json/parse.hpp>
#include <cmath>
#include <set>

#include "reports/report.hpp"
#include "reports/reports.hpp"
#include "resources/audience.hpp"
#include "resources/staff_gate.hpp"
#include "rollups/rollups.hpp"

namespace shopfloor::reports {

namespace json = boost::json;

namespace {

// The overdue table lists at most this many people (the figure counts them all).
constexpr std::size_t overdue_rows = 500;
constexpr std::size_t hardest_rows = 20;

double percent(std::int64_t part, std::int64_t whole) {
  return whole > 0 ? std::round(1000.0 * static_cast<double>(part) / static_cast<double>(whole)) / 10.0 : 0.0;
}
double average(const Sum& s) {
  return s.n > 0 ? std::round(10.0 * static_cast<double>(s.total) / static_cast<double>(s.n)) / 10.0 : 0.0;
}
std::string label(std::map<std::string, std::string>& names, const std::string& id) {
  if (id.empty()) return "-";
  auto it = names.find(id);
  return it != names.end() ? it->second : id;
}

// Mandatory courses now: each active staff member in the filter, the open assignments whose audience reaches
// them (the earliest due date when several do) and whether they completed the course. One read of the staff,
// one of the assignments, one of the completions of assigned courses: bounded by the company, not by history.
struct Assigned {
  std::string user_id, name, store_id, region_id, course_id;
  std::optional<std::int64_t> due_at;
  bool completed = false;
};

std::vector<Assigned> assigned_now(db::Connection& c, const Filter& f, std::int64_t now,
                                   std::map<std::string, std::string>& course_titles) {
  struct Assignment {
    std::string course_id;
    resources::Audience audience;
    std::optional<std::int64_t> due_at;
  };
  std::vector<Assignment> assignments;
  for (const auto& r :
       c.query("SELECT a.course_id, a.audience_json, a.due_at, co.title FROM course_assignments a "
               "JOIN courses co ON co.id = a.course_id WHERE 1 = 1" +
                   resources::published_sql("co", 1),
               now)
           .rows) {
    assignments.push_back({r.str(0), resources::parse_audience(r.str(1)), r.opt_i64(2)});
    course_titles[r.str(0)] = r.str(3);
  }
  std::vector<Assigned> out;
  if (assignments.empty()) return out;
  std::vector<db::Value> params;
  std::string where = f.where_user("u", params);
  std::vector<resources::Audience> audiences;
  for (const auto& a : assignments) audiences.push_back(a.audience);
  // Active staff in any assignment's audience (and the filter), read once.
  auto viewers = resources::people_in(c, audiences, where.empty() ? "" : where.substr(5), params);
  std::set<std::pair<std::string, std::string>> done;  // (user, course)
  auto completed = c.exec(
      "SELECT e.user_id, e.course_id FROM course_enrollments e JOIN users u ON u.id = e.user_id WHERE "
      "e.completed_at IS NOT NULL AND u.role = 'staff' AND u.status = 'active' AND e.course_id IN (SELECT "
      "course_id FROM course_assignments)" +
          where,
      params);
  for (const auto& r : completed.rows) done.emplace(r.str(0), r.str(1));
  for (std::size_t i = 0; i < viewers.size(); ++i) {
    std::map<std::string, std::optional<std::int64_t>> due;  // course -> earliest due date (nullopt: none)
    for (const auto& a : assignments) {
      if (!resources::matches(a.audience, viewers[i])) continue;
      auto it = due.find(a.course_id);
      if (it == due.end())
        due[a.course_id] = a.due_at;
      else if (a.due_at && (!it->second || *a.due_at < *it->second))
        it->second = a.due_at;
    }
    for (const auto& [course, at] : due)
      out.push_back({viewers[i].user_id, viewers[i].name, viewers[i].store_id, viewers[i].region_id, course,
                     at, done.count({viewers[i].user_id, course}) > 0});
  }
  return out;
}

struct Tally {
  std::int64_t assigned = 0, completed = 0, completions = 0;
};

Table completion_table(const std::string& key, const std::string& what, const std::string& label_text,
                       const std::map<std::string, Tally>& by, std::map<std::string, std::string>& names,
                       const std::string& link_prefix) {
  Table t{key,
          {{what, label_text, "text"},
           {"assigned", "Assigned", "number"},
           {"completed", "Completed", "number"},
           {"completionRate", "Completion rate", "percent"},
           {"completions", "Completions in period", "number"}},
          {},
          {}};
  std::vector<std::pair<std::string, Tally>> rows(by.begin(), by.end());
  std::stable_sort(rows.begin(), rows.end(), [&](const auto& a, const auto& b) {
    return std::tie(b.second.completions, b.second.assigned) <
           std::tie(a.second.completions, a.second.assigned);
  });
  for (const auto& [id, n] : rows) {
    t.rows.push_back({json::value(label(names, id)), n.assigned, n.completed,
                      percent(n.completed, n.assigned), n.completions});
    if (!link_prefix.empty()) t.links.push_back(id.empty() ? "" : link_prefix + id);
  }
  return t;
}

}  // namespace

Report learning_report(db::Connection& c, const Filter& f, std::int64_t now) {
  Report r;
  auto prev = f.previous();
  auto stores = names(c, "stores"), regions = names(c, "regions");
  std::map<std::string, std::string> courses, exams;
  for (const auto& row : c.query("SELECT id, title FROM courses").rows) courses[row.str(0)] = row.str(1);
  for (const auto& row : c.query("SELECT id, title FROM exams").rows) exams[row.str(0)] = row.str(1);

  // Mandatory courses now.
  auto assigned = assigned_now(c, f, now, courses);
  std::map<std::string, Tally> by_course, by_store, by_region;
  std::vector<const Assigned*> overdue;
  std::int64_t assigned_n = 0, completed_n = 0;
  for (const auto& a : assigned) {
    for (auto* t : {&by_course[a.course_id], &by_store[a.store_id], &by_region[a.region_id]}) {
      ++t->assigned;
      t->completed += a.completed;
    }
    ++assigned_n;
    completed_n += a.completed;
    if (!a.completed && a.due_at && *a.due_at < now) overdue.push_back(&a);
  }
  // Completions in the period, mandatory or not.
  for (const auto& s : sum(c, "course.completed", f, "key")) by_course[s.group].completions = s.n;
  for (const auto& s : sum(c, "course.completed", f, "store")) by_store[s.group].completions = s.n;
  for (const auto& s : sum(c, "course.completed", f, "region")) by_region[s.group].completions = s.n;

  // The range's totals add up its days (one read each); the previous period's are one sum each.
  auto c_days = sum(c, "course.completed", f, "day"), e_days = sum(c, "exam.finished", f, "day"),
       p_days = sum(c, "exam.passed", f, "day");
  auto completions = add_up(c_days), finished = add_up(e_days), passed = add_up(p_days);
  auto completions_before = total(c, "course.completed", prev),
       finished_before = total(c, "exam.finished", prev), passed_before = total(c, "exam.passed", prev);
  r.figures = {
      {"completions", static_cast<double>(completions.n), static_cast<double>(completions_before.n), "", ""},
      {"assigned", static_cast<double>(assigned_n), std::nullopt, "", ""},
      {"completionRate", percent(completed_n, assigned_n), std::nullopt, "percent", ""},
      {"overdue", static_cast<double>(overdue.size()), std::nullopt, "", ""},
      {"examAttempts", static_cast<double>(finished.n), static_cast<double>(finished_before.n), "", ""},
      {"passRate", percent(passed.n, finished.n), percent(passed_before.n, finished_before.n), "percent", ""},
      {"averageScore", average(finished), average(finished_before), "percent", ""},
  };

  Chart daily{"daily", "line", {}, {{"completions", {}}, {"examAttempts", {}}, {"examsPassed", {}}}};
  for (std::size_t i = 0; i < c_days.size(); ++i) {
    daily.x.push_back(c_days[i].group);
    daily.series[0].values.push_back(static_cast<double>(c_days[i].n));
    daily.series[1].values.push_back(static_cast<double>(e_days[i].n));
    daily.series[2].values.push_back(static_cast<double>(p_days[i].n));
  }
  r.charts.push_back(std::move(daily));

  r.tables.push_back(completion_table("byCourse", "course", "Course", by_course, courses, "/admin/courses/"));
  r.tables.push_back(completion_table("byStore", "store", "Store", by_store, stores, "/admin/users?store="));
  r.tables.push_back(completion_table("byRegion", "region", "Region", by_region, regions, ""));

  // Overdue mandatory courses: the people behind them, the longest overdue first.
  std::sort(overdue.begin(), overdue.end(), [](const Assigned* a, const Assigned* b) {
    return std::tie(*a->due_at, a->name, a->course_id) < std::tie(*b->due_at, b->name, b->course_id);
  });
  Table late{"overdue",
             {{"person", "Person", "text"},
              {"store", "Store", "text"},
              {"course", "Course", "text"},
              {"dueDate", "Due date", "date"}},
             {},
             {}};
  for (std::size_t i = 0; i < overdue.size() && i < overdue_rows; ++i) {
    const auto& a = *overdue[i];
    late.rows.push_back({json::value(a.name), json::value(label(stores, a.store_id)),
                         json::value(label(courses, a.course_id)),
                         json::value(rollups::day_text(rollups::day_of(*a.due_at)))});
    late.links.push_back("/admin/users?view=" + a.user_id);
  }
  r.tables.push_back(std::move(late));

  // Exams: attempts graded in the period, passes, average score.
  std::map<std::string, std::int64_t> passes;
  for (const auto& s : sum(c, "exam.passed", f, "key")) passes[s.group] = s.n;
  Table by_exam{"exams",
                {{"exam", "Exam", "text"},
                 {"attempts", "Attempts", "number"},
                 {"passed", "Passed", "number"},
                 {"passRate", "Pass rate", "percent"},
                 {"averageScore", "Average score", "percent"}},
                {},
                {}};
  for (const auto& s : sum(c, "exam.finished", f, "key")) {
    by_exam.rows.push_back({json::value(label(exams, s.group)), s.n, passes[s.group],
                            percent(passes[s.group], s.n), average(s)});
    by_exam.links.push_back("/admin/examinations/" + s.group);
  }
  r.tables.push_back(std::move(by_exam));

  // Hardest questions: the lowest share of right answers (among questions answered in the period), with the
  // wrong answer chosen most often. Keys are "<question>:<choices>"; one row per question and answer given.
  struct Question {
    std::int64_t answers = 0, right = 0, top_wrong = 0;
    std::string wrong;  // the choice ids of the most chosen wrong answer
  };
  std::map<std::string, Question> questions;
  Filter places = f;  // answers are counted company-wide and per store, not per position
  places.position.reset();
  for (const auto& s : sum(c, "exam.answer", places, "key")) {
    auto colon = s.group.find(':');
    if (colon == std::string::npos) continue;
    auto& q = questions[s.group.substr(0, colon)];
    q.answers += s.n;
    q.right += s.total;
    std::int64_t wrong = s.n - s.total;
    if (wrong > q.top_wrong) {
      q.top_wrong = wrong;
      q.wrong = s.group.substr(colon + 1);
    }
  }
  std::vector<std::pair<std::string, Question>> ranked(questions.begin(), questions.end());
  std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
    // right/answers ascending without division; then the most answered first
    auto l = a.second.right * b.second.answers, rr = b.second.right * a.second.answers;
    return l != rr ? l < rr : a.second.answers > b.second.answers;
  });
  if (ranked.size() > hardest_rows) ranked.resize(hardest_rows);
  Table hardest{"hardestQuestions",
                {{"exam", "Exam", "text"},
                 {"question", "Question", "text"},
                 {"answers", "Answers", "number"},
                 {"correctShare", "Correct", "percent"},
                 {"commonWrongAnswer", "Most chosen wrong answer", "text"},
                 {"commonWrongCount", "Chosen by", "number"}},
                {},
                {}};
  for (const auto& [id, q] : ranked) {
    auto info = c.query("SELECT exam_id, prompt, choices_json FROM exam_questions WHERE id = $1", id).first();
    std::string exam_id = info ? info->str(0) : "", prompt = info ? info->str(1) : id;
    // The wrong answer's choice texts ("" unanswered).
    std::string answer;
    if (q.top_wrong > 0) {
      std::map<std::string, std::string> texts;
      if (info) {
        std::error_code ec;
        auto v = json::parse(info->str(2), ec);
        if (!ec && v.is_array())
          for (const auto& ch : v.as_array())
            if (ch.is_object() && ch.as_object().contains("id") && ch.as_object().contains("text"))
              texts[std::string(ch.at("id").as_string())] = std::string(ch.at("text").as_string());
      }
      if (q.wrong.empty()) answer = "(no answer)";
      std::size_t start = 0;
      while (start < q.wrong.size()) {
        auto end = q.wrong.find(',', start);
        if (end == std::string::npos) end = q.wrong.size();
        auto choice = q.wrong.substr(start, end - start);
        if (!answer.empty()) answer += " + ";
        answer += texts.count(choice) ? texts[choice] : choice;
        start = end + 1;
      }
    }
    hardest.rows.push_back({json::value(label(exams, exam_id)), json::value(prompt), q.answers,
                            percent(q.right, q.answers), json::value(answer), q.top_wrong});
    hardest.links.push_back(exam_id.empty() ? "" : "/admin/examinations/" + exam_id);
  }
  r.tables.push_back(std::move(hardest));
  return r;
}

}  // namespace shopfloor::reports
