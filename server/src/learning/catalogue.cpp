#include "learning/catalogue.hpp"

#include <algorithm>
#include <mutex>
#include <set>

#include "http/json_time.hpp"
#include "learning/read_cache.hpp"
#include "media/media.hpp"
#include "resources/staff_gate.hpp"
#include "util/ids.hpp"

namespace shopfloor::learning {

namespace json = boost::json;

namespace {

constexpr const char* media_cols = "m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height";

// The table of a type.
std::string table_of(std::string_view type) {
  return type == "content"  ? "contents"
         : type == "course" ? "courses"
         : type == "exam"   ? "exams"
         : type == "ebook"  ? "ebooks"
                            : "articles";
}

// Columns in one order for every type: id, title, summary, kind, category id, category name, subcategory id,
// points, duration, audience, created_at, start_at, then the cover (7), then article counters (3), end_at.
// The item is `t`.
std::string item_columns(std::string_view type) {
  std::string cols;
  if (type == "content")
    cols =
        "t.id, t.title, t.summary, t.kind, t.category_id, cat.name, t.subcategory_id, t.points, "
        "t.duration_minutes";
  else if (type == "course")
    // The length counts every lesson's content, whatever its state.
    cols =
        "t.id, t.title, t.summary, NULL, t.category_id, cat.name, NULL, t.points, "
        "(SELECT SUM(ct.duration_minutes) FROM course_lessons l JOIN " +
        resources::any_state("contents") + " ct ON ct.id = l.content_id WHERE l.course_id = t.id)";
  else if (type == "exam")
    cols =
        "t.id, t.title, t.description, NULL, t.category_id, cat.name, NULL, t.points, "
        "(t.time_limit_seconds + 59) / 60";
  else if (type == "ebook")
    cols = "t.id, t.title, t.description, NULL, t.category_id, cat.name, NULL, 0, NULL";
  else
    cols = "t.id, t.title, t.summary, NULL, NULL, NULL, NULL, 0, NULL";
  cols += ", t.audience_json, t.created_at, t.start_at, " + std::string(media_cols);
  cols += type == "article" ? ", t.like_count, t.comment_count, t.pinned" : ", 0, 0, 0";
  return cols + ", t.end_at";
}

std::string item_joins(std::string_view type) {
  std::string joins = type == "article" ? "" : "LEFT JOIN categories cat ON cat.id = t.category_id ";
  return joins + "LEFT JOIN media m ON m.id = t.cover_media_id";
}

Item item_from_row(std::string_view type, const db::Row& r) {
  Item it;
  it.type = std::string(type);
  it.id = r.str(0);
  it.title = r.str(1);
  it.summary = r.opt_str(2);
  it.kind = r.str(3);
  it.category_id = r.str(4);
  it.category_name = r.str(5);
  it.subcategory_id = r.str(6);
  it.points = r.i64(7);
  it.duration = r.opt_i64(8);
  it.published_at = r.opt_i64(11).value_or(r.i64(10));
  it.cover = media::media_summary_or_null(r, 12);
  it.like_count = r.i64(19);
  it.comment_count = r.i64(20);
  it.pinned = r.i64(21) != 0;
  return it;
}

}  // namespace

// The published catalogue, parsed once and shared by every request until it changes. Whether it changed is
// one read of the stamp that the catalogue tables' triggers set on every write (migration 0094), asked on
// each use so every node sees a write at once; windows and audiences are applied per request. With it, the
// learning settings every request reads: course assignments and personalised rules.
struct CatalogueLists {
  struct Cached {
    Item item;
    Audience audience;
    std::optional<std::int64_t> start_at, end_at;
  };
  struct Lesson {
    std::string course_id, kind, item_id;  // kind "exam": item_id is the exam, otherwise the content
  };
  struct Assignment {
    std::string course_id;
    Audience audience;
    std::optional<std::int64_t> due_at;
  };
  struct Rule {
    std::string target_type, target_id;
    Audience audience;
    std::optional<std::int64_t> start_at, end_at;
  };
  std::map<std::string, std::vector<Cached>> items;
  std::shared_ptr<std::vector<Category>> categories = std::make_shared<std::vector<Category>>();
  std::vector<Lesson> lessons;  // every course's, whatever its state
  std::vector<Assignment> assignments;
  std::vector<Rule> rules;  // the active ones, by priority
};

namespace {

using Lesson = CatalogueLists::Lesson;

struct CatalogueCache {
  std::mutex mu;
  std::optional<std::int64_t> stamp;
  std::shared_ptr<const CatalogueLists> lists;
};

CatalogueCache& catalogue_cache() {
  static CatalogueCache cache;
  return cache;
}

constexpr const char* item_types[] = {"content", "course", "exam", "ebook"};

// `known`: the stamp, when this request has read it already (load_learning reads it with the viewer's
// records).
std::shared_ptr<const CatalogueLists> published_lists(db::Connection& c,
                                                      std::optional<std::int64_t> known = std::nullopt) {
  auto stamp = known ? *known : c.query("SELECT stamp FROM catalogue_version").first()->i64(0);
  auto& cache = catalogue_cache();
  {
    std::lock_guard lock(cache.mu);
    if (cache.lists && cache.stamp == stamp) return cache.lists;
  }
  auto lists = std::make_shared<CatalogueLists>();
  for (const char* type : item_types) {
    auto& out = lists->items[type];
    // Every published item whatever its window and audience: the gate applies those per request (admits).
    auto rows =
        c.query("SELECT " + item_columns(type) + " FROM " + resources::any_state(table_of(type)) + " t " +
                item_joins(type) +
                " WHERE t.status = 'published' ORDER BY COALESCE(t.start_at, t.created_at) DESC, t.id DESC");
    for (const auto& r : rows.rows) {
      CatalogueLists::Cached x{item_from_row(type, r), parse_audience(r.str(9)), r.opt_i64(11),
                               r.opt_i64(22)};
      x.item.targeted = !x.audience.everyone();
      out.push_back(std::move(x));
    }
  }
  auto subs = c.query("SELECT id, name, category_id FROM subcategories ORDER BY sort_order, name, id");
  for (const auto& r : c.query("SELECT id, name FROM categories ORDER BY sort_order, name, id").rows) {
    Category cat{r.str(0), r.str(1), {}};
    for (const auto& sub : subs.rows)
      if (sub.str(2) == cat.id) cat.subcategories.emplace_back(sub.str(0), sub.str(1));
    lists->categories->push_back(std::move(cat));
  }
  for (const auto& r : c.query("SELECT course_id, kind, content_id, exam_id FROM course_lessons").rows)
    lists->lessons.push_back({r.str(0), r.str(1), r.str(r.str(1) == "exam" ? 3 : 2)});
  for (const auto& r : c.query("SELECT course_id, audience_json, due_at FROM course_assignments").rows)
    lists->assignments.push_back({r.str(0), parse_audience(r.str(1)), r.opt_i64(2)});
  for (const auto& r :
       c.query("SELECT target_type, target_id, audience_json, start_at, end_at FROM "
               "personalized_rules WHERE active = 1 ORDER BY priority DESC, created_at DESC, id DESC")
           .rows)
    lists->rules.push_back({r.str(0), r.str(1), parse_audience(r.str(2)), r.opt_i64(3), r.opt_i64(4)});
  // Kept for later requests once this transaction has committed: a writer that rolls back never leaves its
  // view.
  c.after_commit([lists, stamp] {
    auto& cache = catalogue_cache();
    std::lock_guard lock(cache.mu);
    cache.stamp = stamp;
    cache.lists = lists;
  });
  return lists;
}

// Of the given lessons' items, those the gate admits now (published, in the window and the audience).
OpenableLessons openable_in(const CatalogueLists& lists, const resources::StaffGate& gate,
                            const std::set<std::string>& content_ids, const std::set<std::string>& exam_ids) {
  OpenableLessons out;
  auto pick = [&](const char* type, const std::set<std::string>& wanted, std::set<std::string>& into) {
    if (wanted.empty()) return;
    for (const auto& x : lists.items.at(type))
      if (wanted.contains(x.item.id) && gate.admits("published", x.start_at, x.end_at, x.audience))
        into.insert(x.item.id);
  };
  pick("content", content_ids, out.contents);
  pick("exam", exam_ids, out.exams);
  return out;
}

// Whether the viewer has a record of `id` among `records` and `done` says it is done.
template <class Records, class Done>
bool done_in(const Records& records, const std::string& id, Done done) {
  auto r = records.find(id);
  return r != records.end() && done(r->second);
}

}  // namespace

bool UserState::completed(const Item& it) const {
  auto finished = [](const auto& r) { return static_cast<bool>(r.completed_at); };
  if (it.type == "content") return done_in(contents, it.id, finished);
  if (it.type == "ebook") return done_in(ebooks, it.id, finished);
  if (it.type == "course") return done_in(enrollments, it.id, finished);
  if (it.type == "exam") return done_in(exams, it.id, [](const ExamResult& e) { return e.passed; });
  return false;
}

namespace {

// The viewer's progress, courses and exam results in one statement: on PostgreSQL each statement is a round
// trip, and this runs on every Learning tab request. With `stamp`, the catalogue's stamp in the same
// statement (returned). Columns: kind, id, item type, position, a, b, c.
std::optional<std::int64_t> read_records(db::Connection& c, const std::string& uid, UserState& st,
                                         bool stamp) {
  std::string sql =
      "SELECT 'p', item_id, item_type, position, percent, completed_at, updated_at FROM learning_progress "
      "WHERE user_id = $1 "
      "UNION ALL SELECT 'e', course_id, NULL, NULL, started_at, completed_at, updated_at "
      "FROM course_enrollments WHERE user_id = $1 "
      "UNION ALL SELECT 'x', exam_id, NULL, NULL, MAX(percent), MAX(passed), NULL FROM exam_attempts "
      "WHERE user_id = $1 AND submitted_at IS NOT NULL GROUP BY exam_id";
  if (stamp) sql += " UNION ALL SELECT 's', NULL, NULL, NULL, NULL, stamp, NULL FROM catalogue_version";
  std::optional<std::int64_t> out;
  for (const auto& r : c.query(sql, uid).rows) {
    std::string kind = r.str(0);
    if (kind == "p")
      (r.str(2) == "content" ? st.contents : st.ebooks)[r.str(1)] =
          ProgressRow{r.f64(3), r.i64(4), r.opt_i64(5), r.i64(6)};
    else if (kind == "e")
      st.enrollments[r.str(1)] = Enrollment{r.i64(4), r.i64(6), r.opt_i64(5)};
    else if (kind == "x")
      st.exams[r.str(1)] = ExamResult{r.i64(4), r.i64(5) != 0};
    else
      out = r.i64(5);
  }
  return out;
}

// What follows from the records and the catalogue: the mandatory courses and each course's (completed, total)
// lessons.
void derive_state(UserState& st, const CatalogueLists& lists, const Viewer& viewer, std::int64_t now) {
  std::set<std::string> assigned;  // every course assigned to anyone (their lessons are counted below)
  for (const auto& a : lists.assignments) {
    assigned.insert(a.course_id);
    if (!matches(a.audience, viewer)) continue;
    auto [it, inserted] = st.mandatory.emplace(a.course_id, a.due_at);
    if (!inserted && a.due_at && (!it->second || *a.due_at < *it->second)) it->second = a.due_at;
  }
  // Lessons of the courses the viewer is in or must take: completed / total per course, of the lessons the
  // viewer can open.
  std::vector<const Lesson*> lessons;
  std::set<std::string> content_ids, exam_ids;
  for (const auto& l : lists.lessons)
    if (st.enrollments.contains(l.course_id) || assigned.contains(l.course_id)) {
      lessons.push_back(&l);
      (l.kind == "exam" ? exam_ids : content_ids).insert(l.item_id);
    }
  auto openable = openable_in(lists, resources::StaffGate{viewer, now}, content_ids, exam_ids);
  for (const Lesson* l : lessons) {
    if (!openable.has(l->kind, l->item_id)) continue;
    auto& counts = st.lessons[l->course_id];
    ++counts.second;
    bool done = false;
    if (l->kind == "exam") {
      auto e = st.exams.find(l->item_id);
      done = e != st.exams.end() && e->second.passed;
    } else {
      auto p = st.contents.find(l->item_id);
      done = p != st.contents.end() && p->second.completed_at;
    }
    if (done) ++counts.first;
  }
}

Catalogue catalogue_from(std::shared_ptr<const CatalogueLists> lists, const Viewer& viewer,
                         std::int64_t now) {
  Catalogue cat;
  resources::StaffGate gate(viewer, now);
  auto pick = [&](const char* type, std::vector<Item>& out) {
    for (const auto& x : lists->items.at(type))
      if (gate.admits("published", x.start_at, x.end_at, x.audience)) out.push_back(x.item);
  };
  pick("content", cat.contents);
  pick("course", cat.courses);
  pick("exam", cat.exams);
  pick("ebook", cat.ebooks);
  cat.categories = lists->categories;
  cat.lists = std::move(lists);
  return cat;
}

}  // namespace

UserState load_state(db::Connection& c, const Viewer& viewer, std::int64_t now) {
  UserState st;
  read_records(c, viewer.user_id, st, false);
  derive_state(st, *published_lists(c), viewer, now);
  return st;
}

Learning load_learning(db::Connection& c, const Viewer& viewer, std::int64_t now) {
  Learning out;
  auto& cache = ReadCache::instance();  // on while PostgreSQL's channel is up (read_cache.hpp)
  std::optional<ReadCache::Seen> seen;
  std::optional<std::int64_t> stamp;
  if (cache.enabled()) {
    auto records = cache.records(viewer.user_id, now);
    stamp = records ? cache.stamp(now) : std::nullopt;
    if (stamp)
      out.state = *records;
    else
      seen = cache.seen(viewer.user_id);
  }
  if (!stamp) {
    stamp = read_records(c, viewer.user_id, out.state, true);
    // Kept once this transaction has committed: a writer's own uncommitted rows are never served.
    if (seen && stamp)
      c.after_commit([uid = viewer.user_id, records = std::make_shared<const UserState>(out.state),
                      stamp = *stamp, seen = *seen,
                      now] { ReadCache::instance().put(uid, records, stamp, seen, now); });
  }
  auto lists = published_lists(c, stamp);
  out.catalogue = catalogue_from(lists, viewer, now);
  derive_state(out.state, *lists, viewer, now);
  return out;
}

Filter by_ids(const std::vector<std::string>& ids) {
  Filter f;
  if (ids.empty()) {
    f.where = "1 = 0";
    return f;
  }
  f.where = "t.id IN (";
  for (std::size_t i = 0; i < ids.size(); ++i) {
    f.where += (i ? ", $" : "$") + std::to_string(i + 1);
    f.params.emplace_back(ids[i]);
  }
  f.where += ")";
  return f;
}

Filter by_id(const std::string& id) {
  return Filter{"t.id = $1", {id}};
}

std::vector<Item> load_items(db::Connection& c, std::string_view type, const resources::StaffGate& gate,
                             const Filter& filter) {
  auto q = gate.from(table_of(type), "t")
               .select(item_columns(type))
               .join(item_joins(type))
               .order_by("COALESCE(t.start_at, t.created_at) DESC, t.id DESC");
  if (!filter.where.empty()) q.where(filter.where, filter.params);
  std::vector<Item> out;
  for (const auto& r : q.rows(c)) {
    Item it = item_from_row(type, r);
    it.targeted = !parse_audience(r.str(9)).everyone();
    out.push_back(std::move(it));
  }
  return out;
}

std::optional<Item> load_item(db::Connection& c, std::string_view type, const resources::StaffGate& gate,
                              const std::string& id) {
  auto items = load_items(c, type, gate, by_id(id));
  if (items.empty()) return std::nullopt;
  return items.front();
}

OpenableLessons openable_lessons(db::Connection& c, const Viewer& viewer, std::int64_t now,
                                 const std::vector<std::string>& content_ids,
                                 const std::vector<std::string>& exam_ids) {
  return openable_in(*published_lists(c), resources::StaffGate{viewer, now},
                     {content_ids.begin(), content_ids.end()}, {exam_ids.begin(), exam_ids.end()});
}

const Item* Catalogue::find(std::string_view type, const std::string& id) const {
  const std::vector<Item>* list = type == "content"  ? &contents
                                  : type == "course" ? &courses
                                  : type == "exam"   ? &exams
                                  : type == "ebook"  ? &ebooks
                                                     : nullptr;
  if (!list) return nullptr;
  for (const auto& it : *list)
    if (it.id == id) return &it;
  return nullptr;
}

json::object course_progress_json(const std::string& course_id, const UserState& st) {
  auto counts = st.lessons.count(course_id) ? st.lessons.at(course_id) : std::pair<int, int>{0, 0};
  auto e = st.enrollments.find(course_id);
  bool completed = e != st.enrollments.end() && e->second.completed_at;
  std::int64_t percent = completed ? 100 : counts.second ? counts.first * 100 / counts.second : 0;
  return json::object{{"completedLessons", counts.first},
                      {"totalLessons", counts.second},
                      {"percent", percent},
                      {"completed", completed},
                      {"startedAt", e != st.enrollments.end() ? json::value(iso8601(e->second.started_at))
                                                              : json::value(nullptr)},
                      {"completedAt", e != st.enrollments.end() ? http::iso_or_null(e->second.completed_at)
                                                                : json::value(nullptr)}};
}

json::object card_json(const Item& it, const UserState& st) {
  json::object o{
      {"type", it.type}, {"id", it.id}, {"title", it.title}, {"summary", http::value_or_null(it.summary)}};
  if (it.type == "content") o["kind"] = it.kind;
  o["cover"] = it.cover;
  o["category"] = it.category_id.empty()
                      ? json::value(nullptr)
                      : json::value(json::object{{"id", it.category_id}, {"name", it.category_name}});
  o["points"] = it.points;
  o["durationMinutes"] = http::value_or_null(it.duration);
  json::value progress = nullptr;
  auto from_row = [&](const std::map<std::string, ProgressRow>& m) {
    auto p = m.find(it.id);
    if (p != m.end())
      progress =
          json::object{{"percent", p->second.percent}, {"completed", p->second.completed_at.has_value()}};
  };
  if (it.type == "content") from_row(st.contents);
  if (it.type == "ebook") from_row(st.ebooks);
  if (it.type == "course" && st.enrollments.count(it.id)) {
    auto full = course_progress_json(it.id, st);
    progress = json::object{{"percent", full["percent"]}, {"completed", full["completed"]}};
  }
  if (it.type == "exam") {
    auto e = st.exams.find(it.id);
    if (e != st.exams.end())
      progress = json::object{{"percent", e->second.passed ? 100 : e->second.best_percent},
                              {"completed", e->second.passed}};
  }
  o["progress"] = std::move(progress);
  json::value due = nullptr;
  if (it.type == "course") {
    auto m = st.mandatory.find(it.id);
    if (m != st.mandatory.end()) due = http::iso_or_null(m->second);
  }
  o["dueAt"] = std::move(due);
  return o;
}

json::object article_card_json(const Item& it, bool liked) {
  UserState none;
  json::object o = card_json(it, none);
  o["likeCount"] = it.like_count;
  o["commentCount"] = it.comment_count;
  o["liked"] = liked;
  o["pinned"] = it.pinned;
  o["publishedAt"] = iso8601(it.published_at);
  return o;
}

json::array for_you(db::Connection& c, const resources::StaffGate& gate, const UserState& st,
                    const Catalogue& cat, std::size_t limit) {
  const Viewer& viewer = gate.viewer();
  std::int64_t now = gate.now();
  json::array out;
  std::set<std::string> seen;
  auto add = [&](const Item& it) {
    if (out.size() >= limit || st.completed(it) || !seen.insert(it.type + ":" + it.id).second) return;
    out.push_back(card_json(it, st));
  };
  // The first 200 rules in their window, those for the viewer.
  std::vector<std::pair<std::string, std::string>> targets;
  std::vector<db::Value> article_ids;
  std::size_t in_window = 0;
  for (const auto& r : cat.lists->rules) {
    if ((r.start_at && *r.start_at > now) || (r.end_at && *r.end_at <= now)) continue;
    if (++in_window > 200) break;
    if (!matches(r.audience, viewer)) continue;
    targets.emplace_back(r.target_type, r.target_id);
    if (r.target_type == "article") article_ids.emplace_back(r.target_id);
  }
  std::vector<Item> articles;
  if (!article_ids.empty()) {
    Filter f;
    f.where = "t.id IN (";
    for (std::size_t i = 0; i < article_ids.size(); ++i) f.where += (i ? ", $" : "$") + std::to_string(i + 1);
    f.where += ")";
    f.params = article_ids;
    articles = load_items(c, "article", gate, f);
  }
  for (const auto& [type, id] : targets) {
    if (out.size() >= limit) break;
    if (type == "article") {
      for (const auto& a : articles)
        if (a.id == id && seen.insert("article:" + id).second) out.push_back(article_card_json(a, false));
      continue;
    }
    if (const Item* it = cat.find(type, id)) add(*it);
  }
  // Mandatory courses, soonest due first (no due date last).
  std::vector<std::pair<std::optional<std::int64_t>, const Item*>> mandatory;
  for (const auto& co : cat.courses)
    if (auto m = st.mandatory.find(co.id); m != st.mandatory.end()) mandatory.emplace_back(m->second, &co);
  std::stable_sort(mandatory.begin(), mandatory.end(), [](const auto& a, const auto& b) {
    if (a.first.has_value() != b.first.has_value()) return a.first.has_value();
    return a.first && *a.first < *b.first;
  });
  for (const auto& m : mandatory) add(*m.second);
  // The newest items aimed at the viewer's audience, then the newest of the rest.
  std::vector<const Item*> all;
  for (const auto* list : {&cat.contents, &cat.courses, &cat.exams, &cat.ebooks})
    for (const auto& it : *list) all.push_back(&it);
  std::stable_sort(all.begin(), all.end(), [](const Item* a, const Item* b) {
    if (a->targeted != b->targeted) return a->targeted;
    return a->published_at > b->published_at;
  });
  for (const Item* it : all) {
    if (out.size() >= limit) break;
    add(*it);
  }
  return out;
}

json::value media_by_id(db::Connection& c, const std::optional<std::string>& id) {
  if (!id || id->empty()) return nullptr;
  auto r = c.query(std::string("SELECT ") + media_cols + " FROM media m WHERE m.id = $1", *id).first();
  if (!r) return nullptr;
  return media::media_summary(*r, 0);
}

}  // namespace shopfloor::learning
