#include "badges/backfill.hpp"

#include <spdlog/spdlog.h>

#include "badges/awards.hpp"

namespace shopfloor::badges {

void start_backfill(db::Database& db, const std::string& badge_id) {
  // Claim the job on the row: a second publish while it runs starts nothing.
  bool claimed = db.transact_sync([&](db::Connection& c) {
    return c.query(
                "UPDATE badges SET backfill_state = 'running', backfill_done = 0, backfill_total = 0 WHERE "
                "id = $1 "
                "AND status = 'published' AND criteria <> 'manual' AND backfill_state <> 'running'",
                badge_id)
               .affected > 0;
  });
  if (!claimed) return;
  db.run_in_background([&db, badge_id] {
    try {
      auto people = db.transact_sync([&](db::Connection& c) {
        std::vector<std::string> out;
        auto badge = badge_row(c, badge_id);
        const Rule* rule = badge ? rule_named(badge->criteria) : nullptr;
        if (rule && rule->everyone) out = rule->everyone(c, *badge);
        c.query("UPDATE badges SET backfill_total = $2 WHERE id = $1", badge_id,
                static_cast<std::int64_t>(out.size()));
        return out;
      });
      constexpr std::size_t chunk = 200;
      for (std::size_t i = 0; i < people.size(); i += chunk) {
        bool still = db.transact_sync([&](db::Connection& c) {
          auto badge = badge_row(c, badge_id);
          if (!badge ||
              c.query("SELECT 1 FROM badges WHERE id = $1 AND status = 'published'", badge_id).empty())
            return false;  // unpublished or deleted meanwhile: stop
          std::size_t end = std::min(people.size(), i + chunk);
          for (std::size_t k = i; k < end; ++k) award(c, *badge, people[k]);
          c.query("UPDATE badges SET backfill_done = $2 WHERE id = $1", badge_id,
                  static_cast<std::int64_t>(end));
          return true;
        });
        if (!still) break;
      }
    } catch (const std::exception& e) {
      spdlog::error("badge backfill {} failed: {}", badge_id, e.what());
    }
    try {
      db.transact_sync([&](db::Connection& c) {
        c.query("UPDATE badges SET backfill_state = 'done' WHERE id = $1", badge_id);
      });
    } catch (...) {
    }
  });
}

}  // namespace shopfloor::badges
