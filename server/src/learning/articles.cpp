// Articles on Home: the feed, the article page, likes (idempotent, counted once per person however often
// or however concurrently they are sent) and plain-text comments (rate-limited, escaped by the client as
// text, moderated through the article-comments resource).
#include <boost/json/parse.hpp>

#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "learning/routes.hpp"
#include "reactions/reactions.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::learning {

using http::Access;

const reactions::Kind& article_reactions() {
  static const reactions::Kind k{.item = "article",
                                 .item_table = "articles",
                                 .likes_count = "like_count",
                                 .comments_count = "comment_count",
                                 .moderated = true};
  return k;
}

namespace {

constexpr int comments_per_minute = 5;

std::set<std::string> liked_of(db::Connection& c, const std::string& user_id,
                               const std::vector<std::string>& ids) {
  return reactions::liked(c, article_reactions(), user_id, ids);
}

Awaitable list_articles(Context& ctx) {
  auto page = ctx.query_int("page", 1, 1, 10000);
  auto page_size = ctx.query_int("pageSize", 20, 1, 50);
  auto body = co_await resources::staff_read(ctx, [&](db::Connection& c, const resources::StaffGate& gate) {
    std::int64_t total = 0;
    auto items = article_cards(c, gate, (page - 1) * page_size, page_size, &total);
    return json::object{
        {"items", std::move(items)}, {"total", total}, {"page", page}, {"pageSize", page_size}};
  });
  co_return http::json_response(ctx, body);
}

Awaitable get_article(Context& ctx) {
  std::string id = need_id(ctx);
  auto body = co_await resources::staff_read(ctx, [&](db::Connection& c, const resources::StaffGate& gate) {
    return article_detail(c, id, gate, gate.user_id());
  });
  if (!body) throw ApiError::not_found();
  co_return http::json_response(ctx, json::object{{"article", std::move(*body)}});
}

Awaitable set_like(Context& ctx, bool like) {
  std::string id = need_id(ctx), uid = ctx.user->id;
  auto answer = co_await resources::staff_write(
      ctx, [&](db::Connection& c, const resources::StaffGate& gate) -> std::optional<json::object> {
        if (!load_item(c, "article", gate, id)) return std::nullopt;
        auto count = reactions::set_like(c, article_reactions(), id, uid, like, gate.now());
        return json::object{{"liked", like}, {"likeCount", count}};
      });
  co_return http::json_or_not_found(ctx, answer);
}

Awaitable list_comments(Context& ctx) {
  std::string id = need_id(ctx), uid = ctx.user->id;
  auto limit = ctx.query_int("limit", 20, 1, 100);
  std::string before = ctx.query("before").value_or("");
  if (!before.empty() && !plausible_id(before))
    throw ApiError(http::Status::bad_request, err::BAD_REQUEST, msg::INVALID_QUERY,
                   {{"before", msg::COMMENT_ID}});
  auto body = co_await resources::staff_read(
      ctx, [&](db::Connection& c, const resources::StaffGate& gate) -> std::optional<json::object> {
        if (!load_item(c, "article", gate, id)) return std::nullopt;
        auto page = reactions::comments(c, article_reactions(), id, uid,
                                        before.empty() ? std::nullopt : std::optional(before), limit);
        return json::object{{"items", std::move(page.items)}, {"hasMore", page.has_more}};
      });
  co_return http::json_or_not_found(ctx, body);
}

Awaitable post_comment(Context& ctx) {
  std::string id = need_id(ctx), uid = ctx.user->id;
  std::string text = reactions::comment_text(ctx.json_object());
  auto answer = co_await resources::staff_write(
      ctx, [&](db::Connection& c, const resources::StaffGate& gate) -> std::optional<json::object> {
        lock_user(c, uid);  // the rate count below and the insert as one step per person
        auto now = gate.now();
        auto article = load_item(c, "article", gate, id);
        if (!article) return std::nullopt;
        if (!c.query("SELECT allow_comments FROM " + resources::admitted("articles") + " WHERE id = $1", id)
                 .first()
                 ->boolean(0))
          throw ApiError(http::Status::forbidden, err::COMMENTS_CLOSED, msg::COMMENTS_CLOSED);
        auto recent = c.query(
                           "SELECT COUNT(*), MIN(created_at) FROM article_comments WHERE user_id = $1 AND "
                           "created_at > $2",
                           uid, now - 60000)
                          .first();
        if (recent->i64(0) >= comments_per_minute) {
          auto wait_ms = recent->i64(1) + 60000 - now;
          throw ApiError::rate_limited(static_cast<int>(std::max<std::int64_t>(1, (wait_ms + 999) / 1000)));
        }
        return json::object{{"comment", reactions::add_comment(c, article_reactions(), id, uid, text, now)}};
      });
  co_return http::json_or_not_found(ctx, answer, http::Status::created);
}

Awaitable delete_comment(Context& ctx) {
  std::string id = need_id(ctx), comment_id = need_id(ctx, "commentId"), uid = ctx.user->id;
  reactions::Deleting who{uid, ctx.client_ip, ctx.user->at_least(auth::Role::editor)};
  bool found = co_await resources::staff_write(ctx, [&](db::Connection& c, const resources::StaffGate& gate) {
    // The author deletes through the article they can see; editors moderate any article.
    return reactions::delete_comment(c, article_reactions(), id, comment_id, who,
                                     [&] { return load_item(c, "article", gate, id).has_value(); });
  });
  if (!found) throw ApiError::not_found();
  co_return http::empty_response(ctx, http::Status::no_content);
}

}  // namespace

json::array article_cards(db::Connection& c, const resources::StaffGate& gate, std::int64_t offset,
                          std::int64_t limit, std::int64_t* total) {
  auto items = load_items(c, "article", gate);
  std::stable_sort(items.begin(), items.end(),
                   [](const Item& a, const Item& b) { return a.pinned && !b.pinned; });
  if (total) *total = static_cast<std::int64_t>(items.size());
  std::vector<std::string> page;
  for (std::size_t i = static_cast<std::size_t>(offset);
       i < items.size() && page.size() < static_cast<std::size_t>(limit); ++i)
    page.push_back(items[i].id);
  auto liked = liked_of(c, gate.user_id(), page);
  json::array out;
  for (std::size_t i = static_cast<std::size_t>(offset); i < items.size() && out.size() < page.size(); ++i)
    out.push_back(article_card_json(items[i], liked.count(items[i].id) > 0));
  return out;
}

std::optional<json::object> article_detail(db::Connection& c, const std::string& id,
                                           const resources::StaffGate& gate, const std::string& user_id) {
  auto item = load_item(c, "article", gate, id);
  if (!item) return std::nullopt;
  bool liked = !liked_of(c, user_id, {id}).empty();
  json::object o = article_card_json(*item, liked);
  auto r = c.query("SELECT body_html, tags_json, allow_comments FROM " + resources::admitted("articles") +
                       " WHERE id = $1",
                   id)
               .first();
  o["bodyHtml"] = http::value_or_null(r->opt_str(0));
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
  app.router.get("/api/articles", list_articles, http::Access::signed_in);
  app.router.get("/api/articles/:id", get_article, http::Access::signed_in);
  reactions::add_like_routes(app, "/api/articles/:id/like", set_like);
  reactions::add_comment_routes(app, "/api/articles/:id/comments",
                                {list_comments, post_comment, delete_comment});
}

}  // namespace shopfloor::learning
