// A story as the staff API shows it, read in one query per page (author, store, region) plus one for the
// page's photos and one for the viewer's likes.
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "reactions/reactions.hpp"

namespace shopfloor::stories {

inline constexpr std::size_t max_text_chars = 2000;
inline constexpr std::size_t max_photos = 6;
inline constexpr std::int64_t publish_points = 20;  // to the author, once, when a story is first published

// Likes, comments and reports of stories (reactions/reactions.hpp).
const reactions::Kind& story_reactions();

// s.id, s.user_id, s.store_id, s.text, s.photos_json, s.status, s.reject_reason, s.featured, s.published_at,
// s.likes_count, s.comments_count, s.created_at, author name, nickname, image, store name, region id, region
// name
extern const char* const story_select;
enum Col : std::size_t {
  s_id,
  s_user,
  s_store,
  s_text,
  s_photos,
  s_status,
  s_reject_reason,
  s_featured,
  s_published_at,
  s_likes,
  s_comments,
  s_created_at,
  s_author_name,
  s_author_nickname,
  s_author_image,
  s_store_name,
  s_region,
  s_region_name
};

// The stories of `rows` for `viewer` (liked, mine; the reject reason only to the author).
boost::json::array stories_json(db::Connection& c, const std::vector<db::Row>& rows,
                                const std::string& viewer);

// A story the viewer may see: published, or their own in any status; nullopt → 404.
std::optional<db::Row> visible_story(db::Connection& c, const std::string& id, const std::string& viewer);

// The media ids in a photos_json value.
std::vector<std::string> photo_ids(const std::string& photos_json);

}  // namespace shopfloor::stories
