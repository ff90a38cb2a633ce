// The back office's results of a pulse survey: the trend of each question across periods, past periods'
// last ballots counted on the way.
#include <algorithm>
#include <map>
#include <set>

#include "http/handler.hpp"
#include "pulse/counting.hpp"
#include "pulse/questions.hpp"
#include "pulse/staff.hpp"
#include "surveys/staff.hpp"
#include "util/ids.hpp"

namespace shopfloor::pulse {

namespace {

constexpr std::size_t max_periods = 26;
constexpr std::int64_t small_group = 5;  // the surveys' rule: under 5 answers are not shown (anonymous)

// The trend of each question: the engine's Tally per period (periods with answers or claims, and the
// current one, oldest first).
std::optional<json::object> results_of(db::Connection& c, const std::string& id) {
  auto row = c.query(std::string("SELECT ") + pulse_columns + " FROM pulses p WHERE p.id = $1", id).first();
  if (!row) return std::nullopt;
  auto p = pulse_of(*row);
  auto questions = load_questions(c, id);
  auto current = period_at(p.recurrence, now_ms());
  std::set<std::int64_t> periods{current};
  std::map<std::int64_t, std::int64_t> respondents;
  for (const auto& r :
       c.query("SELECT period, COUNT(*) FROM pulse_claims WHERE pulse_id = $1 GROUP BY period", id).rows)
    respondents[r.i64(0)] = r.i64(1);
  for (const auto& r : c.query("SELECT DISTINCT period FROM pulse_answers WHERE pulse_id = $1", id).rows)
    periods.insert(r.i64(0));
  for (const auto& [period, n] : respondents) periods.insert(period);
  while (periods.size() > max_periods) periods.erase(periods.begin());

  // (question, period) → its tally
  std::map<std::pair<std::string, std::int64_t>, surveys::Tally> tallies;
  auto tally = [&](const std::string& q, std::int64_t period) -> surveys::Tally* {
    if (!periods.contains(period)) return nullptr;
    auto question =
        std::find_if(questions.list.begin(), questions.list.end(), [&](const auto& x) { return x.id == q; });
    if (question == questions.list.end()) return nullptr;  // removed since
    return &tallies.try_emplace({q, period}, *question).first->second;
  };
  for (const auto& r :
       c.query("SELECT question_id, period, value, COUNT(*) FROM pulse_answers WHERE pulse_id = $1 AND "
               "text IS NULL GROUP BY question_id, period, value",
               id)
           .rows)
    if (auto* t = tally(r.str(0), r.i64(1))) t->add(r.i64(2), r.i64(3));
  for (const auto& r :
       c.query("SELECT question_id, period, text FROM pulse_answers WHERE pulse_id = $1 AND text IS NOT NULL",
               id)
           .rows)
    if (auto* t = tally(r.str(0), r.i64(1))) t->add_text(r.str(2));

  json::array period_list, out;
  for (auto period : periods)
    period_list.push_back(
        json::object{{"key", key_of(p.recurrence, period)},
                     {"respondents", respondents.contains(period) ? respondents[period] : 0}});
  for (const auto& q : questions.list) {
    json::array trend;
    for (auto period : periods) {
      auto key = key_of(p.recurrence, period);
      auto it = tallies.find({q.id, period});
      json::object point = it != tallies.end() ? it->second.to_json(true) : surveys::Tally(q).to_json(true);
      for (const char* same : {"id", "kind", "text", "options"}) point.erase(same);
      if (p.anonymous && point.at("answered").as_int64() < small_group)
        point = json::object{{"withheld", true}};
      else
        point["withheld"] = false;
      point["period"] = key;
      trend.push_back(std::move(point));
    }
    json::object item = surveys::Tally(q).to_json(false);
    for (const char* figures :
         {"answered", "counts", "average", "csat", "nps", "promoters", "passives", "detractors"})
      item.erase(figures);
    item["trend"] = std::move(trend);
    out.push_back(std::move(item));
  }
  return json::object{
      {"pulse", json::object{{"id", p.id},
                             {"title", p.title},
                             {"recurrence", p.recurrence == Recurrence::weekly ? "weekly" : "monthly"},
                             {"anonymous", p.anonymous},
                             {"cooldown", p.cooldown},
                             {"questionsPerPeriod", p.per_period}}},
      {"periods", std::move(period_list)},
      // This period's answers still in the ballot box: counted five at a time.
      {"waiting", surveys::ballots::waiting(c, box_of(id, current))},
      {"questions", std::move(out)}};
}

Awaitable admin_results(Context& ctx) {
  std::string id = ctx.params.at("id");
  // What waits in past periods: no more will come to them (an anonymous pulse's 1-4 stay sealed).
  auto key = surveys::ballots::key_from(ctx.app.config.auth_secret);
  if (plausible_id(id))
    co_await ctx.app.db->transact([&](db::Connection& c) {
      auto row =
          c.query(std::string("SELECT ") + pulse_columns + " FROM pulses p WHERE p.id = $1", id).first();
      if (row) {
        auto p = pulse_of(*row);
        count_past(c, key, id, period_at(p.recurrence, now_ms()), p.anonymous);
      }
      return 0;
    });
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    if (!plausible_id(id)) return std::nullopt;
    return results_of(c, id);
  });
  co_return http::json_or_not_found(ctx, body);
}

}  // namespace

void register_admin_routes(http::Services& app) {
  app.router.get("/api/admin/pulses/:id/results", admin_results, http::Access::editor);
}

}  // namespace shopfloor::pulse
