// The reports at company scale (issue 17) over `shopfloor seed --bench-reports` data: one admin reads
// GET /api/admin/reports/<name> for every report over the last 30, 90 and 366 days, for everyone, one region
// (the first RPR one) and one store (RPS1), RUNS times each, one request after the other; prints p50/p99 per
// report, range and filter as JSON, and `overBudget` for those whose p99 is 1 s or more (exit code 0: the
// bench goes on to print them). A request over 5 s is not repeated (it is over budget either way); one over
// REPORT_TIMEOUT_MS (default 60000) is given up and reported as that many ms with `timedOut`.
// Usage: node reports.mjs ORIGIN ADMIN_COOKIE [RUNS=10] [REPORTS=actives,learning,club,engagement,voice]
const [origin, cookie, runsArg = '10', reportsArg = 'actives,learning,club,engagement,voice'] = process.argv.slice(2);
const runs = Number(runsArg);
const headers = { cookie };

const timeout = Number(process.env.REPORT_TIMEOUT_MS ?? 60000);
async function get(path) {
  const t0 = performance.now();
  let r;
  try {
    r = await fetch(`${origin}${path}`, { headers, signal: AbortSignal.timeout(timeout) });
  } catch (e) {
    if (e.name !== 'TimeoutError') throw e;
    return { ms: timeout, body: '', timedOut: true };
  }
  const body = await r.text();
  const ms = performance.now() - t0;
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${body.slice(0, 200)}`);
  return { ms, body };
}

const options = JSON.parse((await get('/api/admin/reports/options')).body);
const store = options.stores.find((s) => s.code === 'RPS1') ?? options.stores[0];
const region = options.regions.find((r) => r.id === store.regionId) ?? options.regions[0];

// Bangkok days, as the server counts them.
const dayMs = 86400000;
const today = Math.floor((Date.now() + 7 * 3600000) / dayMs);
const text = (day) => new Date(day * dayMs).toISOString().slice(0, 10);
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

const results = [];
const overBudget = [];
for (const report of reportsArg.split(',')) {
  for (const days of [30, 90, 366]) {
    for (const [filter, query] of [['all', ''], ['region', `&region=${region.id}`], ['store', `&store=${store.id}`]]) {
      const path = `/api/admin/reports/${report}?from=${text(today - days + 1)}&to=${text(today)}${query}`;
      const times = [];
      let bytes = 0, timedOut = false;
      for (let i = 0; i < runs; i++) {
        const got = await get(path);
        times.push(got.ms);
        bytes = got.body.length;
        timedOut = !!got.timedOut;
        if (got.ms > 5000) break;
      }
      times.sort((a, b) => a - b);
      const row = { report, days, filter, n: times.length, p50Ms: +pct(times, 0.5).toFixed(1), p99Ms: +pct(times, 0.99).toFixed(1), bytes, ...(timedOut ? { timedOut } : {}) };
      results.push(row);
      if (row.p99Ms >= 1000) overBudget.push(`${report} ${days}d ${filter}: ${row.p99Ms} ms`);
    }
  }
}
console.log(JSON.stringify({ runs, store: store.code, region: region.code, results, overBudget }));
