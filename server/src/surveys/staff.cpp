#include "surveys/staff.hpp"

#include <boost/json/serialize.hpp>

#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "points/ledger.hpp"
#include "resources/staff_gate.hpp"
#include "surveys/ballots.hpp"
#include "surveys/counting.hpp"
#include "surveys/questions.hpp"
#include "surveys/totals.hpp"
#include "util/ids.hpp"

namespace shopfloor::surveys {

using resources::StaffGate;

namespace {

ApiError already_answered() {
  return {http::Status::conflict, err::CONFLICT, msg::SURVEY_ALREADY_ANSWERED};
}

bool submitted(db::Connection& c, const std::string& survey, const std::string& uid) {
  return !c.query("SELECT 1 FROM survey_participations WHERE survey_id = $1 AND user_id = $2", survey, uid)
              .empty();
}

std::optional<db::Row> survey_for(db::Connection& c, const StaffGate& gate, const std::string& id) {
  return gate.from("surveys", "s")
      .select("s.id, s.title, s.description, s.anonymous, s.end_at, s.points")
      .by_id(c, id);
}

// A survey as staff see it, from survey_for's columns (0..4), with whether the viewer has answered it.
json::object survey_json(const db::Row& s, bool submitted) {
  return json::object{{"id", s.str(0)},
                      {"title", s.str(1)},
                      {"description", http::value_or_null(s.opt_str(2))},
                      {"anonymous", s.boolean(3)},
                      {"endAt", http::iso_or_null(s.opt_i64(4))},
                      {"submitted", submitted}};
}

Awaitable list_surveys(Context& ctx) {
  auto body = co_await resources::staff_read(ctx, [](db::Connection& c, const StaffGate& gate) {
    json::array items;
    auto rows =
        gate.from("surveys", "s")
            .select(
                "s.id, s.title, s.description, s.anonymous, s.end_at, (SELECT COUNT(*) FROM "
                "survey_questions q JOIN survey_sections x ON x.id = q.section_id WHERE x.survey_id = "
                "s.id), (SELECT COUNT(*) FROM survey_participations p WHERE p.survey_id = s.id AND "
                "p.user_id = $1), (SELECT COUNT(*) FROM survey_drafts d WHERE d.survey_id = s.id AND "
                "d.user_id = $1)",
                {gate.user_id()})
            .order_by("s.end_at IS NULL, s.end_at, s.id")
            .limit(100)
            .rows(c);
    for (const auto& s : rows) {
      auto survey = survey_json(s, s.i64(6) > 0);
      survey["questionsCount"] = s.i64(5);
      survey["started"] = s.i64(7) > 0;
      items.push_back(std::move(survey));
    }
    return json::object{{"items", std::move(items)}};
  });
  co_return http::json_response(ctx, body);
}

Awaitable get_survey(Context& ctx) {
  co_return co_await resources::staff_item(
      ctx, survey_for,
      [&](db::Connection& c, const StaffGate& gate, const std::string& id, const db::Row& s) {
        auto sections = load_sections(c, id);
        json::array out;
        for (const auto& sec : sections) {
          json::array questions;
          for (std::size_t i = 0; i < sec.questions.size(); ++i)
            questions.push_back(question_json(sec.questions[i], sec.help[i]));
          out.push_back(json::object{{"id", sec.id},
                                     {"title", sec.title},
                                     {"description", sec.description},
                                     {"questions", std::move(questions)}});
        }
        bool done = submitted(c, id, gate.user_id());
        json::value draft = nullptr;
        if (auto d = c.query("SELECT answers_json FROM survey_drafts WHERE survey_id = $1 AND user_id = $2",
                             id, gate.user_id())
                         .first();
            d && !done)
          draft = json::object{{"answers", read_draft(all_questions(sections), d->str(0))}};
        auto survey = survey_json(s, done);
        survey["points"] = s.i64(5);
        survey["sections"] = std::move(out);
        survey["draft"] = std::move(draft);
        return json::object{{"survey", std::move(survey)}};
      });
}

// PUT {answers}: the progress so far, checked per kind (not for required ones), replacing the last draft.
Awaitable save_draft(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  json::object body = ctx.json_object();
  json::object answers = answers_of(body);
  auto out = co_await resources::staff_write(ctx, [&](db::Connection& c, const StaffGate& gate) {
    auto now = gate.now();
    if (!survey_for(c, gate, id)) throw ApiError::not_found();
    if (submitted(c, id, uid)) throw already_answered();
    auto questions = all_questions(load_sections(c, id));
    http::FieldErrors errors;
    auto checked = check_answers(questions, answers, false, errors);
    if (!errors.empty()) throw ApiError::validation(std::move(errors));
    auto kept = answers_json(questions, checked);
    c.query(
        "INSERT INTO survey_drafts (survey_id, user_id, answers_json, updated_at) VALUES ($1, $2, $3, $4) ON "
        "CONFLICT (survey_id, user_id) DO UPDATE SET answers_json = excluded.answers_json, updated_at = "
        "excluded.updated_at",
        id, uid, json::serialize(kept), now);
    return json::object{{"draft", json::object{{"answers", std::move(kept)}}}};
  });
  co_return http::json_response(ctx, out);
}

// POST {answers}: the one response. The participation row is the claim (PRIMARY KEY (survey, user), ON
// CONFLICT DO NOTHING), so of racing submissions exactly one writes; the others answer 409. An anonymous
// response keeps no user, no time and a random id; the draft goes in the same transaction.
std::string ballot_of(const Placement& where, json::object answers) {
  return json::serialize(json::object{{"store", where.store},
                                      {"region", where.region},
                                      {"position", where.position},
                                      {"answers", std::move(answers)}});
}

}  // namespace

void submit_response(db::Connection& c, const std::string& uid, const std::string& id,
                     const json::object& answers, const ballots::Key& key, std::int64_t now) {
  auto viewer = resources::load_viewer(c, uid);
  auto s = survey_for(c, StaffGate{viewer, now}, id);
  if (!s) throw ApiError::not_found();
  if (submitted(c, id, uid)) throw already_answered();
  auto questions = all_questions(load_sections(c, id));
  http::FieldErrors errors;
  auto checked = check_answers(questions, answers, true, errors);
  if (!errors.empty()) throw ApiError::validation(std::move(errors));
  if (c.query(
           "INSERT INTO survey_participations (survey_id, user_id) VALUES ($1, $2) ON CONFLICT (survey_id, "
           "user_id) DO NOTHING",
           id, uid)
          .affected == 0)
    throw already_answered();
  bool anonymous = s->boolean(3);
  auto position = c.query("SELECT position FROM users WHERE id = $1", uid).first();
  Placement where{viewer.store_id, viewer.region_id,
                  position && !position->is_null(0) ? position->str(0) : std::string()};
  if (anonymous)
    // Counted later, with four others at least (surveys/ballots.hpp): nothing written here is the answers.
    ballots::cast(c, key, box_of(id), ballot_of(where, answers_json(questions, checked)));
  else
    write_response(c, id, uid, where, checked, now);
  c.query("UPDATE surveys SET responses_count = responses_count + 1 WHERE id = $1", id);
  // Points once per person (the participation above already makes this the one submission).
  if (auto points = s->i64(5); points > 0)
    points::award(c, points::Entry{uid, points, s->str(1), "survey", id, "survey:" + id + ":" + uid, ""});
  c.query("DELETE FROM survey_drafts WHERE survey_id = $1 AND user_id = $2", id, uid);
}

namespace {

Awaitable submit(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  auto key = ballots::key_from(ctx.app.config.auth_secret);
  json::object body = ctx.json_object();
  json::object answers = answers_of(body);
  co_await ctx.app.db->transact([&](db::Connection& c) {
    submit_response(c, uid, id, answers, key, now_ms());
    return 0;
  });
  // A full box is counted now, in a transaction of its own.
  co_await ctx.app.db->transact([&](db::Connection& c) { return count_ballots(c, key, id); });
  co_return http::json_response(ctx, json::object{{"submitted", true}}, http::Status::created);
}

}  // namespace

std::string random_uuid() {
  std::string h = random_hex(16);
  h[12] = '4';
  h[16] = "89ab"[std::stoi(h.substr(16, 1), nullptr, 16) & 3];
  return h.substr(0, 8) + "-" + h.substr(8, 4) + "-" + h.substr(12, 4) + "-" + h.substr(16, 4) + "-" +
         h.substr(20);
}

void register_staff_routes(http::Services& app) {
  app.router.get("/api/surveys", list_surveys, http::Access::signed_in);
  app.router.get("/api/surveys/:id", get_survey, http::Access::signed_in);
  app.router.put("/api/surveys/:id/draft", save_draft, http::Access::signed_in);
  app.router.post("/api/surveys/:id/responses", submit, http::Access::signed_in);
}

}  // namespace shopfloor::surveys
