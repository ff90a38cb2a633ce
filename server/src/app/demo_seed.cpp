#include "app/demo_seed.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <map>

#include "accounts/demo.hpp"
#include "ads/ads.hpp"
#include "auth/passwords.hpp"
#include "auth/sign_in.hpp"
#include "badges/badges.hpp"
#include "certificates/certificates.hpp"
#include "club/club.hpp"
#include "contests/contests.hpp"
#include "drill/demo.hpp"
#include "events/events.hpp"
#include "exams/exams.hpp"
#include "forms/forms.hpp"
#include "games/games.hpp"
#include "home/home.hpp"
#include "knowledge/summary.hpp"
#include "learning/demo_exams.hpp"
#include "learning/learning.hpp"
#include "media/demo_media.hpp"
#include "messages/messages.hpp"
#include "polls/polls.hpp"
#include "privacy/consent.hpp"
#include "pulse/pulse.hpp"
#include "rollups/rollups.hpp"
#include "satisfaction/satisfaction.hpp"
#include "stickers/stickers.hpp"
#include "stories/stories.hpp"
#include "surveys/surveys.hpp"
#include "telemetry/write_buffer.hpp"
#include "util/ids.hpp"

namespace shopfloor {

namespace {

using demo::hour;
using demo::minute;

// What a visit looks at: the staff app's pages (ids filled from the demo's own items) and what is tapped
// there, as the click tracker records it (lib/tracking.ts: the element's markup).
struct Place {
  std::string url;
  const char* tap;
};

struct Catalogue {
  std::vector<std::string> contents, courses, stories, events, slides, ads;
};

Catalogue catalogue_of(db::Connection& c) {
  Catalogue k;
  auto ids = [&](const char* sql, std::vector<std::string>& out) { out = c.query(sql).first_column(); };
  ids("SELECT id FROM contents WHERE status = 'published' ORDER BY created_at, id", k.contents);
  ids("SELECT id FROM courses WHERE status = 'published' ORDER BY created_at, id", k.courses);
  ids("SELECT id FROM events WHERE status = 'published' ORDER BY starts_at", k.events);
  ids("SELECT id FROM home_slides WHERE status = 'published' ORDER BY position", k.slides);
  ids("SELECT id FROM ads WHERE status = 'published' AND kind = 'banner' AND audience_json IS NULL", k.ads);
  return k;
}

std::vector<Place> places_of(const Catalogue& k, const demo::Person& p, demo::Draws& d) {
  auto any = [&](const std::vector<std::string>& v) { return v.empty() ? std::string("x") : d.pick(v); };
  return {
      {"/learning", R"(<a class="tabbar__item" href="/learning">เรียนรู้</a>)"},
      {"/learning/content/" + any(k.contents), R"(<button class="adm-button">เริ่มเรียน</button>)"},
      {"/learning/course/" + any(k.courses), R"(<button class="adm-button">เรียนต่อ</button>)"},
      {"/club", R"(<a class="tabbar__item" href="/club">คลับ</a>)"},
      {"/club/rewards", R"(<button class="adm-button">แลกรางวัล</button>)"},
      {"/stores", R"(<button class="like">ถูกใจ</button>)"},
      {"/club/polls", R"(<a class="home-card" href="/club/polls">โหวต</a>)"},
      {"/club/events/" + any(k.events), R"(<button class="adm-button">ลงทะเบียน</button>)"},
      {"/club/games", R"(<button class="adm-button">เริ่มเล่น</button>)"},
      {"/club/leaderboard", R"(<a class="tabbar__item" href="/club">คลับ</a>)"},
      {"/p/" + p.id, R"(<a class="tabbar__item" href="/p">โปรไฟล์</a>)"},
      {"/notifications", R"(<button class="adm-button">อ่านทั้งหมดแล้ว</button>)"},
  };
}

// One visit's telemetry as the web app sends it: Home first (its slides and banner seen), then a few pages,
// each with its time, often a first scroll and a tap; Web Vitals for the first page now and then.
void visit_events(std::vector<telemetry::Event>& out, const demo::Visit& v, const Catalogue& k,
                  demo::Draws& d) {
  using telemetry::EventType;
  auto places = places_of(k, *v.who, d);
  std::vector<Place> route{{"/main", R"(<a class="tabbar__item" href="/main">หน้าแรก</a>)"}};
  for (auto n = d.between(1, 3); n > 0; --n) route.push_back(d.pick(places));
  std::int64_t t = v.at;
  std::string previous;
  for (std::size_t i = 0; i < route.size() && t < v.until; ++i) {
    const auto& page = route[i];
    auto event = [&](EventType type) {
      telemetry::Event e{type, v.who->id, t};
      e.url = page.url;
      return e;
    };
    auto view = event(EventType::activity);
    view.action = "view";
    out.push_back(view);
    auto pv = event(EventType::page_view);
    if (!previous.empty()) pv.referrer = previous;
    out.push_back(pv);
    if (i == 0) {
      for (const auto& slide : k.slides) {
        auto seen = event(EventType::item);
        seen.resource = "home-slides", seen.item_id = slide, seen.action = d.chance(0.04) ? "tap" : "view";
        out.push_back(seen);
      }
      for (const auto& ad : k.ads) {
        auto seen = event(EventType::item);
        seen.resource = "ads", seen.item_id = ad, seen.action = "view";
        out.push_back(seen);
        if (d.chance(0.07)) seen.action = "tap", out.push_back(seen);
      }
      if (d.chance(0.25))
        for (const auto& [name, lo, hi] :
             std::vector<std::tuple<const char*, double, double>>{{"TTFB", 90, 900},
                                                                  {"FCP", 500, 2600},
                                                                  {"LCP", 900, 4200},
                                                                  {"INP", 40, 420},
                                                                  {"CLS", 0, 0.18}}) {
          auto vital = event(EventType::web_vital);
          vital.vital_name = name;
          vital.vital_value = lo + (hi - lo) * d.next() * d.next();
          out.push_back(vital);
        }
    }
    auto stay = std::min(d.between(8, 95) * 1000, v.until - t);  // the visit ends with the day (today: now)
    if (d.chance(0.6)) {
      auto scroll = event(EventType::scroll_time);
      scroll.duration_ms = d.between(600, 6000);
      out.push_back(scroll);
    }
    if (d.chance(0.55)) {
      auto tap = event(EventType::click);
      tap.element = i == 0 ? route[std::min<std::size_t>(1, route.size() - 1)].tap : page.tap;
      tap.at = t + stay / 2;
      out.push_back(tap);
    }
    auto time = event(EventType::page_time);
    time.duration_ms = stay;
    time.at = t + stay;
    out.push_back(time);
    previous = page.url;
    t += stay + d.between(1, 5) * 1000;
  }
}

// Who opens the app on the day, and when: each person by their zeal, less at weekends, a little more as the
// quarter goes on (the app is catching on); during their shift, sometimes twice.
std::vector<demo::Visit> visits_on(const demo::Day& d, const std::vector<demo::Person>& staff) {
  std::vector<demo::Visit> out;
  bool weekend = (d.day % 7 + 7 + 3) % 7 >= 5;
  double pace = (0.8 + 0.2 * static_cast<double>(d.index) / (demo::history_days - 1)) * (weekend ? 0.7 : 1.0);
  for (const auto& p : staff) {
    demo::Draws draw("visit|" + p.code + "|" + std::to_string(d.day));
    if (p.joined_at > d.start || !draw.chance(p.zeal * pace)) continue;
    int visits = draw.chance(0.25) ? 2 : 1;
    for (int n = 0; n < visits; ++n) {
      auto at = d.start + 7 * hour + draw.below(14 * hour);
      if (at >= d.end) continue;
      out.push_back({&p, at, std::min(d.end, at + draw.between(3, 14) * minute)});
    }
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.at < b.at; });
  return out;
}

demo::Person someone(db::Connection& c, const char* code) {
  auto r = c.query("SELECT id, name FROM users WHERE employee_code = $1", std::string(code)).first();
  demo::Person p;
  if (r) p.id = r->str(0), p.name = r->str(1), p.code = code;
  return p;
}

// The history's steps, one per area, in the order a day's happenings depend on each other (points are
// earned before they are spent, a story is written before it is liked).
using Step = void (*)(db::Connection&, const demo::Day&);
struct NamedStep {
  const char* area;
  Step step;
};
constexpr NamedStep steps[] = {
    {"learning", learning::seed_history_day},  // lessons, courses and exams earn points, badges, stickers
    {"drill", drill::seed_history_day},        // the last month's daily drills, on questions met in exams
    {"events", events::seed_history_day},      // sign-ups, check-ins
    {"polls", polls::seed_history_day},
    {"games", games::seed_history_day},
    {"surveys", surveys::seed_history_day},
    {"pulse", pulse::seed_history_day},
    {"contests", contests::seed_history_day},          // entries, votes, winners
    {"stories", stories::seed_history_day},            // posts, moderation, likes
    {"satisfaction", satisfaction::seed_history_day},  // ratings of what was finished today
    {"club", club::seed_history_day},                  // spending what was earned, the admin's round
};

std::int64_t elapsed_ms(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - since)
      .count();
}

std::pair<std::int64_t, std::int64_t> write_history(db::Connection& c, const Config& config) {
  auto staff = users::demo_people(c);
  auto admin = someone(c, "ADMIN01"), editor = someone(c, "EDIT01");
  const auto now = now_ms(), today = rollups::day_of(now);
  PinnedClock clock(now);
  auto k = catalogue_of(c);
  std::map<std::string, std::int64_t> signed_in_until;  // each person's session lasts SESSION_MAX_AGE
  std::int64_t visits = 0, events = 0;
  std::map<std::string, std::int64_t> spent;  // ms per step, logged at the end (how long the seed takes)
  for (int i = 0; i < demo::history_days; ++i) {
    demo::Day d;
    d.index = i;
    d.day = today - (demo::history_days - 1) + i;
    d.start = rollups::day_start_ms(d.day);
    d.end = std::min(now, d.start + demo::day_ms);
    d.staff = &staff;
    d.admin = &admin;
    d.editor = &editor;
    d.config = &config;
    d.visits = visits_on(d, staff);
    // Signing in when the last session has run out, then what the app reports of each visit.
    auto started = std::chrono::steady_clock::now();
    std::vector<telemetry::Event> batch;
    auto draws = d.draws("telemetry");
    for (const auto& v : d.visits) {
      auto& until = signed_in_until[v.who->id];
      if (until <= v.at) {
        clock.set(v.at - 20'000);
        auth::start_session(
            c, {v.who->id, v.who->code, "credentials"}, config.session_max_age,
            "10.20.0." + std::to_string(1 + i % 200),
            "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36");
        until = v.at + config.session_max_age * 1000;
      }
      visit_events(batch, v, k, draws);
    }
    clock.set(d.end - 1);
    telemetry::write_events(c, batch);
    visits += static_cast<std::int64_t>(d.visits.size());
    events += static_cast<std::int64_t>(batch.size());
    spent["telemetry"] += elapsed_ms(started);
    for (const auto& [area, step] : steps) {
      started = std::chrono::steady_clock::now();
      step(c, d);
      spent[area] += elapsed_ms(started);
    }
  }
  std::string times;
  for (const auto& [area, ms] : spent)
    times += (times.empty() ? "" : ", ") + area + " " + std::to_string(ms) + " ms";
  spdlog::info("demo history: {}", times);
  return {visits, events};
}

}  // namespace

DemoSeeded seed_demo(App& app, bool with_history) {
  const auto& dir = app.config.data_dir;
  // Learning's demo takes exams through the exams' own functions (exams sit above learning).
  learning::set_demo_exams({exams::seed_safety_exam,
                            [](db::Connection& c, const std::string& uid, const std::string& exam,
                               std::int64_t at) { return exams::start_attempt(c, uid, exam, at).first; },
                            [](db::Connection& c, const std::string& uid, const std::string& attempt,
                               const boost::json::value& answers,
                               std::int64_t at) { exams::submit_attempt(c, uid, attempt, answers, at); }});
  // One Argon2id hash of the demo password for everyone, made before the transaction (it takes a while).
  auto demo_hash = auth::hash_password(users::demo_password);
  return app.db->transact_sync([&](db::Connection& c) {
    auto started = std::chrono::steady_clock::now();
    DemoSeeded out;
    // The demo logins and every area's catalogue, with what the demo logins did; the roster person with an
    // activation code (before the company, whose codes go around theirs).
    out.logins = users::seed_demo(c, demo_hash);
    out.activation = accounts::seed_demo(c, app.config.auth_secret);
    out.history = with_history && users::seed_company(c, demo_hash);
    privacy::seed_demo_consents(c);  // everyone so far accepted tracking: the demo keeps its figures
    learning::seed_demo(c, dir);
    exams::seed_demo(c);
    learning::link_demo_exam(c, exams::demo_exam_id(c));
    home::seed_demo(c, dir);
    club::seed_demo(c, dir);
    stickers::seed_demo(c, dir);
    badges::seed_demo(c, dir);
    polls::seed_demo(c, dir);
    contests::seed_demo(c, dir);
    events::seed_demo(c, dir);
    games::seed_demo(c, dir);
    drill::seed_demo(c);  // drill-only questions of the demo courses (after the courses and the quiz)
    ads::seed_demo(c, dir);
    stories::seed_demo(c, dir);
    messages::seed_demo(c, dir);
    surveys::seed_demo(c);
    pulse::seed_demo(c);
    forms::seed_demo(c, dir);
    spdlog::info("demo catalogue: {} ms", elapsed_ms(started));
    if (!out.history) {
      certificates::seed_demo(c);
      return out;
    }
    // The company's own catalogue (past events, last month's poll and campaign, the safety course...), then
    // its 90 days.
    learning::seed_company(c, dir);
    media::seed_gallery(c, dir);
    events::seed_company(c, dir);
    polls::seed_company(c, dir);
    games::seed_company(c);
    surveys::seed_company(c);
    contests::seed_company(c, dir);
    club::seed_company(c);
    drill::seed_demo(c);  // the safety course's drill-only questions
    std::tie(out.visits, out.events) = write_history(c, app.config);
    knowledge::rebuild(c, now_ms());  // the Knowledge report's summary of the month's drills
    // After the history (whose completions issue certificates): the demo holders' dates as described.
    certificates::seed_demo(c);
    return out;
  });
}

}  // namespace shopfloor
