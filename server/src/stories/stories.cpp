#include "stories/stories.hpp"

#include <set>

#include "db/params.hpp"
#include "media/media.hpp"
#include "resources/search.hpp"
#include "share/share.hpp"
#include "stories/admin.hpp"
#include "stories/model.hpp"
#include "stories/staff.hpp"

namespace shopfloor::stories {

namespace {

// /share/story/<id>: a published story (stories have no audience: every published one is for everyone).
std::optional<share::Card> share_card(db::Connection& c, const std::string& id, std::int64_t) {
  auto row = visible_story(c, id, "");
  if (!row) return std::nullopt;
  std::string title = row->str(s_author_name);
  if (!row->is_null(s_store_name)) title += " · " + row->str(s_store_name);
  auto photos = photo_ids(row->str(s_photos));
  auto cover = photos.empty() ? std::nullopt : std::optional(photos.front());
  return share::Card{title, row->str(s_text), share::media_image_url(c, cover), "/stores/" + id};
}

// Staff search: published stories, as the feed shows them (no audience: each is for everyone).
std::set<std::string> published_stories(db::Connection& c, const resources::StaffGate&,
                                        const std::vector<std::string>& ids) {
  std::set<std::string> out;
  if (ids.empty()) return out;
  std::vector<db::Value> params(ids.begin(), ids.end());
  std::string marks = db::placeholders(1, ids.size());
  return c.exec("SELECT id FROM stories WHERE status = 'published' AND id IN (" + marks + ")", params)
      .first_column<std::set<std::string>>();
}

// The Stories tab's largest paint: the first photo of the feed's first story, as the unfiltered feed orders
// them (staff.cpp `feed`), preloaded with the page (issue 29).
std::optional<std::string> first_feed_photo(db::Connection& c, const std::string&) {
  auto row = c.query(
                  "SELECT photos_json FROM stories WHERE status = 'published' ORDER BY featured DESC, "
                  "published_at DESC, id DESC LIMIT 1")
                 .first();
  if (!row) return std::nullopt;
  auto photos = photo_ids(row->str(0));
  if (photos.empty()) return std::nullopt;
  auto media = media::media_summary_of(c, photos.front());
  if (media.is_null()) return std::nullopt;
  return std::string(media.at("url").as_string());
}

}  // namespace

void register_routes(http::Services& app) {
  register_admin_routes(app);
  register_staff_routes(app);
  share::add_kind("story", share_card);
  resources::add_staff_kind({"story", "stories", "/stores/{id}", published_stories});
  app.largest_paints.emplace("/stores", first_feed_photo);
}

}  // namespace shopfloor::stories
