// The staff side of badges: a person's earned badges, and the ones still to earn with their progress.
#include "badges/internal.hpp"
#include "badges/rules.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "media/media.hpp"
#include "resources/colleague.hpp"
#include "resources/staff_gate.hpp"
#include "util/ids.hpp"

namespace shopfloor::badges {

namespace {

constexpr const char* badge_columns =
    "b.id, b.name, b.description, b.criteria, m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height, "
    "b.course_id, b.exam_id, b.threshold";
constexpr const char* badge_picture = "LEFT JOIN media m ON m.id = b.image_media_id";

}  // namespace

std::string badge_select(const std::string& where) {
  return std::string("SELECT ") + badge_columns + " FROM " + resources::any_state("badges") + " b " +
         badge_picture + " " + where;
}

json::object badge_json(const db::Row& r) {
  return json::object{{"id", r.str(0)},
                      {"name", r.str(1)},
                      {"description", http::value_or_null(r.opt_str(2))},
                      {"criteria", r.str(3)},
                      {"image", media::media_summary_or_null(r, 4)}};
}

namespace {

json::array earned_of(db::Connection& c, const std::string& uid, bool own) {
  json::array out;
  for (const auto& r :
       c.query(
            badge_select("JOIN badge_awards a ON a.badge_id = b.id WHERE a.user_id = $1 AND a.revoked_at IS "
                         "NULL ORDER BY a.awarded_at DESC"),
            uid)
           .rows) {
    json::object o{{"badge", badge_json(r)}};
    auto at =
        c.query("SELECT awarded_at, id FROM badge_awards WHERE badge_id = $1 AND user_id = $2", r.str(0), uid)
            .first();
    o["awardedAt"] = iso8601(at->i64(0));
    if (own) {
      o["verifyUrl"] = "/share/badge/" + at->str(1);  // the public page to share (verify_page.hpp)
      o["credentialUrl"] = "/api/me/badges/" + r.str(0) + "/credential.jwt";
      o["pngUrl"] = "/api/me/badges/" + r.str(0) + "/badge.png";
    }
    out.push_back(std::move(o));
  }
  return out;
}

Awaitable my_badges(Context& ctx) {
  auto body = co_await resources::staff_read(ctx, [](db::Connection& c, const resources::StaffGate& gate) {
    const auto& uid = gate.user_id();
    json::array locked;
    // Published badges, whatever their window, not (or no longer) held.
    for (const auto& r :
         gate.from("badges", "b")
             .select(badge_columns)
             .join(badge_picture)
             .any_window()
             .where("NOT EXISTS (SELECT 1 FROM badge_awards a WHERE a.badge_id = b.id AND a.user_id = $1 AND "
                    "a.revoked_at IS NULL)",
                    {uid})
             .order_by("b.name")
             .rows(c)) {
      BadgeRow row{r.str(0), r.str(1), r.str(3), r.str(11), r.str(12), r.i64(13)};
      const Rule* rule = rule_named(row.criteria);
      std::optional<Progress> p;
      if (rule && rule->progress) p = rule->progress(c, row, uid);
      locked.push_back(json::object{
          {"badge", badge_json(r)},
          {"progress", p ? json::value(json::object{{"current", p->current}, {"target", p->target}})
                         : json::value(nullptr)}});
    }
    return json::object{{"earned", earned_of(c, uid, true)}, {"locked", std::move(locked)}};
  });
  co_return http::json_response(ctx, body);
}

Awaitable user_badges(Context& ctx) {
  co_return co_await resources::colleague_read(ctx, [](db::Connection& c, const std::string& id) {
    return json::object{{"earned", earned_of(c, id, false)}};
  });
}

}  // namespace

json::array earned_badges(db::Connection& c, const std::string& user_id) {
  return earned_of(c, user_id, false);
}

void register_staff_routes(http::Services& app) {
  app.router.get("/api/me/badges", my_badges, http::Access::signed_in);
  app.router.get("/api/users/:id/badges", user_badges, http::Access::signed_in);
}

}  // namespace shopfloor::badges
