// The catalogue for staff: the games open to the viewer with their best score and rank, a game's page, its
// leaderboards (today, this week, all time: best finished score per person), and finishing a play (points
// under the daily cap, shared by quiz and matching plays).
#include "games/games.hpp"
#include "games/internal.hpp"
#include "games/scoring.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "media/media.hpp"
#include "points/ledger.hpp"
#include "points/standings.hpp"
#include "resources/triggers.hpp"
#include "util/ids.hpp"

namespace shopfloor::games {

using resources::StaffGate;

namespace {

resources::StaffQuery games(const StaffGate& gate) {
  return gate.from("games", "g")
      .select(
          "g.id, g.title, g.kind, g.quiz_id, g.matching_id, g.attempts_per_day, g.score_per_point, g.end_at, "
          "g.cover_media_id");
}

Game game_of(const db::Row& r) {
  Game g;
  g.id = r.str(0);
  g.title = r.str(1);
  g.kind = r.str(2);
  g.target_id = g.kind == "quiz" ? (r.is_null(3) ? "" : r.str(3)) : (r.is_null(4) ? "" : r.str(4));
  g.attempts_per_day = r.i64(5);
  g.score_per_point = r.i64(6);
  if (!r.is_null(7)) g.end_at = r.i64(7);
  if (!r.is_null(8)) g.cover_id = r.str(8);
  return g;
}

std::int64_t attempts_today(db::Connection& c, const std::string& game_id, const std::string& uid,
                            std::int64_t now) {
  return c
      .query("SELECT COUNT(*) FROM game_plays WHERE game_id = $1 AND user_id = $2 AND day = $3", game_id, uid,
             bangkok_day(now))
      .rows[0]
      .i64(0);
}

json::object card_json(db::Connection& c, const Game& g, const std::string& uid, std::int64_t now) {
  auto best = best_of(c, g.id, uid);
  auto players =
      c.query("SELECT COUNT(DISTINCT user_id) FROM game_plays WHERE game_id = $1 AND finished_at IS NOT NULL",
              g.id)
          .rows[0]
          .i64(0);
  return json::object{
      {"id", g.id},
      {"title", g.title},
      {"kind", g.kind},
      {"cover", media::media_summary_of(c, g.cover_id)},
      {"endAt", http::iso_or_null(g.end_at)},
      {"attemptsPerDay", g.attempts_per_day},
      {"attemptsLeft", std::max<std::int64_t>(0, g.attempts_per_day - attempts_today(c, g.id, uid, now))},
      {"best", http::value_or_null(best)},
      {"rank", best ? json::value(rank_of(c, g.id, *best)) : json::value(nullptr)},
      {"players", players},
  };
}

Awaitable list_games(Context& ctx) {
  auto body = co_await resources::staff_read(ctx, [](db::Connection& c, const StaffGate& gate) {
    json::array items;
    for (const auto& r : games(gate).order_by("g.created_at DESC, g.id").limit(100).rows(c))
      items.push_back(card_json(c, game_of(r), gate.user_id(), gate.now()));
    return json::object{{"items", std::move(items)}};
  });
  co_return http::json_response(ctx, body);
}

Awaitable get_game(Context& ctx) {
  co_return co_await resources::staff_item(
      ctx, game_for, [&](db::Connection& c, const StaffGate& gate, const std::string& id, const Game& g) {
        auto now = gate.now();
        return json::object{{"game", card_json(c, g, gate.user_id(), now)},
                            {"pointsToday", points_today(c, gate.user_id(), now)},
                            {"dailyCap", daily_cap(c)}};
      });
}

// Best finished score per person since `from_ms`, top 50, ranks shared on ties (1, 1, 3).
Awaitable leaderboard(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  std::string period = ctx.query("period").value_or("all");
  if (period != "today" && period != "week" && period != "all")
    throw ApiError(http::Status::bad_request, err::BAD_REQUEST, msg::INVALID_QUERY,
                   {{"period", msg::GAME_LEADERBOARD_PERIOD}});
  auto body = co_await resources::staff_read(
      ctx, [&](db::Connection& c, const StaffGate& gate) -> std::optional<json::object> {
        auto now = gate.now();
        auto g = game_for(c, gate, id);
        if (!g) return std::nullopt;
        std::int64_t from = period == "today"  ? day_start_ms(bangkok_day(now))
                            : period == "week" ? points::bucket_of(points::Period::week, now).from_ms
                                               : 0;
        json::array items;
        std::int64_t rank = 0, previous = -1, n = 0;
        json::value me = nullptr;
        for (const auto& r :
             c.query("SELECT p.user_id, u.name, s.name, MAX(p.score) AS best FROM game_plays p "
                     "JOIN users u ON u.id = "
                     "p.user_id LEFT JOIN stores s ON s.id = u.store_id WHERE p.game_id = $1 AND "
                     "p.finished_at IS NOT "
                     "NULL AND p.finished_at >= $2 GROUP BY p.user_id, u.name, s.name ORDER BY "
                     "best DESC, u.name LIMIT 50",
                     g->id, from)
                 .rows) {
          ++n;
          if (r.i64(3) != previous) rank = n, previous = r.i64(3);
          if (r.str(0) == uid) me = json::object{{"rank", rank}, {"score", r.i64(3)}};
          items.push_back(json::object{{"rank", rank},
                                       {"userId", r.str(0)},
                                       {"name", r.str(1)},
                                       {"store", http::value_or_null(r.opt_str(2))},
                                       {"score", r.i64(3)}});
        }
        if (me.is_null())
          if (auto best = c.query("SELECT MAX(score) FROM game_plays WHERE game_id = $1 AND user_id = $2 AND "
                                  "finished_at IS NOT NULL AND finished_at >= $3",
                                  g->id, uid, from)
                              .first();
              best && !best->is_null(0))
            me = json::object{{"rank", rank_of(c, g->id, best->i64(0), from)}, {"score", best->i64(0)}};
        return json::object{{"period", period}, {"items", std::move(items)}, {"me", std::move(me)}};
      });
  co_return http::json_or_not_found(ctx, body);
}

}  // namespace

std::optional<Game> game_for(db::Connection& c, const StaffGate& gate, const std::string& id) {
  auto r = games(gate).by_id(c, id);
  if (!r) return std::nullopt;
  return game_of(*r);
}

std::int64_t daily_cap(db::Connection& c) {
  auto r = c.query("SELECT daily_points_cap FROM game_settings WHERE id = 'default'").first();
  return r ? r->i64(0) : 0;
}

std::int64_t points_today(db::Connection& c, const std::string& user_id, std::int64_t now) {
  return c
      .query(
          "SELECT COALESCE(SUM(points_awarded), 0) FROM game_plays WHERE user_id = $1 AND finished_at >= $2",
          user_id, day_start_ms(bangkok_day(now)))
      .rows[0]
      .i64(0);
}

bool finish_play(db::Connection& c, const std::string& play_id, const std::string& user_id,
                 const std::string& game_id, std::int64_t score, std::int64_t now) {
  // The balance row first (the order of locks everywhere): every finish of this person queues here, so the
  // sum of today's points read below cannot be outdated by a racing finish.
  points::lock_balance(c, user_id);
  if (c.query("UPDATE game_plays SET finished_at = $1, score = $2 WHERE id = $3 AND finished_at IS NULL", now,
              score, play_id)
          .affected == 0)
    return false;
  // The game of the person's own play, whatever its state now.
  auto g = c.query("SELECT title, score_per_point FROM " + resources::any_state("games") + " WHERE id = $1",
                   game_id)
               .first();
  std::int64_t spp = g ? g->i64(1) : 1;
  std::int64_t earned = points_today(c, user_id, now), cap = daily_cap(c);
  std::int64_t points = game_points(score, spp, earned, cap);
  bool capped = points < score / std::max<std::int64_t>(1, spp);
  if (points > 0)
    points::award(
        c, {user_id, points, g ? g->str(0) : "game", "game", play_id, "game:" + play_id + ":" + user_id, ""});
  c.query("UPDATE game_plays SET points_awarded = $1, points_capped = $2 WHERE id = $3", points,
          capped ? 1 : 0, play_id);
  triggers::fire(c, {triggers::game_played, user_id, game_id, score});
  return true;
}

std::int64_t rank_of(db::Connection& c, const std::string& game_id, std::int64_t score,
                     std::int64_t from_ms) {
  return 1 + c.query(
                  "SELECT COUNT(*) FROM (SELECT user_id, MAX(score) AS best FROM game_plays WHERE game_id = "
                  "$1 AND "
                  "finished_at IS NOT NULL AND finished_at >= $2 GROUP BY user_id) t WHERE t.best > $3",
                  game_id, from_ms, score)
                 .rows[0]
                 .i64(0);
}

std::optional<std::int64_t> best_of(db::Connection& c, const std::string& game_id,
                                    const std::string& user_id) {
  auto r = c.query(
                "SELECT MAX(score) FROM game_plays WHERE game_id = $1 AND user_id = $2 AND finished_at IS "
                "NOT NULL",
                game_id, user_id)
               .first();
  if (!r || r->is_null(0)) return std::nullopt;
  return r->i64(0);
}

void register_catalogue_routes(http::Services& app) {
  app.router.get("/api/games", list_games, http::Access::signed_in);
  app.router.get("/api/games/:id", get_game, http::Access::signed_in);
  app.router.get("/api/games/:id/leaderboard", leaderboard, http::Access::signed_in);
}

void register_routes(http::Services& app) {
  register_resources();
  register_catalogue_routes(app);
  register_play_routes(app);
  register_live_routes(app);
}

}  // namespace shopfloor::games
