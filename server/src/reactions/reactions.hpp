// People's reactions to an item staff see in a feed (articles, success stories): one like per person,
// plain-text comments, reports. One module, so every such area counts, checks and moderates them alike. An
// area names its tables in a Kind; its routes first decide whether the person may see the item (the staff
// gate for articles, the story's own rules), then call these in the same transaction.
//
//   const reactions::Kind& story_reactions() {
//     static const reactions::Kind k{.item = "story", .item_table = "stories", .likes_count = "likes_count",
//                                    .comments_count = "comments_count", .reports_table = "story_reports"};
//     return k;
//   }
//   auto likes = reactions::set_like(c, story_reactions(), id, uid, true, now);
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "http/handler.hpp"
#include "resources/resource.hpp"

namespace shopfloor::reactions {

struct Kind {
  std::string item;            // "article" | "story": the tables below are <item>_likes, <item>_comments,
                               // their column <item>_id, and the audit entry names the item so
  std::string item_table;      // "articles" | "stories": the counters are columns of the item
  std::string likes_count;     // "like_count" | "likes_count"
  std::string comments_count;  // "comment_count" | "comments_count"
  // Comments carry a status ('visible' | 'hidden', the back office hides them); only visible ones are shown
  // and counted.
  bool moderated = false;
  std::string reports_table;  // "story_reports" ("" when the area takes no reports)
  std::string reports_count;  // "reports_count"
  std::string reported_flag;  // a column set to 1 when the item is reported ("reported"), or ""

  std::string likes_table() const { return item + "_likes"; }
  std::string comments_table() const { return item + "_comments"; }
  std::string item_column() const { return item + "_id"; }
};

// ---- Likes: one row per (item, person); the item's counter moves only when this call wrote or removed
// that row, so concurrent taps count once. Answers the count after the change.
std::int64_t set_like(db::Connection& c, const Kind& k, const std::string& item_id,
                      const std::string& user_id, bool like, std::int64_t now);
// PUT and DELETE `path` (the item's ".../:id/like") for signed-in staff: the area's set_like(ctx, true)
// likes the item, set_like(ctx, false) takes the like back.
void add_like_routes(http::Services& app, const std::string& path, Awaitable (*set_like)(Context&, bool));
// Which of `item_ids` the person likes.
std::set<std::string> liked(db::Connection& c, const Kind& k, const std::string& user_id,
                            const std::vector<std::string>& item_ids);

// ---- Comments: plain text, stored as typed; clients show it as text (never as HTML).

// The comment in a body {body}: trimmed, 1 to 1000 characters, line breaks kept, other control characters and
// other members refused (422).
std::string comment_text(const boost::json::object& body);

struct CommentPage {
  boost::json::array items;  // {id, body, createdAt, author {id, name, image}, mine[, canDelete]}
  bool has_more = false;
};
// Newest first, at most `limit`, older than the comment `before` when given. `moderator`: add canDelete
// (the author's own, or every comment for a moderator) to each.
CommentPage comments(db::Connection& c, const Kind& k, const std::string& item_id,
                     const std::string& viewer_id, const std::optional<std::string>& before,
                     std::int64_t limit, std::optional<bool> moderator = std::nullopt);
// The comment routes of an item for signed-in staff, `path` being the item's ".../:id/comments": GET lists,
// POST adds, DELETE `path`/:commentId deletes, each with the area's own check of the item.
struct CommentRoutes {
  http::Handler list, post, remove;
};
void add_comment_routes(http::Services& app, const std::string& path, CommentRoutes routes);
// Writes the comment and counts it; answers it as comments() shows it.
boost::json::object add_comment(db::Connection& c, const Kind& k, const std::string& item_id,
                                const std::string& user_id, const std::string& text, std::int64_t now,
                                std::optional<bool> moderator = std::nullopt);
// Deletes a comment of the item for its author or a moderator (who is audited); false when there is none, or
// it is another person's and the caller no moderator (not theirs to know about).
struct Deleting {
  std::string user_id, ip;
  bool moderator = false;
};
// `author_may` is asked when the author (no moderator) deletes: whether they may still act on the item.
bool delete_comment(db::Connection& c, const Kind& k, const std::string& item_id,
                    const std::string& comment_id, const Deleting& who,
                    const std::function<bool()>& author_may = {});

// The back office's resource of an area's comments: item, author and body (read only), the status when
// moderated; deleting (and hiding) a comment moves the item's count.
resources::Resource comments_resource(const Kind& k, std::string name, resources::Label label,
                                      std::string item_resource, resources::Label item_label);

// ---- Reports: once per person and item (409 ALREADY_REPORTED otherwise), with an optional reason; the item
// is flagged for the moderation queue.
void report(db::Connection& c, const Kind& k, const std::string& item_id, const std::string& user_id,
            const std::optional<std::string>& reason, std::int64_t now);
// The reason of a report body {reason?}: plain text, at most 500 characters (422 otherwise).
std::optional<std::string> report_reason(const boost::json::object& body);

}  // namespace shopfloor::reactions
