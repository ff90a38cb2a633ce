// The signed-in user's own account: GET/PATCH /api/me (nickname, language, photo).
#include "auth/session_registry.hpp"
#include "http/handler.hpp"
#include "search/sources.hpp"
#include "users/users.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::users {

using http::Access;

static boost::asio::awaitable<http::Response> get_me(Context& ctx) {
  std::string id = ctx.user->id;
  auto me = co_await ctx.app.db->read([&](db::Connection& c) { return me_json(c, id); });
  if (!me) throw ApiError::unauthenticated();
  co_return http::json_response(ctx, json::object{{"user", *me}});
}

static boost::asio::awaitable<http::Response> patch_me(Context& ctx) {
  json::object body = ctx.json_object();
  http::FieldErrors errors;
  std::optional<std::optional<std::string>> nickname;
  std::optional<std::string> locale;
  std::optional<std::optional<std::string>> photo;  // set: a media id, or nullopt to remove the photo
  for (auto& [key, value] : body) {
    if (key == "nickname") {
      if (value.is_null()) {
        nickname = std::optional<std::string>{};
      } else if (!value.is_string()) {
        errors["nickname"] = msg::MUST_BE_TEXT;
      } else {
        std::string v(value.as_string());
        if (utf8_length(v) > 60 || v.empty() || has_control_chars(v))
          errors["nickname"] = msg::LENGTH_1_TO_60;
        nickname = v;
      }
    } else if (key == "locale") {
      if (!value.is_string() || (value.as_string() != "th" && value.as_string() != "en"))
        errors["locale"] = msg::MUST_BE_LOCALE;
      else
        locale = std::string(value.as_string());
    } else if (key == "photoId") {
      if (value.is_null())
        photo = std::optional<std::string>{};
      else if (!value.is_string() || !plausible_id(value.as_string()))
        errors["photoId"] = msg::PHOTO_NOT_YOURS;
      else
        photo = std::string(value.as_string());
    } else {
      errors[std::string(key)] = msg::CANNOT_CHANGE_HERE;
    }
  }
  if (!errors.empty()) throw ApiError::validation(errors);
  std::string id = ctx.user->id;
  auto me = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto now = now_ms();
    if (photo && *photo)
      if (auto refused = check_own_photo(c, id, **photo)) throw ApiError::validation({{"photoId", *refused}});
    if (photo) set_photo(c, id, *photo);
    if (nickname) {
      c.query("UPDATE users SET nickname = $1, updated_at = $2, version = version + 1 WHERE id = $3",
              *nickname, now, id);
      search::refresh(c, "users", id);
    }
    if (locale)
      c.query("UPDATE users SET locale = $1, updated_at = $2, version = version + 1 WHERE id = $3", *locale,
              now, id);
    ctx.app.get<auth::SessionRegistry>().user_changed(c, id);
    return me_json(c, id);
  });
  if (!me) throw ApiError::unauthenticated();
  co_return http::json_response(ctx, json::object{{"user", *me}});
}

void register_routes(http::Services& app) {
  app.router.get("/api/me", get_me, http::Access::signed_in);
  app.router.patch("/api/me", patch_me, http::Access::signed_in);
  register_admin_routes(app);
  register_people_routes(app);
  register_profile_routes(app);
  register_sso(app);
}

}  // namespace shopfloor::users
