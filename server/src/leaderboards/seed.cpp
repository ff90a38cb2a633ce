// `shopfloor seed --bench-leaderboard`: 100,000 staff and 10 million ledger entries by default (make bench
// uses fewer; docs/PERFORMANCE.md has the 10M run). Everything is generated inside the database (a recursive
// CTE on SQLite, generate_series on PostgreSQL) in the caller's transaction: no row crosses the wire.
#include <spdlog/spdlog.h>

#include "auth/passwords.hpp"
#include "db/generate.hpp"
#include "leaderboards/leaderboards.hpp"
#include "points/standings.hpp"
#include "util/ids.hpp"

namespace shopfloor::leaderboards {

using db::numbers;
using db::uuid_expr;

BenchSeed seed_bench(db::Connection& c, int staff, long long entries, int stores, int days) {
  BenchSeed out;
  if (!c.query("SELECT 1 FROM users WHERE employee_code = 'LB000001'").empty()) return out;
  auto now = now_ms();
  auto phase_started = now;
  auto phase = [&](const char* what) {
    auto t = now_ms();
    spdlog::info("seed --bench-leaderboard: {} in {} ms", what, t - phase_started);
    phase_started = t;
  };
  // Big inserts in one transaction: a larger page cache keeps SQLite from spilling mid-transaction.
  if (c.is_sqlite()) c.query("PRAGMA cache_size = -524288");
  auto sn = [](long long v) { return std::to_string(v); };
  const std::string N = c.is_sqlite() ? "" : "::bigint";
  // 10 regions, `stores` stores.
  c.query(numbers(c, 10) + "INSERT INTO regions (id, code, name, created_at, updated_at) SELECT " +
          uuid_expr(c, sn(now), "i + 900000000") + ", 'LBR' || (i + 1), 'ภาคแข่งขัน ' || (i + 1), " + sn(now) +
          ", " + sn(now) + " FROM n");
  c.query(numbers(c, stores) +
          "INSERT INTO stores (id, code, name, region_id, created_at, updated_at) SELECT " +
          uuid_expr(c, sn(now), "i + 910000000") +
          ", 'LBS' || (i + 1), 'สาขาแข่งขัน ' || (i + 1), (SELECT id FROM "
          "regions WHERE code = 'LBR' || (n.i % 10 + 1)), " +
          sn(now) + ", " + sn(now) + " FROM n");
  // Staff: one store in ten is large (three times the people); every 1,000th person is an editor, ranked
  // never. One password hash for all: "Bench#2026".
  std::string hash = auth::hash_password("Bench#2026");
  std::string code = c.is_sqlite() ? "printf('LB%06d', i + 1)" : "'LB' || lpad((i + 1)::text, 6, '0')";
  std::string store_of = "CASE WHEN i % 4 = 0 THEN (i / 4) % " + sn(std::max(1, stores / 10)) +
                         " * 10 ELSE i % " + sn(stores) + " END";
  c.query(numbers(c, staff) +
              "INSERT INTO users (id, employee_code, name, role, status, store_id, position, password_hash, "
              "joined_at, created_at, updated_at) SELECT " +
              uuid_expr(c, sn(now), "i + 920000000") + ", " + code +
              ", 'ผู้แข่งขัน ' || (i + 1), CASE WHEN i % 1000 = "
              "999 THEN 'editor' ELSE 'staff' END, 'active', (SELECT id FROM stores WHERE code = 'LBS' || (" +
              store_of + " + 1)), 'Sales', $1, " + sn(now) + ", " + sn(now) + ", " + sn(now) + " FROM n",
          hash);
  out.staff = staff;
  phase("stores and staff");
  // The ledger, grouped by person (sequential index inserts): each person gets entries / staff entries at
  // pseudo-random times over the last `days` days; a person's "skill" (1..10) scales what they earn; one
  // entry in 20 is a redemption (-20), which the leaderboards ignore. An entry's 1..30 points come from
  // (i * 40503 mod 65521) mod 30 so each person's run of entries differs: without the prime modulus every
  // person of a skill earned the same total, and the deep ranks were ties of 10,000 people.
  if (entries > 0) {
    long long per = std::max(1LL, entries / staff);
    // Redemptions only where a person has enough entries that their balance stays above zero.
    std::string redemption = per >= 20 ? "i % 20 = 19" : "1 = 0";
    std::string span = sn(static_cast<long long>(days) * 86'400'000LL);
    std::string at = "(" + sn(now) + " - (i * 2654435761" + N + ") % " + span + ")";
    // Ids in insertion order (the time part is the seed's start, the counter the entry's number): the
    // primary key grows at its end instead of at random places.
    c.query(
        "CREATE TEMP TABLE lb_people AS SELECT ROW_NUMBER() OVER (ORDER BY employee_code) - 1 AS k, id FROM "
        "users WHERE employee_code LIKE 'LB%'");
    c.query("CREATE UNIQUE INDEX lb_people_k ON lb_people(k)");
    c.query(numbers(c, per * staff) +
            "INSERT INTO points_ledger (id, user_id, delta, reason, source, idempotency_key, created_at) "
            "SELECT " +
            uuid_expr(c, sn(now), "i") + ", p.id, CASE WHEN " + redemption +
            " THEN -20 ELSE (1 + (i * 40503" + N + ") % 65521 % 30) * (1 + (i / " + sn(per) +
            ") % 10) END, 'bench', CASE WHEN " + redemption +
            " THEN 'redemption' "
            "ELSE 'lesson' END, 'lb:' || i, " +
            at + " FROM n JOIN lb_people p ON p.k = n.i / " + sn(per));
    c.query("DROP TABLE lb_people");
    out.entries = per * staff;
    phase("ledger");
  }
  c.query(
      "INSERT INTO points_balances (user_id, balance, updated_at) SELECT user_id, SUM(delta), "
      "MAX(created_at) FROM "
      "points_ledger WHERE user_id IN (SELECT id FROM users WHERE employee_code LIKE 'LB%') GROUP BY "
      "user_id");
  phase("balances");
  points::rebuild_standings(c);
  phase("leaderboard totals");
  if (c.is_sqlite()) c.query("PRAGMA analysis_limit = 1000");
  c.query("ANALYZE");
  phase("analyze");
  if (c.is_sqlite()) c.query("PRAGMA cache_size = -2000");
  return out;
}

}  // namespace shopfloor::leaderboards
