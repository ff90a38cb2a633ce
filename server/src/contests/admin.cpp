// The back office of the contest engine: the kit resource `campaigns` (one table for campaigns and naming
// contests, told apart by `kind`), the moderation queue, the admins' pick of winners and the announcement,
// which awards the points once.
#include "contests/admin.hpp"

#include <boost/json/value_from.hpp>
#include <set>

#include "contests/engine.hpp"
#include "http/body_fields.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "notifications/notifications.hpp"
#include "points/ledger.hpp"
#include "resources/audit.hpp"
#include "resources/builders.hpp"
#include "resources/traits.hpp"
#include "resources/triggers.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::contests {

using namespace resources;

namespace {

ApiError conflict(const http::ErrorCode& code, const http::Message& m) {
  return ApiError{http::Status::conflict, code, m};
}

Resource campaigns_resource() {
  auto r = area("campaigns", "contests", {"แคมเปญ", "Campaigns"});
  r.list_columns = {"cover",    "title",      "entriesCount", "status",
                    "audience", "entriesEnd", "votingEnd",    "announcedAt"};
  r.fields = {
      choice("kind", {"ประเภท", "Kind"},
             {{"campaign", {"แคมเปญ", "Campaign"}}, {"naming", {"ประกวดตั้งชื่อ", "Naming contest"}}})
          .required()
          .fallback("campaign")
          .filterable()
          .create_only(),
      text("title", {"ชื่อ", "Title"}).required().searchable().sortable().max(200),
      long_text("description", {"รายละเอียด", "Description"}).max(5000),
      image("cover", {"ภาพปก", "Cover"}),
      choice("entryType", {"ผลงานแบบ", "Entries are"},
             {{"photo", {"รูปถ่าย", "Photos"}}, {"text", {"ข้อความ", "Texts"}}})
          .required()
          .fallback("photo")
          .visible_when("kind", {"campaign"}),
      integer("entryLimit", {"ส่งได้คนละ", "Entries per person"}).min(1).max(50).required().fallback(1),
      integer("votesPerPerson", {"โหวตได้คนละ", "Votes per person"}).min(1).max(50).required().fallback(3),
      datetime("entriesStart", {"เปิดรับผลงาน", "Entries open"}).required().sortable(),
      datetime("entriesEnd", {"ปิดรับผลงาน", "Entries close"}).required().sortable(),
      datetime("votingStart", {"เริ่มโหวต", "Voting opens"}).required().sortable(),
      datetime("votingEnd", {"ปิดโหวต", "Voting closes"}).required().sortable(),
      integer("winnersCount", {"จำนวนผู้ชนะ", "Winners"}).min(1).max(20).required().fallback(3),
      choice("winnerMode", {"ตัดสินผู้ชนะโดย", "Winners by"},
             {{"votes", {"คะแนนโหวต", "Votes"}}, {"admins", {"ผู้ดูแลเลือก", "Admins' pick"}}})
          .required()
          .fallback("votes"),
      resources::points("winPoints", {"แต้มสำหรับผู้ชนะ", "Points for winners"}),
      resources::points("entryPoints", {"แต้มต่อผลงานที่ผ่าน", "Points per approved entry"})
          .hint({"0 = ไม่ให้แต้ม", "0 = none"}),
      audience_field(),
      integer("entriesCount", {"ผลงาน", "Entries"}).sortable().read_only(),
      datetime("announcedAt", {"ประกาศผล", "Announced"}).read_only(),
  };
  publishable(r, {"เริ่มแสดง", "Shown from"}, {"สิ้นสุดการแสดง", "Shown until"});
  // The phases follow each other: entries start < entries end <= voting start < voting end.
  r.rules.push_back(ends_after("entriesEnd", "entriesStart", msg::CONTEST_PHASES));
  r.rules.push_back(ends_after("votingStart", "entriesEnd", msg::CONTEST_PHASES, true));
  r.rules.push_back(ends_after("votingEnd", "votingStart", msg::CONTEST_PHASES));
  return r;
}

json::object admin_entry(const db::Row& e) {
  auto item = entry_json(e, e.str(1), {}, true, true);
  item.erase("mine");
  item.erase("myVote");
  item["rejectReason"] = http::value_or_null(e.opt_str(5));
  item["author"] = json::object{{"id", e.str(1)}, {"name", e.str(16)}, {"code", e.str(17)}};
  item["createdAt"] = iso8601(e.i64(8));
  return item;
}

json::array admin_entries(db::Connection& c, const std::string& id, const std::string& where_more = "",
                          const std::string& status = "") {
  json::array items;
  auto sql = std::string(entry_select) + "WHERE e.contest_id = $1" + where_more +
             (status.empty() ? "" : " AND e.status = $2") +
             " ORDER BY e.votes_count DESC, e.created_at, e.id";
  auto rows = status.empty() ? c.query(sql, id) : c.query(sql, id, status);
  for (const auto& e : rows.rows) items.push_back(admin_entry(e));
  return items;
}

db::Row contest_or_404(db::Connection& c, const std::string& id) {
  auto r = plausible_id(id) ? c.query(std::string("SELECT ") + contest_columns + " FROM contests c " +
                                          contest_joins + " WHERE c.id = $1",
                                      id)
                                  .first()
                            : std::nullopt;
  if (!r) throw ApiError::not_found();
  return *r;
}

Awaitable list_entries(Context& ctx) {
  std::string id = ctx.params.at("id"), status = ctx.query("status").value_or("");
  if (!status.empty() && status != "pending" && status != "approved" && status != "rejected")
    throw ApiError::validation({{"status", msg::STATUS_FILTER}});
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    contest_or_404(c, id);
    return json::object{{"items", admin_entries(c, id, "", status)}};
  });
  co_return http::json_response(ctx, body);
}

}  // namespace

// POST {ids, decision: approve|reject, reason?}: only pending entries move (conditional update), so a second
// click or a racing editor moves nothing (409 NOT_PENDING) and the entry points are awarded once.
json::object moderate_entries(db::Connection& c, const std::string& id, const std::vector<std::string>& ids,
                              const std::string& decision, const std::optional<std::string>& reason,
                              const std::string& actor, const std::string& ip, std::int64_t now) {
  auto r = contest_or_404(c, id);
  std::int64_t updated = 0;
  for (const auto& e : ids) {
    auto moved = c.query(
        "UPDATE contest_entries SET status = $1, reject_reason = $2, updated_at = $3, version = version + "
        "1 "
        "WHERE id = $4 AND contest_id = $5 AND status = 'pending'",
        std::string(decision == "approve" ? "approved" : "rejected"),
        decision == "reject" ? reason : std::optional<std::string>{}, now, e, id);
    if (moved.affected == 0) continue;
    ++updated;
    auto author = c.query("SELECT user_id FROM contest_entries WHERE id = $1", e).first()->str(0);
    bool paid = decision == "approve" && r.i64(c_entry_points) > 0 &&
                points::award(c, {author, r.i64(c_entry_points), r.str(c_title), "campaign", e,
                                  "campaign-entry:" + e + ":" + author, actor, false});
    // The author hears either way, with the points an approval paid (this notice tells them, not the
    // ledger's); a rejection carries the reason they would otherwise only find on the page.
    json::object params{{"title", r.str(c_title)}, {"points", paid ? r.i64(c_entry_points) : 0}};
    if (reason && decision == "reject") params["reason"] = *reason;
    notifications::notify(c, {author, decision == "approve" ? "entry_approved" : "entry_rejected",
                              std::move(params), "/club/campaigns/" + id, "contest-entry:" + e});
  }
  if (updated == 0) throw conflict(err::NOT_PENDING, msg::NOT_PENDING);
  audit::record(
      c, actor, "campaigns.moderate", "campaigns", id, std::nullopt,
      json::object{
          {"decision", decision}, {"ids", json::value_from(ids)}, {"reason", http::value_or_null(reason)}},
      ip);
  return json::object{{"updated", updated}};
}

namespace {

Awaitable moderate(Context& ctx) {
  std::string id = ctx.params.at("id"), actor = ctx.user->id, ip = ctx.client_ip;
  json::object body = ctx.json_object();
  auto ids = http::distinct_ids(body, "ids", 1, 500, msg::BULK_IDS);
  const auto* d = body.if_contains("decision");
  std::string decision = d && d->is_string() ? std::string(d->as_string()) : "";
  if (decision != "approve" && decision != "reject")
    throw ApiError::validation({{"decision", msg::MODERATION_DECISION}});
  std::optional<std::string> reason;
  if (const auto* v = body.if_contains("reason"); v && v->is_string()) {
    std::string s(trim(std::string_view(v->as_string())));
    if (!s.empty()) reason = s;
  }
  if (decision == "reject" && (!reason || utf8_length(*reason) > 500 || has_control_chars(*reason)))
    throw ApiError::validation({{"reason", msg::REASON_REQUIRED}});
  auto answer = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return moderate_entries(c, id, ids, decision, reason, actor, ip, now_ms()); });
  co_return http::json_response(ctx, answer);
}

// POST {entryIds}: the admins' winners (mode admins), approved entries of this contest, before announcing.
Awaitable pick_winners(Context& ctx) {
  std::string id = ctx.params.at("id"), actor = ctx.user->id, ip = ctx.client_ip;
  json::object body = ctx.json_object();
  auto picked = http::distinct_ids(body, "entryIds", 0, 20, msg::CONTEST_WINNERS);
  auto answer = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto r = contest_or_404(c, id);
    if (r.str(c_winner_mode) != "admins") throw conflict(err::WINNER_MODE, msg::WINNER_MODE);
    if (!r.is_null(c_announced)) throw conflict(err::ALREADY_ANNOUNCED, msg::ALREADY_ANNOUNCED);
    if (static_cast<std::int64_t>(picked.size()) > r.i64(c_winners))
      throw ApiError::validation(
          {{"entryIds", http::Message(msg::WINNERS_AT_MOST, {{"max", r.i64(c_winners)}})}});
    for (const auto& e : picked)
      if (c.query("SELECT 1 FROM contest_entries WHERE id = $1 AND contest_id = $2 AND status = 'approved'",
                  e, id)
              .empty())
        throw ApiError::validation({{"entryIds", msg::CONTEST_WINNERS}});
    c.query("UPDATE contest_entries SET winner = 0 WHERE contest_id = $1 AND winner <> 0", id);
    for (const auto& e : picked) c.query("UPDATE contest_entries SET winner = 1 WHERE id = $1", e);
    audit::record(c, actor, "campaigns.winners", "campaigns", id, std::nullopt,
                  json::object{{"entryIds", json::value_from(picked)}}, ip);
    return json::object{{"items", admin_entries(c, id, " AND e.winner <> 0")}};
  });
  co_return http::json_response(ctx, answer);
}

}  // namespace

// POST: once voting is over, exactly once (conditional update of announced_at): the winners get their points
// (idempotency keys campaign-win:<entry>:<user>), a notification and the trigger campaign.won.
json::object announce_winners(db::Connection& c, const std::string& id, const std::string& actor,
                              const std::string& ip, std::int64_t now) {
  auto r = contest_or_404(c, id);
  if (!r.is_null(c_announced)) throw conflict(err::ALREADY_ANNOUNCED, msg::ALREADY_ANNOUNCED);
  if (now < r.i64(c_voting_end)) throw conflict(err::VOTING_NOT_OVER, msg::VOTING_NOT_OVER);
  if (c.query("UPDATE contests SET announced_at = $1 WHERE id = $2 AND announced_at IS NULL", now, id)
          .affected == 0)
    throw conflict(err::ALREADY_ANNOUNCED, msg::ALREADY_ANNOUNCED);
  if (r.str(c_winner_mode) == "votes") {
    auto top = c.query(
        "SELECT id FROM contest_entries WHERE contest_id = $1 AND status = 'approved' AND votes_count > 0 "
        "ORDER BY votes_count DESC, created_at, id LIMIT $2",
        id, r.i64(c_winners));
    c.query("UPDATE contest_entries SET winner = 0 WHERE contest_id = $1 AND winner <> 0", id);
    for (const auto& t : top.rows) c.query("UPDATE contest_entries SET winner = 1 WHERE id = $1", t.str(0));
  }
  auto winners = admin_entries(c, id, " AND e.winner <> 0 AND e.status = 'approved'");
  if (winners.empty()) throw conflict(err::NO_WINNERS, msg::NO_WINNERS);
  std::string link = "/club/campaigns/" + id;
  for (const auto& w : winners) {
    std::string entry(w.at("id").as_string()), user(w.at("author").at("id").as_string());
    if (r.i64(c_win_points) > 0)
      points::award(c, {user, r.i64(c_win_points), r.str(c_title), "campaign", entry,
                        "campaign-win:" + entry + ":" + user, actor, false});  // told by campaign_won
    notifications::notify(
        c, {user, "campaign_won", json::object{{"title", r.str(c_title)}, {"points", r.i64(c_win_points)}},
            link, "campaign-win:" + entry});
    triggers::fire(c, {triggers::campaign_won, user, id, r.i64(c_win_points)});
  }
  audit::record(c, actor, "campaigns.announce", "campaigns", id, std::nullopt,
                json::object{{"winners", winners.size()}}, ip);
  return json::object{{"winners", std::move(winners)}};
}

namespace {

Awaitable announce(Context& ctx) {
  std::string id = ctx.params.at("id"), actor = ctx.user->id, ip = ctx.client_ip;
  auto answer = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return announce_winners(c, id, actor, ip, now_ms()); });
  co_return http::json_response(ctx, answer);
}

}  // namespace

void register_admin_routes(http::Services& app) {
  registry().add(campaigns_resource());
  app.router.get("/api/admin/campaigns/:id/entries", list_entries, http::Access::editor);
  app.router.post("/api/admin/campaigns/:id/moderate", moderate, http::Access::editor);
  app.router.post("/api/admin/campaigns/:id/winners", pick_winners, http::Access::editor);
  app.router.post("/api/admin/campaigns/:id/announce", announce, http::Access::editor);
}

}  // namespace shopfloor::contests
