// Solo plays (docs/API.md "Games"): a quiz issues one question at a time and times each answer on the server
// clock; a matching board is a shuffle of random card ids whose pairs stay on the server. Every response
// before a round is answered or a pair found carries no trace of the answer: the correct ids and explanation
// live in the round's snapshot (question_json) and the pair index in board_json, and only outcome/result read
// them.
#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <random>
#include <set>

#include "games/games.hpp"
#include "games/internal.hpp"
#include "games/scoring.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "media/media.hpp"
#include "points/ledger.hpp"
#include "util/ids.hpp"
#include "util/json_text.hpp"

namespace shopfloor::games {

using resources::StaffGate;

namespace {

ApiError conflict(const http::ErrorCode& code, const http::Message& m) {
  return {http::Status::conflict, code, m};
}

std::mt19937_64& rng() {
  thread_local std::mt19937_64 g{std::random_device{}()};
  return g;
}

// ---- Plays ----------------------------------------------------------------------------------------------

// id, game_id, user_id, kind, started_at, finished_at, score, streak, moves, board_json, found_json,
// points_awarded, points_capped
const char* const play_columns =
    "id, game_id, user_id, kind, started_at, finished_at, score, streak, moves, board_json, found_json, "
    "points_awarded, points_capped";

struct Round {
  std::string id;
  std::int64_t position = 0, timer_ms = 0, points_possible = 0;
  json::object q;  // the snapshot: kind, prompt, imageId, choices, correct, explanation, streakBonus
  std::optional<std::int64_t> issued_at, answered_at, response_ms;
  json::value answer;
  bool correct = false;
  std::int64_t points = 0, bonus = 0, streak = 0;

  bool expired(std::int64_t now) const {
    return issued_at && !answered_at && !in_time(now - *issued_at, timer_ms);
  }
};

std::optional<std::string> opt_str(const json::object& o, const char* k) {
  auto* v = o.if_contains(k);
  if (!v || !v->is_string()) return std::nullopt;
  return std::string(v->as_string());
}

std::vector<Round> rounds_of(db::Connection& c, const std::string& play_id) {
  std::vector<Round> out;
  for (const auto& r :
       c.query("SELECT id, position, timer_ms, points_possible, question_json, issued_at, answered_at, "
               "response_ms, answer_json, correct, points, bonus, streak FROM game_rounds WHERE "
               "play_id = $1 ORDER BY position",
               play_id)
           .rows) {
    Round x;
    x.id = r.str(0);
    x.position = r.i64(1);
    x.timer_ms = r.i64(2);
    x.points_possible = r.i64(3);
    auto q = parse_or(r.str(4), nullptr);
    if (q.is_object()) x.q = q.as_object();
    if (!r.is_null(5)) x.issued_at = r.i64(5);
    if (!r.is_null(6)) x.answered_at = r.i64(6);
    if (!r.is_null(7)) x.response_ms = r.i64(7);
    x.answer = r.is_null(8) ? json::value(nullptr) : parse_or(r.str(8), nullptr);
    x.correct = r.i64(9) != 0;
    x.points = r.i64(10);
    x.bonus = r.i64(11);
    x.streak = r.i64(12);
    out.push_back(std::move(x));
  }
  return out;
}

}  // namespace

json::object question_json(db::Connection& c, const json::object& q, std::int64_t position,
                           std::int64_t timer_ms, std::int64_t points_possible, std::int64_t issued_at) {
  json::array choices;
  if (auto* ch = q.if_contains("choices"); ch && ch->is_array())
    for (const auto& o : ch->as_array())
      if (o.is_object()) choices.push_back(json::object{{"id", o.at("id")}, {"text", o.at("text")}});
  return json::object{{"index", position},
                      {"kind", q.contains("kind") ? q.at("kind") : json::value("single")},
                      {"prompt", q.contains("prompt") ? q.at("prompt") : json::value("")},
                      {"image", media::media_summary_of(c, opt_str(q, "imageId"))},
                      {"choices", std::move(choices)},
                      {"timerSeconds", timer_ms / 1000},
                      {"pointsPossible", points_possible},
                      {"issuedAt", iso8601(issued_at)},
                      {"deadlineAt", iso8601(issued_at + timer_ms)}};
}

namespace {

// What a phone sees of an issued round: never `correct` or `explanation`.
json::object round_json(db::Connection& c, const Round& r) {
  auto o = question_json(c, r.q, r.position, r.timer_ms, r.points_possible, *r.issued_at);
  o["id"] = r.id;
  return o;
}

json::value explanation_of(const Round& r) {
  auto e = opt_str(r.q, "explanation");
  return e && !e->empty() ? json::value(*e) : json::value(nullptr);
}

// After the round is answered (or closed): the answer's result for that question only.
json::object outcome_json(const Round& r) {
  return json::object{
      {"roundId", r.id},
      {"correct", r.correct},
      {"late", !r.response_ms || !in_time(*r.response_ms, r.timer_ms)},
      {"responseMs", http::value_or_null(r.response_ms)},
      {"points", r.points},
      {"bonus", r.bonus},
      {"streak", r.streak},
      {"correctIds", r.q.contains("correct") ? r.q.at("correct") : json::value(json::array{})},
      {"explanation", explanation_of(r)}};
}

struct Play {
  std::string id, game_id, user_id, kind;
  std::int64_t started_at = 0, score = 0, streak = 0, moves = 0, points = 0;
  std::optional<std::int64_t> finished_at;
  json::array board, found;
  bool capped = false;
};

Play play_of(const db::Row& r) {
  Play p;
  p.id = r.str(0);
  p.game_id = r.str(1);
  p.user_id = r.str(2);
  p.kind = r.str(3);
  p.started_at = r.i64(4);
  if (!r.is_null(5)) p.finished_at = r.i64(5);
  p.score = r.i64(6);
  p.streak = r.i64(7);
  p.moves = r.i64(8);
  if (!r.is_null(9))
    if (auto b = parse_or(r.str(9), nullptr); b.is_array()) p.board = b.as_array();
  if (!r.is_null(10))
    if (auto f = parse_or(r.str(10), nullptr); f.is_array()) p.found = f.as_array();
  p.points = r.i64(11);
  p.capped = r.i64(12) != 0;
  return p;
}

// The viewer's own play (anyone else's is absent: 404).
Play own_play(db::Connection& c, const std::string& id, const std::string& uid) {
  auto r =
      plausible_id(id)
          ? c.query(std::string("SELECT ") + play_columns + " FROM game_plays WHERE id = $1 AND user_id = $2",
                    id, uid)
                .first()
          : std::nullopt;
  if (!r) throw ApiError::not_found();
  return play_of(*r);
}

// Closes a round whose timer ran out unanswered: 0 points and the streak lost (once, conditionally). Called
// when the player moves on (next, finish): the network grace is for an answer on its way, and a player asking
// for the next question has given up answering, so the timer alone decides here.
void close_expired(db::Connection& c, Round& r, Play& p, std::int64_t now) {
  if (!r.issued_at || r.answered_at || now - *r.issued_at <= r.timer_ms) return;
  if (c.query("UPDATE game_rounds SET answered_at = $1, correct = 0, points = 0, bonus = 0, streak = 0 WHERE "
              "id = $2 "
              "AND answered_at IS NULL",
              now, r.id)
          .affected == 1) {
    c.query("UPDATE game_plays SET streak = 0 WHERE id = $1", p.id);
    p.streak = 0;
  }
  r.answered_at = now;
  r.streak = 0;
}

json::object quiz_result(db::Connection& c, const Play& p, const std::vector<Round>& rounds) {
  json::array answers;
  std::int64_t correct = 0;
  for (const auto& r : rounds) {
    correct += r.correct ? 1 : 0;
    json::object a = outcome_json(r);
    a["index"] = r.position;
    a["prompt"] = r.q.contains("prompt") ? r.q.at("prompt") : json::value("");
    auto round = round_json(c, r);
    a["kind"] = round.at("kind");
    a["choices"] = round.at("choices");
    a["myIds"] = r.answer.is_array() ? r.answer : json::value(json::array{});
    answers.push_back(std::move(a));
  }
  return json::object{{"score", p.score},
                      {"correctCount", correct},
                      {"questionCount", rounds.size()},
                      {"points", p.points},
                      {"capped", p.capped},
                      {"rank", rank_of(c, p.game_id, best_of(c, p.game_id, p.user_id).value_or(p.score))},
                      {"answers", std::move(answers)}};
}

json::object play_json(db::Connection& c, const Play& p, std::int64_t now) {
  json::object o{{"id", p.id},
                 {"gameId", p.game_id},
                 {"kind", p.kind},
                 {"status", p.finished_at ? "finished" : "playing"},
                 {"score", p.score},
                 {"startedAt", iso8601(p.started_at)},
                 {"finishedAt", http::iso_or_null(p.finished_at)},
                 {"round", nullptr},
                 {"board", nullptr},
                 {"result", nullptr}};
  if (p.kind == "quiz") {
    auto rounds = rounds_of(c, p.id);
    std::int64_t answered = 0;
    for (const auto& r : rounds) {
      if (r.answered_at || r.expired(now)) ++answered;
      if (r.issued_at && !r.answered_at && !r.expired(now)) o["round"] = round_json(c, r);
    }
    o["questionCount"] = rounds.size();
    o["answered"] = answered;
    o["streak"] = p.streak;
    if (p.finished_at) o["result"] = quiz_result(c, p, rounds);
  } else {
    json::array cards;
    for (const auto& card : p.board) {
      const auto& k = card.as_object();
      cards.push_back(json::object{{"id", k.at("id")},
                                   {"text", k.at("text")},
                                   {"image", media::media_summary_of(c, opt_str(k, "imageId"))}});
    }
    o["board"] = json::object{{"cards", std::move(cards)},
                              {"pairs", p.board.size() / 2},
                              {"found", p.found},
                              {"moves", p.moves},
                              {"startedAt", iso8601(p.started_at)}};
    if (p.finished_at)
      o["result"] =
          json::object{{"score", p.score},
                       {"moves", p.moves},
                       {"seconds", (*p.finished_at - p.started_at) / 1000},
                       {"points", p.points},
                       {"capped", p.capped},
                       {"rank", rank_of(c, p.game_id, best_of(c, p.game_id, p.user_id).value_or(p.score))}};
  }
  return o;
}

json::object fresh_play(db::Connection& c, const std::string& id, const std::string& uid, std::int64_t now) {
  return play_json(c, own_play(c, id, uid), now);
}

// ---- Starting -------------------------------------------------------------------------------------------

json::object snapshot(const std::string& kind, const std::string& prompt,
                      const std::optional<std::string>& image, const std::string& choices,
                      const std::string& correct, const std::optional<std::string>& expl) {
  json::object q{{"kind", kind},
                 {"prompt", prompt},
                 {"choices", parse_or(choices, nullptr)},
                 {"correct", parse_or(correct, nullptr)}};
  if (image) q["imageId"] = *image;
  if (expl) q["explanation"] = *expl;
  return q;
}

}  // namespace

QuizSet quiz_questions(db::Connection& c, const std::string& quiz_id) {
  auto quiz =
      c.query(
           "SELECT timer_seconds, points_possible, streak_bonus, bank_id, bank_count FROM game_quizzes "
           "WHERE id = $1",
           quiz_id)
          .first();
  if (!quiz) throw conflict(err::GAME_NOT_READY, msg::GAME_NOT_READY);
  std::vector<json::object> questions;
  for (const auto& r :
       c.query("SELECT kind, prompt, image_media_id, choices_json, correct_json, explanation FROM "
               "game_quiz_questions WHERE quiz_id = $1 ORDER BY position, id",
               quiz_id)
           .rows)
    questions.push_back(snapshot(r.str(0), r.str(1), r.opt_str(2), r.str(3), r.str(4), r.opt_str(5)));
  if (!quiz->is_null(3) && !quiz->is_null(4)) {
    std::vector<json::object> bank;
    for (const auto& r :
         c.query("SELECT kind, prompt, choices_json, correct_json, explanation FROM exam_questions "
                 "WHERE exam_id = $1",
                 quiz->str(3))
             .rows)
      bank.push_back(snapshot(r.str(0), r.str(1), std::nullopt, r.str(2), r.str(3), r.opt_str(4)));
    std::shuffle(bank.begin(), bank.end(), rng());
    bank.resize(std::min<std::size_t>(bank.size(), static_cast<std::size_t>(quiz->i64(4))));
    questions.insert(questions.end(), bank.begin(), bank.end());
  }
  if (questions.empty()) throw conflict(err::GAME_NOT_READY, msg::GAME_NOT_READY);
  for (auto& q : questions) q["streakBonus"] = quiz->i64(2) != 0;
  return {std::move(questions), quiz->i64(0) * 1000, quiz->i64(1)};
}

void insert_rounds(db::Connection& c, const std::string& play_id, const QuizSet& set,
                   std::optional<std::int64_t> first_issued_at) {
  std::int64_t position = 0;
  for (const auto& q : set.questions) {
    c.query(
        "INSERT INTO game_rounds (id, play_id, position, question_json, timer_ms, points_possible, "
        "issued_at) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7)",
        uuid_v7(), play_id, position, json::serialize(q), set.timer_ms, set.points_possible,
        position == 0 && first_issued_at ? db::Value{*first_issued_at} : db::Value{});
    ++position;
  }
}

namespace {

// The quiz's own questions in order, then bank_count drawn at random from the bank's (an exam's) questions.
void start_quiz(db::Connection& c, const std::string& play_id, const std::string& quiz_id, std::int64_t now) {
  insert_rounds(c, play_id, quiz_questions(c, quiz_id), now);
}

// Two cards per pair with random ids, shuffled; the pair index stays in board_json on the server.
std::string start_board(db::Connection& c, const std::string& matching_id) {
  auto pairs =
      c.query(
           "SELECT left_text, left_image_media_id, right_text FROM game_matching_pairs WHERE matching_id = "
           "$1 ORDER BY position, id",
           matching_id)
          .rows;
  if (pairs.size() < 4 || pairs.size() > 12) throw conflict(err::GAME_NOT_READY, msg::GAME_NOT_READY);
  json::array cards;
  std::int64_t i = 0;
  for (const auto& p : pairs) {
    json::object left{{"id", random_token(9)}, {"pair", i}, {"text", p.str(0)}};
    if (!p.is_null(1)) left["imageId"] = p.str(1);
    cards.push_back(std::move(left));
    cards.push_back(json::object{{"id", random_token(9)}, {"pair", i}, {"text", p.str(2)}});
    ++i;
  }
  std::shuffle(cards.begin(), cards.end(), rng());
  return json::serialize(cards);
}

}  // namespace

json::object play_start(db::Connection& c, const std::string& uid, const std::string& id, std::int64_t now) {
  auto viewer = resources::load_viewer(c, uid);
  auto g = game_for(c, StaffGate{viewer, now}, id);
  if (!g) throw ApiError::not_found();
  if (g->target_id.empty()) throw conflict(err::GAME_NOT_READY, msg::GAME_NOT_READY);
  // The person's balance row queues their starts, so two at once cannot both take the last attempt.
  points::lock_balance(c, uid);
  auto used = c.query("SELECT COUNT(*) FROM game_plays WHERE game_id = $1 AND user_id = $2 AND day = $3",
                      g->id, uid, bangkok_day(now))
                  .rows[0]
                  .i64(0);
  if (used >= g->attempts_per_day) throw conflict(err::ATTEMPTS_USED, msg::ATTEMPTS_USED);
  std::string play_id = uuid_v7();
  db::Value board = g->kind == "matching" ? db::Value{start_board(c, g->target_id)} : db::Value{};
  c.query(
      "INSERT INTO game_plays (id, game_id, user_id, mode, kind, day, started_at, board_json, found_json) "
      "VALUES "
      "($1, $2, $3, 'solo', $4, $5, $6, $7, $8)",
      play_id, g->id, uid, g->kind, bangkok_day(now), now, board,
      g->kind == "matching" ? db::Value{std::string("[]")} : db::Value{});
  if (g->kind == "quiz") start_quiz(c, play_id, g->target_id, now);
  c.query("UPDATE games SET plays_count = plays_count + 1 WHERE id = $1", g->id);
  return json::object{{"play", fresh_play(c, play_id, uid, now)}};
}

namespace {

Awaitable start_play(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  auto body =
      co_await ctx.app.db->transact([&](db::Connection& c) { return play_start(c, uid, id, now_ms()); });
  co_return http::json_response(ctx, body, http::Status::created);
}

Awaitable get_play(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("playId");
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    return json::object{{"play", fresh_play(c, id, uid, now_ms())}};
  });
  co_return http::json_response(ctx, body);
}

// A move in the caller's play `:playId`: step(c, uid, playId, now) in one transaction, answered as it is.
template <class Step>
Awaitable play_move(Context& ctx, Step step) {
  std::string uid = ctx.user->id, id = ctx.params.at("playId");
  auto out = co_await ctx.app.db->transact([&](db::Connection& c) { return step(c, uid, id, now_ms()); });
  co_return http::json_response(ctx, out);
}

}  // namespace

// ---- Quiz rounds ----------------------------------------------------------------------------------------

json::object play_answer(db::Connection& c, const std::string& uid, const std::string& id,
                         const std::string& round_id, const std::set<std::string>& picked, std::int64_t now) {
  auto p = own_play(c, id, uid);
  if (p.kind != "quiz") throw ApiError::not_found();
  if (p.finished_at) throw conflict(err::PLAY_FINISHED, msg::PLAY_FINISHED);
  auto outcome = answer_round(c, p.id, round_id, picked, now);
  return json::object{{"outcome", std::move(outcome)}, {"play", fresh_play(c, p.id, uid, now)}};
}

namespace {

Awaitable answer(Context& ctx) {
  json::object body = ctx.json_object();
  auto* round_v = body.if_contains("roundId");
  if (!round_v || !round_v->is_string()) throw ApiError::validation({{"roundId", msg::REQUIRED}});
  std::string round_id(round_v->as_string());
  auto picked = picked_options(body);
  co_return co_await play_move(
      ctx, [&](db::Connection& c, const std::string& uid, const std::string& id, std::int64_t now) {
        return play_answer(c, uid, id, round_id, picked, now);
      });
}

}  // namespace

std::set<std::string> picked_options(const json::object& body) {
  auto* list = body.if_contains("optionIds");
  std::set<std::string> picked;
  if (!list || !list->is_array() || list->as_array().empty() || list->as_array().size() > 8)
    throw ApiError::validation({{"optionIds", msg::GAME_OPTIONS}});
  for (const auto& v : list->as_array()) {
    if (!v.is_string() || v.as_string().empty() || v.as_string().size() > 40 ||
        !picked.insert(std::string(v.as_string())).second)
      throw ApiError::validation({{"optionIds", msg::GAME_OPTIONS}});
  }
  return picked;
}

json::object answer_round(db::Connection& c, const std::string& play_id, const std::string& round_id,
                          const std::set<std::string>& picked, std::int64_t now) {
  std::int64_t streak_before =
      c.query("SELECT streak FROM game_plays WHERE id = $1", play_id).rows.at(0).i64(0);
  auto rounds = rounds_of(c, play_id);
  auto it = std::find_if(rounds.begin(), rounds.end(), [&](const Round& r) { return r.id == round_id; });
  if (it == rounds.end() || !it->issued_at) throw ApiError::not_found();
  Round& r = *it;
  if (r.answered_at) throw conflict(err::ALREADY_ANSWERED, msg::ALREADY_ANSWERED);
  std::set<std::string> choice_ids;
  if (auto* ch = r.q.if_contains("choices"); ch && ch->is_array())
    for (const auto& o : ch->as_array())
      if (o.is_object() && o.as_object().contains("id") && o.at("id").is_string())
        choice_ids.insert(std::string(o.at("id").as_string()));
  for (const auto& o : picked)
    if (!choice_ids.contains(o)) throw ApiError::validation({{"optionIds", msg::GAME_OPTIONS}});
  // The server's clock is the judge: from the issue of this round to now.
  std::int64_t response_ms = now - *r.issued_at;
  bool timely = in_time(response_ms, r.timer_ms);
  bool correct = picked == string_set(r.q.contains("correct") ? r.q.at("correct") : json::value(nullptr));
  bool counts = correct && timely;
  std::int64_t streak = counts ? streak_before + 1 : 0;
  bool bonus_on =
      r.q.contains("streakBonus") && r.q.at("streakBonus").is_bool() && r.q.at("streakBonus").as_bool();
  std::int64_t points = answer_points(correct, response_ms, r.timer_ms, r.points_possible);
  std::int64_t bonus = counts ? streak_bonus(streak, r.points_possible, bonus_on) : 0;
  json::array ids;
  for (const auto& o : picked) ids.push_back(json::value(o));
  if (c.query("UPDATE game_rounds SET answered_at = $1, answer_json = $2, correct = $3, response_ms = $4, "
              "points = "
              "$5, bonus = $6, streak = $7 WHERE id = $8 AND answered_at IS NULL",
              now, json::serialize(ids), correct ? 1 : 0, response_ms, points, bonus, streak, r.id)
          .affected == 0)
    throw conflict(err::ALREADY_ANSWERED, msg::ALREADY_ANSWERED);
  c.query("UPDATE game_plays SET score = score + $1, streak = $2 WHERE id = $3", points + bonus, streak,
          play_id);
  r.answered_at = now;
  r.answer = ids;
  r.correct = correct;
  r.response_ms = response_ms;
  r.points = points;
  r.bonus = bonus;
  r.streak = streak;
  return outcome_json(r);
}

json::object play_next(db::Connection& c, const std::string& uid, const std::string& id, std::int64_t now) {
  auto p = own_play(c, id, uid);
  if (p.kind != "quiz") throw ApiError::not_found();
  if (p.finished_at) throw conflict(err::PLAY_FINISHED, msg::PLAY_FINISHED);
  auto rounds = rounds_of(c, p.id);
  for (auto& r : rounds) {
    close_expired(c, r, p, now);
    if (r.issued_at && !r.answered_at) throw conflict(err::ROUND_OPEN, msg::ROUND_OPEN);
  }
  auto it = std::find_if(rounds.begin(), rounds.end(), [](const Round& r) { return !r.issued_at; });
  if (it == rounds.end()) throw conflict(err::NO_MORE_ROUNDS, msg::NO_MORE_ROUNDS);
  if (c.query("UPDATE game_rounds SET issued_at = $1 WHERE id = $2 AND issued_at IS NULL", now, it->id)
          .affected == 0)
    throw conflict(err::ROUND_OPEN, msg::ROUND_OPEN);  // a racing "next" issued it
  return json::object{{"play", fresh_play(c, p.id, uid, now)}};
}

namespace {

Awaitable next_round(Context& ctx) {
  co_return co_await play_move(ctx, play_next);
}

}  // namespace

json::object play_finish(db::Connection& c, const std::string& uid, const std::string& id, std::int64_t now) {
  auto p = own_play(c, id, uid);
  if (p.kind != "quiz") throw ApiError::not_found();
  if (!p.finished_at) {
    auto rounds = rounds_of(c, p.id);
    for (auto& r : rounds) {
      close_expired(c, r, p, now);
      if (!r.answered_at) throw conflict(err::PLAY_NOT_DONE, msg::PLAY_NOT_DONE);
    }
    auto score = c.query("SELECT score FROM game_plays WHERE id = $1", p.id).rows[0].i64(0);
    finish_play(c, p.id, uid, p.game_id, score, now);
  }
  return json::object{{"play", fresh_play(c, p.id, uid, now)}};
}

namespace {

Awaitable finish(Context& ctx) {
  co_return co_await play_move(ctx, play_finish);
}

// ---- Matching -------------------------------------------------------------------------------------------

}  // namespace

json::object play_pair(db::Connection& c, const std::string& uid, const std::string& id,
                       const std::vector<std::string>& ids, std::int64_t now) {
  auto p = own_play(c, id, uid);
  if (p.kind != "matching") throw ApiError::not_found();
  points::lock_balance(c, uid);  // locks in the usual order (balance, then the play) before a finish
  // The move is counted first: the conditional update takes the play's row, so racing attempts queue and
  // each then reads the board as the one before left it.
  if (c.query("UPDATE game_plays SET moves = moves + 1 WHERE id = $1 AND finished_at IS NULL", p.id)
          .affected == 0)
    throw conflict(err::PLAY_FINISHED, msg::PLAY_FINISHED);
  p = own_play(c, id, uid);
  std::set<std::string> found;
  for (const auto& f : p.found)
    for (const auto& x : f.as_array()) found.insert(std::string(x.as_string()));
  std::int64_t pair_a = -1, pair_b = -1;
  for (const auto& card : p.board) {
    std::string cid(card.at("id").as_string());
    if (cid == ids[0]) pair_a = card.at("pair").as_int64();
    if (cid == ids[1]) pair_b = card.at("pair").as_int64();
  }
  if (pair_a < 0 || pair_b < 0 || found.contains(ids[0]) || found.contains(ids[1]))
    throw ApiError::validation({{"cardIds", msg::CARD_IDS}});
  bool match = pair_a == pair_b;
  if (match) {
    p.found.push_back(json::array{json::value(ids[0]), json::value(ids[1])});
    c.query("UPDATE game_plays SET found_json = $1 WHERE id = $2", json::serialize(p.found), p.id);
    if (p.found.size() * 2 == p.board.size())
      finish_play(c, p.id, uid, p.game_id,
                  matching_score(static_cast<std::int64_t>(p.found.size()), p.moves, now - p.started_at),
                  now);
  }
  return json::object{{"match", match},
                      {"pair", match ? json::value(json::array{json::value(ids[0]), json::value(ids[1])})
                                     : json::value(nullptr)},
                      {"play", fresh_play(c, p.id, uid, now)}};
}

namespace {

Awaitable pair(Context& ctx) {
  json::object body = ctx.json_object();
  auto* list = body.if_contains("cardIds");
  if (!list || !list->is_array() || list->as_array().size() != 2)
    throw ApiError::validation({{"cardIds", msg::CARD_IDS}});
  std::vector<std::string> ids;
  for (const auto& v : list->as_array()) {
    if (!v.is_string() || v.as_string().empty() || v.as_string().size() > 64)
      throw ApiError::validation({{"cardIds", msg::CARD_IDS}});
    ids.emplace_back(v.as_string());
  }
  if (ids[0] == ids[1]) throw ApiError::validation({{"cardIds", msg::CARD_IDS}});
  co_return co_await play_move(ctx, [&](db::Connection& c, const std::string& uid, const std::string& id,
                                        std::int64_t now) { return play_pair(c, uid, id, ids, now); });
}

}  // namespace

void register_play_routes(http::Services& app) {
  app.router.post("/api/games/:id/plays", start_play, http::Access::signed_in);
  app.router.get("/api/game-plays/:playId", get_play, http::Access::signed_in);
  app.router.post("/api/game-plays/:playId/answer", answer, http::Access::signed_in);
  app.router.post("/api/game-plays/:playId/next", next_round, http::Access::signed_in);
  app.router.post("/api/game-plays/:playId/finish", finish, http::Access::signed_in);
  app.router.post("/api/game-plays/:playId/pair", pair, http::Access::signed_in);
}

}  // namespace shopfloor::games
