// The live quiz (docs/API.md "Live quiz"): an editor hosts a quiz for a room; staff in the game's audience
// join with an 8-digit PIN (rate-limited per person and per address, a wrong PIN weighing ten joins; a lobby
// idle for LIVE_LOBBY_IDLE_MINUTES closes), each with a play (mode 'live') holding the same rounds. The host
// issues each question to every play at once; phones receive it over the realtime socket (games/live.hpp)
// with no answer in it, and answer over HTTP, timed on the server from the issue and scored by
// games/scoring.hpp through the solo path (answer_round). A question ends when its timer (plus the network
// grace) runs out, when everyone answered, or when the host moves on; only then do views carry the correct
// ids, the distribution and the ranks. The last "next" ends the game: each play is finished through
// finish_play (the game's points rule, the daily cap), once.
#include "games/live.hpp"

#include <spdlog/spdlog.h>

#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json.hpp>
#include <map>
#include <random>
#include <set>

#include "games/internal.hpp"
#include "games/scoring.hpp"
#include "http/client_budget.hpp"
#include "http/handler.hpp"
#include "jobs/audience_jobs.hpp"
#include "notifications/notifications.hpp"
#include "realtime/fanout.hpp"
#include "realtime/presence_hub.hpp"
#include "realtime/session.hpp"
#include "resources/audience.hpp"
#include "resources/people_pages.hpp"
#include "util/ids.hpp"
#include "util/json_text.hpp"

namespace shopfloor::games {

namespace asio = boost::asio;

namespace {

ApiError conflict(const http::ErrorCode& code, const http::Message& m) {
  return {http::Status::conflict, code, m};
}

// PINs: 8 digits (90 million), unique among open sessions. A join costs 1 unit of the person's and the
// address's budgets; one that gets nobody in (an unknown PIN, someone outside the game's audience, a game
// already started) 10: guessing costs the guesser, not the players.
constexpr std::size_t pin_digits = 8;
constexpr std::int64_t miss_cost = 10;
// LIVE_LOBBY_IDLE_MINUTES, set when the routes are registered.
std::atomic<std::int64_t> lobby_idle_ms{30 * 60 * 1000};

// ---- The session as the database holds it ---------------------------------------------------------------

struct Player {
  std::string play_id, user_id, name;
  std::int64_t score = 0, rank = 0, points_awarded = 0;
  // The current question's round.
  bool answered = false, correct = false, late = false;
  std::int64_t points = 0, bonus = 0, streak = 0;
  json::value answer;
};

struct Snapshot {
  std::string id, quiz_id, game_id, host_id, pin, status, title;
  json::array questions;
  std::int64_t count = 0, timer_ms = 0, points_possible = 0, current = -1, answered = 0, seq = 0;
  std::int64_t player_count = 0, active_at = 0;
  bool expired = false;  // a lobby closed for being idle (shown as finished, without a podium)
  std::optional<std::int64_t> issued_at, closed_at;
  std::vector<Player> players;  // by score, best first; ranks shared on ties (1, 1, 3)
  json::object question;        // the current question as phones see it (empty before the first)
};

const char* const session_columns =
    "s.id, s.quiz_id, s.game_id, s.host_id, s.pin, s.status, s.questions_json, s.question_count, s.timer_ms, "
    "s.points_possible, s.current, s.answered, s.seq, s.issued_at, s.closed_at, q.title, s.active_at, "
    "s.expired_at";

std::optional<Snapshot> load(db::Connection& c, const std::string& id, bool with_players = true) {
  if (!plausible_id(id)) return std::nullopt;
  auto r = c.query(std::string("SELECT ") + session_columns +
                       " FROM game_live_sessions s JOIN game_quizzes q ON q.id = s.quiz_id WHERE s.id = $1",
                   id)
               .first();
  if (!r) return std::nullopt;
  Snapshot s;
  s.id = r->str(0);
  s.quiz_id = r->str(1);
  s.game_id = r->str(2);
  s.host_id = r->str(3);
  s.pin = r->str(4);
  s.status = r->str(5);
  if (auto q = parse_or(r->str(6), nullptr); q.is_array()) s.questions = q.as_array();
  s.count = r->i64(7);
  s.timer_ms = r->i64(8);
  s.points_possible = r->i64(9);
  s.current = r->i64(10);
  s.answered = r->i64(11);
  s.seq = r->i64(12);
  s.issued_at = r->opt_i64(13);
  s.closed_at = r->opt_i64(14);
  s.title = r->str(15);
  s.active_at = r->i64(16);
  // Idle lobbies are closed by the next write (close_idle_lobbies); a read shows them closed already.
  s.expired = !r->is_null(17) || (s.status == "lobby" && s.active_at < now_ms() - lobby_idle_ms.load());
  if (s.expired) s.status = "finished";
  if (s.issued_at && s.current >= 0 && static_cast<std::size_t>(s.current) < s.questions.size() &&
      s.questions[s.current].is_object())
    s.question = question_json(c, s.questions[s.current].as_object(), s.current, s.timer_ms,
                               s.points_possible, *s.issued_at);
  if (!with_players) return s;
  std::map<std::string, std::size_t> by_play;
  std::int64_t n = 0, previous = -1, rank = 0;
  for (const auto& p :
       c.query("SELECT p.id, p.user_id, u.name, p.score, p.points_awarded FROM game_plays p "
               "JOIN users u ON u.id = p.user_id WHERE p.session_id = $1 ORDER BY p.score DESC, "
               "u.name, p.id",
               s.id)
           .rows) {
    Player x;
    x.play_id = p.str(0);
    x.user_id = p.str(1);
    x.name = p.str(2);
    x.score = p.i64(3);
    x.points_awarded = p.i64(4);
    ++n;
    if (x.score != previous) rank = n, previous = x.score;
    x.rank = rank;
    by_play[x.play_id] = s.players.size();
    s.players.push_back(std::move(x));
  }
  s.player_count = static_cast<std::int64_t>(s.players.size());
  if (s.current >= 0) {
    for (const auto& r2 :
         c.query("SELECT r.play_id, r.answered_at, r.answer_json, r.correct, r.points, r.bonus, "
                 "r.streak, r.response_ms FROM game_rounds r JOIN game_plays p ON p.id = "
                 "r.play_id WHERE p.session_id = $1 AND r.position = $2",
                 s.id, s.current)
             .rows) {
      auto it = by_play.find(r2.str(0));
      if (it == by_play.end()) continue;
      Player& x = s.players[it->second];
      x.answered = !r2.is_null(1) && !r2.is_null(2);
      x.answer = r2.is_null(2) ? json::value(nullptr) : parse_or(r2.str(2), nullptr);
      x.correct = r2.i64(3) != 0;
      x.points = r2.i64(4);
      x.bonus = r2.i64(5);
      x.streak = r2.i64(6);
      x.late = r2.is_null(7) || !in_time(r2.i64(7), s.timer_ms);
    }
  }
  return s;
}

// ---- Views ------------------------------------------------------------------------------------------------

json::array board(const Snapshot& s, std::size_t n) {
  json::array out;
  for (std::size_t i = 0; i < s.players.size() && i < n; ++i)
    out.push_back(json::object{{"rank", s.players[i].rank},
                               {"userId", s.players[i].user_id},
                               {"name", s.players[i].name},
                               {"score", s.players[i].score}});
  return out;
}

json::value correct_ids(const Snapshot& s) {
  if (s.current < 0 || static_cast<std::size_t>(s.current) >= s.questions.size()) return json::array{};
  const auto& q = s.questions[s.current];
  if (q.is_object())
    if (auto* c = q.as_object().if_contains("correct")) return *c;
  return json::array{};
}

// What everyone sees; the answer (correctIds) only once the question ended (reveal, finished).
json::object common(const Snapshot& s, std::int64_t now) {
  bool ended = s.status == "reveal" || s.status == "finished";
  json::object o{
      {"id", s.id},
      {"title", s.title},
      {"status", s.status},
      {"index", s.current},
      {"questionCount", s.count},
      {"playerCount", s.player_count},
      {"seq", s.seq},
      {"serverNow", iso8601(now)},
      {"question",
       s.question.empty() || s.status == "finished" ? json::value(nullptr) : json::value(s.question)},
      {"correctIds", ended && s.current >= 0 ? correct_ids(s) : json::value(nullptr)},
      {"podium", s.status == "finished" && !s.expired ? json::value(board(s, 3)) : json::value(nullptr)},
      {"expired", s.expired}};
  return o;
}

json::object host_view(const Snapshot& s, std::int64_t now) {
  json::object o = common(s, now);
  o["pin"] = s.pin;
  o["answered"] = s.answered;
  json::array joined;
  for (const auto& p : s.players) joined.push_back(json::object{{"userId", p.user_id}, {"name", p.name}});
  o["players"] = std::move(joined);
  bool ended = s.status == "reveal" || s.status == "finished";
  o["top"] = ended ? json::value(board(s, 5)) : json::value(nullptr);
  json::value distribution = nullptr;
  if (ended && s.current >= 0 && s.question.contains("choices")) {
    json::array d;
    std::set<std::string> right;
    auto ids = correct_ids(s);
    for (const auto& id : ids.as_array())
      if (id.is_string()) right.insert(std::string(id.as_string()));
    for (const auto& ch : s.question.at("choices").as_array()) {
      std::string cid(ch.at("id").as_string());
      std::int64_t n = 0;
      for (const auto& p : s.players)
        if (p.answer.is_array())
          for (const auto& a : p.answer.as_array())
            if (a.is_string() && a.as_string() == cid) ++n;
      d.push_back(
          json::object{{"id", cid}, {"text", ch.at("text")}, {"count", n}, {"correct", right.contains(cid)}});
    }
    distribution = std::move(d);
  }
  o["distribution"] = std::move(distribution);
  return o;
}

json::object player_view(const Snapshot& s, const Player& p, std::int64_t now) {
  json::object o = common(s, now);
  bool ended = s.status == "reveal" || s.status == "finished";
  json::object me{{"name", p.name}, {"score", p.score}, {"answered", p.answered}, {"result", nullptr}};
  // The rank and the round's result are news only once the question ended.
  me["rank"] = ended || s.status == "lobby" ? json::value(p.rank) : json::value(nullptr);
  if (s.status == "reveal" && s.current >= 0)
    me["result"] =
        json::object{{"correct", p.correct}, {"late", p.answered && p.late}, {"points", p.points},
                     {"bonus", p.bonus},     {"streak", p.streak},           {"answered", p.answered}};
  if (s.status == "finished") me["pointsAwarded"] = p.points_awarded;
  o["me"] = std::move(me);
  return o;
}

const Player* player_of(const Snapshot& s, const std::string& uid) {
  for (const auto& p : s.players)
    if (p.user_id == uid) return &p;
  return nullptr;
}

// ---- Moves ------------------------------------------------------------------------------------------------

// Ends the current question (once): unanswered rounds score 0 and lose the streak.
bool close_question(db::Connection& c, const std::string& id, std::int64_t index, std::int64_t now) {
  if (c.query(
           "UPDATE game_live_sessions SET status = 'reveal', closed_at = $1, active_at = $1, seq = seq + 1 "
           "WHERE id = $2 AND status = 'question' AND current = $3",
           now, id, index)
          .affected == 0)
    return false;
  c.query(
      "UPDATE game_plays SET streak = 0 WHERE session_id = $1 AND EXISTS (SELECT 1 FROM game_rounds r WHERE "
      "r.play_id = game_plays.id AND r.position = $2 AND r.answered_at IS NULL)",
      id, index);
  c.query(
      "UPDATE game_rounds SET answered_at = $1, correct = 0, points = 0, bonus = 0, streak = 0 WHERE "
      "position = $2 AND answered_at IS NULL AND play_id IN (SELECT id FROM game_plays WHERE session_id = "
      "$3)",
      now, index, id);
  LiveFanout::publish(c, id, false);
  return true;
}

std::string new_pin() {
  thread_local std::mt19937 g{std::random_device{}()};
  return std::to_string(std::uniform_int_distribution<int>(10'000'000, 99'999'999)(g));
}

// Closes every lobby idle for longer than LIVE_LOBBY_IDLE_MINUTES (its PIN is free again) and tells their
// screens. Called by the writes that look PINs up or draw them.
void close_idle_lobbies(db::Connection& c, std::int64_t now) {
  for (const auto& r : c.query("UPDATE game_live_sessions SET status = 'finished', finished_at = $1, "
                               "expired_at = $1, seq = seq + 1 WHERE status = 'lobby' AND active_at < $2 "
                               "RETURNING id",
                               now, now - lobby_idle_ms.load())
                           .rows)
    LiveFanout::publish(c, r.str(0), false);
}

// POST /api/admin/live-quizzes {quizId, gameId?}: the game (catalogue instance of the quiz) gives the points
// rule; without gameId the newest one of the quiz.
Awaitable host(Context& ctx) {
  std::string uid = ctx.user->id;
  json::object body = ctx.json_object();
  auto str = [&](const char* k) -> std::optional<std::string> {
    auto* v = body.if_contains(k);
    return v && v->is_string() ? std::optional(std::string(v->as_string())) : std::nullopt;
  };
  auto quiz_id = str("quizId"), game_id = str("gameId");
  if (!quiz_id || !plausible_id(*quiz_id)) throw ApiError::validation({{"quizId", msg::REQUIRED}});
  auto out = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto now = now_ms();
    if (!c.query("SELECT 1 FROM game_quizzes WHERE id = $1", *quiz_id).first()) throw ApiError::not_found();
    close_idle_lobbies(c, now);
    // The back office hosts any game of the quiz, whatever its state.
    const std::string games = resources::any_state("games");
    auto g = game_id
                 ? c.query("SELECT id FROM " + games + " WHERE id = $1 AND kind = 'quiz' AND quiz_id = $2",
                           *game_id, *quiz_id)
                       .first()
                 : c.query("SELECT id FROM " + games +
                               " WHERE kind = 'quiz' AND quiz_id = $1 ORDER BY created_at DESC, id LIMIT 1",
                           *quiz_id)
                       .first();
    if (!g) throw conflict(err::LIVE_NO_GAME, msg::LIVE_NO_GAME);
    auto set = quiz_questions(c, *quiz_id);
    json::array qs;
    for (auto& q : set.questions) qs.push_back(q);
    std::string id = uuid_v7();
    // The partial unique index decides between two open sessions drawing the same PIN.
    for (int attempt = 0;; ++attempt) {
      if (attempt == 50) throw std::runtime_error("no free live quiz PIN");
      if (c.query("INSERT INTO game_live_sessions (id, quiz_id, game_id, host_id, pin, questions_json, "
                  "question_count, timer_ms, points_possible, created_at, active_at) VALUES ($1, $2, $3, $4, "
                  "$5, $6, $7, $8, $9, $10, $10) ON CONFLICT DO NOTHING",
                  id, *quiz_id, g->str(0), uid, new_pin(), json::serialize(qs),
                  static_cast<std::int64_t>(qs.size()), set.timer_ms, set.points_possible, now)
              .affected == 1)
        break;
    }
    // The quiz's stores are told it is open (a background job, a batch of people at a time).
    auto stores = c.query("SELECT live_stores_json FROM game_quizzes WHERE id = $1", *quiz_id).first();
    if (stores &&
        !resources::parse_audience("{\"stores\":" + stores->opt_str(0).value_or("[]") + "}").everyone())
      jobs::AudienceJobs::enqueue(c, live_opened_job, id);
    return json::object{{"session", host_view(*load(c, id), now)}};
  });
  co_return http::json_response(ctx, out, http::Status::created);
}

}  // namespace

std::optional<std::string> tell_live_stores(db::Connection& c, const std::string& session_id,
                                            const std::string& after_user, int batch, std::int64_t) {
  auto s = load(c, session_id, false);
  if (!s || s->status != "lobby") return std::nullopt;  // started, finished or closed: joining is over
  auto r = c.query("SELECT q.live_stores_json, g.audience_json FROM game_quizzes q, " +
                       resources::any_state("games") + " g WHERE q.id = $1 AND g.id = $2",
                   s->quiz_id, s->game_id)
               .first();
  if (!r) return std::nullopt;
  auto stores = resources::parse_audience("{\"stores\":" + r->opt_str(0).value_or("[]") + "}");
  if (stores.everyone()) return std::nullopt;  // PIN only
  auto game_audience = resources::parse_audience(r->opt_str(1).value_or(""));
  auto page = resources::people_page(c, std::span<const resources::Audience>(&stores, 1), after_user, batch);
  if (page.last.empty()) return std::nullopt;
  for (const auto& v : page.people)
    if (v.user_id != s->host_id && resources::matches(game_audience, v))  // join() lets them in
      notifications::notify(
          c, {v.user_id, "live_quiz_started", json::object{{"title", s->title}, {"pin", s->pin}},
              "/club/games/live?pin=" + s->pin, "live_quiz:" + s->id});
  return page.last;
}

namespace {

Snapshot hosted(db::Connection& c, const std::string& id, const std::string& uid) {
  auto s = load(c, id);
  if (!s) throw ApiError::not_found();
  if (s->host_id != uid) throw ApiError(http::Status::forbidden, err::LIVE_NOT_HOST, msg::LIVE_NOT_HOST);
  return *s;
}

Awaitable host_state(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  auto out = co_await ctx.app.db->read([&](db::Connection& c) {
    return json::object{{"session", host_view(hosted(c, id, uid), now_ms())}};
  });
  co_return http::json_response(ctx, out);
}

// lobby → question 0; question → reveal (the host moves on early); reveal → the next question, or after the
// last one the end: every play finished (points under the game's rule and the daily cap), the podium.
Awaitable host_next(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  std::optional<std::int64_t> issued;  // the index issued, for the timer
  std::int64_t timer_ms = 0;
  auto out = co_await ctx.app.db->transact([&](db::Connection& c) {
    issued.reset();
    auto now = now_ms();
    close_idle_lobbies(c, now);
    auto s = hosted(c, id, uid);
    if (s.status == "finished") throw conflict(err::LIVE_FINISHED, msg::LIVE_FINISHED);
    if (s.status == "question") {
      close_question(c, id, s.current, now);
    } else if (s.current + 1 < s.count) {
      std::int64_t next = s.current + 1;
      if (s.status == "lobby" && s.players.empty()) throw conflict(err::GAME_NOT_READY, msg::GAME_NOT_READY);
      if (c.query(
               "UPDATE game_live_sessions SET status = 'question', current = $1, issued_at = $2, closed_at = "
               "NULL, active_at = $2, answered = 0, seq = seq + 1 WHERE id = $3 AND current = $4 AND status "
               "= "
               "$5",
               next, now, id, s.current, s.status)
              .affected == 0)
        throw conflict(err::LIVE_STARTED, msg::LIVE_STARTED);  // a racing "next" moved it
      // One moment for everyone: every player's round gets the same issue time.
      c.query(
          "UPDATE game_rounds SET issued_at = $1 WHERE position = $2 AND play_id IN (SELECT id FROM "
          "game_plays WHERE session_id = $3)",
          now, next, id);
      LiveFanout::publish(c, id, false);
      issued = next;
      timer_ms = s.timer_ms;
    } else {
      if (c.query(
               "UPDATE game_live_sessions SET status = 'finished', finished_at = $1, active_at = $1, seq = "
               "seq + 1 WHERE id = $2 AND status = 'reveal'",
               now, id)
              .affected == 0)
        throw conflict(err::LIVE_FINISHED, msg::LIVE_FINISHED);
      for (const auto& p : s.players) finish_play(c, p.play_id, p.user_id, s.game_id, p.score, now);
      LiveFanout::publish(c, id, false);
    }
    return json::object{{"session", host_view(*load(c, id), now)}};
  });
  if (issued) ctx.app.get<LiveFanout>().close_later(id, *issued, timer_ms + network_grace_ms);
  co_return http::json_response(ctx, out);
}

// The digits of a PIN as typed ("1234 5678", "1234-5678"), or nullopt when it is not one.
std::optional<std::string> pin_of(const json::object& body) {
  auto* v = body.if_contains("pin");
  if (!v || !v->is_string() || v->as_string().size() > 32) return std::nullopt;
  std::string pin;
  for (char ch : v->as_string())
    if (ch != ' ' && ch != '-') pin += ch;
  if (pin.size() != pin_digits || pin.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return pin;
}

// POST /api/games/live/join {pin}: the person's play in the open session with that PIN (joining twice answers
// the same play). Joining is open in the lobby only, to people in the game's audience; anyone else gets the
// answer of an unknown PIN. Each attempt is paid for before the PIN is looked up (429 tells nothing about a
// PIN); one that gets nobody in costs miss_cost.
Awaitable join(Context& ctx, http::ClientBudget& budget) {
  std::string uid = ctx.user->id;
  budget.spend_both(ctx, 1);
  auto pin = pin_of(ctx.json_object());
  if (!pin) throw ApiError::validation({{"pin", msg::LIVE_PIN}});
  enum class Refusal { none, unknown, started };
  auto refusal = Refusal::none;
  auto out = co_await ctx.app.db->transact([&](db::Connection& c) -> json::object {
    refusal = Refusal::none;
    auto now = now_ms();
    close_idle_lobbies(c, now);
    // A session the host opened is joined by its PIN whatever the game's window; its audience still holds.
    auto r = c.query("SELECT s.id, g.audience_json FROM game_live_sessions s JOIN " +
                         resources::any_state("games") +
                         " g ON g.id = s.game_id WHERE s.pin = $1 AND s.status <> 'finished'",
                     *pin)
                 .first();
    if (!r || !resources::matches(r->opt_str(1).value_or(""), resources::load_viewer(c, uid))) {
      refusal = Refusal::unknown;
      return {};
    }
    auto s = load(c, r->str(0), false);
    bool member = c.query("SELECT 1 FROM game_plays WHERE session_id = $1 AND user_id = $2", s->id, uid)
                      .first()
                      .has_value();
    if (!member) {
      if (s->status != "lobby") {
        refusal = Refusal::started;
        return {};
      }
      std::string play_id = uuid_v7();
      if (c.query("INSERT INTO game_plays (id, game_id, user_id, mode, session_id, kind, day, started_at) "
                  "VALUES "
                  "($1, $2, $3, 'live', $4, 'quiz', $5, $6) ON CONFLICT DO NOTHING",
                  play_id, s->game_id, uid, s->id, bangkok_day(now), now)
              .affected == 1) {
        QuizSet set;
        for (const auto& q : s->questions)
          if (q.is_object()) set.questions.push_back(q.as_object());
        set.timer_ms = s->timer_ms;
        set.points_possible = s->points_possible;
        insert_rounds(c, play_id, set, std::nullopt);
        c.query("UPDATE game_live_sessions SET seq = seq + 1, active_at = $1 WHERE id = $2", now, s->id);
        LiveFanout::publish(c, s->id, true);
      }
    }
    auto full = load(c, s->id);
    return json::object{{"session", player_view(*full, *player_of(*full, uid), now)}};
  });
  if (refusal != Refusal::none) {
    budget.charge_both(ctx, miss_cost - 1);
    if (refusal == Refusal::started) throw conflict(err::LIVE_STARTED, msg::LIVE_STARTED);
    throw ApiError(http::Status::not_found, err::LIVE_PIN_NOT_FOUND, msg::LIVE_PIN_NOT_FOUND);
  }
  co_return http::json_response(ctx, out);
}

Awaitable play_state(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  auto out = co_await ctx.app.db->read([&](db::Connection& c) {
    auto s = load(c, id);
    const Player* p = s ? player_of(*s, uid) : nullptr;
    if (!p) throw ApiError::not_found();
    return json::object{{"session", player_view(*s, *p, now_ms())}};
  });
  co_return http::json_response(ctx, out);
}

// POST /api/games/live/:id/answer {index, optionIds}: one answer per question, while it is open; the response
// says only that it counted (the result comes when the question ends).
Awaitable answer(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  json::object body = ctx.json_object();
  auto* idx = body.if_contains("index");
  if (!idx || !idx->is_int64()) throw ApiError::validation({{"index", msg::REQUIRED}});
  std::int64_t index = idx->as_int64();
  auto picked = picked_options(body);
  auto out = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto now = now_ms();
    auto play =
        plausible_id(id)
            ? c.query("SELECT id FROM game_plays WHERE session_id = $1 AND user_id = $2", id, uid).first()
            : std::nullopt;
    if (!play) throw ApiError::not_found();
    // The session's row is the answers' lock: the count of answers cannot miss a racing one, and a question
    // closed meanwhile refuses the answer.
    if (c.query("UPDATE game_live_sessions SET answered = answered + 1, seq = seq + 1, active_at = $3 WHERE "
                "id = $1 AND status = 'question' AND current = $2",
                id, index, now)
            .affected == 0)
      throw conflict(err::QUESTION_CLOSED, msg::QUESTION_CLOSED);
    auto round =
        c.query("SELECT id FROM game_rounds WHERE play_id = $1 AND position = $2", play->str(0), index)
            .first();
    if (!round) throw ApiError::not_found();
    answer_round(c, play->str(0), round->str(0), picked, now);
    auto counts =
        c.query(
             "SELECT s.answered, (SELECT COUNT(*) FROM game_plays p WHERE p.session_id = s.id) FROM "
             "game_live_sessions s WHERE s.id = $1",
             id)
            .rows.at(0);
    // The answerer's own view without reading every player, as the session's lock is held. Read before a
    // close below: the result itself reaches every phone, this one too, over the socket with a higher seq.
    auto s = load(c, id, false);
    s->player_count = counts.i64(1);
    auto r = c.query(
                  "SELECT p.user_id, u.name, p.score FROM game_plays p JOIN users u ON u.id = p.user_id "
                  "WHERE p.id = $1",
                  play->str(0))
                 .rows.at(0);
    Player me;
    me.user_id = r.str(0);
    me.name = r.str(1);
    me.score = r.i64(2);
    me.answered = true;
    // Everyone answered: the question ends now (the clock read again: `now` was read before the row's lock,
    // and the answer is timed from then, fairly to those queued behind others).
    if (!(counts.i64(0) >= counts.i64(1) && close_question(c, id, index, now_ms())))
      LiveFanout::publish(c, id, true);
    return json::object{{"session", player_view(*s, me, now)}};
  });
  co_return http::json_response(ctx, out);
}

}  // namespace

// ---- Fan-out ----------------------------------------------------------------------------------------------

LiveFanout::LiveFanout(http::Services& app) : app_(app) {
  app.get<realtime::Fanout>().on(live_quiz_topic, [this](const json::object& payload) {
    const auto* sid = payload.if_contains("sessionId");
    const auto* host_only = payload.if_contains("hostOnly");
    if (!sid || !sid->is_string()) return;
    changed(std::string(sid->as_string()), host_only && host_only->is_bool() && host_only->as_bool());
  });
}

void LiveFanout::publish(db::Connection& c, const std::string& session_id, bool host_only) {
  realtime::Fanout::publish(c, live_quiz_topic,
                            json::object{{"sessionId", session_id}, {"hostOnly", host_only}});
}

void LiveFanout::close_later(const std::string& session_id, std::int64_t index, std::int64_t delay_ms) {
  auto* io = app_.get<realtime::Fanout>().io();
  if (!io) return;
  asio::co_spawn(
      io->get_executor(),
      [this, session_id, index, delay_ms]() -> asio::awaitable<void> {
        asio::steady_timer timer(co_await asio::this_coro::executor, std::chrono::milliseconds(delay_ms));
        co_await timer.async_wait(asio::use_awaitable);
        try {
          co_await app_.db->transact(
              [&](db::Connection& c) { return close_question(c, session_id, index, now_ms()); });
        } catch (const std::exception& e) {
          spdlog::warn("live quiz: closing {} #{} failed: {}", session_id, index, e.what());
        }
      },
      asio::detached);
}

void LiveFanout::changed(const std::string& session_id, bool host_only) {
  auto* io = app_.get<realtime::Fanout>().io();
  if (!io) return;
  if (host_only) {
    std::lock_guard lock(mutex_);
    auto [it, fresh] = host_reads_.try_emplace(session_id, false);
    if (!fresh) {
      it->second = true;  // the read under way runs once more when it is done
      return;
    }
  }
  asio::co_spawn(
      io->get_executor(),
      [this, session_id, host_only]() -> asio::awaitable<void> {
        for (;;) {
          co_await deliver(session_id, host_only);
          if (!host_only) co_return;
          std::lock_guard lock(mutex_);
          auto it = host_reads_.find(session_id);
          if (!it->second) {
            host_reads_.erase(it);
            co_return;
          }
          it->second = false;  // changed while we read: read again
        }
      },
      asio::detached);
}

asio::awaitable<void> LiveFanout::deliver(const std::string& session_id, bool host_only) {
  try {
    // Read after the change committed: the views sent are the current ones (seq orders them).
    auto s = co_await app_.db->read([&](db::Connection& c) { return load(c, session_id); });
    if (!s) co_return;
    auto& hub = app_.get<realtime::PresenceHub>();
    auto now = now_ms();
    auto send = [&](const std::string& uid, const json::object& view) {
      auto sockets = hub.sessions_of(uid);
      if (sockets.empty()) return;
      auto m = std::make_shared<const std::string>(
          json::serialize(json::object{{"type", "live"}, {"session", view}}));
      for (auto& sock : sockets) sock->send(m);
    };
    send(s->host_id, host_view(*s, now));
    if (host_only) co_return;
    for (const auto& p : s->players)
      if (p.user_id != s->host_id && !hub.sessions_of(p.user_id).empty())
        send(p.user_id, player_view(*s, p, now));
  } catch (const std::exception& e) {
    spdlog::warn("live quiz: fan-out of {} failed: {}", session_id, e.what());
  }
}

void register_live_routes(http::Services& app) {
  const auto& cfg = app.config;
  lobby_idle_ms.store(std::max(1, cfg.live_lobby_idle_minutes) * std::int64_t{60'000});
  auto joins = std::make_shared<http::ClientBudget>(
      RateBudget::Limits{cfg.live_join_ip_burst, cfg.live_join_ip_per_min},
      RateBudget::Limits{cfg.live_join_user_burst, cfg.live_join_user_per_min});
  app.get<jobs::AudienceJobs>().handle(live_opened_job, tell_live_stores);
  app.router.post("/api/admin/live-quizzes", host, http::Access::editor);
  app.router.get("/api/admin/live-quizzes/:id", host_state, http::Access::editor);
  app.router.post("/api/admin/live-quizzes/:id/next", host_next, http::Access::editor);
  app.router.post(
      "/api/games/live/join", [joins](Context& ctx) { return join(ctx, *joins); }, http::Access::signed_in);
  app.router.get("/api/games/live/:id", play_state, http::Access::signed_in);
  app.router.post("/api/games/live/:id/answer", answer, http::Access::signed_in);
}

}  // namespace shopfloor::games
