// The demo company's learning, day by day (`seed --demo` with its history, util/demo.hpp): on some of their
// visits people take their next lesson (the mandatory safety course first once it is assigned, then the
// service and sales courses, then what stands alone), through open_lesson and report_lesson_progress as the
// lesson screens call them (opened, then read for its reading time, every picture and page seen, a link left
// for and come back from, a video in steps as it plays) and the exam flow (start, answer as well as they
// know, submit).
// Completions, points, courses, badges and the reports' counters follow from those functions. The demo
// logins are left out: their courses and exams are theirs to take.
#include <algorithm>
#include <boost/json/parse.hpp>
#include <map>
#include <set>

#include "http/api_error.hpp"
#include "learning/demo_exams.hpp"
#include "learning/learning.hpp"
#include "learning/routes.hpp"
#include "media/demo_media.hpp"
#include "util/ids.hpp"

namespace shopfloor::learning {

namespace json = boost::json;

namespace {

struct Lesson {
  std::string kind, id;  // "article" | "video" | ... | "exam"
  std::int64_t video_ms = 0;
  std::int64_t pictures = 0;  // images: the set's size
  std::int64_t pages = 0;     // pdf: the document's pages, as a viewer counts them
};

// Pages of a PDF as a viewer counts them: its page objects (`/Type /Page`, not the `/Pages` tree).
std::int64_t pdf_pages(std::string_view pdf) {
  std::int64_t n = 0;
  for (std::string_view key : {"/Type /Page", "/Type/Page"})
    for (auto at = pdf.find(key); at != std::string_view::npos; at = pdf.find(key, at + key.size()))
      if (at + key.size() >= pdf.size() || pdf[at + key.size()] != 's') ++n;
  return n;
}

// What a lesson's page shows: the pictures of a set, the pages of a demo PDF.
void measure(db::Connection& c, Lesson& l) {
  auto r = c.query(
                "SELECT t.images_json, m.original_name FROM contents t LEFT JOIN media m ON m.id = "
                "t.media_id WHERE t.id = $1",
                l.id)
               .first();
  if (!r) return;
  if (l.kind == "images" && !r->is_null(0)) {
    boost::system::error_code ec;
    auto ids = json::parse(r->str(0), ec);
    if (!ec && ids.is_array()) l.pictures = static_cast<std::int64_t>(ids.as_array().size());
  }
  if (l.kind == "pdf" && !r->is_null(1)) l.pages = pdf_pages(media::demo_bytes(r->str(1)));
}

struct Path {
  std::vector<Lesson> lessons;
  std::int64_t from = 0;  // the assignment's start for a mandatory course (before it nobody starts it)
  bool mandatory = false;
};

std::vector<Path> paths_of(db::Connection& c) {
  std::vector<Path> out;
  for (const char* title : {safety_course_title, "พื้นฐานการบริการลูกค้า", "ทักษะการขายมืออาชีพ"}) {
    auto course = c.query("SELECT id FROM courses WHERE title = $1", std::string(title)).first();
    if (!course) continue;
    Path p;
    if (auto a =
            c.query("SELECT MIN(created_at) FROM course_assignments WHERE course_id = $1 AND audience_json "
                    "IS NULL",
                    course->str(0))
                .first();
        a && !a->is_null(0))
      p.from = a->i64(0), p.mandatory = true;
    for (const auto& r :
         c.query(
              "SELECT l.kind, COALESCE(l.content_id, l.exam_id), t.kind, m.duration_ms FROM course_lessons l "
              "LEFT JOIN contents t ON t.id = l.content_id LEFT JOIN media m ON m.id = t.media_id WHERE "
              "l.course_id = $1 ORDER BY l.position",
              course->str(0))
             .rows)
      p.lessons.push_back({r.str(0) == "exam" ? "exam" : r.str(2), r.str(1), r.is_null(3) ? 0 : r.i64(3)});
    for (auto& l : p.lessons) measure(c, l);
    out.push_back(std::move(p));
  }
  // What stands alone: the return policy (a link) and the BKK01 hygiene steps (their audience decides).
  Path rest;
  for (const auto& r :
       c.query("SELECT id, kind FROM contents WHERE status = 'published' AND kind IN ('link', "
               "'article') AND id NOT IN (SELECT content_id FROM course_lessons WHERE "
               "content_id IS NOT NULL) ORDER BY created_at, id")
           .rows)
    rest.lessons.push_back({r.str(1), r.str(0)});
  for (auto& l : rest.lessons) measure(c, l);
  out.push_back(std::move(rest));
  return out;
}

// A content read through as its page reports it, from its open at `at`: a video's position every four seconds
// as it plays; anything else gets every picture or page seen (a link: left for) at once, and the end claimed
// when its reading time is up (the report's readyInSeconds) and a little more.
void read(db::Connection& c, const demo::Person& p, const Lesson& l, std::int64_t at, std::int64_t until,
          std::int64_t percent, demo::Draws& draw) {
  if (l.kind == "video") {
    std::int64_t length = l.video_ms > 0 ? l.video_ms : 8000;
    for (std::int64_t played = 0;; played = std::min(length, played + 4000)) {
      PinnedClock clock(at + played);
      ProgressReport r;
      r.position = static_cast<double>(played) / 1000.0;
      r.percent = played >= length ? 100 : played * 100 / length;
      report_lesson_progress(c, p.id, "content", l.id, r, percent, at + played);
      if (played >= length) break;
    }
    return;
  }
  ProgressReport seen;
  for (std::int64_t i = 0; i < l.pictures; ++i) seen.seen.push_back(i);
  for (std::int64_t i = 1; i <= l.pages; ++i) seen.seen.push_back(i);
  seen.pages = l.pages;
  seen.link_opened = l.kind == "link";
  PinnedClock clock(at);
  auto first = report_lesson_progress(c, p.id, "content", l.id, seen, percent, at);
  if (!first) return;
  const auto& progress = first->body.at("progress").as_object();
  if (progress.at("completed").as_bool()) return;
  std::int64_t ready = progress.contains("readyInSeconds") ? progress.at("readyInSeconds").as_int64() : 0;
  std::int64_t done = at + ready * 1000 + draw.between(5, 90) * 1000;
  if (done >= until) return;  // the day (the seed's now) ends first: left open, as people do
  clock.set(done);
  ProgressReport end = seen;
  end.percent = 100;
  report_lesson_progress(c, p.id, "content", l.id, end, percent, done);
}

// An attempt answered as well as the person knows: each question right with their skill (harder ones, those
// with several right answers, less often), else a wrong choice; submitted a few minutes later.
void sit(db::Connection& c, const demo::Person& p, const std::string& exam, std::int64_t at,
         demo::Draws& draw) {
  PinnedClock clock(at);
  auto started = demo_exams().start(c, p.id, exam, at);
  const auto& attempt = started.at("attempt").as_object();
  json::object answers;
  for (const auto& qv : attempt.at("questions").as_array()) {
    const auto& q = qv.as_object();
    std::string id(q.at("id").as_string());
    auto row = c.query("SELECT correct_json FROM exam_questions WHERE id = $1", id).first();
    if (!row) continue;
    auto correct = json::parse(row->str(0)).as_array();
    double odds = p.skill * (correct.size() > 1 ? 0.75 : 1.0);
    if (draw.chance(odds)) {
      answers[id] = correct;
      continue;
    }
    // A wrong answer: one wrong choice (a single-answer question takes one only), or for a multiple-answer
    // question now and then a right one with it.
    bool several = q.at("kind").as_string() == "multiple";
    json::array wrong;
    for (const auto& ch : q.at("choices").as_array()) {
      json::value cid = ch.at("id");
      if (std::find(correct.begin(), correct.end(), cid) == correct.end()) {
        wrong.push_back(cid);
        break;
      }
    }
    if (several && !correct.empty() && draw.chance(0.5)) wrong.push_back(correct.front());
    if (wrong.empty()) wrong.push_back(correct.front());
    answers[id] = wrong;
  }
  auto done = at + draw.between(3, 8) * demo::minute;
  clock.set(done);
  demo_exams().submit(c, p.id, std::string(attempt.at("id").as_string()), json::value(answers), done);
}

// The person's next step on their paths, taken at `at`: false when there is nothing left for them.
bool next_lesson(db::Connection& c, const demo::Person& p, const std::vector<Path>& paths, std::int64_t at,
                 std::int64_t until, std::int64_t percent, demo::Draws& draw) {
  auto done = c.query(
                   "SELECT item_id FROM learning_progress WHERE user_id = $1 AND item_type = 'content' "
                   "AND completed_at IS NOT NULL",
                   p.id)
                  .first_column<std::set<std::string>>();
  std::map<std::string, std::pair<std::int64_t, bool>> exams;  // exam -> (attempts, passed)
  for (const auto& r : c.query("SELECT exam_id, COUNT(*), MAX(passed) FROM exam_attempts WHERE user_id = $1 "
                               "GROUP BY exam_id",
                               p.id)
                           .rows)
    exams[r.str(0)] = {r.i64(1), r.i64(2) > 0};
  for (const auto& path : paths) {
    if (path.from > at) continue;
    for (const auto& l : path.lessons) {
      if (l.id.empty()) continue;
      if (l.kind != "exam") {
        if (done.count(l.id)) continue;
        // A lesson outside the person's audience neither shows nor counts: try the next one.
        PinnedClock clock(at);
        if (!open_lesson(c, p.id, "content", l.id, percent, at)) continue;
        read(c, p, l, at + draw.between(5, 40) * 1000, until, percent, draw);
        return true;
      }
      auto [tries, passed] = exams[l.id];
      if (passed) continue;
      if (tries >= 3) break;  // out of attempts: this course stays unfinished
      sit(c, p, l.id, at + demo::minute, draw);
      return true;
    }
  }
  return false;
}

}  // namespace

void seed_history_day(db::Connection& c, const demo::Day& d) {
  auto paths = paths_of(c);
  auto draw = d.draws("learning");
  for (const auto& v : d.visits) {
    if (v.who->named) continue;
    // Once the safety course is assigned, people study a little more often.
    bool pressed =
        std::any_of(paths.begin(), paths.end(), [&](const Path& p) { return p.mandatory && p.from <= v.at; });
    if (!draw.chance(pressed ? 0.16 : 0.1)) continue;
    auto at = d.during(v, 1);
    if (!at) continue;
    try {
      next_lesson(c, *v.who, paths, at, d.end, d.config->lesson_time_percent, draw);
    } catch (const http::ApiError&) {
      // Refused as the route would refuse it (not open to them, out of attempts): they do something else.
    }
  }
}

}  // namespace shopfloor::learning
