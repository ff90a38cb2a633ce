// Work too big for one transaction — a step per few hundred people of a whole-company audience — done by
// background threads on every node. The work is a row of a job table with a cursor (after_user: the last
// person done, in user id order) and a lease (claimed_until). One step claims the oldest waiting row with a
// conditional UPDATE (of two nodes, one gets it: the other's UPDATE finds the cursor moved or the lease
// taken), does one bounded batch and moves the cursor in the same transaction, so a node killed mid-batch
// loses only its uncommitted batch and the next step (any node's) starts where the last commit left off.
// The batch's own writes must be once per person (a unique key, ON CONFLICT DO NOTHING), so redoing a batch
// writes nothing twice. Used by the audience jobs (jobs/audience_jobs.hpp: a course's notices, a broadcast's
// deliveries and pushes).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "db/database.hpp"

namespace shopfloor::jobs {

struct LeasedTable {
  std::string table;    // e.g. "audience_jobs"; has after_user, claimed_until and created_at columns
  std::string key;      // its primary key column, e.g. "id"
  std::string columns;  // what else a step reads, e.g. "kind, subject_id" (after the key and after_user)
  std::int64_t lease_ms = 60'000;  // a node that dies holding a row leaves it to another after this
};

// One batch of a job. `job` is (key, after_user, columns...). Returns the new cursor, or nothing when the
// job is finished (its row is then deleted).
using Step = std::function<std::optional<std::string>(db::Connection& c, const db::Row& job)>;

// One step of the oldest waiting job, in its own transaction; false when no job was waiting (or another
// node holds the ones that are).
bool step_oldest(db::Database& db, const LeasedTable& t, const Step& step, std::int64_t now);

}  // namespace shopfloor::jobs
