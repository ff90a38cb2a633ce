// Writes report rollups for past days straight into the test server's database, as the server keeps them: the
// base row (store, position) and its coarser levels (rollups/rollups.hpp `counters`: @store, @region,
// @position, @all, each also per month), so that reports read them whatever the filter.
import { dbQuery } from './dbquery.mjs';

const monthStart = (day) => {
  const d = new Date(day * 86_400_000);
  return Math.round(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 86_400_000);
};
const q = (s) => `'${String(s).replace(/'/g, "''")}'`;

/** rows: [{ metric, day, store = '', position = '', key = '', n = 1, total = 0 }] */
export async function addCounts(server, rows) {
  const values = [];
  for (const { metric, day, store = '', position = '', key = '', n = 1, total = 0 } of rows) {
    const region = store ? ((await dbQuery(server, `SELECT COALESCE(region_id, '') FROM stores WHERE id = ${q(store)}`))[0]?.[0] ?? '') : '';
    const levels = [['@store', store, ''], ['@region', region, position], ['@position', '', position], ['@all', '', '']];
    values.push([metric, day, store, position]);
    for (const [suffix, s, p] of levels) {
      values.push([metric + suffix, day, s, p]);
      values.push([metric + suffix + '@month', monthStart(day), s, p]);
    }
    for (const [m, d, s, p] of values.splice(0)) {
      await dbQuery(
        server,
        `INSERT INTO report_counts (metric, day, store_id, position, key, n, total) VALUES (${q(m)}, ${d}, ${q(s)}, ${q(p)}, ${q(key)}, ${n}, ${total}) ` +
          'ON CONFLICT (metric, day, store_id, position, key) DO UPDATE SET n = report_counts.n + excluded.n, total = report_counts.total + excluded.total',
      );
    }
  }
}
