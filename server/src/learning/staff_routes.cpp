// The staff learning API (docs/LEARNING.md, "Staff API"): the Learning tab, search, content, course and
// ebook pages with progress, "For you" and Home. Audience and publish window are checked on every call:
// an item the viewer may not see answers 404, exactly like an unknown id.
#include <boost/json/parse.hpp>
#include <cmath>
#include <map>
#include <set>

#include "db/params.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "jobs/audience_jobs.hpp"
#include "learning/home_feed.hpp"
#include "learning/learning.hpp"
#include "learning/notices.hpp"
#include "learning/progress.hpp"
#include "learning/routes.hpp"
#include "media/media.hpp"
#include "notifications/daily_jobs.hpp"
#include "points/ledger.hpp"
#include "resources/search.hpp"
#include "resources/triggers.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::learning {

using http::Access;

void lock_user(db::Connection& c, const std::string& user_id) {
  if (!c.is_sqlite()) c.query("SELECT id FROM users WHERE id = $1 FOR UPDATE", user_id);
}

std::string need_id(const Context& ctx, const char* name) {
  std::string id = ctx.params.at(name);
  if (!plausible_id(id)) throw ApiError::not_found();
  return id;
}

json::array completions_json(const std::vector<CourseCompletion>& done) {
  json::array out;
  for (const auto& d : done)
    out.push_back(json::object{{"id", d.course_id}, {"title", d.title}, {"pointsAwarded", d.points_awarded}});
  return out;
}

namespace {

json::value opt_text(const db::Row& r, std::size_t i) {
  return http::value_or_null(r.opt_str(i));
}

json::value parsed(const db::Row& r, std::size_t i, json::value fallback) {
  if (r.is_null(i)) return fallback;
  boost::system::error_code ec;
  auto v = json::parse(r.str(i), ec);
  return ec ? fallback : v;
}

json::object progress_json(const UserState& st, bool ebook, const std::string& id) {
  const auto& m = ebook ? st.ebooks : st.contents;
  auto p = m.find(id);
  if (p == m.end())
    return json::object{{"position", 0}, {"percent", 0}, {"completed", false}, {"completedAt", nullptr}};
  return json::object{{"position", p->second.position},
                      {"percent", p->second.percent},
                      {"completed", p->second.completed_at.has_value()},
                      {"completedAt", http::iso_or_null(p->second.completed_at)}};
}

// ---- GET /api/learning
// ---------------------------------------------------------------------------------------

json::array cards(const std::vector<const Item*>& items, const UserState& st, std::size_t limit = 20) {
  json::array out;
  for (const Item* it : items) {
    if (out.size() >= limit) break;
    out.push_back(card_json(*it, st));
  }
  return out;
}

std::vector<const Item*> ptrs(const std::vector<Item>& items) {
  std::vector<const Item*> out;
  for (const auto& it : items) out.push_back(&it);
  return out;
}

Awaitable learning_home(Context& ctx) {
  auto body = co_await resources::staff_read(ctx, [](db::Connection& c, const resources::StaffGate& gate) {
    auto [cat, st] = load_learning(c, gate.viewer(), gate.now());
    // Categories with at least one item the viewer can see.
    std::map<std::string, std::int64_t> counts;
    for (const auto* list : {&cat.contents, &cat.courses, &cat.exams, &cat.ebooks})
      for (const auto& it : *list)
        if (!it.category_id.empty()) ++counts[it.category_id];
    json::array categories;
    for (const auto& category : *cat.categories) {
      auto n = counts.find(category.id);
      if (n == counts.end()) continue;
      json::array children;
      for (const auto& [id, name] : category.subcategories)
        children.push_back(json::object{{"id", id}, {"name", name}});
      categories.push_back(json::object{{"id", category.id},
                                        {"name", category.name},
                                        {"count", n->second},
                                        {"subcategories", std::move(children)}});
    }
    // My courses.
    std::vector<const Item*> in_progress, mandatory, completed, not_started;
    for (const auto& co : cat.courses) {
      auto e = st.enrollments.find(co.id);
      bool done = e != st.enrollments.end() && e->second.completed_at;
      if (done)
        completed.push_back(&co);
      else if (e != st.enrollments.end())
        in_progress.push_back(&co);
      else
        not_started.push_back(&co);
      if (!done && st.mandatory.count(co.id)) mandatory.push_back(&co);
    }
    auto touched = [&](const Item* a, const Item* b) {
      return st.enrollments.at(a->id).updated_at > st.enrollments.at(b->id).updated_at;
    };
    std::stable_sort(in_progress.begin(), in_progress.end(), touched);
    std::stable_sort(completed.begin(), completed.end(), [&](const Item* a, const Item* b) {
      return *st.enrollments.at(a->id).completed_at > *st.enrollments.at(b->id).completed_at;
    });
    std::stable_sort(mandatory.begin(), mandatory.end(), [&](const Item* a, const Item* b) {
      const auto &da = st.mandatory.at(a->id), &db_ = st.mandatory.at(b->id);
      if (da.has_value() != db_.has_value()) return da.has_value();
      return da && *da < *db_;
    });
    return json::object{{"categories", std::move(categories)},
                        {"forYou", for_you(c, gate, st, cat)},
                        {"myCourses", json::object{{"inProgress", cards(in_progress, st)},
                                                   {"mandatory", cards(mandatory, st)},
                                                   {"completed", cards(completed, st)}}},
                        {"courses", cards(not_started, st)},
                        {"exams", cards(ptrs(cat.exams), st)},
                        {"ebooks", cards(ptrs(cat.ebooks), st)},
                        {"latest", cards(ptrs(cat.contents), st)}};
  });
  co_return http::json_response(ctx, body);
}

// ---- GET /api/learning/search
// ----------------------------------------------------------------------------------

// Learning's kinds in the index (the resource whose documents they are, and their pages in the app).
struct LearningKind {
  const char *type, *resource, *link;
};
constexpr std::size_t max_learning_hits = 1000;  // candidates ranked for one learning search
constexpr LearningKind learning_kinds[] = {{"content", "contents", "/learning/content/{id}"},
                                           {"course", "courses", "/learning/course/{id}"},
                                           {"exam", "examinations", "/learning/exam/{id}"},
                                           {"ebook", "ebooks", "/learning/ebook/{id}"},
                                           {"article", "articles", "/main/articles/{id}"}};

// With words: the search index ranks (resources/search.hpp), load_items admits, exactly as every learning
// page does, plus the category filters. Without: every item of the filters, newest first (the browse pages).
Awaitable search(Context& ctx) {
  std::string q = ctx.query("q").value_or("");
  std::string type = ctx.query("type").value_or("");
  std::string category = ctx.query("category").value_or("");
  std::string subcategory = ctx.query("subcategory").value_or("");
  http::FieldErrors errors;
  if (utf8_length(q) > 100) errors["q"] = msg::AT_MOST_100_CHARS;
  if (!type.empty() && type != "content" && type != "course" && type != "exam" && type != "ebook")
    errors["type"] = http::Message(msg::ONE_OF, {{"list", "content, course, exam, ebook"}});
  if (!category.empty() && !plausible_id(category)) errors["category"] = msg::MUST_BE_ID;
  if (!subcategory.empty() && !plausible_id(subcategory)) errors["subcategory"] = msg::MUST_BE_ID;
  if (!errors.empty())
    throw ApiError(http::Status::bad_request, err::BAD_REQUEST, msg::INVALID_QUERY, errors);
  auto page = ctx.query_int("page", 1, 1, 10000);
  auto page_size = ctx.query_int("pageSize", 20, 1, 50);
  search::Query query = resources::typed_query(q);
  bool browse = trim(q).empty();
  auto body = co_await resources::staff_read(ctx, [&](db::Connection& c, const resources::StaffGate& gate) {
    UserState st = load_state(c, gate.viewer(), gate.now());
    // The category filters on top of `f` (its own $1..$n kept).
    auto filters = [&](Filter f) {
      auto also = [&](const std::string& condition, db::Value v) {
        f.params.push_back(std::move(v));
        f.where += (f.where.empty() ? "" : " AND ") + condition + std::to_string(f.params.size());
      };
      if (!category.empty()) also("t.category_id = $", category);
      if (!subcategory.empty()) also("t.subcategory_id = $", subcategory);
      return f;
    };
    auto wanted = [&](const char* t) {
      return std::string_view(t) != "article" && (type.empty() || type == t) &&
             (subcategory.empty() || std::string_view(t) == "content");
    };
    std::vector<Item> found;  // in the order shown
    if (browse) {
      for (const auto& k : learning_kinds) {
        if (!wanted(k.type)) continue;
        auto items = load_items(c, k.type, gate, filters({}));
        std::move(items.begin(), items.end(), std::back_inserter(found));
      }
      std::stable_sort(found.begin(), found.end(),
                       [](const Item& a, const Item& b) { return a.published_at > b.published_at; });
    } else {
      search::add_typos(c, query);
      std::vector<const resources::StaffKind*> kinds;
      for (const auto& k : learning_kinds)
        if (wanted(k.type))
          if (const auto* sk = resources::staff_kind(k.type)) kinds.push_back(sk);
      std::map<std::pair<std::string, std::string>, Item> admitted;  // (type, id) → item
      auto admit = [&](const resources::StaffKind& k, const std::vector<std::string>& ids) {
        std::set<std::string> out;
        for (auto& it : load_items(c, k.name, gate, filters(by_ids(ids)))) {
          out.insert(it.id);
          admitted.emplace(std::pair{k.name, it.id}, std::move(it));
        }
        return out;
      };
      for (const auto& h : resources::staff_hits(c, gate, query, kinds, max_learning_hits, admit))
        found.push_back(admitted.at({h.kind->name, h.hit.item_id}));
    }
    json::array items;
    for (std::size_t i = static_cast<std::size_t>((page - 1) * page_size);
         i < found.size() && items.size() < static_cast<std::size_t>(page_size); ++i)
      items.push_back(card_json(found[i], st));
    return json::object{{"items", std::move(items)},
                        {"total", static_cast<std::int64_t>(found.size())},
                        {"page", page},
                        {"pageSize", page_size}};
  });
  co_return http::json_response(ctx, body);
}

// ---- contents
// ------------------------------------------------------------------------------------------------

// A staff detail page ({kind: item}): the item when the viewer may see it now, else 404.
Awaitable get_detail(Context& ctx, const char* kind) {
  std::string id = need_id(ctx);
  auto body = co_await resources::staff_read(ctx, [&](db::Connection& c, const resources::StaffGate& gate) {
    return item_detail(c, kind, id, gate, load_state(c, gate.viewer(), gate.now()));
  });
  if (!body) throw ApiError::not_found();
  co_return http::json_response(ctx, json::object{{kind, std::move(*body)}});
}

Awaitable get_content(Context& ctx) {
  return get_detail(ctx, "content");
}

// ---- courses
// -------------------------------------------------------------------------------------------------

Awaitable get_course(Context& ctx) {
  return get_detail(ctx, "course");
}

Awaitable start_course(Context& ctx) {
  std::string id = need_id(ctx), uid = ctx.user->id;
  if (!ctx.req.body().empty()) ctx.json_object();  // a body, when sent, must be JSON
  auto answer = co_await resources::staff_write(
      ctx, [&](db::Connection& c, const resources::StaffGate& gate) -> std::optional<json::object> {
        lock_user(c, uid);
        auto now = gate.now();
        const Viewer& viewer = gate.viewer();
        if (!load_item(c, "course", gate, id)) return std::nullopt;
        c.query(
            "INSERT INTO course_enrollments (user_id, course_id, started_at, updated_at) VALUES ($1, $2, $3, "
            "$3) "
            "ON CONFLICT (user_id, course_id) DO NOTHING",
            uid, id, now);
        // Lessons done before enrolling count: the course may be complete at once.
        std::vector<CourseCompletion> done;
        if (auto cc = complete_course_if_done(c, viewer, id, now)) done.push_back(*cc);
        UserState st = load_state(c, viewer, now);
        return json::object{{"progress", course_progress_json(id, st)},
                            {"completedCourses", completions_json(done)},
                            {"balance", points::balance(c, uid)}};
      });
  co_return http::json_or_not_found(ctx, answer);
}

// ---- ebooks
// --------------------------------------------------------------------------------------------------

Awaitable get_ebook(Context& ctx) {
  return get_detail(ctx, "ebook");
}

// ---- For you, Home
// -------------------------------------------------------------------------------------------

Awaitable get_for_you(Context& ctx) {
  auto body = co_await resources::staff_read(ctx, [](db::Connection& c, const resources::StaffGate& gate) {
    auto [cat, st] = load_learning(c, gate.viewer(), gate.now());
    return json::object{{"items", for_you(c, gate, st, cat)}};
  });
  co_return http::json_response(ctx, body);
}

}  // namespace

json::object home_feed(db::Connection& c, const resources::StaffGate& gate) {
  auto [cat, st] = load_learning(c, gate.viewer(), gate.now());
  // Continue learning: started and not finished contents and courses, most recently touched first.
  std::vector<std::pair<std::int64_t, const Item*>> open;
  for (const auto& it : cat.contents)
    if (auto p = st.contents.find(it.id); p != st.contents.end() && !p->second.completed_at)
      open.emplace_back(p->second.updated_at, &it);
  for (const auto& it : cat.courses)
    if (auto e = st.enrollments.find(it.id); e != st.enrollments.end() && !e->second.completed_at)
      open.emplace_back(e->second.updated_at, &it);
  for (const auto& it : cat.ebooks)
    if (auto p = st.ebooks.find(it.id); p != st.ebooks.end() && !p->second.completed_at)
      open.emplace_back(p->second.updated_at, &it);
  std::stable_sort(open.begin(), open.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  json::array cont;
  for (const auto& o : open) {
    if (cont.size() >= 10) break;
    cont.push_back(card_json(*o.second, st));
  }
  std::int64_t total = 0;
  return json::object{{"continueLearning", std::move(cont)},
                      {"forYou", for_you(c, gate, st, cat)},
                      {"articles", article_cards(c, gate, 0, 5, &total)}};
}

// ---- detail shapes
// -------------------------------------------------------------------------------------------

namespace {

// The fields each kind adds to its card in its detail.
void add_content_detail(json::object& o, db::Connection& c, const std::string& id,
                        const resources::StaffGate& gate, const UserState& st) {
  auto r = c.query("SELECT body_html, media_id, images_json, link_url, tags_json FROM " +
                       resources::admitted("contents") + " WHERE id = $1",
                   id)
               .first();
  o["bodyHtml"] = opt_text(*r, 0);
  o["media"] = media_by_id(c, r->opt_str(1));
  json::array images;
  json::value ids = parsed(*r, 2, json::array{});
  if (ids.is_array() && !ids.as_array().empty()) {
    std::vector<db::Value> params;
    std::string in;
    for (const auto& v : ids.as_array())
      if (v.is_string()) in += (in.empty() ? "" : ", ") + db::bind(params, std::string(v.as_string()));
    if (!params.empty()) {
      auto rows = c.exec(
          "SELECT m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height FROM media m WHERE m.id IN (" + in +
              ")",
          params);
      for (const auto& v : ids.as_array())  // in the editor's order
        for (const auto& row : rows.rows)
          if (v.is_string() && row.str(0) == v.as_string()) images.push_back(media::media_summary(row, 0));
    }
  }
  o["images"] = std::move(images);
  o["linkUrl"] = opt_text(*r, 3);
  o["tags"] = parsed(*r, 4, json::array{});
  o["progress"] = progress_json(st, false, id);
  json::array courses;
  for (const auto& row : gate.from("courses", "co")
                             .select("DISTINCT co.id, co.title")
                             .join("JOIN course_lessons l ON l.course_id = co.id")
                             .where("l.content_id = $1", {id})
                             .rows(c))
    courses.push_back(json::object{{"id", row.str(0)}, {"title", row.str(1)}});
  o["courses"] = std::move(courses);
}

void add_course_detail(json::object& o, db::Connection& c, const std::string& id,
                       const resources::StaffGate& gate, const UserState& st) {
  o["descriptionHtml"] = opt_text(
      *c.query("SELECT description_html FROM " + resources::admitted("courses") + " WHERE id = $1", id)
           .first(),
      0);
  auto lessons = c.query(
      "SELECT id, position, kind, title, content_id, exam_id FROM course_lessons WHERE course_id = $1 "
      "ORDER BY position, created_at, id",
      id);
  std::vector<std::string> content_ids, exam_ids;
  for (const auto& l : lessons.rows)
    (l.str(2) == "exam" ? exam_ids : content_ids).push_back(l.str(l.str(2) == "exam" ? 5 : 4));
  // Only the lessons the viewer could open (the gate of opening them; the preview, without a viewer, shows
  // every lesson): a draft or a lesson outside the viewer's audience is neither listed nor counted.
  auto contents = load_items(c, "content", gate, by_ids(content_ids));
  auto exams = load_items(c, "exam", gate, by_ids(exam_ids));
  json::array out;
  int done = 0;
  for (const auto& l : lessons.rows) {
    bool exam = l.str(2) == "exam";
    std::string item_id = l.str(exam ? 5 : 4);
    const Item* item = nullptr;
    for (const auto& it : exam ? exams : contents)
      if (it.id == item_id) item = &it;
    if (!item) continue;
    bool completed = false;
    if (exam) {
      auto e = st.exams.find(item_id);
      completed = e != st.exams.end() && e->second.passed;
    } else {
      auto p = st.contents.find(item_id);
      completed = p != st.contents.end() && p->second.completed_at;
    }
    done += completed;
    std::string title = l.str(3).empty() ? item->title : l.str(3);
    out.push_back(json::object{{"id", l.str(0)},
                               {"position", l.i64(1)},
                               {"kind", l.str(2)},
                               {"title", title},
                               {"item", card_json(*item, st)},
                               {"completed", completed}});
  }
  auto total = static_cast<int>(out.size());
  auto e = st.enrollments.find(id);
  bool completed = e != st.enrollments.end() && e->second.completed_at;
  o["lessons"] = std::move(out);
  o["progress"] =
      json::object{{"completedLessons", done},
                   {"totalLessons", total},
                   {"percent", completed ? 100
                               : total   ? done * 100 / total
                                         : 0},
                   {"completed", completed},
                   {"startedAt", e != st.enrollments.end() ? json::value(iso8601(e->second.started_at))
                                                           : json::value(nullptr)},
                   {"completedAt", e != st.enrollments.end() ? http::iso_or_null(e->second.completed_at)
                                                             : json::value(nullptr)}};
  auto m = st.mandatory.find(id);
  o["mandatory"] = m == st.mandatory.end()
                       ? json::value(nullptr)
                       : json::value(json::object{{"dueAt", http::iso_or_null(m->second)}});
}

void add_ebook_detail(json::object& o, db::Connection& c, const std::string& id,
                      const resources::StaffGate& gate, const UserState& st) {
  auto r = c.query("SELECT author, description, pdf_media_id FROM " + resources::admitted("ebooks") +
                       " WHERE id = $1",
                   id)
               .first();
  o["author"] = opt_text(*r, 0);
  o["description"] = opt_text(*r, 1);
  o["pdf"] = media_by_id(c, r->opt_str(2));
  o["progress"] = progress_json(st, true, id);
}

}  // namespace

std::optional<json::object> item_detail(db::Connection& c, const std::string& kind, const std::string& id,
                                        const resources::StaffGate& gate, const UserState& st) {
  using AddDetail = void (*)(json::object&, db::Connection&, const std::string&, const resources::StaffGate&,
                             const UserState&);
  static const std::map<std::string, AddDetail> adds{
      {"content", add_content_detail}, {"course", add_course_detail}, {"ebook", add_ebook_detail}};
  auto add = adds.find(kind);
  if (add == adds.end()) return std::nullopt;
  auto item = load_item(c, kind, gate, id);
  if (!item) return std::nullopt;
  json::object o = card_json(*item, st);
  add->second(o, c, id, gate, st);
  return o;
}

void register_staff_routes(http::Services& app) {
  auto& r = app.router;
  r.get("/api/learning", learning_home, Access::signed_in);
  r.get("/api/learning/search", search, Access::signed_in);
  r.get("/api/contents/:id", get_content, Access::signed_in);
  r.get("/api/courses/:id", get_course, Access::signed_in);
  r.post("/api/courses/:id/start", start_course, Access::signed_in);
  r.get("/api/ebooks/:id", get_ebook, Access::signed_in);
  r.get("/api/for-you", get_for_you, Access::signed_in);
}

// Every learning item the viewer may open, for staff search: the same load_items gate as its pages.
void add_search_kinds() {
  for (const auto& k : learning_kinds) {
    std::string type = k.type;
    resources::add_staff_kind(
        {k.type, k.resource, k.link,
         [type](db::Connection& c, const resources::StaffGate& gate, const std::vector<std::string>& ids) {
           std::set<std::string> out;
           for (const auto& it : load_items(c, type, gate, by_ids(ids))) out.insert(it.id);
           return out;
         }});
  }
}

void register_routes(http::Services& app) {
  register_resources();
  add_search_kinds();
  app.get<notifications::DailyJobs>().add("course-due", remind_due_courses);
  app.get<jobs::AudienceJobs>().handle(assigned_job, notify_assigned);
  // In the morning (Bangkok), so the notice reads as "tomorrow" during the working day before.
  app.get<notifications::DailyJobs>().add("course-due-tomorrow", queue_due_tomorrow, 8);
  app.get<jobs::AudienceJobs>().handle(due_tomorrow_job, notify_due_tomorrow);
  register_staff_routes(app);
  register_lesson_routes(app);
  register_article_routes(app);
  register_admin_routes(app);
}

}  // namespace shopfloor::learning
