// The staff side of polls: the open ones (and closed ones for two weeks, with their results), one poll, and
// the one vote per person. Reads go through the kit's staff gate.
#include <algorithm>
#include <set>

#include "http/body_fields.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "media/media.hpp"
#include "polls/routes.hpp"
#include "resources/search.hpp"
#include "resources/staff_gate.hpp"
#include "resources/triggers.hpp"
#include "util/ids.hpp"

namespace shopfloor::polls {

using resources::StaffGate;

namespace {

constexpr std::int64_t closed_shown_ms = 14LL * 24 * 3600 * 1000;

// The polls the viewer may see: published, started and in the audience; whether a poll has closed is the
// caller's to decide (a closed poll is still shown, with its results, for a while). Columns: p.id, title,
// description, choice, max_choices, results_visibility, ballots_count, start_at, end_at, media (9..15).
resources::StaffQuery polls(const StaffGate& gate) {
  return gate.from("polls", "p")
      .select(
          "p.id, p.title, p.description, p.choice, p.max_choices, p.results_visibility, p.ballots_count, "
          "p.start_at, p.end_at, m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height")
      .join("LEFT JOIN media m ON m.id = p.image_media_id");
}

json::object poll_json(db::Connection& c, const db::Row& p, const std::string& uid, std::int64_t now) {
  bool open = p.is_null(8) || p.i64(8) > now;
  json::array options;
  for (const auto& o :
       c.query("SELECT o.id, o.text, m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height FROM "
               "poll_options o LEFT JOIN media m ON m.id = o.image_media_id WHERE o.poll_id = $1 "
               "ORDER BY o.position, o.id",
               p.str(0))
           .rows)
    options.push_back(
        json::object{{"id", o.str(0)}, {"text", o.str(1)}, {"image", media::media_summary_or_null(o, 2)}});
  json::value mine = nullptr;
  if (auto b =
          c.query("SELECT id FROM poll_ballots WHERE poll_id = $1 AND user_id = $2", p.str(0), uid).first()) {
    json::array ids;
    for (const auto& r : c.query("SELECT option_id FROM poll_choices WHERE ballot_id = $1", b->str(0)).rows)
      ids.push_back(json::value(r.str(0)));
    mine = std::move(ids);
  }
  std::string visibility = p.str(5);
  bool show =
      (visibility == "after_vote" && (!mine.is_null() || !open)) || (visibility == "after_close" && !open);
  return json::object{
      {"id", p.str(0)},
      {"title", p.str(1)},
      {"description", http::value_or_null(p.opt_str(2))},
      {"image", media::media_summary_or_null(p, 9)},
      {"choice", p.str(3)},
      {"maxChoices", p.str(3) == "single" ? 1 : p.i64(4)},
      {"endAt", http::iso_or_null(p.opt_i64(8))},
      {"open", open},
      {"options", std::move(options)},
      {"myVote", std::move(mine)},
      {"results", show ? json::value(results_of(c, p.str(0), p.i64(6))) : json::value(nullptr)}};
}

std::optional<db::Row> poll_for(db::Connection& c, const StaffGate& gate, const std::string& id) {
  return polls(gate).shown_after_end().by_id(c, id);
}

// What the polls page lists: open polls, and closed ones for two weeks while they have results to show;
// `where` (with its own $1..$n) narrows it.
std::vector<json::object> listed_polls(db::Connection& c, const StaffGate& gate, std::string_view where = {},
                                       std::vector<db::Value> params = {}) {
  auto now = gate.now();
  auto q = polls(gate)
               .shown_after_end(closed_shown_ms)
               .order_by("CASE WHEN p.end_at IS NULL OR p.end_at > $1 THEN 0 ELSE 1 END, p.end_at DESC, p.id",
                         {now})
               .limit(100);
  if (!where.empty()) q.where(where, std::move(params));
  std::vector<json::object> out;
  for (const auto& p : q.rows(c)) {
    auto poll = poll_json(c, p, gate.user_id(), now);
    if (!poll.at("open").as_bool() && poll.at("results").is_null()) continue;  // closed, nothing to show
    out.push_back(std::move(poll));
  }
  return out;
}

Awaitable list_polls(Context& ctx) {
  auto body = co_await resources::staff_read(ctx, [](db::Connection& c, const StaffGate& gate) {
    json::array items;
    for (auto& poll : listed_polls(c, gate)) items.push_back(std::move(poll));
    return json::object{{"items", std::move(items)}};
  });
  co_return http::json_response(ctx, body);
}

// Staff search finds the polls the polls page lists (its link opens that page at the poll).
std::set<std::string> searchable_polls(db::Connection& c, const StaffGate& gate,
                                       const std::vector<std::string>& ids) {
  std::set<std::string> out;
  if (ids.empty()) return out;
  std::string where = "p.id IN (";
  std::vector<db::Value> params;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    params.emplace_back(ids[i]);
    where += (i ? ", $" : "$") + std::to_string(i + 1);
  }
  for (const auto& poll : listed_polls(c, gate, where + ")", std::move(params)))
    out.insert(std::string(poll.at("id").as_string()));
  return out;
}

Awaitable get_poll(Context& ctx) {
  co_return co_await resources::staff_item(
      ctx, poll_for, [&](db::Connection& c, const StaffGate& gate, const std::string& id, const db::Row& p) {
        return json::object{{"poll", poll_json(c, p, gate.user_id(), gate.now())}};
      });
}

}  // namespace

json::object cast_vote(db::Connection& c, const std::string& uid, const std::string& id,
                       const std::vector<std::string>& picked, std::int64_t now) {
  StaffGate gate{resources::load_viewer(c, uid), now};
  auto p = poll_for(c, gate, id);
  if (!p) throw ApiError::not_found();
  if (!p->is_null(8) && p->i64(8) <= now)
    throw ApiError{http::Status::conflict, err::NOT_OPEN, msg::NOT_OPEN};
  std::int64_t max = p->str(3) == "single" ? 1 : p->i64(4);
  if (static_cast<std::int64_t>(picked.size()) > max)
    throw ApiError::validation({{"optionIds", http::Message(msg::POLL_AT_MOST, {{"max", max}})}});
  for (const auto& o : picked)
    if (c.query("SELECT 1 FROM poll_options WHERE id = $1 AND poll_id = $2", o, id).empty())
      throw ApiError::validation({{"optionIds", msg::OPTION_NOT_IN_POLL}});
  std::string ballot = uuid_v7();
  if (c.query("INSERT INTO poll_ballots (id, poll_id, user_id, created_at) VALUES ($1, $2, $3, $4) ON "
              "CONFLICT "
              "(poll_id, user_id) DO NOTHING",
              ballot, id, uid, now)
          .affected == 0)
    throw ApiError{http::Status::conflict, err::ALREADY_VOTED, msg::ALREADY_VOTED};
  for (const auto& o : picked)
    c.query("INSERT INTO poll_choices (ballot_id, option_id) VALUES ($1, $2)", ballot, o);
  triggers::fire(c, {triggers::poll_voted, uid, id, 0});
  // The running counts last: every voter of the poll queues on these rows until commit (the morning shift's
  // load test found them the busiest rows of all), so they are held for the final read only, and taken in one
  // order so that two ballots of the same options cannot deadlock.
  std::vector<std::string> in_order = picked;
  std::sort(in_order.begin(), in_order.end());
  for (const auto& o : in_order)
    c.query("UPDATE poll_options SET votes_count = votes_count + 1 WHERE id = $1", o);
  c.query("UPDATE polls SET ballots_count = ballots_count + 1 WHERE id = $1", id);
  auto fresh = poll_for(c, gate, id);
  return json::object{{"poll", poll_json(c, *fresh, uid, now)}};
}

namespace {

// POST {optionIds}: one ballot per person (INSERT ... ON CONFLICT DO NOTHING on UNIQUE (poll, user)), its
// choices and the running counts in one transaction.
Awaitable vote(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  json::object body = ctx.json_object();
  auto picked = http::distinct_ids(body, "optionIds", 1, 20, msg::POLL_CHOICES);
  auto answer = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return cast_vote(c, uid, id, picked, now_ms()); });
  co_return http::json_response(ctx, answer);
}

}  // namespace

void register_staff_routes(http::Services& app) {
  resources::add_staff_kind({"poll", "polls", "/club/polls#poll-{id}", searchable_polls});
  app.router.get("/api/polls", list_polls, http::Access::signed_in);
  app.router.get("/api/polls/:id", get_poll, http::Access::signed_in);
  app.router.post("/api/polls/:id/vote", vote, http::Access::signed_in);
}

}  // namespace shopfloor::polls
