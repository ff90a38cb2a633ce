#include "pulse/pulse.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "http/response.hpp"
#include "http/services.hpp"
#include "pulse/counting.hpp"
#include "pulse/declarations.hpp"
#include "pulse/questions.hpp"
#include "pulse/staff.hpp"
#include "resources/engine.hpp"
#include "surveys/staff.hpp"
#include "util/ids.hpp"

namespace shopfloor::pulse {

namespace json = boost::json;
using http::ApiError;
using http::Context;
using Awaitable = boost::asio::awaitable<http::Response>;

namespace {

constexpr std::size_t max_periods = 26;
constexpr std::int64_t small_group = 5;  // the surveys' rule: under 5 answers are not shown (anonymous)

// The trend of each question: the engine's Tally per period (periods with answers or claims, and the
// current one, oldest first).
std::optional<json::object> results_of(db::Connection& c, const std::string& id) {
  auto row = c.query(std::string("SELECT ") + pulse_columns + " FROM pulses WHERE id = $1", id).first();
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
      auto row = c.query(std::string("SELECT ") + pulse_columns + " FROM pulses WHERE id = $1", id).first();
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
  if (!body) throw ApiError::not_found();
  co_return http::json_response(ctx, *body);
}

}  // namespace

void register_routes(http::Services& app) {
  resources::registry().add(pulses_resource());
  resources::registry().add(questions_resource());
  resources::registry().add(updates_resource());
  register_staff_routes(app);
  app.router.get("/api/admin/pulses/:id/results", admin_results, http::Access::editor);
}

void seed_demo(db::Connection& c) {
  if (!c.query("SELECT 1 FROM pulses").empty()) return;
  auto now = now_ms();
  constexpr std::int64_t day = 86400000;
  std::string pulse = uuid_v7();
  c.query(
      "INSERT INTO pulses (id, title, description, recurrence, questions_per_period, cooldown, anonymous, "
      "status, start_at, created_at, updated_at) VALUES ($1, $2, $3, 'weekly', 3, 0, 1, 'published', $4, $5, "
      "$5)",
      pulse, std::string("เช็กอินประจำสัปดาห์"), std::string("3 คำถาม ไม่ถึงนาที ไม่ระบุตัวตน"), now - 60 * day, now);
  struct Demo {
    const char *kind, *text, *options;
  };
  const Demo questions[] = {
      {"rating", "สัปดาห์นี้การทำงานของคุณเป็นอย่างไรบ้าง", nullptr},
      {"nps", "คุณจะแนะนำสาขาของคุณให้เพื่อนมาทำงานด้วยมากน้อยแค่ไหน", nullptr},
      {"single", "สัปดาห์นี้คุณได้รับความช่วยเหลือจากหัวหน้าเพียงพอไหม", R"(["เพียงพอ","บางส่วน","ไม่เพียงพอ"])"},
  };
  std::vector<std::string> ids;
  int position = 0;
  for (const auto& q : questions) {
    ids.push_back(uuid_v7());
    c.query(
        "INSERT INTO pulse_questions (id, pulse_id, kind, text, required, options_json, position, "
        "created_at, "
        "updated_at) VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $7)",
        ids.back(), pulse, std::string(q.kind), std::string(q.text),
        q.options ? db::Value{std::string(q.options)} : db::Value{}, position++, now);
  }
  // Answered by the company's staff week by week in its history (seed_history_day); the update of a month
  // ago answered what they said then.
  auto current = period_at(Recurrence::weekly, now);
  c.query(
      "INSERT INTO pulse_updates (id, pulse_id, question_id, period, text, status, start_at, created_at, "
      "updated_at) VALUES ($1, $2, $3, $4, $5, 'published', $6, $6, $6)",
      uuid_v7(), pulse, ids[2], key_of(Recurrence::weekly, current - 4),
      std::string(
          "คุณบอกว่าได้รับความช่วยเหลือจากหัวหน้าไม่พอ เราจึงเพิ่มหัวหน้ากะช่วงเย็นทุกสาขา และเริ่มประชุมทีม 10 นาทีทุกเช้าวันจันทร์"),
      now - 20 * day);
}

void seed_history_day(db::Connection& c, const demo::Day& d) {
  auto draw = d.draws("pulse");
  auto key = surveys::ballots::key_from(d.config->auth_secret);
  const auto until = now_ms();
  for (const auto& p :
       c.query("SELECT id FROM pulses WHERE status = 'published' AND start_at <= $1", d.end).rows) {
    for (const auto& v : d.visits) {
      if (v.who->named || !draw.chance(0.12)) continue;
      auto at = d.during(v, 1);
      if (!at || at >= until) continue;
      // The week's questions as the app asks them; the mood lifts after the update a month ago.
      PinnedClock clock(at);
      json::object answers;
      double lift = d.index > 60 ? 0.12 : 0.0;
      double mood = std::min(1.0, 0.3 + lift + 0.6 * demo::Draws("pulse-mood|" + v.who->code).next());
      auto asked =
          c.query("SELECT id, kind, options_json FROM pulse_questions WHERE pulse_id = $1 ORDER BY position",
                  p.str(0));
      for (const auto& q : asked.rows) {
        std::string kind = q.str(1);
        if (kind == "rating")
          answers[q.str(0)] =
              std::clamp<std::int64_t>(static_cast<std::int64_t>(1 + mood * 4.5 + draw.between(-1, 0)), 1, 5);
        else if (kind == "nps")
          answers[q.str(0)] = std::clamp<std::int64_t>(
              static_cast<std::int64_t>(4 + mood * 6.5 + draw.between(-1, 1)), 0, 10);
        else
          answers[q.str(0)] = mood > 0.7 ? 0 : mood > 0.45 ? 1 : 2;
      }
      try {
        auto period = submit_answers(c, v.who->id, p.str(0), answers, key, at).second;
        count_ballots(c, key, p.str(0), period);
      } catch (const http::ApiError&) {
        // Answered this week already.
      }
    }
  }
}

}  // namespace shopfloor::pulse
