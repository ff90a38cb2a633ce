#include "polls/polls.hpp"

#include <cmath>
#include <set>

#include "club/export.hpp"
#include "http/response.hpp"
#include "http/services.hpp"
#include "media/demo_media.hpp"
#include "media/media.hpp"
#include "resources/builders.hpp"
#include "resources/search.hpp"
#include "resources/staff_gate.hpp"
#include "resources/traits.hpp"
#include "resources/triggers.hpp"
#include "util/ids.hpp"

namespace shopfloor::polls {

namespace json = boost::json;
using http::ApiError;
using http::Context;
using Awaitable = boost::asio::awaitable<http::Response>;
using namespace resources;

namespace {

constexpr std::int64_t closed_shown_ms = 14LL * 24 * 3600 * 1000;

Resource polls_resource() {
  auto r = area("polls", "polls", {"โหวต", "Polls"});
  r.list_columns = {"image", "title", "choice", "ballotsCount", "status", "audience", "endAt"};
  r.fields = {
      image("image", {"รูปภาพ", "Picture"}),
      text("title", {"คำถาม", "Question"}).required().searchable().sortable().max(300),
      long_text("description", {"คำอธิบาย", "Description"}).max(2000),
      choice("choice", {"การเลือก", "Choice"},
             {{"single", {"เลือกได้ 1 ข้อ", "One answer"}}, {"multiple", {"เลือกได้หลายข้อ", "Several answers"}}})
          .required()
          .fallback("single"),
      integer("maxChoices", {"เลือกได้สูงสุด", "At most"})
          .min(2)
          .max(20)
          .fallback(2)
          .visible_when("choice", {"multiple"}),
      choice("resultsVisibility", {"แสดงผลโหวต", "Results shown"},
             {{"after_vote", {"หลังโหวต", "After voting"}},
              {"after_close", {"หลังปิดโหวต", "After it closes"}},
              {"admins", {"เฉพาะผู้ดูแล", "To admins only"}}})
          .required()
          .fallback("after_vote"),
      audience_field(),
      integer("ballotsCount", {"ผู้โหวต", "Voters"}).sortable().read_only(),
  };
  publishable(r, {"เปิดโหวต", "Opens"}, {"ปิดโหวต", "Closes"});
  searchable(r, {.title = {"title"}, .body = {"description"}, .sorted_by = "startAt"});
  return r;
}

Resource options_resource() {
  auto r = area("poll-options", "poll_options", {"ตัวเลือกโหวต", "Poll options"});
  r.title_field = "text";
  r.default_sort = "position";
  r.list_columns = {"image", "text", "votesCount", "poll"};
  r.fields = {
      reference("poll", {"โหวต", "Poll"}, "polls").required().filterable().create_only(),
      text("text", {"ตัวเลือก", "Option"}).required().searchable().max(200),
      image("image", {"รูปภาพ", "Picture"}),
      integer("votesCount", {"คะแนนโหวต", "Votes"}).sortable().read_only(),
      integer("position", {"ลำดับ", "Position"}).sortable().read_only(),
  };
  ordered(r, "poll", "poll-options.order");
  return r;
}

struct PollRow {
  std::string id, title, choice, visibility;
  std::int64_t max_choices = 1, ballots = 0;
  std::optional<std::int64_t> end_at;
};

// p.id, title, description, choice, max_choices, results_visibility, ballots_count, start_at, end_at, media
// (9..15), audience_json (16)
const char* const poll_select =
    "SELECT p.id, p.title, p.description, p.choice, p.max_choices, p.results_visibility, p.ballots_count, "
    "p.start_at, p.end_at, m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height, p.audience_json FROM "
    "polls p "
    "LEFT JOIN media m ON m.id = p.image_media_id ";

json::object results_of(db::Connection& c, const std::string& poll_id, std::int64_t ballots) {
  json::array options;
  for (const auto& o :
       c.query("SELECT o.id, o.text, o.votes_count, m.id, m.hash, m.ext, m.kind, m.mime, m.width, "
               "m.height FROM poll_options o LEFT JOIN media m ON m.id = o.image_media_id WHERE "
               "o.poll_id = $1 ORDER BY o.position, o.id",
               poll_id)
           .rows) {
    double percent = ballots > 0 ? std::round(o.i64(2) * 1000.0 / ballots) / 10.0 : 0.0;
    options.push_back(
        json::object{{"id", o.str(0)},
                     {"text", o.str(1)},
                     {"image", o.is_null(3) ? json::value(nullptr) : json::value(media::media_summary(o, 3))},
                     {"votes", o.i64(2)},
                     {"percent", percent}});
  }
  return json::object{{"total", ballots}, {"options", std::move(options)}};
}

json::object poll_json(db::Connection& c, const db::Row& p, const std::string& uid, std::int64_t now) {
  bool open = p.is_null(8) || p.i64(8) > now;
  json::array options;
  for (const auto& o :
       c.query("SELECT o.id, o.text, m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height FROM "
               "poll_options o LEFT JOIN media m ON m.id = o.image_media_id WHERE o.poll_id = $1 "
               "ORDER BY o.position, o.id",
               p.str(0))
           .rows)
    options.push_back(json::object{
        {"id", o.str(0)},
        {"text", o.str(1)},
        {"image", o.is_null(2) ? json::value(nullptr) : json::value(media::media_summary(o, 2))}});
  json::value mine = nullptr;
  if (auto b =
          c.query("SELECT id FROM poll_ballots WHERE poll_id = $1 AND user_id = $2", p.str(0), uid).first()) {
    json::array ids;
    for (const auto& r : c.query("SELECT option_id FROM poll_choices WHERE ballot_id = $1", b->str(0)).rows)
      ids.push_back(json::value(r.str(0)));
    mine = std::move(ids);
  }
  std::string visibility = p.str(5);
  bool show =
      (visibility == "after_vote" && (!mine.is_null() || !open)) || (visibility == "after_close" && !open);
  return json::object{
      {"id", p.str(0)},
      {"title", p.str(1)},
      {"description", p.is_null(2) ? json::value(nullptr) : json::value(p.str(2))},
      {"image", p.is_null(9) ? json::value(nullptr) : json::value(media::media_summary(p, 9))},
      {"choice", p.str(3)},
      {"maxChoices", p.str(3) == "single" ? 1 : p.i64(4)},
      {"endAt", p.is_null(8) ? json::value(nullptr) : json::value(iso8601(p.i64(8)))},
      {"open", open},
      {"options", std::move(options)},
      {"myVote", std::move(mine)},
      {"results", show ? json::value(results_of(c, p.str(0), p.i64(6))) : json::value(nullptr)}};
}

// Published, started and in the audience; the window's end is checked by the caller (a closed poll is still
// shown, with its results, for a while).
std::optional<db::Row> poll_for(db::Connection& c, const StaffGate& gate, const std::string& id) {
  if (!plausible_id(id)) return std::nullopt;
  auto row = c.query(std::string(poll_select) +
                         "WHERE p.id = $1 AND p.status = 'published' AND (p.start_at IS NULL "
                         "OR p.start_at <= $2)",
                     id, gate.now())
                 .first();
  if (!row || !gate.admits(row->str(16))) return std::nullopt;
  return row;
}

// What the polls page lists: published, started, open or closed less than closed_shown_ms ago, in the
// audience, and a closed one only while it has results to show. `only` (" AND p.id IN ...", its parameters
// from $3) narrows it.
std::vector<json::object> listed_polls(db::Connection& c, const StaffGate& gate, std::string_view only = {},
                                       std::vector<db::Value> only_params = {}) {
  auto now = gate.now();
  std::vector<db::Value> params{now, now - closed_shown_ms};
  params.insert(params.end(), only_params.begin(), only_params.end());
  auto rows = gate.rows(c,
                        std::string(poll_select) +
                            "WHERE p.status = 'published' AND (p.start_at IS NULL OR p.start_at <= $1) AND "
                            "(p.end_at IS NULL OR p.end_at > $2)" +
                            std::string(only) +
                            " ORDER BY CASE WHEN p.end_at IS NULL OR p.end_at > "
                            "$1 THEN 0 ELSE 1 END, p.end_at DESC, p.id",
                        params, 16, 100);
  std::vector<json::object> out;
  for (const auto& p : rows) {
    auto poll = poll_json(c, p, gate.viewer().user_id, now);
    if (!poll.at("open").as_bool() && poll.at("results").is_null()) continue;  // closed, nothing to show
    out.push_back(std::move(poll));
  }
  return out;
}

Awaitable list_polls(Context& ctx) {
  std::string uid = ctx.user->id;
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    auto viewer = load_viewer(c, uid);
    StaffGate gate{viewer, now_ms()};
    json::array items;
    for (auto& poll : listed_polls(c, gate)) items.push_back(std::move(poll));
    return json::object{{"items", std::move(items)}};
  });
  co_return http::json_response(ctx, body);
}

// Staff search finds the polls the polls page lists (its link opens that page at the poll).
std::set<std::string> searchable_polls(db::Connection& c, const StaffGate& gate,
                                       const std::vector<std::string>& ids) {
  std::set<std::string> out;
  if (ids.empty()) return out;
  std::string only = " AND p.id IN (";
  std::vector<db::Value> params;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    params.emplace_back(ids[i]);
    only += (i ? ", $" : "$") + std::to_string(i + 3);
  }
  for (const auto& poll : listed_polls(c, gate, only + ")", params))
    out.insert(std::string(poll.at("id").as_string()));
  return out;
}

Awaitable get_poll(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    auto viewer = load_viewer(c, uid);
    auto now = now_ms();
    auto p = poll_for(c, StaffGate{viewer, now}, id);
    if (!p) return std::nullopt;
    return json::object{{"poll", poll_json(c, *p, uid, now)}};
  });
  if (!body) throw ApiError::not_found();
  co_return http::json_response(ctx, *body);
}

}  // namespace

json::object cast_vote(db::Connection& c, const std::string& uid, const std::string& id,
                       const std::vector<std::string>& picked, std::int64_t now) {
  auto viewer = load_viewer(c, uid);
  auto p = poll_for(c, StaffGate{viewer, now}, id);
  if (!p) throw ApiError::not_found();
  if (!p->is_null(8) && p->i64(8) <= now) throw ApiError{http::Status::conflict, "NOT_OPEN", msg::NOT_OPEN};
  std::int64_t max = p->str(3) == "single" ? 1 : p->i64(4);
  if (static_cast<std::int64_t>(picked.size()) > max)
    throw ApiError::validation({{"optionIds", http::Message(msg::POLL_AT_MOST, {{"max", max}})}});
  for (const auto& o : picked)
    if (c.query("SELECT 1 FROM poll_options WHERE id = $1 AND poll_id = $2", o, id).empty())
      throw ApiError::validation({{"optionIds", msg::OPTION_NOT_IN_POLL}});
  std::string ballot = uuid_v7();
  if (c.query("INSERT INTO poll_ballots (id, poll_id, user_id, created_at) VALUES ($1, $2, $3, $4) ON "
              "CONFLICT "
              "(poll_id, user_id) DO NOTHING",
              ballot, id, uid, now)
          .affected == 0)
    throw ApiError{http::Status::conflict, "ALREADY_VOTED", msg::ALREADY_VOTED};
  for (const auto& o : picked) {
    c.query("INSERT INTO poll_choices (ballot_id, option_id) VALUES ($1, $2)", ballot, o);
    c.query("UPDATE poll_options SET votes_count = votes_count + 1 WHERE id = $1", o);
  }
  c.query("UPDATE polls SET ballots_count = ballots_count + 1 WHERE id = $1", id);
  triggers::fire(c, {"poll.voted", uid, id, 0});
  auto fresh = c.query(std::string(poll_select) + "WHERE p.id = $1", id).first();
  return json::object{{"poll", poll_json(c, *fresh, uid, now)}};
}

namespace {

// POST {optionIds}: one ballot per person (INSERT ... ON CONFLICT DO NOTHING on UNIQUE (poll, user)), its
// choices and the running counts in one transaction.
Awaitable vote(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  json::object body = ctx.json_object();
  std::vector<std::string> picked;
  const auto* list = body.if_contains("optionIds");
  if (!list || !list->is_array() || list->as_array().empty() || list->as_array().size() > 20)
    throw ApiError::validation({{"optionIds", msg::POLL_CHOICES}});
  for (const auto& v : list->as_array()) {
    if (!v.is_string() || !plausible_id(v.as_string()))
      throw ApiError::validation({{"optionIds", msg::POLL_CHOICES}});
    picked.emplace_back(v.as_string());
  }
  if (std::set<std::string>(picked.begin(), picked.end()).size() != picked.size())
    throw ApiError::validation({{"optionIds", msg::POLL_CHOICES}});
  auto answer = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return cast_vote(c, uid, id, picked, now_ms()); });
  co_return http::json_response(ctx, answer);
}

Awaitable admin_results(Context& ctx) {
  std::string id = ctx.params.at("id");
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    if (!plausible_id(id)) return std::nullopt;
    auto p = c.query("SELECT ballots_count FROM polls WHERE id = $1", id).first();
    if (!p) return std::nullopt;
    return results_of(c, id, p->i64(0));
  });
  if (!body) throw ApiError::not_found();
  co_return http::json_response(ctx, *body);
}

// The results as a file (club/export.hpp: CSV or XLSX), one row per option and a last row with the ballots.
Awaitable admin_results_export(Context& ctx) {
  std::string id = ctx.params.at("id");
  auto format = club::export_format(ctx);
  co_return co_await ctx.app.db->read([&](db::Connection& c) {
    auto p = plausible_id(id) ? c.query("SELECT ballots_count FROM polls WHERE id = $1", id).first()
                              : std::nullopt;
    if (!p) throw ApiError::not_found();
    club::ExportTable t{"poll-results", {"option", "votes", "percent"}, {{"results", {}}}, ""};
    auto results = results_of(c, id, p->i64(0));  // kept: the loop reads into it
    for (const auto& o : results.at("options").as_array()) {
      char percent[16];
      std::snprintf(percent, sizeof percent, "%.1f", o.at("percent").as_double());
      t.groups[0].rows.push_back(
          {std::string(o.at("text").as_string()), std::to_string(o.at("votes").as_int64()), percent});
    }
    t.groups[0].rows.push_back({"ballots", std::to_string(p->i64(0)), ""});
    return club::export_response(ctx, t, format);
  });
}

}  // namespace

void register_routes(http::Services& app) {
  registry().add(polls_resource());
  registry().add(options_resource());
  resources::add_staff_kind({"poll", "polls", "/club/polls#poll-{id}", searchable_polls});
  app.router.get("/api/polls", list_polls, http::Access::signed_in);
  app.router.get("/api/polls/:id", get_poll, http::Access::signed_in);
  app.router.post("/api/polls/:id/vote", vote, http::Access::signed_in);
  app.router.get("/api/admin/polls/:id/results", admin_results, http::Access::editor);
  app.router.get("/api/admin/polls/:id/results/export", admin_results_export, http::Access::editor);
}

namespace {

struct DemoPoll {
  const char *title, *choice;
  std::vector<std::pair<const char*, const char*>> options;  // text, picture ("" none)
};

std::string insert_poll(db::Connection& c, const std::string& data_dir, const DemoPoll& d, std::int64_t start,
                        std::int64_t end, std::int64_t created) {
  std::string id = uuid_v7();
  c.query(
      "INSERT INTO polls (id, title, choice, max_choices, results_visibility, status, start_at, end_at, "
      "created_at, updated_at) VALUES ($1, $2, $3, 2, 'after_vote', 'published', $4, $5, $6, $6)",
      id, std::string(d.title), std::string(d.choice), start, end, created);
  int position = 0;
  for (const auto& [text, picture] : d.options)
    c.query(
        "INSERT INTO poll_options (id, poll_id, text, image_media_id, position, created_at, updated_at) "
        "VALUES "
        "($1, $2, $3, $4, $5, $6, $6)",
        uuid_v7(), id, std::string(text), *picture ? media::demo_media(c, data_dir, picture) : db::Value{},
        position++, created);
  return id;
}

}  // namespace

void seed_demo(db::Connection& c, const std::string& data_dir) {
  if (!c.query("SELECT 1 FROM polls").empty()) return;
  auto now = now_ms();
  constexpr std::int64_t day = 86400000;
  // The shirt colours show the shirt in each colour.
  insert_poll(
      c, data_dir,
      {"เสื้อทีมปีหน้าอยากได้สีอะไร",
       "single",
       {{"เขียวมรกต", "poll-shirt-emerald"}, {"กรมท่า", "poll-shirt-navy"}, {"ส้มสดใส", "poll-shirt-orange"}}},
      now - day, now + 10 * day, now);
  insert_poll(c, data_dir,
              {"กิจกรรมสันทนาการที่อยากให้จัด (เลือกได้ 2 ข้อ)",
               "multiple",
               {{"ฟุตบอลสาขา", ""}, {"ทำบุญตักบาตร", ""}, {"ปลูกป่าชายเลน", ""}, {"โบว์ลิ่ง", ""}}},
              now - day, now + 10 * day, now + 1);
}

void seed_company(db::Connection& c, const std::string& data_dir) {
  const char* title = "วันไหนสะดวกจัดงานเลี้ยงสังสรรค์ปลายปี";
  if (!c.query("SELECT 1 FROM polls WHERE title = $1", std::string(title)).empty()) return;
  auto now = now_ms();
  constexpr std::int64_t day = 86400000;
  // A poll that ran for two weeks last month, and the open ones opened a week ago.
  insert_poll(
      c, data_dir,
      {title,
       "single",
       {{"ศุกร์ 19 ธันวาคม", ""}, {"เสาร์ 20 ธันวาคม", ""}, {"ศุกร์ 26 ธันวาคม", ""}, {"เสาร์ 27 ธันวาคม", ""}}},
      now - 40 * day, now - 26 * day, now - 41 * day);
  c.query("UPDATE polls SET start_at = $1 WHERE end_at > $2", now - 8 * day, now);
}

void seed_history_day(db::Connection& c, const demo::Day& d) {
  auto draw = d.draws("polls");
  auto polls = c.query(
      "SELECT id, choice, max_choices FROM polls WHERE status = 'published' AND start_at <= $1 AND "
      "end_at > $2",
      d.end, d.start);
  const auto until = now_ms();
  for (const auto& p : polls.rows) {
    std::vector<std::string> options;
    for (const auto& o :
         c.query("SELECT id FROM poll_options WHERE poll_id = $1 ORDER BY position", p.str(0)).rows)
      options.push_back(o.str(0));
    if (options.empty()) continue;
    for (const auto& v : d.visits) {
      // The demo logins vote only where the poll has closed: an open one is still theirs to answer.
      if (v.who->named || !draw.chance(0.22)) continue;
      auto at = d.during(v, 1);
      if (!at || at >= until) continue;
      // Tastes lean: the first options are liked a little more.
      auto n = static_cast<std::int64_t>(options.size()), i = draw.below(n + 2);
      std::vector<std::string> picked{options[static_cast<std::size_t>(i < n ? i : 0)]};
      if (p.str(1) == "multiple" && draw.chance(0.7)) {
        auto second = draw.pick(options);
        if (second != picked[0]) picked.push_back(second);
      }
      PinnedClock clock(at);
      try {
        cast_vote(c, v.who->id, p.str(0), picked, at);
      } catch (const http::ApiError&) {
        // Voted already, or the poll is not for them.
      }
    }
  }
}

}  // namespace shopfloor::polls
