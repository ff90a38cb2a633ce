// The staff side of stories. Everything outside the rules (another person's unpublished story, an unknown
// id) is absent (404); likes, comments and reports are for published stories only. Likes and reports are
// one row per (story, person), and the story's counters move only when this call wrote or removed that row,
// so concurrent taps count once.
#include "stories/staff.hpp"

#include <boost/json/serialize.hpp>
#include <boost/json/value_from.hpp>
#include <set>

#include "db/params.hpp"
#include "http/body_fields.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "media/media.hpp"
#include "resources/audience.hpp"
#include "resources/audit.hpp"
#include "resources/triggers.hpp"
#include "search/sources.hpp"
#include "stories/model.hpp"
#include "util/ids.hpp"
#include "util/rate_budget.hpp"
#include "util/text.hpp"

namespace shopfloor::stories {

using http::Access;

namespace {

// Comments per person: 5 at once, then 5 a minute (per node, like every RateBudget).
RateBudget& comment_budget() {
  static RateBudget budget({5, 5});
  return budget;
}

ApiError conflict(const http::ErrorCode& code, const http::Message& m) {
  return ApiError{http::Status::conflict, code, m};
}

std::string need_id(const Context& ctx, const char* name = "id") {
  std::string id = ctx.params.at(name);
  if (!plausible_id(id)) throw ApiError::not_found();
  return id;
}

std::optional<std::string> id_query(const Context& ctx, const char* name) {
  auto v = ctx.query(name);
  if (!v || v->empty()) return std::nullopt;
  if (!plausible_id(*v))
    throw ApiError(http::Status::bad_request, err::BAD_REQUEST, msg::INVALID_QUERY,
                   {{name, msg::MUST_BE_ID}});
  return v;
}

Awaitable feed(Context& ctx) {
  std::string uid = ctx.user->id;
  // ?author=: one person's published stories (their profile).
  auto region = id_query(ctx, "region"), store = id_query(ctx, "store"), author = id_query(ctx, "author");
  // The keyset of the feed's order: (featured, publishedAt, id) of the last story of a page.
  auto cursor = ctx.query_page_key("cursor");
  auto limit = ctx.query_int("limit", 10, 1, 30);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    std::vector<db::Value> params;
    std::string sql = std::string(story_select) + "WHERE s.status = 'published'";
    auto param = [&](db::Value v) { return db::bind(params, std::move(v)); };
    if (store)
      sql += " AND s.store_id = " + param(*store);
    else if (region)
      sql += " AND s.region_id = " + param(*region);
    if (author) sql += " AND s.user_id = " + param(*author);
    if (cursor) {
      auto f = param(cursor->first), p = param(cursor->second), i = param(cursor->id);
      sql += " AND (s.featured, s.published_at, s.id) < (" + f + ", " + p + ", " + i + ")";
    }
    sql += " ORDER BY s.featured DESC, s.published_at DESC, s.id DESC LIMIT " + param(limit + 1);
    auto rows = c.exec(sql, params).rows;
    bool more = static_cast<std::int64_t>(rows.size()) > limit;
    if (more) rows.erase(rows.begin() + limit, rows.end());
    json::value next = nullptr;
    if (more) {
      const auto& last = rows.back();
      next =
          json::value(http::PageKey{last.i64(s_featured), last.i64(s_published_at), last.str(s_id)}.text());
    }
    return json::object{{"items", stories_json(c, rows, uid)}, {"nextCursor", std::move(next)}};
  });
  co_return http::json_response(ctx, body);
}

Awaitable mine(Context& ctx) {
  std::string uid = ctx.user->id;
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    auto rows = c.query(std::string(story_select) +
                            "WHERE s.user_id = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT 100",
                        uid)
                    .rows;
    return json::object{{"items", stories_json(c, rows, uid)}};
  });
  co_return http::json_response(ctx, body);
}

// Regions and stores for the feed's filters and the post screen's store picker, with the person's own.
Awaitable places(Context& ctx) {
  std::string uid = ctx.user->id;
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    json::array regions, stores;
    for (const auto& r : c.query("SELECT id, name FROM regions ORDER BY name, id").rows)
      regions.push_back(json::object{{"id", r.str(0)}, {"name", r.str(1)}});
    for (const auto& r : c.query("SELECT id, name, region_id FROM stores ORDER BY name, id").rows)
      stores.push_back(json::object{
          {"id", r.str(0)}, {"name", r.str(1)}, {"regionId", http::value_or_null(r.opt_str(2))}});
    auto me = c.query("SELECT store_id FROM users WHERE id = $1", uid).first();
    return json::object{{"regions", std::move(regions)},
                        {"stores", std::move(stores)},
                        {"myStore", me && !me->is_null(0) ? json::value(me->str(0)) : json::value(nullptr)}};
  });
  co_return http::json_response(ctx, body);
}

Awaitable get_story(Context& ctx) {
  std::string uid = ctx.user->id, id = need_id(ctx);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    auto row = visible_story(c, id, uid);
    if (!row) return std::nullopt;
    return json::object{{"story", stories_json(c, {*row}, uid).at(0)}};
  });
  co_return http::json_or_not_found(ctx, body);
}

// What a post or an edit sends: {text, photoIds, storeId?}; on an edit every member is optional.
struct Input {
  std::optional<std::string> text;
  std::optional<std::vector<std::string>> photos;
  std::optional<std::string> store;
};

Input read_input(const json::object& body, bool creating) {
  Input in;
  http::FieldErrors errors;
  for (const auto& [k, _] : body)
    if (k != "text" && k != "photoIds" && k != "storeId") errors[std::string(k)] = msg::UNKNOWN_FIELD;
  if (const auto* v = body.if_contains("text")) {
    if (!v->is_string()) {
      errors["text"] = msg::MUST_BE_TEXT;
    } else {
      std::string t = plain_text(v->as_string());
      if (http::check_plain_text(t, max_text_chars, msg::STORY_TOO_LONG, "text", errors))
        in.text = std::move(t);
    }
  } else if (creating) {
    errors["text"] = msg::WRITE_SOMETHING;
  }
  if (const auto* v = body.if_contains("photoIds")) {
    std::vector<std::string> ids;
    bool ok = v->is_array() && !v->as_array().empty() && v->as_array().size() <= max_photos;
    if (ok)
      for (const auto& p : v->as_array()) {
        if (!p.is_string() || !plausible_id(p.as_string()))
          ok = false;
        else
          ids.emplace_back(p.as_string());
      }
    if (ok && std::set<std::string>(ids.begin(), ids.end()).size() != ids.size()) ok = false;
    if (ok)
      in.photos = std::move(ids);
    else
      errors["photoIds"] = msg::STORY_PHOTOS;
  } else if (creating) {
    errors["photoIds"] = msg::STORY_PHOTOS;
  }
  if (const auto* v = body.if_contains("storeId"); v && !v->is_null()) {
    if (!v->is_string() || !plausible_id(v->as_string()))
      errors["storeId"] = msg::NO_SUCH_STORE;
    else
      in.store = std::string(v->as_string());
  }
  if (!errors.empty()) throw ApiError::validation(errors);
  return in;
}

// The photos must be the person's own uploads (POST /api/media/photos takes images only); the store must
// exist. Returns the store's region.
std::optional<std::string> check_refs(db::Connection& c, const Input& in, const std::string& uid,
                                      const std::optional<std::string>& store) {
  http::FieldErrors errors;
  if (in.photos)
    for (const auto& p : *in.photos)
      if (!media::uploaded_by(c, p, uid)) errors["photoIds"] = msg::PHOTO_NOT_YOURS;
  std::optional<std::string> region;
  if (store) {
    auto s = c.query("SELECT region_id FROM stores WHERE id = $1", *store).first();
    if (!s)
      errors["storeId"] = msg::NO_SUCH_STORE;
    else if (!s->is_null(0))
      region = s->str(0);
  } else {
    errors["storeId"] = msg::PICK_STORE;
  }
  if (!errors.empty()) throw ApiError::validation(errors);
  return region;
}

std::string photos_json(const std::vector<std::string>& ids) {
  return json::serialize(json::value_from(ids));
}

}  // namespace

json::object submit_story(db::Connection& c, const std::string& uid, const std::string& text,
                          const std::vector<std::string>& photos, const std::optional<std::string>& store_id,
                          std::int64_t now) {
  Input in{text, photos, store_id};
  auto store = in.store;
  if (!store)
    if (auto me = c.query("SELECT store_id FROM users WHERE id = $1", uid).first(); me && !me->is_null(0))
      store = me->str(0);
  auto region = check_refs(c, in, uid, store);
  std::string id = uuid_v7();
  c.query(
      "INSERT INTO stories (id, user_id, author_name, store_id, region_id, text, photos_json, status, "
      "created_at, updated_at) VALUES ($1, $2, (SELECT name FROM users WHERE id = $2), $3, $4, $5, $6, "
      "'pending', $7, $7)",
      id, uid, *store, region, *in.text, photos_json(*in.photos), now);
  triggers::fire(c, {triggers::story_submitted, uid, id, 0});
  search::refresh(c, "stories", id);
  auto row = visible_story(c, id, uid);
  return json::object{{"story", stories_json(c, {*row}, uid).at(0)}};
}

namespace {

Awaitable create(Context& ctx) {
  std::string uid = ctx.user->id;
  auto in = read_input(ctx.json_object(), true);
  auto answer = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return submit_story(c, uid, *in.text, *in.photos, in.store, now_ms()); });
  co_return http::json_response(ctx, answer, http::Status::created);
}

// The author edits while the story waits for review (conditional on status, so an edit racing a publish
// either lands before it or is refused).
Awaitable update(Context& ctx) {
  std::string uid = ctx.user->id, id = need_id(ctx);
  auto in = read_input(ctx.json_object(), false);
  auto answer = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto row = c.query("SELECT user_id, status, store_id FROM stories WHERE id = $1", id).first();
    if (!row || row->str(0) != uid) throw ApiError::not_found();
    if (row->str(1) != "pending") throw conflict(err::STORY_NOT_PENDING, msg::STORY_NOT_PENDING);
    auto store = in.store ? in.store : row->opt_str(2);
    auto region = check_refs(c, in, uid, store);
    std::vector<db::Value> params{now_ms(), id, *store, region ? db::Value(*region) : db::Value{}};
    std::string sets = "updated_at = $1, version = version + 1, store_id = $3, region_id = $4";
    if (in.text) {
      params.emplace_back(*in.text);
      sets += ", text = $" + std::to_string(params.size());
    }
    if (in.photos) {
      params.emplace_back(photos_json(*in.photos));
      sets += ", photos_json = $" + std::to_string(params.size());
    }
    if (c.exec("UPDATE stories SET " + sets + " WHERE id = $2 AND status = 'pending'", params).affected == 0)
      throw conflict(err::STORY_NOT_PENDING, msg::STORY_NOT_PENDING);
    search::refresh(c, "stories", id);
    auto after = visible_story(c, id, uid);
    return json::object{{"story", stories_json(c, {*after}, uid).at(0)}};
  });
  co_return http::json_response(ctx, answer);
}

// The author deletes any time (likes, comments and reports go with it); editors delete through the back
// office.
Awaitable remove(Context& ctx) {
  std::string uid = ctx.user->id, id = need_id(ctx);
  auto deleted = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto n = c.query("DELETE FROM stories WHERE id = $1 AND user_id = $2", id, uid).affected;
    if (n > 0) search::remove(c, "stories", id);
    return n;
  });
  if (deleted == 0) throw ApiError::not_found();
  co_return http::empty_response(ctx, http::Status::no_content);
}

// A published story the viewer may act on (like, comment, report); their own pending one → 409.
db::Row published_story(db::Connection& c, const std::string& id, const std::string& uid) {
  auto row = visible_story(c, id, uid);
  if (!row) throw ApiError::not_found();
  if (row->str(s_status) != "published") throw conflict(err::STORY_NOT_PUBLISHED, msg::STORY_NOT_PUBLISHED);
  return *row;
}

}  // namespace

json::object like_story(db::Connection& c, const std::string& uid, const std::string& id, bool like,
                        std::int64_t now) {
  published_story(c, id, uid);
  auto n = reactions::set_like(c, story_reactions(), id, uid, like, now);
  return json::object{{"liked", like}, {"likes", n}};
}

json::object comment_story(db::Connection& c, const std::string& uid, const std::string& id,
                           const std::string& text, bool moderator, std::int64_t now) {
  published_story(c, id, uid);
  return json::object{
      {"comment", reactions::add_comment(c, story_reactions(), id, uid, text, now, moderator)}};
}

namespace {

Awaitable set_like(Context& ctx, bool like) {
  std::string uid = ctx.user->id, id = need_id(ctx);
  auto answer = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return like_story(c, uid, id, like, now_ms()); });
  co_return http::json_response(ctx, answer);
}

Awaitable list_comments(Context& ctx) {
  std::string uid = ctx.user->id, id = need_id(ctx);
  bool moderator = ctx.user->at_least(Role::editor);
  auto before = id_query(ctx, "before");
  auto limit = ctx.query_int("limit", 20, 1, 100);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    if (!visible_story(c, id, uid)) return std::nullopt;
    auto page = reactions::comments(c, story_reactions(), id, uid, before, limit, moderator);
    return json::object{{"items", std::move(page.items)}, {"hasMore", page.has_more}};
  });
  co_return http::json_or_not_found(ctx, body);
}

Awaitable post_comment(Context& ctx) {
  std::string uid = ctx.user->id, id = need_id(ctx);
  bool moderator = ctx.user->at_least(Role::editor);
  std::string text = reactions::comment_text(ctx.json_object());
  if (int wait = comment_budget().take(uid)) throw ApiError::rate_limited(wait);
  auto answer = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return comment_story(c, uid, id, text, moderator, now_ms()); });
  co_return http::json_response(ctx, answer, http::Status::created);
}

// The comment's author, or an editor (audited); others' comments are not the caller's to know about.
Awaitable delete_comment(Context& ctx) {
  std::string id = need_id(ctx), comment_id = need_id(ctx, "commentId");
  reactions::Deleting who{ctx.user->id, ctx.client_ip, ctx.user->at_least(Role::editor)};
  bool found = co_await ctx.app.db->transact([&](db::Connection& c) {
    return reactions::delete_comment(c, story_reactions(), id, comment_id, who);
  });
  if (!found) throw ApiError::not_found();
  co_return http::empty_response(ctx, http::Status::no_content);
}

// POST {reason?}: once per person and story; the story comes back to the moderation queue (reported).
Awaitable report(Context& ctx) {
  std::string uid = ctx.user->id, id = need_id(ctx);
  auto reason = reactions::report_reason(ctx.req.body().empty() ? json::object{} : ctx.json_object());
  co_await ctx.app.db->transact([&](db::Connection& c) {
    auto row = published_story(c, id, uid);
    if (row.str(s_user) == uid) throw conflict(err::OWN_STORY, msg::OWN_STORY_REPORT);
    reactions::report(c, story_reactions(), id, uid, reason, now_ms());
    return 0;
  });
  co_return http::json_response(ctx, json::object{{"reported", true}});
}

}  // namespace

void register_staff_routes(http::Services& app) {
  app.router.get("/api/stories", feed, http::Access::signed_in);
  app.router.post("/api/stories", create, http::Access::signed_in);
  app.router.get("/api/stories/mine", mine, http::Access::signed_in);
  app.router.get("/api/stories/places", places, http::Access::signed_in);
  app.router.get("/api/stories/:id", get_story, http::Access::signed_in);
  app.router.patch("/api/stories/:id", update, http::Access::signed_in);
  app.router.del("/api/stories/:id", remove, http::Access::signed_in);
  reactions::add_like_routes(app, "/api/stories/:id/like", set_like);
  reactions::add_comment_routes(app, "/api/stories/:id/comments",
                                {list_comments, post_comment, delete_comment});
  app.router.post("/api/stories/:id/report", report, http::Access::signed_in);
}

}  // namespace shopfloor::stories
