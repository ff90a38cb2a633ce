// The staff exam flow (SPEC §5): GET /api/exams/:id, start or resume an attempt, save answers, submit,
// read an attempt. The server keeps the deadline (auto-submitting past it), grades once and awards points
// through the ledger; a racing submit or start changes nothing twice.
#include <boost/json/serialize.hpp>

#include "exams/attempt.hpp"
#include "exams/exams.hpp"
#include "http/handler.hpp"
#include "learning/learning.hpp"
#include "learning/progress.hpp"
#include "points/ledger.hpp"
#include "resources/staff_gate.hpp"
#include "resources/triggers.hpp"
#include "util/ids.hpp"

namespace shopfloor::exams {

using http::Access;
using http::Status;

namespace {

// The exam when the viewer may take it now (published, in the window, in the audience); else 404.
Exam visible_exam(db::Connection& c, const resources::StaffGate& gate, const std::string& id) {
  auto row = gate.from("exams", "e").select(exam_columns).by_id(c, id);
  if (!row) throw ApiError::not_found();
  return exam_from(*row);
}

struct Finished {
  std::int64_t points_awarded = 0;
  json::array completed_courses;
};

// Grades an open attempt once. Only the call whose UPDATE closes the row counts (a racing submit updates
// nothing and reports no points). On a pass: exam points once per user, then course completion.
Finished finish(db::Connection& c, Attempt& a, const Exam& exam, const resources::Viewer& viewer,
                std::int64_t now, bool automatic) {
  Finished f;
  Grade g = grade(a, exam);
  auto res = c.query(
      "UPDATE exam_attempts SET submitted_at = $1, auto_submitted = $2, score = $3, max_score = $4, percent "
      "= $5, "
      "passed = $6, answers_json = $7 WHERE id = $8 AND submitted_at IS NULL",
      now, automatic, g.score, g.max_score, g.percent, g.passed, json::serialize(a.answers), a.id);
  if (res.affected == 0) {
    if (auto fresh = load_attempt(c, a.id)) a = *fresh;
    return f;
  }
  a.submitted_at = now;
  a.auto_submitted = automatic;
  a.score = g.score;
  a.max_score = g.max_score;
  a.percent = g.percent;
  a.passed = g.passed;
  // The reports count every graded attempt (score, pass rate) and each question's answer (the hardest ones).
  triggers::fire(c, {triggers::exam_finished, viewer.user_id, exam.id, g.percent});
  for (const auto& [key, right] : answer_keys(a))
    triggers::fire(c, {triggers::exam_answered, viewer.user_id, key, right});
  if (!g.passed) return f;
  triggers::fire(c, {triggers::exam_passed, viewer.user_id, exam.id, 0});
  triggers::fire(c, {triggers::learning_completed, viewer.user_id, exam.id, 0});
  if (exam.points > 0 && points::award(c, {viewer.user_id, exam.points, exam.title, "exam", exam.id,
                                           "exam:" + exam.id + ":" + viewer.user_id, ""}))
    f.points_awarded = exam.points;
  for (const auto& cc : learning::after_lesson_completed(c, viewer, "exam", exam.id, now))
    f.completed_courses.push_back(
        json::object{{"id", cc.course_id}, {"title", cc.title}, {"pointsAwarded", cc.points_awarded}});
  return f;
}

// Anything touching an attempt calls this first: past the deadline (plus grace) it is graded with what
// was saved.
void expire_if_due(db::Connection& c, Attempt& a, const Exam& exam, const resources::Viewer& viewer,
                   std::int64_t now) {
  if (!a.submitted_at && past_deadline(a, now)) finish(c, a, exam, viewer, now, true);
}

void expire_all_due(db::Connection& c, const Exam& exam, const resources::Viewer& viewer, std::int64_t now) {
  auto rows =
      c.query(std::string("SELECT ") + attempt_columns +
                  " FROM exam_attempts WHERE exam_id = $1 AND user_id = $2 AND submitted_at IS NULL AND "
                  "deadline_at IS NOT NULL AND deadline_at < $3",
              exam.id, viewer.user_id, now - grace_ms);
  for (const auto& r : rows.rows) {
    Attempt a = attempt_from(r);
    expire_if_due(c, a, exam, viewer, now);
  }
}

std::optional<Attempt> open_attempt(db::Connection& c, const std::string& exam_id,
                                    const std::string& user_id) {
  auto row = c.query(std::string("SELECT ") + attempt_columns +
                         " FROM exam_attempts WHERE exam_id = $1 AND user_id = $2 AND submitted_at IS NULL "
                         "ORDER BY attempt_number DESC LIMIT 1",
                     exam_id, user_id)
                 .first();
  if (!row) return std::nullopt;
  return attempt_from(*row);
}

bool has_due_attempt(db::Connection& c, const std::string& exam_id, const std::string& user_id,
                     std::int64_t now) {
  return !c.query(
               "SELECT 1 FROM exam_attempts WHERE exam_id = $1 AND user_id = $2 AND submitted_at IS NULL AND "
               "deadline_at IS NOT NULL AND deadline_at < $3 LIMIT 1",
               exam_id, user_id, now - grace_ms)
              .empty();
}

// Reads in a read transaction; only when an attempt is due for auto-submission does it take the write path
// (reads are the common case and must not queue behind writers).
Awaitable get_exam(Context& ctx) {
  std::string id = ctx.params.at("id");
  auto body = co_await resources::staff_read(
      ctx, [&](db::Connection& c, const resources::StaffGate& gate) -> std::optional<json::object> {
        Exam exam = visible_exam(c, gate, id);
        if (has_due_attempt(c, exam.id, gate.user_id(), gate.now())) return std::nullopt;
        return json::object{{"exam", detail_json(c, exam, gate.user_id(), gate.now())}};
      });
  if (!body)
    body = co_await resources::staff_write(ctx, [&](db::Connection& c, const resources::StaffGate& gate) {
      Exam exam = visible_exam(c, gate, id);
      expire_all_due(c, exam, gate.viewer(), gate.now());
      return json::object{{"exam", detail_json(c, exam, gate.user_id(), gate.now())}};
    });
  co_return http::json_response(ctx, *body);
}

}  // namespace

std::pair<json::object, bool> start_attempt(db::Connection& c, const std::string& user_id,
                                            const std::string& id, std::int64_t now) {
  resources::StaffGate gate{resources::load_viewer(c, user_id), now};
  Exam exam = visible_exam(c, gate, id);
  expire_all_due(c, exam, gate.viewer(), now);
  // Count before looking for an open attempt: on PostgreSQL (read committed) each statement sees the
  // latest commits, so an attempt a racing start committed in between is then found as open rather
  // than counted as used.
  auto counts =
      c.query(
           "SELECT COUNT(*), COALESCE(MAX(attempt_number), 0) FROM exam_attempts WHERE exam_id = $1 "
           "AND user_id = $2",
           exam.id, user_id)
          .first();
  if (auto open = open_attempt(c, exam.id, user_id))
    return std::pair{json::object{{"attempt", attempt_json(c, *open, exam, now)}}, false};
  if (exam.max_attempts && counts->i64(0) >= *exam.max_attempts)
    throw ApiError(Status::conflict, err::MAX_ATTEMPTS, msg::MAX_ATTEMPTS);
  Attempt a;
  a.questions = draw(c, exam);
  if (a.questions.empty()) throw ApiError(Status::conflict, err::EXAM_EMPTY, msg::EXAM_EMPTY);
  a.id = uuid_v7();
  a.exam_id = exam.id;
  a.user_id = user_id;
  a.number = counts->i64(1) + 1;
  a.started_at = now;
  if (exam.time_limit) a.deadline_at = now + *exam.time_limit * 1000;
  c.query(
      "INSERT INTO exam_attempts (id, exam_id, user_id, attempt_number, questions_json, answers_json, "
      "started_at, deadline_at) VALUES ($1, $2, $3, $4, $5, '{}', $6, $7)",
      a.id, a.exam_id, user_id, a.number, json::serialize(a.questions), now, a.deadline_at);
  return std::pair{json::object{{"attempt", attempt_json(c, a, exam, now)}}, true};
}

namespace {

Awaitable start_attempt_route(Context& ctx) {
  std::string id = ctx.params.at("id"), user_id = ctx.user->id;
  // Two starts racing for the same attempt number: the loser hits UNIQUE(exam, user, number) and runs
  // again, then resumes the winner's open attempt (or meets the limit).
  for (int round = 0;; ++round) {
    try {
      auto [body, created] = co_await ctx.app.db->transact(
          [&](db::Connection& c) { return start_attempt(c, user_id, id, now_ms()); });
      co_return http::json_response(ctx, body, created ? Status::created : Status::ok);
    } catch (const db::Error& e) {
      if (e.kind() != db::ErrorKind::unique_violation || round >= 5) throw;
    }
  }
}

// The caller's own attempt with its exam (404 for anyone else's).
std::pair<Attempt, Exam> own_attempt(db::Connection& c, const std::string& attempt_id,
                                     const std::string& user_id) {
  auto a = load_attempt(c, attempt_id);
  if (!a || a->user_id != user_id) throw ApiError::not_found();
  return {*a, exam_by_id(c, a->exam_id)};
}

Awaitable get_attempt(Context& ctx) {
  std::string id = ctx.params.at("id"), user_id = ctx.user->id;
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    auto now = now_ms();
    auto [a, exam] = own_attempt(c, id, user_id);
    if (!a.submitted_at && past_deadline(a, now)) return std::nullopt;
    return json::object{{"attempt", attempt_json(c, a, exam, now)}};
  });
  if (!body)
    body = co_await resources::staff_write(ctx, [&](db::Connection& c, const resources::StaffGate& gate) {
      auto now = gate.now();
      auto [a, exam] = own_attempt(c, id, user_id);
      if (!a.submitted_at && past_deadline(a, now)) expire_if_due(c, a, exam, gate.viewer(), now);
      return json::object{{"attempt", attempt_json(c, a, exam, now)}};
    });
  co_return http::json_response(ctx, *body);
}

ApiError attempt_closed() {
  return ApiError(Status::conflict, err::ATTEMPT_CLOSED, msg::ATTEMPT_CLOSED);
}

Awaitable save_answers(Context& ctx) {
  std::string id = ctx.params.at("id"), user_id = ctx.user->id;
  json::object body = ctx.json_object();
  auto* answers_v = body.if_contains("answers");
  if (!answers_v) throw ApiError::validation({{"answers", msg::REQUIRED}});
  json::value answers = *answers_v;
  // Closed → 409 after the commit (the auto-submit it may have caused is kept).
  auto result = co_await resources::staff_write(
      ctx, [&](db::Connection& c, const resources::StaffGate& gate) -> std::optional<json::object> {
        auto now = gate.now();
        auto [a, exam] = own_attempt(c, id, user_id);
        if (!a.submitted_at && past_deadline(a, now)) expire_if_due(c, a, exam, gate.viewer(), now);
        if (a.submitted_at) return std::nullopt;
        // Unpublished, out of its window or no longer for this person: the open attempt is gone (404).
        visible_exam(c, gate, exam.id);
        auto parsed = parse_answers(answers, a);
        merge_answers(a, parsed);
        auto res =
            c.query("UPDATE exam_attempts SET answers_json = $1 WHERE id = $2 AND submitted_at IS NULL",
                    json::serialize(a.answers), a.id);
        if (res.affected == 0) return std::nullopt;
        return json::object{
            {"saved", true}, {"deadlineAt", opt_time(a.deadline_at)}, {"serverNow", iso8601(now)}};
      });
  if (!result) throw attempt_closed();
  co_return http::json_response(ctx, *result);
}

}  // namespace

json::object submit_attempt(db::Connection& c, const std::string& user_id, const std::string& id,
                            const std::optional<json::value>& answers, std::int64_t now) {
  auto [a, exam] = own_attempt(c, id, user_id);
  resources::StaffGate gate{resources::load_viewer(c, user_id), now};
  const auto& viewer = gate.viewer();
  Finished f;
  if (!a.submitted_at) {
    if (past_deadline(a, now)) {
      f = finish(c, a, exam, viewer, now, true);  // too late for new answers: grade what was saved
    } else {
      visible_exam(c, gate, exam.id);  // as for saving: the exam must still be there for them
      if (answers) merge_answers(a, parse_answers(*answers, a));
      f = finish(c, a, exam, viewer, now, false);
    }
  }
  // Already submitted: the same result, nothing changes.
  return json::object{{"attempt", attempt_json(c, a, exam, now)},
                      {"pointsAwarded", f.points_awarded},
                      {"completedCourses", std::move(f.completed_courses)},
                      {"balance", points::balance(c, user_id)}};
}

namespace {

Awaitable submit_attempt_route(Context& ctx) {
  std::string id = ctx.params.at("id"), user_id = ctx.user->id;
  std::optional<json::value> answers;
  if (!ctx.req.body().empty()) {
    json::object body = ctx.json_object();
    if (auto* v = body.if_contains("answers"); v && !v->is_null()) answers = *v;
  }
  auto body = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return submit_attempt(c, user_id, id, answers, now_ms()); });
  co_return http::json_response(ctx, body);
}

}  // namespace

void register_routes(http::Services& app) {
  register_resources(app);
  learning::add_preview("exam", [](db::Connection& c, const std::string& id, const std::string& uid,
                                   std::int64_t now) { return exam_detail(c, id, uid, now); });
  app.router.get("/api/exams/:id", get_exam, Access::signed_in);
  app.router.post("/api/exams/:id/attempts", start_attempt_route, Access::signed_in);
  app.router.get("/api/exam-attempts/:id", get_attempt, Access::signed_in);
  app.router.put("/api/exam-attempts/:id/answers", save_answers, Access::signed_in);
  app.router.post("/api/exam-attempts/:id/submit", submit_attempt_route, Access::signed_in);
}

}  // namespace shopfloor::exams
