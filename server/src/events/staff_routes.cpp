// Staff routes of both areas (under the kind's staff_path): the list (upcoming first, then recent past ones
// for their photos), the detail, RSVP, cancel, the .ics file, and the person's volunteering hours.
#include "events/staff_routes.hpp"

#include "events/engine.hpp"
#include "events/ics.hpp"
#include "events/present.hpp"
#include "http/handler.hpp"
#include "resources/staff_gate.hpp"
#include "util/ids.hpp"

namespace shopfloor::events {

namespace {

constexpr std::int64_t past_shown_ms = 60LL * 24 * 3600 * 1000;

// {item} as the person sees it now (404 when they may not). Read after a write has committed, so the write
// transaction holds the item's row only for the statements that need it.
boost::asio::awaitable<json::object> seen_by(Context& ctx, const Kind& k, const std::string& id) {
  auto body = co_await resources::staff_read(
      ctx, [&](db::Connection& c, const resources::StaffGate& gate) -> std::optional<json::object> {
        auto item = visible_item(c, k, gate, id);
        if (!item) return std::nullopt;
        return json::object{{"item", item_json(c, k, *item, gate.user_id(), gate.now())}};
      });
  if (!body) throw ApiError::not_found();
  co_return std::move(*body);
}

void add_staff(http::Services& app, const Kind& k) {
  app.router.get(
      k.staff_path,
      [&k](Context& ctx) -> Awaitable {
        auto body = co_await resources::staff_read(ctx, [&](db::Connection& c,
                                                            const resources::StaffGate& gate) {
          const auto& uid = gate.user_id();
          auto now = gate.now();
          json::array upcoming, past;
          for (const auto& r : visible_items(gate, k)
                                   .where("e.ends_at > $1", {now})
                                   .order_by("e.starts_at, e.id")
                                   .limit(50)
                                   .rows(c))
            upcoming.push_back(item_json(c, k, r, uid, now));
          for (const auto& r : visible_items(gate, k)
                                   .where("e.ends_at <= $1 AND e.ends_at > $2", {now, now - past_shown_ms})
                                   .order_by("e.starts_at DESC, e.id")
                                   .limit(20)
                                   .rows(c))
            past.push_back(item_json(c, k, r, uid, now));
          return json::object{{"items", std::move(upcoming)}, {"past", std::move(past)}};
        });
        co_return http::json_response(ctx, body);
      },
      http::Access::signed_in);

  app.router.get(
      k.staff_path + "/:id",
      [&k](Context& ctx) -> Awaitable {
        co_return http::json_response(ctx, co_await seen_by(ctx, k, ctx.params.at("id")));
      },
      http::Access::signed_in);

  // RSVP and cancel: the step, then the item as the person now sees it.
  using Step = void (*)(db::Connection&, const Kind&, const resources::StaffGate&, const std::string&);
  for (auto [action, step] : {std::pair<const char*, Step>{"rsvp", rsvp}, {"cancel", cancel}})
    app.router.post(
        k.staff_path + "/:id/" + action,
        [&k, step](Context& ctx) -> Awaitable {
          std::string id = ctx.params.at("id");
          co_await resources::staff_write(
              ctx, [&](db::Connection& c, const resources::StaffGate& gate) { step(c, k, gate, id); });
          co_return http::json_response(ctx, co_await seen_by(ctx, k, id));
        },
        http::Access::signed_in);

  // Add to calendar: anyone who may see the item gets its file.
  app.router.get(
      k.staff_path + "/:id/calendar.ics",
      [&k](Context& ctx) -> Awaitable {
        std::string id = ctx.params.at("id");
        auto file = co_await resources::staff_read(
            ctx, [&](db::Connection& c, const resources::StaffGate& gate) -> std::optional<std::string> {
              auto now = gate.now();
              auto item = visible_item(c, k, gate, id);
              if (!item) return std::nullopt;
              std::string place = item->str(c_place);
              std::string location =
                  place == "store"     ? (item->is_null(c_store_name) ? "" : item->str(c_store_name))
                  : place == "address" ? (item->is_null(c_address) ? "" : item->str(c_address))
                                       : (item->is_null(c_online) ? "" : item->str(c_online));
              return to_ics({id + "@shopfloor." + k.resource, item->str(c_title),
                             item->is_null(c_description) ? "" : item->str(c_description), location,
                             place == "online" && !item->is_null(c_online) ? item->str(c_online) : "",
                             item->i64(c_starts), item->i64(c_ends), now});
            });
        if (!file) throw ApiError::not_found();
        http::Response res{http::Status::ok, ctx.req.version()};
        res.keep_alive(ctx.req.keep_alive());
        res.set(http::beast_http::field::content_type, "text/calendar; charset=utf-8");
        res.set(http::beast_http::field::content_disposition,
                "attachment; filename=\"" + k.resource + "-" + id + ".ics\"");
        res.set(http::beast_http::field::cache_control, "no-store");
        res.body() = std::move(*file);
        res.prepare_payload();
        co_return res;
      },
      http::Access::signed_in);
}

}  // namespace

void register_staff_routes(http::Services& app) {
  add_staff(app, event_kind());
  add_staff(app, social_kind());
  // The profile's volunteering hours: the sum credited at check-ins of social club activities.
  app.router.get(
      "/api/me/volunteering",
      [](Context& ctx) -> Awaitable {
        std::string uid = ctx.user->id;
        auto body = co_await ctx.app.db->read([&](db::Connection& c) {
          auto r =
              c.query(
                   "SELECT COALESCE(SUM(hours), 0), COUNT(*) FROM social_registrations WHERE user_id = $1 "
                   "AND checked_in_at IS NOT NULL",
                   uid)
                  .first();
          return json::object{{"volunteerHours", r->i64(0)}, {"activities", r->i64(1)}};
        });
        co_return http::json_response(ctx, body);
      },
      http::Access::signed_in);
}

}  // namespace shopfloor::events
