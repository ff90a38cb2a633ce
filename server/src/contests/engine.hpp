// The contest engine shared by campaigns and naming contests: phases, the contest and entry rows as the API
// shows them, and the staff read gate (published, in the window and audience).
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include "db/database.hpp"
#include "resources/staff_gate.hpp"

namespace shopfloor::contests {

// The columns of a contest `c` with its cover `m` (contest_joins): c.id, kind, title, description,
// entry_type, entry_limit, votes_per_person, entries_start, entries_end, voting_start, voting_end,
// winners_count, winner_mode, win_points, entry_points, announced_at (15), cover media (16..22)
extern const char* const contest_columns;
extern const char* const contest_joins;
enum Col : std::size_t {
  c_id,
  c_kind,
  c_title,
  c_description,
  c_entry_type,
  c_entry_limit,
  c_votes,
  c_entries_start,
  c_entries_end,
  c_voting_start,
  c_voting_end,
  c_winners,
  c_winner_mode,
  c_win_points,
  c_entry_points,
  c_announced,
  c_cover
};

// upcoming | entries | review | voting | closed | results
std::string phase_of(const db::Row& contest, std::int64_t now);

// The contests a staff viewer may see now (published, in their window and audience).
resources::StaffQuery contests_for(const resources::StaffGate& gate);
// One of them; nullopt → 404.
std::optional<db::Row> contest_for(db::Connection& c, const resources::StaffGate& gate,
                                   const std::string& id);

// The summary staff see (with my entries and votes left).
boost::json::object summary_json(db::Connection& c, const db::Row& contest, const std::string& uid,
                                 std::int64_t now);

// e.id, e.user_id, e.text, e.reason, e.status, e.reject_reason, e.votes_count, e.winner, e.created_at,
// photo media (9..15), author name (16), author code (17)
extern const char* const entry_select;
boost::json::object entry_json(const db::Row& e, const std::string& uid,
                               const std::set<std::string>& my_votes, bool show_votes, bool show_winner);

// The person's participant row (created at 0 when missing), the one row their limits are counted on.
void ensure_participant(db::Connection& c, const std::string& contest_id, const std::string& uid);

}  // namespace shopfloor::contests
