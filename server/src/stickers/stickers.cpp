#include "stickers/stickers.hpp"

#include <sodium.h>

#include "http/response.hpp"
#include "http/services.hpp"
#include "media/media.hpp"
#include "notifications/notifications.hpp"
#include "resources/builders.hpp"
#include "resources/staff_gate.hpp"
#include "resources/traits.hpp"
#include "resources/triggers.hpp"
#include "util/ids.hpp"

namespace shopfloor::stickers {

namespace json = boost::json;
using http::ApiError;
using http::Context;
using Awaitable = boost::asio::awaitable<http::Response>;
using namespace resources;

namespace {

std::uint32_t weight(std::string_view rarity) {
  if (rarity == "legendary") return 1;
  if (rarity == "epic") return 9;
  if (rarity == "rare") return 30;
  return 60;
}

void count_stickers(WriteContext& w) {
  std::string set = w.text_of("set");
  if (set.empty() && w.before && w.before->contains("set") && w.before->at("set").is_string())
    set = std::string(w.before->at("set").as_string());
  if (!set.empty())
    w.c.query(
        "UPDATE sticker_sets SET stickers_count = (SELECT COUNT(*) FROM stickers WHERE set_id = $1) WHERE id "
        "= $1",
        set);
}

Resource sets_resource() {
  auto r = area("sticker-sets", "sticker_sets", {"ชุดสติกเกอร์", "Sticker sets"});
  r.title_field = "name";
  r.list_columns = {"image", "name", "rule", "stickersCount", "status", "updatedAt"};
  r.fields = {
      image("image", {"รูปปก", "Cover"}),
      text("name", {"ชื่อชุด", "Name"}).required().searchable().sortable().max(120),
      long_text("description", {"คำอธิบาย", "Description"}).max(2000),
      choice("rule", {"ได้รับเมื่อ", "Earned when"},
             {{"manual", {"แลกจากของรางวัลเท่านั้น", "Only from a sticker pack reward"}},
              {"course_completed",
               {"เรียนจบหลักสูตร (สุ่ม 1 ชิ้นตามความหายาก)", "A course is completed (one at random, by rarity)"}}})
          .required()
          .fallback("course_completed"),
      integer("stickersCount", {"จำนวนสติกเกอร์", "Stickers"}).sortable().read_only(),
  };
  publishable(r, {"เริ่ม", "Starts"}, {"สิ้นสุด", "Ends"});
  return r;
}

Resource stickers_resource() {
  auto r = area("stickers", "stickers", {"สติกเกอร์", "Stickers"});
  r.title_field = "name";
  r.default_sort = "position";
  r.list_columns = {"image", "name", "rarity", "set"};
  r.fields = {
      reference("set", {"ชุด", "Set"}, "sticker-sets").required().filterable().create_only(),
      image("image", {"รูปสติกเกอร์", "Picture"}).required(),
      text("name", {"ชื่อ", "Name"}).required().searchable().sortable().max(80),
      choice("rarity", {"ความหายาก", "Rarity"},
             {{"common", {"ธรรมดา", "Common"}},
              {"rare", {"หายาก", "Rare"}},
              {"epic", {"หายากมาก", "Epic"}},
              {"legendary", {"ตำนาน", "Legendary"}}})
          .required()
          .filterable()
          .fallback("common"),
      integer("position", {"ลำดับ", "Position"}).sortable().read_only(),
  };
  ordered(r, "set", "stickers.order");
  r.after_write = count_stickers;
  return r;
}

// A published set's rule fired: one sticker per (person, course, set).
void on_course(db::Connection& c, const triggers::Happening& h) {
  for (const auto& s :
       c.query("SELECT id FROM sticker_sets WHERE status = 'published' AND rule = 'course_completed'").rows)
    grant(c, h.user_id, s.str(0), "course:" + h.subject_id + ":" + s.str(0));
}

// A sticker pack redeemed (subject: the redemption).
void on_redeemed(db::Connection& c, const triggers::Happening& h) {
  auto r =
      c.query(
           "SELECT w.sticker_set_id FROM redemptions d JOIN rewards w ON w.id = d.reward_id WHERE d.id = $1",
           h.subject_id)
          .first();
  if (r && !r->is_null(0)) grant(c, h.user_id, r->str(0), "redemption:" + h.subject_id);
}

json::object book_of(db::Connection& c, const std::string& uid) {
  std::map<std::string, std::int64_t> owned;
  for (const auto& r : c.query("SELECT sticker_id, count FROM user_stickers WHERE user_id = $1", uid).rows)
    owned[r.str(0)] = r.i64(1);
  json::array sets;
  std::map<std::string, std::size_t> index;
  for (const auto& r :
       c.query("SELECT s.id, s.name, s.description, m.id, m.hash, m.ext, m.kind, m.mime, m.width, "
               "m.height FROM sticker_sets s LEFT JOIN media m ON m.id = s.image_media_id WHERE "
               "s.status = 'published' ORDER BY s.created_at, s.id")
           .rows) {
    index[r.str(0)] = sets.size();
    sets.push_back(
        json::object{{"id", r.str(0)},
                     {"name", r.str(1)},
                     {"description", r.is_null(2) ? json::value(nullptr) : json::value(r.str(2))},
                     {"image", r.is_null(3) ? json::value(nullptr) : json::value(media::media_summary(r, 3))},
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
                     {"image", r.is_null(4) ? json::value(nullptr) : json::value(media::media_summary(r, 4))},
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
  std::string id = ctx.params.at("id");
  if (!plausible_id(id)) throw ApiError::not_found(msg::NO_SUCH_USER);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    if (c.query("SELECT 1 FROM users WHERE id = $1 AND status = 'active'", id).empty()) return std::nullopt;
    return book_of(c, id);
  });
  if (!body) throw ApiError::not_found(msg::NO_SUCH_USER);
  co_return http::json_response(ctx, *body);
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
        {"sticker", json::object{{"id", r.str(0)},
                                 {"name", r.str(1)},
                                 {"image", r.is_null(2) ? json::value(nullptr)
                                                        : json::value(media::media_summary(r, 2))}}},
        {"count", r.i64(9)},
        {"mine", r.i64(10) > 0}});
  return out;
}

// The article the viewer may read (published, in the window and audience): nothing otherwise.
bool article_visible(db::Connection& c, const std::string& uid, const std::string& id) {
  if (!plausible_id(id)) return false;
  auto viewer = load_viewer(c, uid);
  return StaffGate{viewer, now_ms()}.item(c, "articles", "id", id).has_value();
}

Awaitable article_reactions(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    if (!article_visible(c, uid, id)) return std::nullopt;
    json::object comments;
    for (const auto& r :
         c.query("SELECT DISTINCT x.target_id FROM sticker_reactions x JOIN article_comments k ON k.id = "
                 "x.target_id WHERE x.target_type = 'comment' AND k.article_id = $1 AND k.status = "
                 "'visible'",
                 id)
             .rows)
      comments[r.str(0)] = reactions_of(c, "comment", r.str(0), uid);
    return json::object{{"article", reactions_of(c, "article", id, uid)}, {"comments", std::move(comments)}};
  });
  if (!body) throw ApiError::not_found();
  co_return http::json_response(ctx, *body);
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
  auto answer = co_await ctx.app.db->transact([&](db::Connection& c) -> std::optional<json::object> {
    if (!article_visible(c, uid, id)) return std::nullopt;
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
          "INSERT INTO sticker_reactions (target_type, target_id, user_id, sticker_id, created_at) VALUES "
          "($1, $2, "
          "$3, $4, $5) ON CONFLICT (target_type, target_id, user_id) DO UPDATE SET sticker_id = "
          "excluded.sticker_id, "
          "created_at = excluded.created_at",
          type, target, uid, sticker, now_ms());
    }
    return json::object{{"reactions", reactions_of(c, type, target, uid)}};
  });
  if (!answer) throw ApiError::not_found();
  co_return http::json_response(ctx, *answer);
}

}  // namespace

bool grant(db::Connection& c, const std::string& user_id, const std::string& set_id,
           const std::string& grant_key) {
  auto list = c.query("SELECT id, rarity FROM stickers WHERE set_id = $1 ORDER BY position, id", set_id);
  if (list.rows.empty()) return false;
  std::uint32_t total = 0;
  for (const auto& r : list.rows) total += weight(r.str(1));
  std::uint32_t pick = randombytes_uniform(total);
  std::string sticker;
  for (const auto& r : list.rows) {
    auto w = weight(r.str(1));
    if (pick < w) {
      sticker = r.str(0);
      break;
    }
    pick -= w;
  }
  auto now = now_ms();
  if (c.query("INSERT INTO sticker_grants (id, user_id, sticker_id, grant_key, created_at) VALUES ($1, $2, "
              "$3, $4, $5) "
              "ON CONFLICT (user_id, grant_key) DO NOTHING",
              uuid_v7(), user_id, sticker, grant_key, now)
          .affected == 0)
    return false;
  c.query(
      "INSERT INTO user_stickers (user_id, sticker_id, count, first_at, updated_at) VALUES ($1, $2, 1, $3, "
      "$3) ON "
      "CONFLICT (user_id, sticker_id) DO UPDATE SET count = user_stickers.count + 1, updated_at = "
      "excluded.updated_at",
      user_id, sticker, now);
  auto name = c.query("SELECT name FROM stickers WHERE id = $1", sticker).first()->str(0);
  notifications::notify(c,
                        {user_id, "sticker_earned", json::object{{"sticker", name}, {"stickerId", sticker}},
                         "/p/" + user_id + "?tab=stickers", "sticker:" + grant_key});
  triggers::fire(c, {"sticker.earned", user_id, sticker, 0});
  return true;
}

void register_routes(http::Services& app) {
  registry().add(sets_resource());
  registry().add(stickers_resource());
  triggers::listen("course.completed", on_course);
  triggers::listen("reward.redeemed", on_redeemed);
  app.router.get("/api/me/stickers", my_stickers, http::Access::signed_in);
  app.router.get("/api/users/:id/stickers", user_stickers, http::Access::signed_in);
  app.router.get("/api/articles/:id/reactions", article_reactions, http::Access::signed_in);
  app.router.put("/api/articles/:id/reaction", react, http::Access::signed_in);
  app.router.put("/api/articles/:id/comments/:commentId/reaction", react, http::Access::signed_in);
}

}  // namespace shopfloor::stickers
