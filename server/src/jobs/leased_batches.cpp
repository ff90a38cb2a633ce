#include "jobs/leased_batches.hpp"

namespace shopfloor::jobs {

bool step_oldest(db::Database& db, const LeasedTable& t, const Step& step, std::int64_t now) {
  const std::string waiting = " FROM " + t.table + " WHERE claimed_until IS NULL OR claimed_until < $1";
  // Most looks find nothing: a read first, so an idle node takes no write lock.
  bool any = db.transact_sync(
      [&](db::Connection& c) { return !c.query("SELECT 1" + waiting + " LIMIT 1", now).empty(); },
      db::TxMode::read);
  if (!any) return false;
  return db.transact_sync([&](db::Connection& c) {
    auto job = c.query("SELECT " + t.key + ", after_user" + (t.columns.empty() ? "" : ", " + t.columns) +
                           waiting + " ORDER BY created_at LIMIT 1",
                       now)
                   .first();
    if (!job) return false;
    std::string id = job->str(0), after = job->str(1);
    // Claimed with a lease, conditionally: of two nodes, one gets it (the other's UPDATE finds it taken or
    // its cursor moved, once the first commits).
    if (c.query("UPDATE " + t.table + " SET claimed_until = $2 WHERE " + t.key +
                    " = $1 AND after_user = $3 AND (claimed_until IS NULL OR claimed_until < $4)",
                id, now + t.lease_ms, after, now)
            .affected == 0)
      return false;
    if (auto next = step(c, *job))
      // Released at once for the next batch (this node's next look, or another's).
      c.query("UPDATE " + t.table + " SET after_user = $2, claimed_until = NULL WHERE " + t.key + " = $1", id,
              *next);
    else
      c.query("DELETE FROM " + t.table + " WHERE " + t.key + " = $1", id);
    return true;
  });
}

}  // namespace shopfloor::jobs
