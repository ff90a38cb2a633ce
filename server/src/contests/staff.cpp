// The staff side of the contest engine: the list, a contest's page, submitting an entry and voting. Every
// limit is taken on the person's participant row with a conditional update inside the request's one
// transaction, so concurrent requests cannot pass it.
#include "contests/staff.hpp"

#include "contests/engine.hpp"
#include "http/handler.hpp"
#include "media/media.hpp"
#include "resources/triggers.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::contests {

using resources::StaffGate;

namespace {

constexpr std::int64_t results_shown_ms = 14LL * 24 * 3600 * 1000;

ApiError conflict(const http::ErrorCode& code, const http::Message& m) {
  return ApiError{http::Status::conflict, code, m};
}

Awaitable list_contests(Context& ctx) {
  std::string kind = ctx.query("kind").value_or("");
  if (!kind.empty() && kind != "campaign" && kind != "naming")
    throw ApiError::validation({{"kind", msg::CONTEST_KIND}});
  auto body = co_await resources::staff_read(ctx, [&](db::Connection& c, const StaffGate& gate) {
    auto now = gate.now();
    auto q =
        contests_for(gate).where("c.announced_at IS NULL OR c.announced_at > $1", {now - results_shown_ms});
    if (!kind.empty()) q.where("c.kind = $1", {kind});
    json::array items;
    for (const auto& r : q.order_by("CASE WHEN c.announced_at IS NULL THEN 0 ELSE 1 END, c.voting_end, c.id")
                             .limit(100)
                             .rows(c))
      items.push_back(summary_json(c, r, gate.user_id(), now));
    return json::object{{"items", std::move(items)}};
  });
  co_return http::json_response(ctx, body);
}

std::set<std::string> my_votes(db::Connection& c, const std::string& contest_id, const std::string& uid) {
  return c.query("SELECT entry_id FROM contest_votes WHERE contest_id = $1 AND user_id = $2", contest_id, uid)
      .first_column<std::set<std::string>>();
}

Awaitable get_contest(Context& ctx) {
  co_return co_await resources::staff_item(
      ctx, contest_for,
      [&](db::Connection& c, const StaffGate& gate, const std::string& id, const db::Row& r) {
        const std::string& uid = gate.user_id();
        auto now = gate.now();
        bool results = !r.is_null(c_announced);
        auto votes = my_votes(c, id, uid);
        json::array entries, mine, winners;
        for (const auto& e :
             c.query(std::string(entry_select) +
                         "WHERE e.contest_id = $1 AND (e.status = 'approved' OR e.user_id = $2) "
                         "ORDER BY " +
                         (results ? "e.votes_count DESC, " : "") + "e.created_at DESC, e.id",
                     id, uid)
                 .rows) {
          auto item = entry_json(e, uid, votes, results, results);
          if (e.str(1) == uid) mine.push_back(item);
          if (e.str(4) == "approved") {
            if (results && e.i64(7) != 0) winners.push_back(item);
            entries.push_back(std::move(item));
          }
        }
        return json::object{{"contest", summary_json(c, r, uid, now)},
                            {"entries", std::move(entries)},
                            {"mine", std::move(mine)},
                            {"winners", std::move(winners)}};
      });
}

// A present value must be a string of plain text within max characters; "" counts as absent.
std::optional<std::string> text_input(const json::object& body, const char* name, std::size_t max,
                                      http::FieldErrors& errors) {
  const auto* v = body.if_contains(name);
  if (!v || v->is_null()) return std::nullopt;
  if (!v->is_string()) {
    errors[name] = msg::MUST_BE_TEXT;
    return std::nullopt;
  }
  std::string s(trim(std::string_view(v->as_string())));
  if (s.empty()) return std::nullopt;
  std::string one_line = s;  // line breaks are fine in a text entry; other control characters are not
  std::replace(one_line.begin(), one_line.end(), '\n', ' ');
  if (utf8_length(s) > max)
    errors[name] = msg::TOO_LONG;
  else if (has_control_chars(one_line))
    errors[name] = msg::NO_CONTROL_CHARS;
  else
    return s;
  return std::nullopt;
}

}  // namespace

// POST {text?, reason?, photoId?}: checks the input against the contest's kind, then in one transaction the
// phase, the photo's owner and the per-person limit (conditional update of the participant row).
json::object submit_entry(db::Connection& c, const std::string& uid, const std::string& id,
                          const json::object& body, std::int64_t now) {
  auto viewer = resources::load_viewer(c, uid);
  auto r = contest_for(c, StaffGate{viewer, now}, id);
  if (!r) throw ApiError::not_found();
  bool naming = r->str(c_kind) == "naming", photo = !naming && r->str(c_entry_type) == "photo";
  http::FieldErrors errors;
  auto text = text_input(body, "text", naming ? 100 : photo ? 200 : 2000, errors);
  auto reason = naming ? text_input(body, "reason", 500, errors) : std::nullopt;
  std::optional<std::string> photo_id;
  if (photo) {
    const auto* p = body.if_contains("photoId");
    if (!p || p->is_null())
      errors["photoId"] = msg::REQUIRED;
    else if (!p->is_string() || !plausible_id(p->as_string()))
      errors["photoId"] = msg::MUST_BE_ID;
    else
      photo_id = std::string(p->as_string());
  } else if (!text && !errors.contains("text")) {
    errors["text"] = msg::REQUIRED;
  }
  if (naming && !reason && !errors.contains("reason")) errors["reason"] = msg::REQUIRED;
  if (!errors.empty()) throw ApiError::validation(errors);
  if (phase_of(*r, now) != "entries") throw conflict(err::ENTRIES_CLOSED, msg::ENTRIES_CLOSED);
  if (photo_id && !media::uploaded_by(c, *photo_id, uid))
    throw ApiError::validation({{"photoId", msg::PHOTO_NOT_YOURS}});
  ensure_participant(c, id, uid);
  if (c.query("UPDATE contest_participants SET entries_count = entries_count + 1 WHERE contest_id = $1 AND "
              "user_id = $2 AND entries_count < $3",
              id, uid, r->i64(c_entry_limit))
          .affected == 0)
    throw conflict(err::ENTRY_LIMIT, http::Message(msg::ENTRY_LIMIT, {{"limit", r->i64(c_entry_limit)}}));
  std::string entry = uuid_v7();
  c.query(
      "INSERT INTO contest_entries (id, contest_id, user_id, photo_media_id, text, reason, created_at, "
      "updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
      entry, id, uid, photo_id, text, reason, now);
  c.query("UPDATE contests SET entries_count = entries_count + 1 WHERE id = $1", id);
  triggers::fire(c, {triggers::campaign_entered, uid, id, 0});
  auto e = c.query(std::string(entry_select) + "WHERE e.id = $1", entry).first();
  return json::object{{"entry", entry_json(*e, uid, {}, false, false)}};
}

namespace {

Awaitable submit(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  json::object body = ctx.json_object();
  auto answer = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return submit_entry(c, uid, id, body, now_ms()); });
  co_return http::json_response(ctx, answer, http::Status::created);
}

}  // namespace

// POST: one vote per entry and person (UNIQUE), at most N per person (conditional update), never one's own.
json::object vote_entry(db::Connection& c, const std::string& uid, const std::string& id,
                        const std::string& entry_id, std::int64_t now) {
  auto viewer = resources::load_viewer(c, uid);
  auto r = contest_for(c, StaffGate{viewer, now}, id);
  if (!r || !plausible_id(entry_id)) throw ApiError::not_found();
  auto e =
      c.query("SELECT user_id, status FROM contest_entries WHERE id = $1 AND contest_id = $2", entry_id, id)
          .first();
  if (!e) throw ApiError::not_found();
  bool naming = r->str(c_kind) == "naming";
  if (e->str(0) == uid) throw conflict(err::OWN_ENTRY, msg::OWN_ENTRY);
  if (e->str(1) != "approved") {
    if (naming) throw conflict(err::NOT_SHORTLISTED, msg::NOT_SHORTLISTED);
    throw ApiError::not_found();  // others' entries exist for staff only once approved
  }
  if (phase_of(*r, now) != "voting") throw conflict(err::VOTING_NOT_OPEN, msg::VOTING_NOT_OPEN);
  if (!c.query("SELECT 1 FROM contest_votes WHERE entry_id = $1 AND user_id = $2", entry_id, uid).empty())
    throw conflict(err::ALREADY_VOTED, msg::ENTRY_ALREADY_VOTED);
  ensure_participant(c, id, uid);
  std::int64_t n = r->i64(c_votes);
  if (c.query("UPDATE contest_participants SET votes_used = votes_used + 1 WHERE contest_id = $1 AND "
              "user_id = "
              "$2 AND votes_used < $3",
              id, uid, n)
          .affected == 0)
    throw conflict(err::VOTE_LIMIT, http::Message(msg::VOTE_LIMIT, {{"limit", n}}));
  if (c.query("INSERT INTO contest_votes (id, contest_id, entry_id, user_id, created_at) VALUES ($1, $2, "
              "$3, $4, "
              "$5) ON CONFLICT (entry_id, user_id) DO NOTHING",
              uuid_v7(), id, entry_id, uid, now)
          .affected == 0)
    throw conflict(err::ALREADY_VOTED, msg::ENTRY_ALREADY_VOTED);  // a racing twin won; the count rolls back
  c.query("UPDATE contest_entries SET votes_count = votes_count + 1 WHERE id = $1", entry_id);
  auto used =
      c.query("SELECT votes_used FROM contest_participants WHERE contest_id = $1 AND user_id = $2", id, uid)
          .first()
          ->i64(0);
  auto row = c.query(std::string(entry_select) + "WHERE e.id = $1", entry_id).first();
  return json::object{{"votesLeft", std::max<std::int64_t>(0, n - used)},
                      {"entry", entry_json(*row, uid, {entry_id}, false, false)}};
}

namespace {

Awaitable vote(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id"), entry_id = ctx.params.at("entryId");
  auto answer = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return vote_entry(c, uid, id, entry_id, now_ms()); });
  co_return http::json_response(ctx, answer);
}

}  // namespace

void register_staff_routes(http::Services& app) {
  app.router.get("/api/contests", list_contests, http::Access::signed_in);
  app.router.get("/api/contests/:id", get_contest, http::Access::signed_in);
  app.router.post("/api/contests/:id/entries", submit, http::Access::signed_in);
  app.router.post("/api/contests/:id/entries/:entryId/vote", vote, http::Access::signed_in);
}

}  // namespace shopfloor::contests
