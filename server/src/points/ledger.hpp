// The points ledger (SPEC §5): every change of a user's points is one entry; the balance is their sum, kept
// as one row per person (points_balances) in the same transaction as each entry.
// Each entry carries an idempotency key, so an award asked for twice (a retried request, two tabs, two
// nodes racing) is written once. Learning, club, games and campaigns all award through here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "http/area.hpp"

namespace shopfloor::points {

struct Entry {
  std::string user_id;
  std::int64_t delta = 0;
  std::string reason;  // shown in the user's history, e.g. the lesson title
  std::string
      source;  // lesson, course, exam, game, campaign, story, event, survey, manual, redemption, refund
  std::string source_id;
  std::string idempotency_key;  // unique per user_id, e.g. "course:<courseId>:<userId>"
  std::string author_id;        // who caused it (admin for manual adjustments); empty = the system
  // The person hears of it in their notifications ("points_received" / "points_deducted", with the points,
  // the source and the reason). false where the caller's own notice already tells the points (a story
  // published, a campaign won); redemptions and refunds are told by the redemption's notice.
  bool notify = true;
};

// Appends the entry unless the same user has an entry with its key. Returns true when this call wrote it.
// The person's notice of it is written in the same transaction, once (keyed by the entry's key).
// Safe under concurrency on both backends (INSERT ... ON CONFLICT DO NOTHING on UNIQUE (user_id, key)).
bool award(db::Connection& c, const Entry& entry);

// The person's balance: their points_balances row (0 without one).
std::int64_t balance(db::Connection& c, const std::string& user_id);

// The person's balance, with their row locked until the transaction ends (PostgreSQL SELECT ... FOR UPDATE;
// SQLite's write transaction already serialises writers), so a spend checked against it cannot race another
// spend of the same person. Creates the row (0) when the person has none, so there is always a row to lock.
std::int64_t lock_balance(db::Connection& c, const std::string& user_id);

// GET /api/me/points (balance and history), POST /api/admin/users/:id/points (manual adjustment).
void register_routes(http::Services& app);

}  // namespace shopfloor::points
