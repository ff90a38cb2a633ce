// What a staff member sees of the learning catalogue: published items in their audience, as cards, with
// their own progress. Loaded with a fixed number of queries per request (items per type, then the viewer's
// progress in one query per table), audiences filtered here in C++ over the published candidates.
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "learning/audience.hpp"
#include "resources/staff_gate.hpp"

namespace shopfloor::learning {

struct Item {
  std::string type;  // content, course, exam, ebook, article
  std::string id, title;
  std::optional<std::string> summary;
  std::string kind;  // contents only
  std::string category_id, category_name, subcategory_id;
  std::int64_t points = 0;
  std::optional<std::int64_t> duration;
  bool targeted = false;  // aimed at an audience (not everyone)
  std::int64_t published_at = 0;
  boost::json::value cover;  // media summary or null
  // Articles only.
  std::int64_t like_count = 0, comment_count = 0;
  bool pinned = false;
};

struct ProgressRow {
  double position = 0;
  std::int64_t percent = 0;
  std::optional<std::int64_t> completed_at;
  std::int64_t updated_at = 0;
};

struct Enrollment {
  std::int64_t started_at = 0, updated_at = 0;
  std::optional<std::int64_t> completed_at;
};

struct ExamResult {
  std::int64_t best_percent = 0;
  bool passed = false;
};

// The viewer's own state, each table read once.
struct UserState {
  std::map<std::string, ProgressRow> contents, ebooks;
  std::map<std::string, Enrollment> enrollments;
  std::map<std::string, ExamResult> exams;
  std::map<std::string, std::pair<int, int>> lessons;  // course → (completed, total), enrolled/mandatory
  std::map<std::string, std::optional<std::int64_t>> mandatory;  // course → earliest due date

  bool completed(const Item& it) const;
};

// `now` decides which lessons count in the courses' (completed, total): only those the viewer can open.
UserState load_state(db::Connection& c, const Viewer& viewer, std::int64_t now);

struct Filter {
  std::string where;              // a condition on the item `t` ("" = none), with its own $1..$n
  std::vector<db::Value> params;  // for those placeholders
};

// "t.id IN ($1, ...)" (nothing matches when ids is empty); "t.id = $1".
Filter by_ids(const std::vector<std::string>& ids);
Filter by_id(const std::string& id);

// Items of one type the gate lets through, newest first: for a staff member, published, in the window and
// their audience (what it leaves out answers 404 when opened); for the back office's preview
// (StaffGate::preview), any.
std::vector<Item> load_items(db::Connection& c, std::string_view type, const resources::StaffGate& gate,
                             const Filter& filter = {});
// The one item of that type and id the gate lets through, or nullopt (the routes' 404).
std::optional<Item> load_item(db::Connection& c, std::string_view type, const resources::StaffGate& gate,
                              const std::string& id);

// Course lessons as the viewer sees them: only those whose content or exam the viewer can open now (the
// load_items gate). A course page lists these, and its progress and completion count only these.
struct OpenableLessons {
  std::set<std::string> contents, exams;  // item ids
  bool has(std::string_view kind, const std::string& item_id) const {
    return (kind == "exam" ? exams : contents).contains(item_id);
  }
};
OpenableLessons openable_lessons(db::Connection& c, const Viewer& viewer, std::int64_t now,
                                 const std::vector<std::string>& content_ids,
                                 const std::vector<std::string>& exam_ids);

struct Category {
  std::string id, name;
  std::vector<std::pair<std::string, std::string>> subcategories;  // id, name
};

struct CatalogueLists;  // the cached published catalogue and learning settings (catalogue.cpp)
struct Catalogue {
  std::vector<Item> contents, courses, exams, ebooks;
  std::shared_ptr<const std::vector<Category>> categories;  // the tree, in its sort order
  std::shared_ptr<const CatalogueLists> lists;              // what the lists above were picked from
  const Item* find(std::string_view type, const std::string& id) const;
};
// The catalogue the viewer may see now and their state, for one request (the Learning tab, "For you" and
// Home's learning feed), with the catalogue's stamp read in the viewer's records' statement: one round trip
// fewer. On PostgreSQL the node's copy of both serves while nothing of theirs changed (read_cache.hpp): no
// statement at all.
struct Learning {
  Catalogue catalogue;
  UserState state;
};
Learning load_learning(db::Connection& c, const Viewer& viewer, std::int64_t now);

boost::json::object card_json(const Item& it, const UserState& st);
// The article card: a card plus likeCount, commentCount, liked, pinned, publishedAt.
boost::json::object article_card_json(const Item& it, bool liked);

// "For you": active personalised rules for the viewer by priority, then mandatory courses, then the newest
// items aimed at the viewer's audience, then the newest of the rest; never what the viewer completed.
boost::json::array for_you(db::Connection& c, const resources::StaffGate& gate, const UserState& st,
                           const Catalogue& cat, std::size_t limit = 10);

// Course progress as the detail shows it: {completedLessons, totalLessons, percent, completed, startedAt,
// completedAt}.
boost::json::object course_progress_json(const std::string& course_id, const UserState& st);

// Reads a media row by id as a media summary (null when absent).
boost::json::value media_by_id(db::Connection& c, const std::optional<std::string>& id);

}  // namespace shopfloor::learning
