// Back office only: a person's record (learning, points, badges) for the admins (GET
// /api/admin/users/:id/record).
#include <algorithm>
#include <boost/json.hpp>
#include <map>
#include <tuple>

#include "badges/badges.hpp"
#include "db/params.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "learning/catalogue.hpp"
#include "points/ledger.hpp"
#include "points/standings.hpp"
#include "records/records.hpp"
#include "resources/audience.hpp"
#include "util/ids.hpp"

namespace shopfloor::records {

namespace {

struct Course {
  std::string id, title;
  bool published = false;
  std::optional<std::int64_t> started_at, completed_at, due_at;
  bool mandatory = false, overdue = false;
  int done = 0, lessons = 0;
};

// 0 overdue, 1 in progress, 2 not started (mandatory), 3 completed: the order HR reads them in.
int rank(const Course& c) {
  if (c.overdue) return 0;
  if (c.completed_at) return 3;
  return c.started_at ? 1 : 2;
}

const char* state_of(const Course& c) {
  return c.completed_at ? "completed" : c.started_at ? "inProgress" : "notStarted";
}

// The courses the person is in or must take. Mandatory means an assignment of a published course whose
// audience holds them (the earliest due date when several do), as the learning report counts it; overdue, a
// mandatory course not completed whose due date has passed.
json::object learning_of(db::Connection& c, const std::string& user_id, std::int64_t now) {
  auto viewer = resources::load_viewer(c, user_id);
  auto state = learning::load_state(c, viewer, now);
  std::map<std::string, Course> courses;
  for (const auto& [id, e] : state.enrollments) {
    auto& co = courses[id];
    co.started_at = e.started_at;
    co.completed_at = e.completed_at;
  }
  for (const auto& [id, due] : state.mandatory) courses[id].due_at = due;
  if (!courses.empty()) {
    std::string in;
    std::vector<db::Value> params{now};
    for (const auto& [id, co] : courses) in += (in.empty() ? "" : ", ") + db::bind(params, id);
    // 1 = 1 AND ...: published_sql starts with " AND".
    auto rows = c.exec("SELECT co.id, co.title, CASE WHEN 1 = 1" + resources::published_sql("co", 1) +
                           " THEN 1 ELSE 0 END FROM courses co WHERE co.id IN (" + in + ")",
                       params);
    for (const auto& r : rows.rows) {
      auto& co = courses[r.str(0)];
      co.id = r.str(0);
      co.title = r.str(1);
      co.published = r.i64(2) != 0;
    }
  }
  std::vector<Course> list;
  std::int64_t completed = 0, in_progress = 0, overdue = 0, mandatory = 0;
  for (auto& [id, co] : courses) {
    if (co.id.empty()) continue;  // deleted since
    co.mandatory = state.mandatory.count(id) > 0 && co.published;
    if (!co.mandatory && !co.started_at) continue;  // an assignment of a course that is not published
    co.overdue = co.mandatory && !co.completed_at && co.due_at && *co.due_at < now;
    if (auto l = state.lessons.find(id); l != state.lessons.end()) std::tie(co.done, co.lessons) = l->second;
    completed += co.completed_at ? 1 : 0;
    in_progress += co.started_at && !co.completed_at ? 1 : 0;
    overdue += co.overdue ? 1 : 0;
    mandatory += co.mandatory ? 1 : 0;
    list.push_back(co);
  }
  std::sort(list.begin(), list.end(), [](const Course& a, const Course& b) {
    auto key = [](const Course& c) {
      // Soonest due first among the open ones; the newest completion first among the done ones.
      std::int64_t when = c.completed_at ? -*c.completed_at : c.due_at.value_or(INT64_MAX);
      return std::make_tuple(rank(c), when, c.title, c.id);
    };
    return key(a) < key(b);
  });
  json::array items;
  for (const auto& co : list) {
    int percent = co.completed_at ? 100 : co.lessons ? co.done * 100 / co.lessons : 0;
    items.push_back(json::object{{"id", co.id},
                                 {"title", co.title},
                                 {"state", state_of(co)},
                                 {"mandatory", co.mandatory},
                                 {"overdue", co.overdue},
                                 {"dueAt", http::iso_or_null(co.due_at)},
                                 {"startedAt", http::iso_or_null(co.started_at)},
                                 {"completedAt", http::iso_or_null(co.completed_at)},
                                 {"completedLessons", co.done},
                                 {"totalLessons", co.lessons},
                                 {"percent", percent}});
  }
  std::int64_t lessons_done = 0, exams_passed = 0;
  for (const auto& [id, p] : state.contents) lessons_done += p.completed_at ? 1 : 0;
  for (const auto& [id, e] : state.exams) exams_passed += e.passed ? 1 : 0;
  return json::object{
      {"completed", completed},     {"inProgress", in_progress},         {"overdue", overdue},
      {"mandatory", mandatory},     {"contentsCompleted", lessons_done}, {"examsPassed", exams_passed},
      {"courses", std::move(items)}};
}

boost::asio::awaitable<http::Response> person_record(Context& ctx) {
  std::string id = ctx.params.at("id");
  if (!plausible_id(id)) throw ApiError::not_found(msg::NO_SUCH_USER);
  auto now = now_ms();
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    if (c.query("SELECT 1 FROM users WHERE id = $1", id).empty()) return std::nullopt;
    return json::object{{"learning", learning_of(c, id, now)},
                        {"points", json::object{{"balance", points::balance(c, id)},
                                                {"earned", points::earned_all_time(c, id)}}},
                        {"badges", badges::earned_badges(c, id)}};
  });
  if (!body) throw ApiError::not_found(msg::NO_SUCH_USER);
  co_return http::json_response(ctx, *body);
}

}  // namespace

void register_routes(http::Services& app) {
  app.router.get("/api/admin/users/:id/record", person_record, http::Access::admin);
}

}  // namespace shopfloor::records
