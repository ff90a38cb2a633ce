// GET /api/home: what the staff Home screen shows — the points balance, the slides published to the viewer
// (through the kit's staff-read gate, so status, window and audience hold by construction) and learning's
// part (learning/home_feed.hpp).
#include "home/home.hpp"
#include "home/slides.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "learning/home_feed.hpp"
#include "media/media.hpp"
#include "points/ledger.hpp"
#include "resources/staff_gate.hpp"
#include "telemetry/events.hpp"

namespace shopfloor::home {

namespace {

// The slides the viewer may see now, in the editors' order: {id, title, link, image}.
json::array slides_for(db::Connection& c, const resources::StaffGate& gate) {
  auto rows = gate.from("home_slides", "s")
                  .select("s.id, s.title, s.link, m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height")
                  .join("JOIN media m ON m.id = s.image_media_id")
                  .order_by("s.position, s.created_at, s.id")
                  .limit(max_slides)
                  .rows(c);
  json::array out;
  for (const auto& r : rows)
    out.push_back(json::object{{"id", r.str(0)},
                               {"title", r.str(1)},
                               {"link", http::value_or_null(r.opt_str(2))},
                               {"image", media::media_summary(r, 3)}});
  return out;
}

Awaitable get_home(http::Context& ctx) {
  auto body = co_await resources::staff_read(ctx, [](db::Connection& c, const resources::StaffGate& gate) {
    json::object o{{"points", json::object{{"balance", points::balance(c, gate.user_id())}}},
                   {"slides", slides_for(c, gate)}};
    for (auto& [k, v] : learning::home_feed(c, gate)) o[k] = std::move(v);
    return o;
  });
  co_return http::json_response(ctx, body);
}

}  // namespace

void register_routes(http::Services& app) {
  resources::registry().add(slides_resource());
  telemetry::count_items("home-slides", "home_slides");
  app.router.get("/api/home", get_home, http::Access::signed_in);
}

}  // namespace shopfloor::home
