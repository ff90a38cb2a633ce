// Articles on Home: the feed, the article page, likes (idempotent, counted once per person however often
// or however concurrently they are sent) and plain-text comments (rate-limited, escaped by the client as
// text, moderated through the article-comments resource).
#include <boost/json/parse.hpp>

#include "http/api_error.hpp"
#include "http/response.hpp"
#include "http/services.hpp"
#include "learning/routes.hpp"
#include "resources/audit.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::learning {

namespace json = boost::json;
using http::Access;
using http::ApiError;
using http::Context;
using Awaitable = boost::asio::awaitable<http::Response>;

namespace {

constexpr int comments_per_minute = 5;
constexpr std::size_t max_comment_chars = 1000;

std::set<std::string> liked_of(db::Connection& c, const std::string& user_id,
                               const std::vector<std::string>& ids) {
  std::set<std::string> out;
  if (ids.empty()) return out;
  std::vector<db::Value> params{user_id};
  std::string in;
  for (const auto& id : ids) {
    params.emplace_back(id);
    in += (in.empty() ? "$" : ", $") + std::to_string(params.size());
  }
  for (const auto& r :
       c.exec("SELECT article_id FROM article_likes WHERE user_id = $1 AND article_id IN (" + in + ")",
              params)
           .rows)
    out.insert(r.str(0));
  return out;
}

std::optional<Item> visible_article(db::Connection& c, const std::string& id, const Viewer& viewer,
                                    std::int64_t now) {
  auto items = load_items(c, "article", &viewer, now, Filter{" AND t.id = $2", {id}});
  if (items.empty()) return std::nullopt;
  return items.front();
}

json::object comment_json(const db::Row& r, const std::string& viewer_id) {
  // id, body, created_at, user id, name, nickname, image
  std::string name = r.is_null(5) || r.str(5).empty() ? r.str(4) : r.str(5);
  return json::object{
      {"id", r.str(0)},
      {"body", r.str(1)},
      {"createdAt", iso8601(r.i64(2))},
      {"author", json::object{{"id", r.str(3)},
                              {"name", name},
                              {"image", r.is_null(6) ? json::value(nullptr) : json::value(r.str(6))}}},
      {"mine", r.str(3) == viewer_id}};
}

constexpr const char* comment_cols =
    "k.id, k.body, k.created_at, u.id, u.name, u.nickname, u.image FROM article_comments k JOIN users u ON "
    "u.id = "
    "k.user_id";

Awaitable list_articles(Context& ctx) {
  auto page = ctx.query_int("page", 1, 1, 10000);
  auto page_size = ctx.query_int("pageSize", 20, 1, 50);
  std::string uid = ctx.user->id;
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    Viewer viewer = load_viewer(c, uid);
    std::int64_t total = 0;
    auto items = article_cards(c, viewer, now_ms(), (page - 1) * page_size, page_size, &total);
    return json::object{
        {"items", std::move(items)}, {"total", total}, {"page", page}, {"pageSize", page_size}};
  });
  co_return http::json_response(ctx, body);
}

Awaitable get_article(Context& ctx) {
  std::string id = need_id(ctx), uid = ctx.user->id;
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    Viewer viewer = load_viewer(c, uid);
    return article_detail(c, id, &viewer, uid, now_ms(), true);
  });
  if (!body) throw ApiError::not_found();
  co_return http::json_response(ctx, json::object{{"article", std::move(*body)}});
}

Awaitable set_like(Context& ctx, bool like) {
  std::string id = need_id(ctx), uid = ctx.user->id;
  auto answer = co_await ctx.app.db->transact([&](db::Connection& c) -> std::optional<json::object> {
    auto now = now_ms();
    Viewer viewer = load_viewer(c, uid);
    if (!visible_article(c, id, viewer, now)) return std::nullopt;
    // The like row is the truth; the counter moves only when this call changed it.
    if (like) {
      auto r = c.query(
          "INSERT INTO article_likes (article_id, user_id, created_at) VALUES ($1, $2, $3) "
          "ON CONFLICT (article_id, user_id) DO NOTHING",
          id, uid, now);
      if (r.affected > 0) c.query("UPDATE articles SET like_count = like_count + 1 WHERE id = $1", id);
    } else {
      auto r = c.query("DELETE FROM article_likes WHERE article_id = $1 AND user_id = $2", id, uid);
      if (r.affected > 0)
        c.query("UPDATE articles SET like_count = like_count - 1 WHERE id = $1 AND like_count > 0", id);
    }
    auto count = c.query("SELECT like_count FROM articles WHERE id = $1", id).first()->i64(0);
    return json::object{{"liked", like}, {"likeCount", count}};
  });
  if (!answer) throw ApiError::not_found();
  co_return http::json_response(ctx, *answer);
}

Awaitable like(Context& ctx) {
  co_return co_await set_like(ctx, true);
}
Awaitable unlike(Context& ctx) {
  co_return co_await set_like(ctx, false);
}

Awaitable list_comments(Context& ctx) {
  std::string id = need_id(ctx), uid = ctx.user->id;
  auto limit = ctx.query_int("limit", 20, 1, 100);
  std::string before = ctx.query("before").value_or("");
  if (!before.empty() && !plausible_id(before))
    throw ApiError(http::Status::bad_request, "BAD_REQUEST", msg::INVALID_QUERY,
                   {{"before", msg::COMMENT_ID}});
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    Viewer viewer = load_viewer(c, uid);
    if (!visible_article(c, id, viewer, now_ms())) return std::nullopt;
    std::string sql =
        std::string("SELECT ") + comment_cols + " WHERE k.article_id = $1 AND k.status = 'visible'";
    auto rows = before.empty()
                    ? c.query(sql + " ORDER BY k.id DESC LIMIT $2", id, limit + 1)
                    : c.query(sql + " AND k.id < $3 ORDER BY k.id DESC LIMIT $2", id, limit + 1, before);
    json::array items;
    for (std::size_t i = 0; i < rows.rows.size() && static_cast<std::int64_t>(i) < limit; ++i)
      items.push_back(comment_json(rows.rows[i], uid));
    return json::object{{"items", std::move(items)},
                        {"hasMore", static_cast<std::int64_t>(rows.rows.size()) > limit}};
  });
  if (!body) throw ApiError::not_found();
  co_return http::json_response(ctx, *body);
}

// Plain text: trimmed, 1 to 1000 characters, line breaks kept, other control characters refused. Stored as
// typed; clients show it as text (never as HTML).
std::string comment_body(const json::object& body) {
  auto* v = body.if_contains("body");
  http::FieldErrors errors;
  for (const auto& [k, _] : body)
    if (k != "body") errors[std::string(k)] = msg::UNKNOWN_FIELD;
  std::string text;
  if (!v || !v->is_string()) {
    errors["body"] = msg::BODY_TEXT;
  } else {
    text = plain_text(v->as_string());
    bool control = has_control_chars_but_breaks(text);
    if (text.empty())
      errors["body"] = msg::WRITE_SOMETHING;
    else if (utf8_length(text) > max_comment_chars)
      errors["body"] = msg::AT_MOST_1000_CHARS;
    else if (control)
      errors["body"] = msg::MUST_BE_PLAIN_TEXT;
  }
  if (!errors.empty()) throw ApiError::validation(errors);
  return text;
}

Awaitable post_comment(Context& ctx) {
  std::string id = need_id(ctx), uid = ctx.user->id;
  std::string text = comment_body(ctx.json_object());
  auto answer = co_await ctx.app.db->transact([&](db::Connection& c) -> std::optional<json::object> {
    lock_user(c, uid);  // the rate count below and the insert as one step per person
    auto now = now_ms();
    Viewer viewer = load_viewer(c, uid);
    auto article = visible_article(c, id, viewer, now);
    if (!article) return std::nullopt;
    if (!c.query("SELECT allow_comments FROM articles WHERE id = $1", id).first()->boolean(0))
      throw ApiError(http::Status::forbidden, "COMMENTS_CLOSED", msg::COMMENTS_CLOSED);
    auto recent =
        c.query(
             "SELECT COUNT(*), MIN(created_at) FROM article_comments WHERE user_id = $1 AND created_at > $2",
             uid, now - 60000)
            .first();
    if (recent->i64(0) >= comments_per_minute) {
      auto wait_ms = recent->i64(1) + 60000 - now;
      throw ApiError::rate_limited(static_cast<int>(std::max<std::int64_t>(1, (wait_ms + 999) / 1000)));
    }
    std::string comment_id = uuid_v7();
    c.query(
        "INSERT INTO article_comments (id, article_id, user_id, body, status, created_at, updated_at, "
        "version) "
        "VALUES ($1, $2, $3, $4, 'visible', $5, $5, 1)",
        comment_id, id, uid, text, now);
    c.query("UPDATE articles SET comment_count = comment_count + 1 WHERE id = $1", id);
    auto row = c.query(std::string("SELECT ") + comment_cols + " WHERE k.id = $1", comment_id).first();
    return json::object{{"comment", comment_json(*row, uid)}};
  });
  if (!answer) throw ApiError::not_found();
  co_return http::json_response(ctx, *answer, http::Status::created);
}

Awaitable delete_comment(Context& ctx) {
  std::string id = need_id(ctx), comment_id = need_id(ctx, "commentId"), uid = ctx.user->id;
  bool moderator = ctx.user->at_least(auth::Role::editor);
  std::string ip = ctx.client_ip;
  bool found = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto row = c.query("SELECT user_id, status, body FROM article_comments WHERE id = $1 AND article_id = $2",
                       comment_id, id)
                   .first();
    if (!row) return false;
    bool own = row->str(0) == uid;
    if (!own && !moderator) return false;  // others' comments are not the caller's to know about
    // The author deletes through the article they can see; editors moderate any article.
    if (own && !moderator && !visible_article(c, id, load_viewer(c, uid), now_ms())) return false;
    c.query("DELETE FROM article_comments WHERE id = $1", comment_id);
    if (row->str(1) == "visible")
      c.query("UPDATE articles SET comment_count = comment_count - 1 WHERE id = $1 AND comment_count > 0",
              id);
    if (!own)
      audit::record(c, uid, "delete", "article-comments", comment_id,
                    json::object{{"article", id}, {"user", row->str(0)}, {"body", row->str(2)}}, std::nullopt,
                    ip);
    return true;
  });
  if (!found) throw ApiError::not_found();
  co_return http::empty_response(ctx, http::Status::no_content);
}

}  // namespace

json::array article_cards(db::Connection& c, const Viewer& viewer, std::int64_t now, std::int64_t offset,
                          std::int64_t limit, std::int64_t* total) {
  auto items = load_items(c, "article", &viewer, now);
  std::stable_sort(items.begin(), items.end(),
                   [](const Item& a, const Item& b) { return a.pinned && !b.pinned; });
  if (total) *total = static_cast<std::int64_t>(items.size());
  std::vector<std::string> page;
  for (std::size_t i = static_cast<std::size_t>(offset);
       i < items.size() && page.size() < static_cast<std::size_t>(limit); ++i)
    page.push_back(items[i].id);
  auto liked = liked_of(c, viewer.user_id, page);
  json::array out;
  for (std::size_t i = static_cast<std::size_t>(offset); i < items.size() && out.size() < page.size(); ++i)
    out.push_back(article_card_json(items[i], liked.count(items[i].id) > 0));
  return out;
}

std::optional<json::object> article_detail(db::Connection& c, const std::string& id, const Viewer* viewer,
                                           const std::string& user_id, std::int64_t now,
                                           bool published_only) {
  auto items = load_items(c, "article", viewer, now, Filter{" AND t.id = $2", {id}}, published_only);
  if (items.empty()) return std::nullopt;
  bool liked = !liked_of(c, user_id, {id}).empty();
  json::object o = article_card_json(items.front(), liked);
  auto r = c.query("SELECT body_html, tags_json, allow_comments FROM articles WHERE id = $1", id).first();
  o["bodyHtml"] = r->is_null(0) ? json::value(nullptr) : json::value(r->str(0));
  json::value tags = json::array{};
  if (!r->is_null(1)) {
    boost::system::error_code ec;
    auto v = json::parse(r->str(1), ec);
    if (!ec) tags = v;
  }
  o["tags"] = std::move(tags);
  o["allowComments"] = r->boolean(2);
  return o;
}

void register_article_routes(http::Services& app) {
  auto& r = app.router;
  r.get("/api/articles", list_articles, Access::signed_in);
  r.get("/api/articles/:id", get_article, Access::signed_in);
  r.put("/api/articles/:id/like", like, Access::signed_in);
  r.del("/api/articles/:id/like", unlike, Access::signed_in);
  r.get("/api/articles/:id/comments", list_comments, Access::signed_in);
  r.post("/api/articles/:id/comments", post_comment, Access::signed_in);
  r.del("/api/articles/:id/comments/:commentId", delete_comment, Access::signed_in);
}

}  // namespace shopfloor::learning
