#include "stories/model.hpp"

#include <boost/json/parse.hpp>
#include <map>
#include <set>

#include "db/params.hpp"
#include "http/json_time.hpp"
#include "media/media.hpp"
#include "util/ids.hpp"

namespace shopfloor::stories {

namespace json = boost::json;

const char* const story_select =
    "SELECT s.id, s.user_id, s.store_id, s.text, s.photos_json, s.status, s.reject_reason, s.featured, "
    "s.published_at, s.likes_count, s.comments_count, s.created_at, u.name, u.nickname, u.image, st.name, "
    "rg.id, rg.name FROM stories s JOIN users u ON u.id = s.user_id LEFT JOIN stores st ON st.id = "
    "s.store_id LEFT JOIN regions rg ON rg.id = s.region_id ";

std::vector<std::string> photo_ids(const std::string& photos_json) {
  std::vector<std::string> out;
  boost::system::error_code ec;
  auto v = json::parse(photos_json, ec);
  if (ec || !v.is_array()) return out;
  for (const auto& id : v.as_array())
    if (id.is_string()) out.emplace_back(id.as_string());
  return out;
}

const reactions::Kind& story_reactions() {
  static const reactions::Kind k{.item = "story",
                                 .item_table = "stories",
                                 .likes_count = "likes_count",
                                 .comments_count = "comments_count",
                                 .moderated = false,
                                 .reports_table = "story_reports",
                                 .reports_count = "reports_count",
                                 .reported_flag = "reported"};
  return k;
}

json::array stories_json(db::Connection& c, const std::vector<db::Row>& rows, const std::string& viewer) {
  json::array out;
  if (rows.empty()) return out;
  std::vector<db::Value> media_ids;
  std::set<std::string> seen_media;
  for (const auto& r : rows) {
    for (auto& m : photo_ids(r.str(s_photos)))
      if (seen_media.insert(m).second) media_ids.emplace_back(m);
  }
  std::map<std::string, json::object> media;
  if (!media_ids.empty())
    for (const auto& m : c.exec("SELECT m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height FROM media m "
                                "WHERE m.id IN (" +
                                    db::placeholders(1, media_ids.size()) + ")",
                                media_ids)
                             .rows)
      media.emplace(m.str(0), media::media_summary(m, 0));
  std::vector<std::string> ids;
  for (const auto& r : rows) ids.push_back(r.str(s_id));
  auto liked = reactions::liked(c, story_reactions(), viewer, ids);

  auto opt = [](const db::Row& r, std::size_t i) { return http::value_or_null(r.opt_str(i)); };
  for (const auto& r : rows) {
    bool mine = r.str(s_user) == viewer;
    json::array photos;
    for (const auto& m : photo_ids(r.str(s_photos)))
      if (auto it = media.find(m); it != media.end()) photos.push_back(it->second);
    std::string name = r.is_null(s_author_nickname) || r.str(s_author_nickname).empty()
                           ? r.str(s_author_name)
                           : r.str(s_author_nickname);
    out.push_back(json::object{
        {"id", r.str(s_id)},
        {"text", r.str(s_text)},
        {"status", r.str(s_status)},
        {"rejectReason", mine ? opt(r, s_reject_reason) : json::value(nullptr)},
        {"featured", r.boolean(s_featured)},
        {"publishedAt", http::iso_or_null(r.opt_i64(s_published_at))},
        {"createdAt", iso8601(r.i64(s_created_at))},
        {"author", json::object{{"id", r.str(s_user)}, {"name", name}, {"image", opt(r, s_author_image)}}},
        {"store", r.is_null(s_store)
                      ? json::value(nullptr)
                      : json::value(json::object{{"id", r.str(s_store)}, {"name", r.str(s_store_name)}})},
        {"region", r.is_null(s_region)
                       ? json::value(nullptr)
                       : json::value(json::object{{"id", r.str(s_region)}, {"name", r.str(s_region_name)}})},
        {"photos", std::move(photos)},
        {"likes", r.i64(s_likes)},
        {"comments", r.i64(s_comments)},
        {"liked", liked.contains(r.str(s_id))},
        {"mine", mine},
        {"shareUrl", "/share/story/" + r.str(s_id)}});
  }
  return out;
}

std::optional<db::Row> visible_story(db::Connection& c, const std::string& id, const std::string& viewer) {
  if (!plausible_id(id)) return std::nullopt;
  return c
      .query(std::string(story_select) + "WHERE s.id = $1 AND (s.status = 'published' OR s.user_id = $2)", id,
             viewer)
      .first();
}

}  // namespace shopfloor::stories
