// New-year gifts: in an open period, each eligible person (the period's audience, joined before its date)
// picks one option; they may change the pick until the period closes. A pick takes one from the option's
// stock and a change gives the old one back, in one transaction; one pick per person and period (UNIQUE).
#include "club/routes.hpp"
#include "http/body_fields.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "media/media.hpp"
#include "points/ledger.hpp"
#include "resources/triggers.hpp"
#include "util/ids.hpp"

namespace shopfloor::club {

namespace {

// When the viewer joined (COALESCE(joined_at, created_at)): periods may be for those who joined before a
// date.
std::int64_t joined_at(db::Connection& c, const std::string& uid) {
  auto r = c.query("SELECT COALESCE(joined_at, created_at) FROM users WHERE id = $1", uid).first();
  return r ? r->i64(0) : 0;
}

// p.id, name, description, start, end, joined_before
resources::StaffQuery periods(const resources::StaffGate& gate) {
  return gate.from("gift_periods", "p")
      .select("p.id, p.name, p.description, p.start_at, p.end_at, p.joined_before");
}

// Eligible: joined before the period's date, when it has one.
bool eligible(db::Connection& c, const db::Row& p, const std::string& uid) {
  return p.is_null(5) || joined_at(c, uid) < p.i64(5);
}

std::vector<db::Row> open_periods(db::Connection& c, const resources::StaffGate& gate) {
  std::vector<db::Row> out;
  for (auto& r : periods(gate).order_by("p.end_at, p.id").limit(50).rows(c))
    if (eligible(c, r, gate.user_id())) out.push_back(std::move(r));
  return out;
}

json::object period_json(db::Connection& c, const db::Row& p, const std::string& uid) {
  json::array options;
  for (const auto& o :
       c.query("SELECT o.id, o.title, o.stock, m.id, m.hash, m.ext, m.kind, m.mime, m.width, "
               "m.height FROM gift_options o LEFT JOIN media m ON m.id = o.image_media_id WHERE "
               "o.period_id = $1 ORDER BY o.position, o.id",
               p.str(0))
           .rows)
    options.push_back(json::object{{"id", o.str(0)},
                                   {"title", o.str(1)},
                                   {"left", o.i64(2)},
                                   {"image", media::media_summary_or_null(o, 3)}});
  auto pick = c.query("SELECT option_id, updated_at FROM gift_picks WHERE period_id = $1 AND user_id = $2",
                      p.str(0), uid)
                  .first();
  return json::object{{"id", p.str(0)},
                      {"name", p.str(1)},
                      {"description", http::value_or_null(p.opt_str(2))},
                      {"startAt", http::iso_or_null(p.opt_i64(3))},
                      {"endAt", http::iso_or_null(p.opt_i64(4))},
                      {"options", std::move(options)},
                      {"pick", pick ? json::value(json::object{{"optionId", pick->str(0)},
                                                               {"pickedAt", iso8601(pick->i64(1))}})
                                    : json::value(nullptr)}};
}

Awaitable list_gifts(Context& ctx) {
  auto body = co_await resources::staff_read(ctx, [](db::Connection& c, const resources::StaffGate& gate) {
    json::array out;
    for (const auto& p : open_periods(c, gate)) out.push_back(period_json(c, p, gate.user_id()));
    return json::object{{"periods", std::move(out)}};
  });
  co_return http::json_response(ctx, body);
}

}  // namespace

// PUT /api/club/gifts/:periodId/pick {optionId}
json::object pick_gift(db::Connection& c, const std::string& uid, const std::string& period,
                       const std::string& option, std::int64_t now) {
  resources::StaffGate gate{resources::load_viewer(c, uid), now};
  // Eligible = published to the viewer (audience, joined before); a period outside its window is "not
  // open".
  auto p = periods(gate).any_window().by_id(c, period);
  if (!p || !eligible(c, *p, uid)) throw ApiError::not_found();
  if ((!p->is_null(3) && p->i64(3) > now) || (!p->is_null(4) && p->i64(4) <= now))
    throw ApiError{http::Status::conflict, err::NOT_OPEN, msg::NOT_OPEN};
  if (c.query("SELECT 1 FROM gift_options WHERE id = $1 AND period_id = $2", option, period).empty())
    throw ApiError::validation({{"optionId", msg::OPTION_NOT_IN_PERIOD}});
  points::lock_balance(c, uid);  // one person's picks queue here
  auto current =
      c.query("SELECT option_id FROM gift_picks WHERE period_id = $1 AND user_id = $2", period, uid).first();
  if (!current || current->str(0) != option) {
    if (c.query("UPDATE gift_options SET stock = stock - 1, picked_count = picked_count + 1, version = "
                "version + 1 "
                "WHERE id = $1 AND stock > 0",
                option)
            .affected == 0)
      throw ApiError{http::Status::conflict, err::OUT_OF_STOCK, msg::OUT_OF_STOCK};
    // The club report counts picks by option: a changed pick moves from the old option to the new one.
    triggers::fire(c, {triggers::gift_picked, uid, option, 1});
    if (current) triggers::fire(c, {triggers::gift_picked, uid, current->str(0), -1});
    if (current)
      c.query(
          "UPDATE gift_options SET stock = stock + 1, picked_count = picked_count - 1, version = version + "
          "1 "
          "WHERE id = $1",
          current->str(0));
    c.query(
        "INSERT INTO gift_picks (id, period_id, user_id, option_id, created_at, updated_at) VALUES ($1, "
        "$2, $3, $4, "
        "$5, $5) ON CONFLICT (period_id, user_id) DO UPDATE SET option_id = excluded.option_id, updated_at "
        "= "
        "excluded.updated_at",
        uuid_v7(), period, uid, option, now);
  }
  auto out = period_json(c, *p, uid);
  return json::object{{"pick", out["pick"]}, {"period", std::move(out)}};
}

namespace {

Awaitable pick_route(Context& ctx) {
  std::string uid = ctx.user->id, period = ctx.params.at("id");
  json::object body = ctx.json_object();
  http::FieldErrors errors;
  std::string option = http::required_id(body, "optionId", errors);
  if (!errors.empty()) throw ApiError::validation(errors);
  if (!plausible_id(period)) throw ApiError::not_found();
  auto answer = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return pick_gift(c, uid, period, option, now_ms()); });
  co_return http::json_response(ctx, answer);
}

}  // namespace

json::object gifts_summary(db::Connection& c, const resources::StaffGate& gate) {
  std::int64_t open = 0, picked = 0;
  for (const auto& p : open_periods(c, gate)) {
    ++open;
    if (!c.query("SELECT 1 FROM gift_picks WHERE period_id = $1 AND user_id = $2", p.str(0), gate.user_id())
             .empty())
      ++picked;
  }
  return json::object{{"open", open}, {"picked", picked}};
}

void register_gift_routes(http::Services& app) {
  app.router.get("/api/club/gifts", list_gifts, http::Access::signed_in);
  app.router.put("/api/club/gifts/:id/pick", pick_route, http::Access::signed_in);
}

}  // namespace shopfloor::club
