#include "forms/staff.hpp"

#include <boost/json/serialize.hpp>

#include "forms/questions.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "resources/staff_gate.hpp"
#include "surveys/questions.hpp"
#include "util/ids.hpp"

namespace shopfloor::forms {

using resources::StaffGate;
using surveys::Kind;

namespace {

std::int64_t mine(db::Connection& c, const std::string& form, const std::string& uid) {
  return c.query("SELECT COUNT(*) FROM form_submissions WHERE form_id = $1 AND user_id = $2", form, uid)
      .first()
      ->i64(0);
}

std::optional<db::Row> form_for(db::Connection& c, const StaffGate& gate, const std::string& id) {
  return gate.from("forms", "f")
      .select("f.id, f.title, f.description, f.end_at, f.multiple_submissions")
      .by_id(c, id);
}

// A form as staff see it, from form_for's columns (0..4), with how often the viewer has submitted it.
json::object form_json(const db::Row& f, std::int64_t my_submissions) {
  return json::object{{"id", f.str(0)},
                      {"title", f.str(1)},
                      {"description", http::value_or_null(f.opt_str(2))},
                      {"endAt", http::iso_or_null(f.opt_i64(3))},
                      {"multipleSubmissions", f.boolean(4)},
                      {"mySubmissions", my_submissions},
                      {"canSubmit", f.boolean(4) || my_submissions == 0}};
}

Awaitable list_forms(Context& ctx) {
  auto body = co_await resources::staff_read(ctx, [](db::Connection& c, const StaffGate& gate) {
    json::array items;
    auto rows =
        gate.from("forms", "f")
            .select(
                "f.id, f.title, f.description, f.end_at, f.multiple_submissions, (SELECT COUNT(*) FROM "
                "form_questions q WHERE q.form_id = f.id), (SELECT COUNT(*) FROM form_submissions s "
                "WHERE s.form_id = f.id AND s.user_id = $1)",
                {gate.user_id()})
            .order_by("f.end_at IS NULL, f.end_at, f.id")
            .limit(100)
            .rows(c);
    for (const auto& f : rows) {
      auto form = form_json(f, f.i64(6));
      form["questionsCount"] = f.i64(5);
      items.push_back(std::move(form));
    }
    return json::object{{"items", std::move(items)}};
  });
  co_return http::json_response(ctx, body);
}

Awaitable get_form(Context& ctx) {
  co_return co_await resources::staff_item(
      ctx, form_for, [&](db::Connection& c, const StaffGate& gate, const std::string& id, const db::Row& f) {
        auto qs = load_questions(c, id);
        json::array questions;
        for (std::size_t i = 0; i < qs.list.size(); ++i) questions.push_back(question_json(qs, i));
        auto form = form_json(f, mine(c, id, gate.user_id()));
        form["questions"] = std::move(questions);
        return json::object{{"form", std::move(form)}};
      });
}

ApiError already_submitted() {
  return {http::Status::conflict, err::CONFLICT, msg::FORM_ALREADY_SUBMITTED};
}

// POST {answers}: checked by the engine; file answers must be this person's unused uploads to this form.
// One submission per person unless the form allows many: the claim row (PRIMARY KEY (form, user), ON
// CONFLICT DO NOTHING) lets exactly one of racing submissions write. Each file is taken with a conditional
// update, so two submissions cannot share one.
Awaitable submit(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  json::object body = ctx.json_object();
  json::object answers = surveys::answers_of(body);
  auto out = co_await resources::staff_write(ctx, [&](db::Connection& c, const StaffGate& gate) {
    auto now = gate.now();
    auto f = form_for(c, gate, id);
    if (!f) throw ApiError::not_found();
    bool many = f->boolean(4);
    if (!many && mine(c, id, uid) > 0) throw already_submitted();
    auto qs = load_questions(c, id);
    http::FieldErrors errors;
    auto checked = surveys::check_answers(qs.list, answers, true, errors);
    auto is_file = [&](const surveys::Answer& a) {
      for (const auto& q : qs.list)
        if (q.id == a.question_id) return q.kind == Kind::file;
      return false;
    };
    for (const auto& a : checked)
      if (is_file(a) &&
          c.query("SELECT 1 FROM form_files WHERE id = $1 AND form_id = $2 AND user_id = $3 AND "
                  "submission_id IS NULL",
                  *a.text, id, uid)
              .empty())
        errors[a.question_id] = msg::FORM_FILE_UNAVAILABLE;
    if (!errors.empty()) throw ApiError::validation(std::move(errors));
    if (!many &&
        c.query(
             "INSERT INTO form_claims (form_id, user_id) VALUES ($1, $2) ON CONFLICT (form_id, user_id) DO "
             "NOTHING",
             id, uid)
                .affected == 0)
      throw already_submitted();
    const auto& viewer = gate.viewer();
    auto text_or_null = [](const std::string& v) { return v.empty() ? db::Value{} : db::Value{v}; };
    std::string submission = uuid_v7();
    c.query(
        "INSERT INTO form_submissions (id, form_id, user_id, store_id, region_id, answers_json, created_at) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7)",
        submission, id, uid, text_or_null(viewer.store_id), text_or_null(viewer.region_id),
        json::serialize(surveys::answers_json(qs.list, checked)), now);
    for (const auto& a : checked)
      if (is_file(a) && c.query("UPDATE form_files SET submission_id = $1 WHERE id = $2 AND form_id = $3 AND "
                                "user_id = $4 AND submission_id IS NULL",
                                submission, *a.text, id, uid)
                                .affected == 0)
        throw ApiError::validation({{a.question_id, msg::FORM_FILE_UNAVAILABLE}});  // taken meanwhile
    c.query("UPDATE forms SET submissions_count = submissions_count + 1 WHERE id = $1", id);
    auto n = mine(c, id, uid);
    return json::object{
        {"submission", json::object{{"id", submission}}}, {"mySubmissions", n}, {"canSubmit", many}};
  });
  co_return http::json_response(ctx, out, http::Status::created);
}

}  // namespace

void register_staff_routes(http::Services& app) {
  app.router.get("/api/forms", list_forms, http::Access::signed_in);
  app.router.get("/api/forms/:id", get_form, http::Access::signed_in);
  app.router.post("/api/forms/:id/submissions", submit, http::Access::signed_in);
}

}  // namespace shopfloor::forms
