#include "share/share.hpp"

#include <map>
#include <mutex>

#include "http/handler.hpp"
#include "resources/staff_gate.hpp"
#include "share/fonts.hpp"
#include "share/page.hpp"
#include "util/html_sanitizer.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::share {

using http::Status;

namespace {

std::map<std::string, Loader>& kinds() {
  static std::map<std::string, Loader> map;
  return map;
}

// The item's `columns` as a page with nobody signed in may show them: it passes the staff gate only when
// its audience is everyone.
std::optional<db::Row> public_item(db::Connection& c, std::string table, std::string alias,
                                   std::string_view columns, const std::string& id, std::int64_t now) {
  return resources::StaffGate::anyone(now)
      .from(std::move(table), std::move(alias))
      .select(columns)
      .by_id(c, id);
}

std::optional<Card> article(db::Connection& c, const std::string& id, std::int64_t now) {
  auto row = public_item(c, "articles", "a", "a.title, a.summary, a.body_html, a.cover_media_id", id, now);
  if (!row) return std::nullopt;
  std::string summary = row->is_null(1) ? "" : trimmed(row->str(1));
  if (summary.empty() && !row->is_null(2)) summary = trimmed(html_to_text(row->str(2)));
  return Card{row->str(0), summary, media_image_url(c, row->opt_str(3)), "/main/articles/" + id};
}

std::optional<Card> event(db::Connection& c, const std::string& id, std::int64_t now) {
  auto row = public_item(c, "events", "e", "e.title, e.description, e.cover_media_id", id, now);
  if (!row) return std::nullopt;
  return Card{row->str(0), row->is_null(1) ? "" : trimmed(row->str(1)), media_image_url(c, row->opt_str(2)),
              "/club/events/" + id};
}

boost::asio::awaitable<http::Response> share_page(Context& ctx) {
  const std::string& product = ctx.app.config.product_name;
  const std::string& fonts = bundled_font_css(ctx.app.config.web_dir);
  auto not_found = [&] {
    return http::html_response(ctx, render_not_found(product, fonts), Status::not_found);
  };
  // "/share/<type>/<id>" exactly.
  std::string_view rest = std::string_view(ctx.path).substr(std::string_view("/share/").size());
  auto slash = rest.find('/');
  if (slash == std::string_view::npos) co_return not_found();
  std::string type(rest.substr(0, slash)), id(rest.substr(slash + 1));
  auto it = kinds().find(type);
  if (it == kinds().end() || !plausible_id(id)) co_return not_found();
  const Loader& loader = it->second;
  auto card = co_await ctx.app.db->read([&](db::Connection& c) { return loader(c, id, now_ms()); });
  if (!card) co_return not_found();
  PageContext page{product, ctx.origin(), ctx.origin() + "/share/" + type + "/" + id, fonts};
  auto res = http::html_response(ctx, render_card(page, *card));
  // Previews are fetched by chat apps again and again; five minutes of caching is plenty fresh.
  res.set(http::beast_http::field::cache_control, "public, max-age=300");
  co_return res;
}

}  // namespace

void add_kind(const std::string& type, Loader loader) {
  kinds()[type] = std::move(loader);
}

std::optional<std::string> media_image_url(db::Connection& c, const std::optional<std::string>& media_id) {
  if (!media_id) return std::nullopt;
  auto row = c.query("SELECT hash, ext FROM media WHERE id = $1 AND kind = 'image'", *media_id).first();
  if (!row) return std::nullopt;
  return "/media/" + row->str(0) + "." + row->str(1);
}

void register_routes(http::Services& app) {
  add_kind("article", article);
  add_kind("event", event);
  app.router.get("/share/*", share_page);
}

}  // namespace shopfloor::share
