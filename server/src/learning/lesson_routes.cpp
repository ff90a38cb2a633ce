// Opening a lesson and reporting progress through it (docs/LEARNING.md "Lesson completion"):
//   POST /api/contents/:id/open, POST /api/contents/:id/progress, POST /api/ebooks/:id/open,
//   POST /api/ebooks/:id/progress.
// The open is stamped with the server's clock; a progress report says where the reader is, which pictures or
// pages they saw, and that they left for the link. Completion — and the points, once — happens only when
// the rules of completion.hpp hold; a report that claims the end too early keeps its progress and answers
// 422 with what is still missing (and the seconds to wait).
#include <boost/json.hpp>
#include <cmath>

#include "db/params.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "learning/completion.hpp"
#include "learning/progress.hpp"
#include "learning/routes.hpp"
#include "points/ledger.hpp"
#include "resources/staff_gate.hpp"
#include "resources/triggers.hpp"
#include "util/html_sanitizer.hpp"
#include "util/ids.hpp"

namespace shopfloor::learning {

using http::Access;

namespace {

constexpr std::size_t seen_per_report_max = 1000;
constexpr std::int64_t seen_value_max = 100000;  // page numbers and picture indexes
constexpr std::int64_t pages_max = 100000;

// One person's stored progress through one item (learning_progress).
struct Stored {
  double position = 0;
  std::int64_t percent = 0;
  std::optional<std::int64_t> completed_at;
  std::int64_t updated_at = 0;
  std::int64_t watched_ms = 0;
  std::optional<std::int64_t> opened_at;
  std::int64_t open_ms = 0;
  std::set<std::int64_t> seen;
  std::int64_t pages = 0;
  std::optional<std::int64_t> away_at;
};

std::set<std::int64_t> parse_seen(const db::Row& r, std::size_t i) {
  std::set<std::int64_t> out;
  if (r.is_null(i)) return out;
  boost::system::error_code ec;
  auto v = json::parse(r.str(i), ec);
  if (ec || !v.is_array()) return out;
  for (const auto& n : v.as_array())
    if (n.is_int64()) out.insert(n.as_int64());
  return out;
}

std::string seen_text(const std::set<std::int64_t>& seen) {
  json::array a;
  for (auto n : seen) a.push_back(n);
  return json::serialize(a);
}

std::optional<Stored> load_stored(db::Connection& c, const std::string& uid, const char* type,
                                  const std::string& id) {
  auto r =
      c.query(
           "SELECT position, percent, completed_at, updated_at, watched_ms, opened_at, open_ms, seen_json, "
           "pages, away_at FROM learning_progress WHERE user_id = $1 AND item_type = $2 AND item_id = $3",
           uid, std::string(type), id)
          .first();
  if (!r) return std::nullopt;
  return Stored{r->f64(0),     r->i64(1), r->opt_i64(2),     r->i64(3), r->i64(4),
                r->opt_i64(5), r->i64(6), parse_seen(*r, 7), r->i64(8), r->opt_i64(9)};
}

// Writes the whole row (the person's row lock is held: lock_user).
void save_stored(db::Connection& c, const std::string& uid, const char* type, const std::string& id,
                 const Stored& s) {
  c.query(
      "INSERT INTO learning_progress (user_id, item_type, item_id, position, percent, completed_at, "
      "updated_at, "
      "watched_ms, opened_at, open_ms, seen_json, pages, away_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, "
      "$9, "
      "$10, $11, $12, $13) ON CONFLICT (user_id, item_type, item_id) DO UPDATE SET position = "
      "excluded.position, percent = excluded.percent, updated_at = excluded.updated_at, watched_ms = "
      "excluded.watched_ms, opened_at = excluded.opened_at, open_ms = excluded.open_ms, seen_json = "
      "excluded.seen_json, pages = excluded.pages, away_at = excluded.away_at",
      uid, std::string(type), id, s.position, s.percent, s.completed_at, s.updated_at, s.watched_ms,
      s.opened_at, s.open_ms, s.seen.empty() ? db::Value{} : db::Value{seen_text(s.seen)},
      s.pages > 0 ? db::Value{s.pages} : db::Value{}, s.away_at);
}

// What a lesson is made of, for its reading time.
struct Lesson {
  std::string kind;  // article, video, pdf, images, link; "ebook" for ebooks
  std::int64_t chars = 0, pictures = 0;
};

Lesson lesson_of(db::Connection& c, const Item& content) {
  auto r = c.query("SELECT summary, body_html, images_json FROM " + resources::admitted("contents") +
                       " WHERE id = $1",
                   content.id)
               .first();
  Lesson l{content.kind};
  // The text the lesson page shows with it (a PDF lesson shows its pages only: they are its reading time).
  if (content.kind != "pdf") l.chars = text_chars(r->str(0)) + text_chars(html_to_text(r->str(1)));
  if (content.kind == "images" && !r->is_null(2)) {
    // The pictures the lesson page shows: the set's ids that are images in the library.
    boost::system::error_code ec;
    auto ids = json::parse(r->str(2), ec);
    std::vector<db::Value> params;
    std::string in;
    if (!ec && ids.is_array())
      for (const auto& v : ids.as_array())
        if (v.is_string()) in += (in.empty() ? "" : ", ") + db::bind(params, std::string(v.as_string()));
    if (!params.empty())
      l.pictures = c.exec("SELECT COUNT(*) FROM media WHERE kind = 'image' AND id IN (" + in + ")", params)
                       .first()
                       ->i64(0);
  }
  return l;
}

// The time part of the rule: needed, and had so far (a link: away on it; the rest: open).
std::pair<std::int64_t, std::int64_t> time_rule(const Lesson& l, const Stored& s, std::int64_t percent,
                                                std::int64_t now) {
  if (l.kind == "link")
    return {required_open_ms(reading::floor_ms, percent),
            s.away_at ? std::max<std::int64_t>(now - *s.away_at, 0) : 0};
  std::int64_t pages = l.kind == "pdf" || l.kind == "ebook" ? s.pages : 0;
  return {required_open_ms(reading_time_ms(l.chars, l.pictures, pages), percent),
          time_open_ms(s.opened_at, s.open_ms, now)};
}

Evidence evidence_of(const Lesson& l, const Stored& s, std::int64_t percent, std::int64_t now) {
  auto [required, had] = time_rule(l, s, percent, now);
  return Evidence{l.kind, required, had, s.away_at.has_value(), l.pictures, s.pages, &s.seen};
}

bool paged(const Lesson& l) {
  return l.kind == "pdf" || l.kind == "ebook";
}

json::object progress_json(const Lesson& l, const Stored& s, std::int64_t percent, std::int64_t now,
                           std::optional<std::int64_t> watch_more_s = std::nullopt) {
  json::object p{{"position", s.position},
                 {"percent", s.percent},
                 {"completed", s.completed_at.has_value()},
                 {"completedAt", http::iso_or_null(s.completed_at)}};
  if (l.kind == "images" || paged(l)) {
    json::array seen;
    for (auto n : s.seen) seen.push_back(n);
    p["seen"] = std::move(seen);
  }
  if (l.kind == "video") {
    if (watch_more_s) p["watchMoreSeconds"] = *watch_more_s;
  } else if (!s.completed_at) {
    // When the time part of the rule is met, so the app can say "done" then and not before.
    auto [required, had] = time_rule(l, s, percent, now);
    p["readyInSeconds"] = seconds_left(required, had);
    // Pictures and pages all seen, only the time missing: a report after readyInSeconds completes it.
    if (l.kind == "images" || paged(l)) {
      auto missing = shortfall(evidence_of(l, s, percent, now));
      p["waiting"] = missing && missing->code == err::TOO_EARLY.name;
    }
  }
  return p;
}

// ---- the body of a progress report

std::optional<double> number_of(const json::value& v) {
  if (v.is_int64()) return static_cast<double>(v.as_int64());
  if (v.is_uint64()) return static_cast<double>(v.as_uint64());
  if (v.is_double() && std::isfinite(v.as_double())) return v.as_double();
  return std::nullopt;
}

ProgressReport read_report(const json::object& body) {
  http::FieldErrors errors;
  ProgressReport r;
  for (const auto& [k, v] : body) {
    if (k == "position") {
      auto n = number_of(v);
      if (!n || *n < 0 || *n > 1e9)
        errors["position"] = msg::NUMBER_FROM_0;
      else
        r.position = *n;
    } else if (k == "percent") {
      auto n = number_of(v);
      if (!n || *n < 0 || *n > 100)
        errors["percent"] = msg::MUST_BE_PERCENT;
      else
        r.percent = static_cast<std::int64_t>(std::floor(*n));
    } else if (k == "seen") {
      bool ok = v.is_array() && v.as_array().size() <= seen_per_report_max;
      if (ok)
        for (const auto& n : v.as_array()) {
          if (!n.is_int64() || n.as_int64() < 0 || n.as_int64() > seen_value_max) {
            ok = false;
            break;
          }
          r.seen.push_back(n.as_int64());
        }
      if (!ok)
        errors["seen"] =
            http::Message(msg::SEEN_LIST, {{"count", static_cast<std::int64_t>(seen_per_report_max)}});
    } else if (k == "pages") {
      if (!v.is_int64() || v.as_int64() < 1 || v.as_int64() > pages_max)
        errors["pages"] = http::Message(msg::WHOLE_NUMBER_FROM_TO, {{"min", 1}, {"max", pages_max}});
      else
        r.pages = v.as_int64();
    } else if (k == "linkOpened") {
      if (!v.is_bool() || !v.as_bool())
        errors["linkOpened"] = msg::MUST_BE_TRUE;
      else
        r.link_opened = true;
    } else {
      errors[std::string(k)] = msg::UNKNOWN_FIELD;
    }
  }
  if (!errors.empty()) throw ApiError::validation(errors);
  return r;
}

// ---- completing

ApiError refusal(const Shortfall& s) {
  ApiError e{http::Status::unprocessable_entity, http::ErrorCode{s.code}, s.message};  // one of err::
  e.retry_after_s = static_cast<int>(s.seconds);
  return e;
}

// Flips completed_at once (racing reports: one flips) and pays what completion pays.
struct Completion {
  std::int64_t points = 0;
  std::vector<CourseCompletion> courses;
};
std::optional<Completion> complete(db::Connection& c, const Viewer& viewer, const char* type,
                                   const Item& item, std::int64_t now) {
  const std::string& uid = viewer.user_id;
  if (c.query(
           "UPDATE learning_progress SET completed_at = $1, percent = 100 WHERE user_id = $2 AND item_type = "
           "$3 AND item_id = $4 AND completed_at IS NULL",
           now, uid, std::string(type), item.id)
          .affected == 0)
    return std::nullopt;
  triggers::fire(c, {triggers::learning_completed, uid, item.id, 0});
  Completion done;
  if (std::string_view(type) != "content") return done;  // ebooks pay no points and are no course lessons
  if (item.points > 0 && points::award(c, {uid, item.points, item.title, "lesson", item.id,
                                           "content:" + item.id + ":" + uid, ""}))
    done.points = item.points;
  done.courses = after_lesson_completed(c, viewer, "content", item.id, now);
  return done;
}

// complete(), and the stored state brought up to date with it.
std::optional<Completion> finish(db::Connection& c, const Viewer& viewer, const char* type, const Item& item,
                                 Stored& s, std::int64_t now) {
  auto done = complete(c, viewer, type, item, now);
  if (done) {
    s.completed_at = now;
    s.percent = 100;
  } else {
    s = *load_stored(c, viewer.user_id, type, item.id);  // already completed by an earlier report
  }
  return done;
}

std::optional<Item> visible(db::Connection& c, const Viewer& viewer, const char* type, const std::string& id,
                            std::int64_t now) {
  auto items = load_items(c, type, resources::StaffGate{viewer, now}, by_id(id));
  if (items.empty()) return std::nullopt;
  return std::move(items.front());
}

// ---- POST /api/contents/:id/open, /api/ebooks/:id/open

Awaitable open_item(Context& ctx, const char* type) {
  std::string id = need_id(ctx), uid = ctx.user->id;
  if (!ctx.req.body().empty()) ctx.json_object();  // a body, when sent, must be JSON
  std::int64_t percent = ctx.app.config.lesson_time_percent;
  auto answer = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return open_lesson(c, uid, type, id, percent, now_ms()); });
  co_return http::json_or_not_found(ctx, answer);
}

Awaitable open_content(Context& ctx) {
  return open_item(ctx, "content");
}

Awaitable open_ebook(Context& ctx) {
  return open_item(ctx, "ebook");
}

// ---- POST /api/contents/:id/progress

// Video: 90 % reached and, when the file states its length, played for long enough to have watched that
// much (at up to double speed). The position may go back; the percent never does.
ProgressOutcome video_progress(db::Connection& c, const Viewer& viewer, const Item& content,
                               const Lesson& lesson, Stored s, const ProgressReport& r, std::int64_t now,
                               std::int64_t percent) {
  const std::string& uid = viewer.user_id;
  if (r.position) {
    if (s.updated_at > 0) s.watched_ms += watch_time_between(s.position, s.updated_at, *r.position, now);
    s.position = *r.position;
  }
  s.percent = std::max(s.percent, r.percent);
  s.updated_at = now;
  save_stored(c, uid, "content", content.id, s);
  std::int64_t min_watch_ms = 0;
  if (auto d = c.query("SELECT m.duration_ms FROM " + resources::admitted("contents") +
                           " t JOIN media m ON m.id = t.media_id WHERE t.id = $1",
                       content.id)
                   .first();
      d && !d->is_null(0))
    min_watch_ms = min_watch_time_ms(d->i64(0));
  std::optional<Completion> done;
  if (!s.completed_at && s.percent >= 90 && s.watched_ms >= min_watch_ms)
    done = finish(c, viewer, "content", content, s, now);
  // Reached the end too fast (skipped ahead): how much longer to watch before it counts.
  std::optional<std::int64_t> more;
  if (!s.completed_at && s.percent >= 90 && s.watched_ms < min_watch_ms)
    more = (min_watch_ms - s.watched_ms + 999) / 1000;
  return ProgressOutcome{
      json::object{
          {"progress", progress_json(lesson, s, percent, now, more)},
          {"pointsAwarded", done ? done->points : 0},
          {"completedCourses", completions_json(done ? done->courses : std::vector<CourseCompletion>{})},
          {"balance", points::balance(c, uid)}},
      std::nullopt};
}

// Every other kind and ebooks: the report adds what was seen; the end is claimed by percent 100 (ebooks:
// the last page). Pictures and pages complete once all is seen, even without a claim.
ProgressOutcome reading_progress(db::Connection& c, const Viewer& viewer, const char* type, const Item& item,
                                 const Lesson& lesson, Stored s, const ProgressReport& r, std::int64_t now,
                                 std::int64_t percent) {
  const std::string& uid = viewer.user_id;
  if (r.position) s.position = *r.position;
  if (paged(lesson)) s.pages = std::max(s.pages, r.pages);
  for (auto n : r.seen) {
    bool in = lesson.kind == "images" ? n < lesson.pictures : paged(lesson) && n >= 1 && n <= s.pages;
    if (in) s.seen.insert(n);
  }
  if (r.link_opened && lesson.kind == "link" && !s.away_at) s.away_at = now;
  bool claim = r.percent >= 100;
  // Until it counts, the percent stops short of 100: the end reached is not yet the lesson learnt.
  s.percent = s.completed_at ? std::max(s.percent, r.percent)
                             : std::min<std::int64_t>(std::max(s.percent, r.percent), 99);
  s.updated_at = now;
  save_stored(c, uid, type, item.id, s);
  std::optional<Shortfall> missing;
  std::optional<Completion> done;
  if (!s.completed_at && (claim || lesson.kind == "images" || paged(lesson))) {
    missing = shortfall(evidence_of(lesson, s, percent, now));
    if (!missing) done = finish(c, viewer, type, item, s, now);
  }
  json::object body{{"progress", progress_json(lesson, s, percent, now)}};
  if (std::string_view(type) == "content") {
    body["pointsAwarded"] = done ? done->points : 0;
    body["completedCourses"] = completions_json(done ? done->courses : std::vector<CourseCompletion>{});
    body["balance"] = points::balance(c, uid);
  }
  return ProgressOutcome{std::move(body), claim && missing && !s.completed_at ? missing : std::nullopt};
}

}  // namespace

std::optional<json::object> open_lesson(db::Connection& c, const std::string& uid, const char* type,
                                        const std::string& id, std::int64_t lesson_time_percent,
                                        std::int64_t now) {
  lock_user(c, uid);
  Viewer viewer = load_viewer(c, uid);
  auto item = visible(c, viewer, type, id, now);
  if (!item) return std::nullopt;
  Lesson lesson = std::string_view(type) == "ebook" ? Lesson{"ebook"} : lesson_of(c, *item);
  Stored s = load_stored(c, uid, type, id).value_or(Stored{});
  if (!s.completed_at) {
    // A new sitting: the one before counts from its open to its last report.
    s.open_ms += sitting_ms(s.opened_at, s.updated_at);
    s.opened_at = now;
    s.updated_at = now;
    save_stored(c, uid, type, id, s);
  }
  return json::object{{"progress", progress_json(lesson, s, lesson_time_percent, now)}};
}

std::optional<ProgressOutcome> report_lesson_progress(db::Connection& c, const std::string& uid,
                                                      const char* type, const std::string& id,
                                                      const ProgressReport& report,
                                                      std::int64_t lesson_time_percent, std::int64_t now) {
  lock_user(c, uid);
  Viewer viewer = load_viewer(c, uid);
  auto item = visible(c, viewer, type, id, now);
  if (!item) return std::nullopt;
  Stored s = load_stored(c, uid, type, id).value_or(Stored{});
  if (std::string_view(type) == "ebook")
    return reading_progress(c, viewer, "ebook", *item, Lesson{"ebook"}, s, report, now, lesson_time_percent);
  Lesson lesson = lesson_of(c, *item);
  if (lesson.kind == "video")
    return video_progress(c, viewer, *item, lesson, s, report, now, lesson_time_percent);
  return reading_progress(c, viewer, "content", *item, lesson, s, report, now, lesson_time_percent);
}

namespace {

// The report counted for the person: 404 for an item they may not open, the refusal as its error.
Awaitable answer_progress(Context& ctx, const char* type, const std::string& id,
                          const ProgressReport& report) {
  std::string uid = ctx.user->id;
  std::int64_t percent = ctx.app.config.lesson_time_percent;
  auto answer = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return report_lesson_progress(c, uid, type, id, report, percent, now_ms()); });
  if (!answer) throw ApiError::not_found();
  if (answer->refused) throw refusal(*answer->refused);
  co_return http::json_response(ctx, answer->body);
}

Awaitable content_progress(Context& ctx) {
  std::string id = need_id(ctx);
  co_return co_await answer_progress(ctx, "content", id, read_report(ctx.json_object()));
}

// ---- POST /api/ebooks/:id/progress {page, pages}

Awaitable ebook_progress(Context& ctx) {
  std::string id = need_id(ctx);
  json::object body = ctx.json_object();
  http::FieldErrors errors;
  auto whole = [&](const char* name, std::int64_t lo, std::int64_t hi) -> std::int64_t {
    auto* v = body.if_contains(name);
    if (!v || !v->is_int64() || v->as_int64() < lo || v->as_int64() > hi) {
      errors[name] = http::Message(msg::WHOLE_NUMBER_FROM_TO, {{"min", lo}, {"max", hi}});
      return 0;
    }
    return v->as_int64();
  };
  std::int64_t pages = whole("pages", 1, pages_max);
  std::int64_t page = whole("page", 1, std::max<std::int64_t>(pages, 1));
  for (const auto& [k, v] : body)
    if (k != "page" && k != "pages") errors[std::string(k)] = msg::UNKNOWN_FIELD;
  if (!errors.empty()) throw ApiError::validation(errors);
  // The position is where the reader is now (they may page back); the last page claims the end.
  ProgressReport report{static_cast<double>(page), page * 100 / pages, {page}, pages, false};
  co_return co_await answer_progress(ctx, "ebook", id, report);
}

}  // namespace

void register_lesson_routes(http::Services& app) {
  auto& r = app.router;
  r.post("/api/contents/:id/open", open_content, Access::signed_in);
  r.post("/api/contents/:id/progress", content_progress, Access::signed_in);
  r.post("/api/ebooks/:id/open", open_ebook, Access::signed_in);
  r.post("/api/ebooks/:id/progress", ebook_progress, Access::signed_in);
}

}  // namespace shopfloor::learning
