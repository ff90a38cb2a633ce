#include "drill/bench.hpp"

#include <algorithm>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <chrono>
#include <vector>

#include "drill/today.hpp"
#include "resources/audience.hpp"
#include "resources/demo_people.hpp"
#include "rollups/rollups.hpp"
#include "util/ids.hpp"

namespace shopfloor::drill {

namespace {

constexpr const char* bench_code = "BENCH-DRILL";

std::string seed(db::Connection& c, int states, std::int64_t now) {
  if (auto id = resources::demo_person(c, bench_code)) return *id;
  auto uid = uuid_v7(), exam = uuid_v7();
  c.query("INSERT INTO users (id, employee_code, name, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)",
          uid, std::string(bench_code), std::string("Bench drill"), now);
  c.query(
      "INSERT INTO exams (id, title, status, created_at, updated_at) VALUES ($1, 'Bench drill exam', "
      "'published', "
      "$2, $2)",
      exam, now);
  c.query(
      "INSERT INTO exam_attempts (id, exam_id, user_id, attempt_number, questions_json, started_at, "
      "submitted_at) "
      "VALUES ($1, $2, $3, 1, '[]', $4, $4)",
      uuid_v7(), exam, uid, now);
  for (int i = 0; i < states; ++i) {
    auto q = uuid_v7();
    c.query(
        "INSERT INTO exam_questions (id, exam_id, position, kind, prompt, choices_json, correct_json, "
        "created_at, "
        "updated_at) VALUES ($1, $2, $3, 'single', $4, "
        "'[{\"id\":\"a\",\"text\":\"A\"},{\"id\":\"b\",\"text\":\"B\"}]', "
        "'[\"a\"]', $5, $5)",
        q, exam, static_cast<std::int64_t>(i), "Bench question " + std::to_string(i), now);
    // Three due today, the rest spread over the next year.
    std::int64_t due = i < 3 ? now - rollups::day_ms : now + (1 + i % 365) * rollups::day_ms;
    c.query(
        "INSERT INTO drill_states (user_id, question_id, stability, difficulty, reps, lapses, "
        "scheduled_days, "
        "last_review_at, due_at) VALUES ($1, $2, 10.5, 5.2, 3, 0, 10, $3, $4)",
        uid, q, now - 10 * rollups::day_ms, due);
  }
  return uid;
}

}  // namespace

std::string bench(db::Database& database, const BenchOptions& options) {
  const auto now = now_ms();
  auto uid = database.transact_sync([&](db::Connection& c) { return seed(c, options.states, now); });
  // A live PostgreSQL has planner statistics (autovacuum analyses tables as they grow); a freshly seeded one
  // has none until its autovacuum wakes, and plans the never-drilled read as if the tables were empty.
  if (database.backend_name() == "postgres")
    database.transact_sync([](db::Connection& c) {
      c.query("ANALYZE drill_states, exam_questions, exam_attempts, users");
      return 0;
    });
  std::vector<double> ms;
  std::int64_t drawn = 0;
  for (int run = 0; run < options.runs; ++run) {
    database.transact_sync([&](db::Connection& c) {
      // Every run is a day whose drill is not drawn yet: the work the day's first GET does.
      c.query("DELETE FROM drill_answers WHERE user_id = $1", uid);
      c.query("DELETE FROM drill_days WHERE user_id = $1", uid);
      auto started = std::chrono::steady_clock::now();
      resources::StaffGate gate{resources::load_viewer(c, uid), now};
      auto out = today(c, gate, true);
      ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count());
      drawn = out.at("total").to_number<std::int64_t>();
      return 0;
    });
  }
  std::sort(ms.begin(), ms.end());
  auto at = [&](double q) { return ms[std::min(ms.size() - 1, static_cast<std::size_t>(q * ms.size()))]; };
  return boost::json::serialize(boost::json::object{{"backend", database.backend_name()},
                                                    {"states", options.states},
                                                    {"runs", options.runs},
                                                    {"questionsDrawn", drawn},
                                                    {"p50Ms", at(0.5)},
                                                    {"p99Ms", at(0.99)},
                                                    {"maxMs", ms.back()}});
}

}  // namespace shopfloor::drill
