// Profiles (SPEC §6 Profile; issue 26): a person's photo, and what a colleague may see of them.
//
// GET /api/users/:id/profile is for anyone signed in, so it answers only what a colleague's profile shows —
// name, nickname, photo, store, region, position — never what an admin keeps private (phone, email, employee
// code, role, points, sign-ins). Badges, stickers and published stories come from their own areas.
#include "http/json_time.hpp"
#include "http/response.hpp"
#include "http/services.hpp"
#include "media/media.hpp"
#include "users/users.hpp"
#include "util/ids.hpp"

namespace shopfloor::users {

namespace json = boost::json;
using http::ApiError;

namespace {

boost::asio::awaitable<http::Response> get_profile(http::Context& ctx) {
  std::string id = ctx.params.at("id");
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    if (!plausible_id(id)) return std::nullopt;
    auto r =
        person_row(c,
                   "u.id, u.name, u.nickname, u.image, u.position, s.id, s.name, g.id, g.name, ps.name_th, "
                   "ps.name_en",
                   id, " AND u.status = 'active'");
    if (!r) return std::nullopt;
    auto text = [&](std::size_t i) { return http::value_or_null(r->opt_str(i)); };
    auto place = [&](std::size_t i) {
      return r->is_null(i) ? json::value(nullptr)
                           : json::value(json::object{{"id", r->str(i)}, {"name", r->str(i + 1)}});
    };
    return json::object{{"profile", json::object{{"id", r->str(0)},
                                                 {"name", r->str(1)},
                                                 {"nickname", text(2)},
                                                 {"image", text(3)},
                                                 {"position", text(4)},
                                                 {"positionName", position_name(*r, 9)},
                                                 {"store", place(5)},
                                                 {"region", place(7)}}}};
  });
  co_return http::json_or_not_found(ctx, body);
}

}  // namespace

void set_photo(db::Connection& c, const std::string& user_id, const std::optional<std::string>& media_id) {
  c.query("UPDATE users SET photo_media_id = $1, updated_at = $2, version = version + 1 WHERE id = $3",
          media_id, now_ms(), user_id);
  photo_changed(c, user_id);
}

void photo_changed(db::Connection& c, const std::string& user_id) {
  c.query(
      "UPDATE users SET image = (SELECT '/media/' || m.hash || '.' || m.ext FROM media m WHERE m.id = "
      "users.photo_media_id) WHERE id = $1",
      user_id);
}

std::optional<http::Message> check_own_photo(db::Connection& c, const std::string& user_id,
                                             const std::string& media_id) {
  auto m = c.query("SELECT kind, width, height FROM media WHERE id = $1", media_id).first();
  // Someone else's upload, a library item, or no such item: the same answer.
  if (!m || m->str(0) != "image" || !media::uploaded_by(c, media_id, user_id)) return msg::PHOTO_NOT_YOURS;
  auto w = m->opt_i64(1).value_or(0), h = m->opt_i64(2).value_or(0);
  if (w != h) return msg::PHOTO_NOT_SQUARE;
  if (w < min_photo_px) return http::Message(msg::PHOTO_TOO_SMALL, {{"min", min_photo_px}});
  return std::nullopt;
}

void register_profile_routes(http::Services& app) {
  app.router.get("/api/users/:id/profile", get_profile, http::Access::signed_in);
}

}  // namespace shopfloor::users
