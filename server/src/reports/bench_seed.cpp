// `shopfloor seed --bench-reports`: the reports at company scale (issue 17, docs/PERFORMANCE.md): 100,000
// staff in 1,000 stores and 20 regions, a year of daily rollups for every metric of seed_metrics.hpp and 50
// million raw telemetry events. Everything is generated inside the database (db/generate.hpp): no row crosses
// the wire. Each step is its own transaction (a 50-million-row transaction would hold a WAL as large as the
// data) and logs its time; secondary indexes of the bulk-loaded tables are dropped and rebuilt around the
// load, with the definitions the migrations gave them.
#include <spdlog/spdlog.h>

#include <cmath>
#include <utility>
#include <vector>

#include "auth/passwords.hpp"
#include "db/generate.hpp"
#include "reports/seed.hpp"
#include "reports/seed_metrics.hpp"
#include "rollups/rollups.hpp"
#include "util/ids.hpp"

namespace shopfloor::reports {

namespace {

using db::numbers;
using db::uuid_expr;

// The raw telemetry: each table's share of the events.
struct RawTable {
  const char* table;
  double share;
};
const RawTable raw_tables[] = {{"page_views", 0.30},     {"user_clicks", 0.25},      {"user_activity", 0.20},
                               {"user_page_time", 0.12}, {"user_scroll_time", 0.08}, {"web_vitals", 0.05}};
const std::vector<std::string> pages = {"/main",         "/learning",      "/learning/course", "/club",
                                        "/club/rewards", "/stories",       "/events",          "/games",
                                        "/polls",        "/notifications", "/profile",         "/surveys"};
const std::vector<std::string> elements = {
    "<a class=\"tab\">เรียนรู้</a>",    "<a class=\"tab\">คลับ</a>",           "<button>เริ่มเรียน</button>",
    "<button>แลกรางวัล</button>",     "<div class=\"slide\">โปรโมชัน</div>", "<button>ถูกใจ</button>",
    "<a class=\"card\">เรื่องเล่า</a>", "<button>ลงทะเบียน</button>",          "<button>ส่งคำตอบ</button>",
    "<a class=\"tab\">หน้าแรก</a>"};
const std::vector<std::string> vitals = {"LCP", "INP", "CLS", "FCP", "TTFB"};

std::string sn(long long v) {
  return std::to_string(v);
}

// CASE (expr) % size WHEN 0 THEN 'a' ... END: a pick from a list of literals.
std::string pick(const std::string& expr, const std::vector<std::string>& values) {
  std::string sql = "CASE (" + expr + ") % " + sn(static_cast<long long>(values.size()));
  for (std::size_t k = 0; k < values.size(); ++k)
    sql += " WHEN " + sn(static_cast<long long>(k)) + " THEN '" + values[k] + "'";
  return sql + " END";
}

// Drops a table's secondary indexes and gives back what rebuilds them. On PostgreSQL `primary_key` drops that
// too (loading into a bare heap, then sorting once, beats the random B-tree inserts of an unordered load);
// SQLite keeps it (it is part of the table).
std::vector<std::string> drop_indexes(db::Connection& c, const std::string& table, bool primary_key = false) {
  std::vector<std::string> defs;
  // Each index's name and its CREATE statement.
  const char* indexes =
      c.is_sqlite() ? "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = $1 AND "
                      "sql IS NOT NULL"
                    : "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = $1 AND schemaname = "
                      "current_schema() AND indexname NOT IN (SELECT conname FROM pg_constraint)";
  for (const auto& r : c.query(indexes, table).rows) {
    c.query("DROP INDEX " + r.str(0));
    defs.push_back(r.str(1));
  }
  if (primary_key && !c.is_sqlite())
    for (const auto& r :
         c.query("SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = "
                 "$1::regclass AND contype = 'p'",
                 table)
             .rows) {
      c.query("ALTER TABLE " + table + " DROP CONSTRAINT " + r.str(0));
      defs.insert(defs.begin(), "ALTER TABLE " + table + " ADD CONSTRAINT " + r.str(0) + " " + r.str(1));
    }
  return defs;
}

void rebuild_indexes(db::Connection& c, const std::vector<std::string>& defs) {
  if (!c.is_sqlite()) c.query("SET LOCAL maintenance_work_mem = '1GB'");
  for (const auto& d : defs) c.query(d);
}

// Pace of the year: a quieter weekend, and growth from 80% to 100% over the range.
double pace(std::int64_t day, std::int64_t first, std::int64_t days) {
  double growth =
      0.8 + 0.2 * static_cast<double>(day - first) / static_cast<double>(std::max<std::int64_t>(1, days - 1));
  bool weekend = (day % 7 + 7 + 3) % 7 >= 5;
  return growth * (weekend ? 0.65 : 1.0);
}

}  // namespace

BenchSeeded seed_bench(db::Database& database, const BenchSize& size) {
  BenchSeeded out;
  auto started = now_ms();
  auto step = [&](const std::string& what) {
    auto t = now_ms();
    spdlog::info("seed --bench-reports: {} in {} ms", what, t - started);
    started = t;
  };
  auto tx = [&](auto&& fn) {
    database.transact_sync([&](db::Connection& c) {
      // Big inserts: a larger page cache keeps SQLite from spilling mid-transaction.
      if (c.is_sqlite()) c.query("PRAGMA cache_size = -524288");
      fn(c);
      if (c.is_sqlite()) c.query("PRAGMA cache_size = -2000");
    });
  };
  bool seeded = database.transact_sync([](db::Connection& c) {
    return !c.query("SELECT 1 FROM users WHERE employee_code = 'RP000001'").empty();
  });
  if (seeded) return out;

  const auto now = now_ms();
  const std::string ms = sn(now);
  const long long staff = size.staff, stores = size.stores,
                  npos = static_cast<long long>(std::size(seed_positions));
  // Ids: the seed's start as their time and a counter per kind (regions 95…, stores 96…, staff 97…), so
  // later steps name a store or a person by its number without a join.
  auto store_id = [&](db::Connection& c, const std::string& k) {
    return uuid_expr(c, ms, "(" + k + ") + 960000000");
  };
  auto user_id = [&](db::Connection& c, const std::string& k) {
    return uuid_expr(c, ms, "(" + k + ") + 970000000");
  };
  std::string position_of = "CASE";  // a person's position from k % 100 by the shares above
  {
    int upto = 0;
    for (const auto& p : seed_positions)
      position_of += " WHEN (i * 7) % 100 < " + sn(upto += p.share) + " THEN '" + p.name + "'";
    position_of += " END";
  }

  tx([&](db::Connection& c) {
    c.query(numbers(c, size.regions) +
            "INSERT INTO regions (id, code, name, created_at, updated_at) SELECT " +
            uuid_expr(c, ms, "i + 950000000") + ", 'RPR' || (i + 1), 'ภาครายงาน ' || (i + 1), " + ms + ", " +
            ms + " FROM n");
    c.query(numbers(c, stores) +
            "INSERT INTO stores (id, code, name, region_id, created_at, updated_at) SELECT " +
            store_id(c, "i") + ", 'RPS' || (i + 1), 'สาขารายงาน ' || (i + 1), " +
            uuid_expr(c, ms, "i % " + sn(size.regions) + " + 950000000") + ", " + ms + ", " + ms + " FROM n");
    std::string code = c.is_sqlite() ? "printf('RP%06d', i + 1)" : "'RP' || lpad((i + 1)::text, 6, '0')";
    auto defs = drop_indexes(c, "users");
    c.query(
        numbers(c, staff) +
            "INSERT INTO users (id, employee_code, name, role, status, store_id, position, password_hash, "
            "joined_at, created_at, updated_at) SELECT " +
            user_id(c, "i") + ", " + code + ", 'พนักงานรายงาน ' || (i + 1), 'staff', 'active', " +
            store_id(c, "i % " + sn(stores)) + ", " + position_of + ", $1, " + ms + ", " + ms + ", " + ms +
            " FROM n",
        auth::hash_password("Bench#2026"));
    rebuild_indexes(c, defs);
  });
  out.staff = staff;
  step(sn(size.regions) + " regions, " + sn(stores) + " stores, " + sn(staff) + " staff");

  // The rollups: per metric and day, the rows 100,000 people would leave (see seed_metrics.hpp): E counts
  // spread over C = stores x positions x keys counters fill C(1 - e^(-E/C)) of them. Row j of a day is
  // counter k = (j * 1000003 + day * 7919) mod C: distinct within the day, elsewhere the next day. Stores and
  // keys come from small numbered tables (a join is cheaper than building the text per row).
  const auto today = rollups::day_of(now), first = today - size.days + 1;
  std::vector<std::string> position_names;
  for (const auto& p : seed_positions) position_names.push_back(p.name);
  tx([&](db::Connection& c) {
    c.query("DELETE FROM report_counts WHERE metric LIKE '%@%'");  // derived again below
    auto defs = drop_indexes(c, "report_counts", true);
    c.query(
        "CREATE TEMP TABLE rp_stores AS SELECT CAST(substr(code, 4) AS INTEGER) - 1 AS k, id, region_id FROM "
        "stores WHERE code LIKE 'RPS%'");
    c.query("CREATE UNIQUE INDEX rp_stores_k ON rp_stores(k)");
    c.query("CREATE TEMP TABLE rp_keys (k BIGINT PRIMARY KEY, key TEXT NOT NULL)");
    const std::string order = c.is_sqlite() ? " ORDER BY 3, 4, 5" : "";  // SQLite's primary key in order
    // Emptied every metric or day: TRUNCATE on PostgreSQL (a DELETE leaves dead rows that nothing vacuums in
    // a temporary table, and each day's sums would read them all again).
    auto empty = [&](const char* table) {
      c.query((c.is_sqlite() ? "DELETE FROM " : "TRUNCATE ") + std::string(table));
    };
    int salt = 0;
    for (const auto& metric : seed_metrics) {
      ++salt;
      long long metric_rows = 0;
      const long long C = stores * npos * metric.keys;
      empty("rp_keys");
      for (long long k0 = 0; k0 < metric.keys; k0 += 500) {
        std::string sql = "INSERT INTO rp_keys (k, key) VALUES ";
        std::vector<db::Value> params;
        for (long long k = k0; k < std::min<long long>(metric.keys, k0 + 500); ++k) {
          params.emplace_back(k);
          params.emplace_back(seed_key(metric, k, salt));
          sql += std::string(k == k0 ? "" : ", ") + "($" + sn(params.size() - 1) + ", $" + sn(params.size()) +
                 ")";
        }
        c.exec(sql, params);
      }
      for (auto day = first; day <= today; ++day) {
        if (metric.every == 'w' && rollups::week_start(day) != day) continue;
        if (metric.every == 'm' && rollups::month_start(day) != day) continue;
        double e = static_cast<double>(staff) * metric.rate * pace(day, first, size.days);
        auto rows = std::min<long long>(
            C, std::llround(static_cast<double>(C) * -std::expm1(-e / static_cast<double>(C))));
        if (rows <= 0) continue;
        // n: 1 + a draw in 0..M-1 averaging e / rows; total: n times about the value (or a share of n).
        long long spread = std::max<long long>(1, std::llround(2.0 * e / static_cast<double>(rows) - 1.0));
        std::string n = "1 + (x.i * 2654435761 + " + sn(day) + ") % " + sn(spread);
        std::string total = metric.value == 0 ? std::string("0")
                            : metric.value > 0
                                ? "(" + n + ") * " + sn(metric.value) + " * (50 + (x.i * 40503) % 101) / 100"
                                : "(" + n + ") * (" + sn(-metric.value - 10) + " + (x.i * 40503) % 21) / 100";
        const std::string with = numbers(c, rows);
        std::string src = "SELECT s.id AS store_id, s.region_id, " +
                          pick("x.k / " + sn(stores), position_names) + " AS position, kk.key, " + n +
                          " AS n, " + total + " AS total FROM (SELECT i, (i * 1000003 + " + sn(day * 7919) +
                          ") % " + sn(C) + " AS k FROM n) x JOIN rp_stores s ON s.k = x.k % " + sn(stores) +
                          " JOIN rp_keys kk ON kk.k = x.k / " + sn(stores * npos);
        const std::string insert =
            "INSERT INTO report_counts (metric, day, store_id, position, key, n, total) ";
        const std::string head = "SELECT '" + std::string(metric.metric), at_day = "', " + sn(day) + ", ";
        // Base rows only (store and position): their coarser levels are derived once at the end.
        // The numbers' CTE opens the statement (SQLite wants WITH before INSERT).
        metric_rows += c.query(with + insert + head + at_day + "store_id, position, key, n, total FROM (" +
                               src + ") y" + order)
                           .affected;
      }
      out.counts += metric_rows;
      spdlog::info("seed --bench-reports:   {}: {} rows", metric.metric, metric_rows);
    }
    c.query("DROP TABLE rp_stores");
    c.query("DROP TABLE rp_keys");
    rebuild_indexes(c, defs);
    // Every metric's coarser levels (@store, @region, @position, @all; days and months), from base rows.
    rollups::rebuild_levels(c);
  });
  step("report_counts: " + sn(out.counts) + " rows over " + sn(size.days) + " days");

  // Raw telemetry, each table its share of the events in time order over the range (ids ascending too).
  const auto from_ms = rollups::day_start_ms(first), span = now - from_ms;
  long long offset = 0;
  for (const auto& t : raw_tables) {
    auto rows = std::llround(static_cast<double>(size.events) * t.share);
    if (rows <= 0) continue;
    tx([&](db::Connection& c) {
      std::string at = sn(from_ms) + " + i * " + sn(span) + " / " + sn(rows);
      std::string id = uuid_expr(c, at, "i + " + sn(offset));
      std::string user = user_id(c, "(i * 2654435761) % " + sn(staff));
      std::string page = pick("i * 7 + i / 13", pages);
      std::string table = t.table, columns, values;
      if (table == "page_views")
        columns = "url, referrer", values = page + ", NULL";
      else if (table == "user_clicks")
        columns = "element, url", values = pick("i * 3 + i / 7", elements) + ", " + page;
      else if (table == "user_activity")
        columns = "page, action", values = page + ", " + pick("i / 3", {"open", "close", "focus", "blur"});
      else if (table == "user_page_time" || table == "user_scroll_time")
        columns = "duration_ms, url", values = "200 + (i * 40503) % 60000, " + page;
      else
        columns = "name, value, rating, url",
        values = pick("i", vitals) + ", (i * 40503) % 4000, " +
                 pick("i / 5", {"good", "good", "good", "needs-improvement", "poor"}) + ", " + page;
      auto defs = drop_indexes(c, table);
      c.query(numbers(c, rows) + "INSERT INTO " + table + " (id, user_id, at, " + columns + ") SELECT " + id +
              ", " + user + ", " + at + ", " + values + " FROM n");
      rebuild_indexes(c, defs);
    });
    offset += rows;
    out.events += rows;
    step(std::string(t.table) + ": " + sn(rows) + " events");
  }

  database.transact_sync([](db::Connection& c) {
    if (c.is_sqlite()) c.query("PRAGMA analysis_limit = 1000");
    c.query("ANALYZE");
  });
  step("analyze");
  return out;
}

}  // namespace shopfloor::reports
