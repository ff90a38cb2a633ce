// The staff side of ads: GET /api/ads (Home's banners and the one interstitial due now), GET /api/ads/:id
// (one ad the viewer may see, for /ads) and POST /api/ads/:id/shown (an interstitial was put on screen:
// counts toward its caps). Reads go through the kit's staff gate, so status, window and audience hold by
// construction (anything else is 404).
#include "ads/ads.hpp"
#include "ads/declaration.hpp"
#include "http/body_fields.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "media/media.hpp"
#include "notifications/daily_jobs.hpp"
#include "resources/staff_gate.hpp"
#include "telemetry/events.hpp"
#include "util/ids.hpp"

namespace shopfloor::ads {

namespace {

// The ads the viewer may see now: columns 0..6 the ad, 7..13 its picture (media_summary).
resources::StaffQuery ads(const resources::StaffGate& gate) {
  return gate.from("ads", "a")
      .select(
          "a.id, a.kind, a.title, a.link, a.priority, a.cap_per_day, a.cap_total, m.id, m.hash, m.ext, "
          "m.kind, "
          "m.mime, m.width, m.height")
      .join("JOIN media m ON m.id = a.image_media_id");
}

std::string today(std::int64_t now) {
  return notifications::bangkok_day(now);
}

// Still under both caps for this person today: no ad_reach row yet, or its counts below the caps.
resources::StaffQuery under_caps(resources::StaffQuery q, const resources::StaffGate& gate) {
  return q.where(
      "NOT EXISTS (SELECT 1 FROM ad_reach r WHERE r.ad_id = a.id AND r.user_id = $1 AND "
      "((a.cap_total IS NOT NULL AND r.total >= a.cap_total) OR "
      "(a.cap_per_day IS NOT NULL AND r.day = $2 AND r.day_count >= a.cap_per_day)))",
      {gate.user_id(), today(gate.now())});
}

json::object ad_json(const db::Row& r) {
  return json::object{{"id", r.str(0)},
                      {"kind", r.str(1)},
                      {"title", r.str(2)},
                      {"link", http::value_or_null(r.opt_str(3))},
                      {"image", media::media_summary(r, 7)}};
}

// The interstitial to show the viewer now: published, in its window and audience, under its caps; the
// highest priority first, then the newest.
json::value due_interstitial(db::Connection& c, const resources::StaffGate& gate) {
  auto ad = under_caps(ads(gate).where("a.kind = 'interstitial'"), gate)
                .order_by("a.priority DESC, a.created_at DESC, a.id")
                .first(c);
  if (!ad) return nullptr;
  return ad_json(*ad);
}

Awaitable list_ads(Context& ctx) {
  auto body = co_await resources::staff_read(ctx, [](db::Connection& c, const resources::StaffGate& gate) {
    json::array banners;
    for (const auto& r : ads(gate)
                             .where("a.kind = 'banner'")
                             .order_by("a.priority DESC, a.created_at DESC, a.id")
                             .limit(max_banners)
                             .rows(c))
      banners.push_back(ad_json(r));
    return json::object{{"banners", std::move(banners)}, {"interstitial", due_interstitial(c, gate)}};
  });
  co_return http::json_response(ctx, body);
}

// {ad, due}: `due` says whether an interstitial may still be shown to this person (under its caps).
std::optional<json::object> ad_answer(db::Connection& c, const resources::StaffGate& gate,
                                      const std::string& id) {
  auto ad = ads(gate).by_id(c, id);
  if (!ad) return std::nullopt;
  bool due = ad->str(1) == "interstitial" && under_caps(ads(gate), gate).by_id(c, id).has_value();
  return json::object{{"ad", ad_json(*ad)}, {"due", due}};
}

Awaitable get_ad(Context& ctx) {
  co_return co_await resources::staff_item(ctx, ad_answer);
}

// POST {shownId}: the interstitial is on the person's screen. Counted once per shown id (a retried request
// answers the same), and only while under both caps: the count moves by a conditional update on the
// person's ad_reach row, so concurrent calls queue on that row and the last one over a cap gets 409.
Awaitable shown(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  json::object body = ctx.json_object();
  http::FieldErrors errors;
  std::string shown_id = http::required_id(body, "shownId", errors, msg::AD_SHOWN_ID);
  if (!errors.empty()) throw ApiError::validation(errors);
  auto answer =
      co_await resources::staff_write(ctx, [&](db::Connection& c, const resources::StaffGate& gate) {
        auto now = gate.now();
        auto ad = ads(gate).by_id(c, id);
        if (!ad) throw ApiError::not_found();
        if (ad->str(1) != "interstitial")
          throw ApiError{http::Status::conflict, err::AD_NOT_INTERSTITIAL, msg::AD_NOT_INTERSTITIAL};
        std::string day = today(now);
        bool first =
            c.query(
                 "INSERT INTO ad_shows (ad_id, user_id, shown_id, day, at) VALUES ($1, $2, $3, $4, $5) "
                 "ON CONFLICT (ad_id, user_id, shown_id) DO NOTHING",
                 id, uid, shown_id, day, now)
                .affected > 0;
        if (first) {
          c.query(
              "INSERT INTO ad_reach (ad_id, user_id, total, day, day_count) VALUES ($1, $2, 0, $3, 0) "
              "ON CONFLICT (ad_id, user_id) DO NOTHING",
              id, uid, day);
          // -1: no cap. The day count restarts on a new Bangkok day.
          std::int64_t cap_day = ad->opt_i64(5).value_or(-1), cap_total = ad->opt_i64(6).value_or(-1);
          auto moved = c.query(
              "UPDATE ad_reach SET total = total + 1, "
              "day_count = CASE WHEN day = $3 THEN day_count + 1 ELSE 1 END, day = $3 "
              "WHERE ad_id = $1 AND user_id = $2 AND ($4 < 0 OR total < $4) AND "
              "($5 < 0 OR day <> $3 OR day_count < $5)",
              id, uid, day, cap_total, cap_day);
          if (moved.affected == 0)
            throw ApiError{http::Status::conflict, err::AD_CAP_REACHED, msg::AD_CAP_REACHED};
        }
        auto reach =
            c.query("SELECT total, day, day_count FROM ad_reach WHERE ad_id = $1 AND user_id = $2", id, uid)
                .first();
        std::int64_t total = reach ? reach->i64(0) : 0;
        std::int64_t today_count = reach && reach->str(1) == day ? reach->i64(2) : 0;
        return json::object{{"shown", json::object{{"today", today_count}, {"total", total}}},
                            {"replayed", !first}};
      });
  co_return http::json_response(ctx, answer);
}

}  // namespace

void register_routes(http::Services& app) {
  resources::registry().add(ads_resource());
  telemetry::count_items("ads", "ads");
  app.router.get("/api/ads", list_ads, http::Access::signed_in);
  app.router.get("/api/ads/:id", get_ad, http::Access::signed_in);
  app.router.post("/api/ads/:id/shown", shown, http::Access::signed_in);
}

}  // namespace shopfloor::ads
