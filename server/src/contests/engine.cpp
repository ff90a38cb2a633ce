#include "contests/engine.hpp"

#include "http/json_time.hpp"
#include "media/media.hpp"
#include "util/ids.hpp"

namespace shopfloor::contests {

namespace json = boost::json;

const char* const contest_columns =
    "c.id, c.kind, c.title, c.description, c.entry_type, c.entry_limit, c.votes_per_person, c.entries_start, "
    "c.entries_end, c.voting_start, c.voting_end, c.winners_count, c.winner_mode, c.win_points, "
    "c.entry_points, c.announced_at, m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height";
const char* const contest_joins = "LEFT JOIN media m ON m.id = c.cover_media_id";

const char* const entry_select =
    "SELECT e.id, e.user_id, e.text, e.reason, e.status, e.reject_reason, e.votes_count, e.winner, "
    "e.created_at, m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height, u.name, u.employee_code FROM "
    "contest_entries e LEFT JOIN media m ON m.id = e.photo_media_id JOIN users u ON u.id = e.user_id ";

std::string phase_of(const db::Row& r, std::int64_t now) {
  if (!r.is_null(c_announced)) return "results";
  if (now < r.i64(c_entries_start)) return "upcoming";
  if (now < r.i64(c_entries_end)) return "entries";
  if (now < r.i64(c_voting_start)) return "review";
  if (now < r.i64(c_voting_end)) return "voting";
  return "closed";
}

resources::StaffQuery contests_for(const resources::StaffGate& gate) {
  return gate.from("contests", "c").select(contest_columns).join(contest_joins);
}

std::optional<db::Row> contest_for(db::Connection& c, const resources::StaffGate& gate,
                                   const std::string& id) {
  return contests_for(gate).by_id(c, id);
}

json::object summary_json(db::Connection& c, const db::Row& r, const std::string& uid, std::int64_t now) {
  std::int64_t entries = 0, used = 0;
  if (auto p = c.query("SELECT entries_count, votes_used FROM contest_participants WHERE contest_id = $1 AND "
                       "user_id = $2",
                       r.str(c_id), uid)
                   .first())
    entries = p->i64(0), used = p->i64(1);
  return json::object{{"id", r.str(c_id)},
                      {"kind", r.str(c_kind)},
                      {"title", r.str(c_title)},
                      {"description", http::value_or_null(r.opt_str(c_description))},
                      {"cover", media::media_summary_or_null(r, c_cover)},
                      {"entryType", r.str(c_kind) == "naming" ? std::string("name") : r.str(c_entry_type)},
                      {"phase", phase_of(r, now)},
                      {"entriesStart", iso8601(r.i64(c_entries_start))},
                      {"entriesEnd", iso8601(r.i64(c_entries_end))},
                      {"votingStart", iso8601(r.i64(c_voting_start))},
                      {"votingEnd", iso8601(r.i64(c_voting_end))},
                      {"entryLimit", r.i64(c_entry_limit)},
                      {"votesPerPerson", r.i64(c_votes)},
                      {"winnersCount", r.i64(c_winners)},
                      {"winPoints", r.i64(c_win_points)},
                      {"entryPoints", r.i64(c_entry_points)},
                      {"myEntries", entries},
                      {"votesLeft", std::max<std::int64_t>(0, r.i64(c_votes) - used)}};
}

json::object entry_json(const db::Row& e, const std::string& uid, const std::set<std::string>& my_votes,
                        bool show_votes, bool show_winner) {
  bool mine = e.str(1) == uid;
  auto opt = [&](std::size_t i) { return http::value_or_null(e.opt_str(i)); };
  return json::object{{"id", e.str(0)},
                      {"text", opt(2)},
                      {"reason", opt(3)},
                      {"photo", media::media_summary_or_null(e, 9)},
                      {"status", e.str(4)},
                      {"rejectReason", mine ? opt(5) : json::value(nullptr)},
                      {"votes", show_votes ? json::value(e.i64(6)) : json::value(nullptr)},
                      {"myVote", my_votes.contains(e.str(0))},
                      {"mine", mine},
                      {"winner", show_winner && e.i64(7) != 0}};
}

void ensure_participant(db::Connection& c, const std::string& contest_id, const std::string& uid) {
  c.query(
      "INSERT INTO contest_participants (contest_id, user_id) VALUES ($1, $2) ON CONFLICT (contest_id, "
      "user_id) DO NOTHING",
      contest_id, uid);
}

}  // namespace shopfloor::contests
