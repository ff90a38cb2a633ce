#include "pulse/staff.hpp"

#include <algorithm>

#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "pulse/counting.hpp"
#include "pulse/questions.hpp"
#include "resources/staff_gate.hpp"
#include "surveys/questions.hpp"
#include "surveys/staff.hpp"
#include "util/ids.hpp"

namespace shopfloor::pulse {

using resources::StaffGate;

namespace {

ApiError conflict(const http::MessageDef& m) {
  return {http::Status::conflict, err::CONFLICT, m};
}

bool claimed(db::Connection& c, const std::string& pulse, const std::string& uid, std::int64_t period) {
  return !c.query("SELECT 1 FROM pulse_claims WHERE pulse_id = $1 AND user_id = $2 AND period = $3", pulse,
                  uid, period)
              .empty();
}

// The latest published updates of pulses the viewer may see (the pulse's audience; the pulse itself may
// have closed since).
json::array updates_for(db::Connection& c, const StaffGate& gate) {
  json::array out;
  auto rows =
      gate.from("pulse_updates", "u")
          .select("u.id, u.pulse_id, p.title, q.text, u.period, u.text, COALESCE(u.start_at, u.created_at)")
          .audience_from("pulses", "p", "p.id = u.pulse_id")
          .join("JOIN pulse_questions q ON q.id = u.question_id")
          .where("p.status <> 'draft'")
          .order_by("COALESCE(u.start_at, u.created_at) DESC, u.id DESC")
          .limit(5)
          .rows(c);
  for (const auto& r : rows)
    out.push_back(json::object{{"id", r.str(0)},
                               {"pulseId", r.str(1)},
                               {"pulseTitle", r.str(2)},
                               {"questionText", r.str(3)},
                               {"period", http::value_or_null(r.opt_str(4))},
                               {"text", r.str(5)},
                               {"publishedAt", iso8601(r.i64(6))}});
  return out;
}

Awaitable list_pulses(Context& ctx) {
  auto body = co_await resources::staff_read(ctx, [](db::Connection& c, const StaffGate& gate) {
    const auto& uid = gate.user_id();
    json::array items;
    auto rows =
        gate.from("pulses", "p").select(pulse_columns).order_by("p.created_at, p.id").limit(20).rows(c);
    for (const auto& r : rows) {
      auto p = pulse_of(r);
      auto period = period_at(p.recurrence, gate.now());
      bool answered = claimed(c, p.id, uid, period);
      json::array questions;
      if (!answered) {
        auto all = load_questions(c, p.id);
        for (const auto& q : asked_in(c, p, all, uid, period)) {
          auto at =
              std::find_if(all.list.begin(), all.list.end(), [&](const auto& x) { return x.id == q.id; });
          questions.push_back(
              surveys::question_json(q, all.help[static_cast<std::size_t>(at - all.list.begin())]));
        }
      }
      items.push_back(json::object{{"id", p.id},
                                   {"title", p.title},
                                   {"description", http::value_or_null(p.description)},
                                   {"recurrence", p.recurrence == Recurrence::weekly ? "weekly" : "monthly"},
                                   {"anonymous", p.anonymous},
                                   {"period", key_of(p.recurrence, period)},
                                   {"periodEndsAt", iso8601(start_of(p.recurrence, period + 1))},
                                   {"answered", answered},
                                   {"questions", std::move(questions)}});
    }
    return json::object{{"items", std::move(items)}, {"updates", updates_for(c, gate)}};
  });
  co_return http::json_response(ctx, body);
}

}  // namespace

// POST {answers}: this period's one response. The claim row (PRIMARY KEY (pulse, user, period), ON CONFLICT
// DO NOTHING) decides among racing submissions; the asked questions are recorded for the cooldown; answers
// carry no user and a random id.
std::pair<std::string, std::int64_t> submit_answers(db::Connection& c, const std::string& uid,
                                                    const std::string& id, const json::object& answers,
                                                    const surveys::ballots::Key& ballot_key,
                                                    std::int64_t now) {
  StaffGate gate{resources::load_viewer(c, uid), now};
  auto row = gate.from("pulses", "p").select(pulse_columns).by_id(c, id);
  if (!row) throw ApiError::not_found();
  auto p = pulse_of(*row);
  auto period = period_at(p.recurrence, gate.now());
  if (claimed(c, id, uid, period)) throw conflict(msg::PULSE_ALREADY_ANSWERED);
  auto questions = asked_in(c, p, load_questions(c, id), uid, period);
  if (questions.empty()) throw conflict(msg::PULSE_NOTHING_TO_ASK);
  http::FieldErrors errors;
  auto checked = surveys::check_answers(questions, answers, true, errors);
  if (!errors.empty()) throw ApiError::validation(std::move(errors));
  if (c.query("INSERT INTO pulse_claims (pulse_id, user_id, period) VALUES ($1, $2, $3) ON CONFLICT "
              "(pulse_id, "
              "user_id, period) DO NOTHING",
              id, uid, period)
          .affected == 0)
    throw conflict(msg::PULSE_ALREADY_ANSWERED);
  for (const auto& q : questions)
    c.query("INSERT INTO pulse_asks (pulse_id, user_id, question_id, period) VALUES ($1, $2, $3, $4)", id,
            uid, q.id, period);
  // The answers go in the ballot box, counted with four others at least (pulse/counting.hpp): nothing
  // written here with the person's claim is an answer.
  surveys::ballots::cast(c, ballot_key, box_of(id, period), ballot_of(checked));
  for (const auto& ans : checked)
    c.query("UPDATE pulse_questions SET answers_count = answers_count + 1 WHERE id = $1", ans.question_id);
  c.query("UPDATE pulses SET responses_count = responses_count + 1 WHERE id = $1", id);
  return std::pair{key_of(p.recurrence, period), period};
}

namespace {

Awaitable submit(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  json::object body = ctx.json_object();
  json::object answers = surveys::answers_of(body);
  auto ballot_key = surveys::ballots::key_from(ctx.app.config.auth_secret);
  auto key = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return submit_answers(c, uid, id, answers, ballot_key, now_ms()); });
  // A full box is counted now, in a transaction of its own.
  co_await ctx.app.db->transact(
      [&](db::Connection& c) { return count_ballots(c, ballot_key, id, key.second); });
  co_return http::json_response(ctx, json::object{{"submitted", true}, {"period", key.first}},
                                http::Status::created);
}

}  // namespace

void register_staff_routes(http::Services& app) {
  app.router.get("/api/pulses", list_pulses, http::Access::signed_in);
  app.router.post("/api/pulses/:id/responses", submit, http::Access::signed_in);
}

}  // namespace shopfloor::pulse
