// The staff side of stickers: a person's sticker book (their own, or a colleague's), and stickers as
// reactions on articles and their comments (one per person and target, only a sticker the person owns).
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "media/media.hpp"
#include "resources/colleague.hpp"
#include "resources/staff_gate.hpp"
#include "stickers/internal.hpp"
#include "util/ids.hpp"

namespace shopfloor::stickers {

using resources::StaffGate;

namespace {

json::object book_of(db::Connection& c, const std::string& uid) {
  std::map<std::string, std::int64_t> owned;
  for (const auto& r : c.query("SELECT sticker_id, count FROM user_stickers WHERE user_id = $1", uid).rows)
    owned[r.str(0)] = r.i64(1);
  json::array sets;
  std::map<std::string, std::size_t> index;
  for (const auto& r :
       // Published sets, whatever their window: stickers once earned stay in the book.
       resources::StaffGate::anyone(now_ms())
           .from("sticker_sets", "s")
           .select("s.id, s.name, s.description, m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height")
           .join("LEFT JOIN media m ON m.id = s.image_media_id")
           .any_window()
           .order_by("s.created_at, s.id")
           .rows(c)) {
    index[r.str(0)] = sets.size();
    sets.push_back(json::object{{"id", r.str(0)},
                                {"name", r.str(1)},
                                {"description", http::value_or_null(r.opt_str(2))},
                                {"image", media::media_summary_or_null(r, 3)},
                                {"stickers", json::array{}}});
  }
  for (const auto& r :
       c.query("SELECT k.id, k.name, k.rarity, k.set_id, m.id, m.hash, m.ext, m.kind, m.mime, m.width, "
               "m.height FROM stickers k LEFT JOIN media m ON m.id = k.image_media_id ORDER BY "
               "k.position, k.id")
           .rows) {
    auto it = index.find(r.str(3));
    if (it == index.end()) continue;
    sets[it->second].as_object()["stickers"].as_array().push_back(
        json::object{{"id", r.str(0)},
                     {"name", r.str(1)},
                     {"rarity", r.str(2)},
                     {"image", media::media_summary_or_null(r, 4)},
                     {"count", owned.count(r.str(0)) ? owned[r.str(0)] : 0}});
  }
  return json::object{{"sets", std::move(sets)}};
}

Awaitable my_stickers(Context& ctx) {
  std::string uid = ctx.user->id;
  auto body = co_await ctx.app.db->read([&](db::Connection& c) { return book_of(c, uid); });
  co_return http::json_response(ctx, body);
}

Awaitable user_stickers(Context& ctx) {
  co_return co_await resources::colleague_read(ctx, book_of);
}

// ---- reactions ----

json::array reactions_of(db::Connection& c, const std::string& type, const std::string& target,
                         const std::string& uid) {
  json::array out;
  for (const auto& r :
       c.query("SELECT k.id, k.name, m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height, COUNT(*), "
               "SUM(CASE WHEN x.user_id = $3 THEN 1 ELSE 0 END) FROM sticker_reactions x JOIN stickers "
               "k ON k.id = x.sticker_id LEFT JOIN media m ON m.id = k.image_media_id WHERE "
               "x.target_type = $1 AND x.target_id = $2 GROUP BY k.id, k.name, m.id, m.hash, m.ext, "
               "m.kind, m.mime, m.width, m.height ORDER BY COUNT(*) DESC, k.id",
               type, target, uid)
           .rows)
    out.push_back(json::object{
        {"sticker",
         json::object{{"id", r.str(0)}, {"name", r.str(1)}, {"image", media::media_summary_or_null(r, 2)}}},
        {"count", r.i64(9)},
        {"mine", r.i64(10) > 0}});
  return out;
}

// The article the viewer may read (published, in the window and audience): nothing otherwise.
bool article_visible(db::Connection& c, const StaffGate& gate, const std::string& id) {
  return gate.from("articles", "a").by_id(c, id).has_value();
}

Awaitable article_reactions(Context& ctx) {
  co_return co_await resources::staff_item(
      ctx,
      [&](db::Connection& c, const StaffGate& gate, const std::string& id) -> std::optional<json::object> {
        if (!article_visible(c, gate, id)) return std::nullopt;
        json::object comments;
        for (const auto& r :
             c.query("SELECT DISTINCT x.target_id FROM sticker_reactions x JOIN article_comments k ON k.id = "
                     "x.target_id WHERE x.target_type = 'comment' AND k.article_id = $1 AND k.status = "
                     "'visible'",
                     id)
                 .rows)
          comments[r.str(0)] = reactions_of(c, "comment", r.str(0), gate.user_id());
        return json::object{{"article", reactions_of(c, "article", id, gate.user_id())},
                            {"comments", std::move(comments)}};
      });
}

// PUT {stickerId|null}: one reaction per person and target; only a sticker the person owns.
Awaitable react(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  auto comment = ctx.params.count("commentId") ? ctx.params.at("commentId") : std::string();
  json::object body = ctx.json_object();
  const auto* s = body.if_contains("stickerId");
  if (!s || !(s->is_null() || (s->is_string() && plausible_id(s->as_string()))))
    throw ApiError::validation({{"stickerId", msg::MUST_BE_ID}});
  std::string sticker = s->is_string() ? std::string(s->as_string()) : "";
  auto answer = co_await resources::staff_write(
      ctx, [&](db::Connection& c, const StaffGate& gate) -> std::optional<json::object> {
        if (!article_visible(c, gate, id)) return std::nullopt;
        if (!comment.empty() &&
            (!plausible_id(comment) || c.query("SELECT 1 FROM article_comments WHERE id = $1 AND "
                                               "article_id = $2 AND status = 'visible'",
                                               comment, id)
                                           .empty()))
          return std::nullopt;
        std::string type = comment.empty() ? "article" : "comment", target = comment.empty() ? id : comment;
        if (sticker.empty()) {
          c.query("DELETE FROM sticker_reactions WHERE target_type = $1 AND target_id = $2 AND user_id = $3",
                  type, target, uid);
        } else {
          if (c.query("SELECT 1 FROM user_stickers WHERE user_id = $1 AND sticker_id = $2 AND count > 0", uid,
                      sticker)
                  .empty())
            throw ApiError::validation({{"stickerId", msg::STICKER_NOT_OWNED}});
          c.query(
              "INSERT INTO sticker_reactions (target_type, target_id, user_id, sticker_id, created_at) "
              "VALUES "
              "($1, $2, "
              "$3, $4, $5) ON CONFLICT (target_type, target_id, user_id) DO UPDATE SET sticker_id = "
              "excluded.sticker_id, "
              "created_at = excluded.created_at",
              type, target, uid, sticker, now_ms());
        }
        return json::object{{"reactions", reactions_of(c, type, target, uid)}};
      });
  co_return http::json_or_not_found(ctx, answer);
}

}  // namespace

void register_staff_routes(http::Services& app) {
  app.router.get("/api/me/stickers", my_stickers, http::Access::signed_in);
  app.router.get("/api/users/:id/stickers", user_stickers, http::Access::signed_in);
  app.router.get("/api/articles/:id/reactions", article_reactions, http::Access::signed_in);
  app.router.put("/api/articles/:id/reaction", react, http::Access::signed_in);
  app.router.put("/api/articles/:id/comments/:commentId/reaction", react, http::Access::signed_in);
}

}  // namespace shopfloor::stickers
