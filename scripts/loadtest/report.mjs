// The printed result of `make loadtest` (how to read it: docs/OPERATIONS.md "Two nodes behind nginx").
const ms = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const budgetOf = (name) => (name.includes('/reports/') ? 1000 : 300);

export function printReport({ config, stats, samples, killResult, adminResult, check, statements, wallS, load, people }) {
  const out = [];
  const line = (s = '') => out.push(s);
  line('');
  line(`== the morning shift: ${config.people} people over ${config.arrivalS} s (stay ${config.stayS} s), ` +
    `${process.env.LOADTEST_STAFF} staff seeded, 2 nodes behind nginx, PostgreSQL; ${wallS.toFixed(0)} s; load average ${load}`);
  line('');
  const rows = stats.rows();
  const width = Math.max(...rows.map((r) => r.name.length), 8);
  line(`${'endpoint'.padEnd(width)}  ${'count'.padStart(6)}  ${'p50'.padStart(6)}  ${'p95'.padStart(6)}  ${'p99'.padStart(6)}  ${'max'.padStart(6)}  errors  4xx  retried  budget`);
  const over = [];
  for (const r of rows) {
    const budget = budgetOf(r.name);
    const ok = r.p99 < budget;
    if (!ok) over.push(r.name);
    line(`${r.name.padEnd(width)}  ${String(r.count).padStart(6)}  ${ms(r.p50).padStart(6)}  ${ms(r.p95).padStart(6)}  ${ms(r.p99).padStart(6)}  ${ms(r.max).padStart(6)}  ${String(r.errors).padStart(6)}  ${String(r.client).padStart(3)}  ${String(r.retried).padStart(7)}  ${ok ? 'ok' : `OVER ${budget} ms`}`);
    if (r.client) line(`${''.padEnd(width)}  statuses ${JSON.stringify(r.statuses)}`);
  }
  const total = rows.reduce((a, r) => ({ count: a.count + r.count, errors: a.errors + r.errors, client: a.client + r.client, retried: a.retried + r.retried }), { count: 0, errors: 0, client: 0, retried: 0 });
  line(`${'all'.padEnd(width)}  ${String(total.count).padStart(6)}  ${''.padStart(30)}  ${String(total.errors).padStart(6)}  ${String(total.client).padStart(3)}  ${String(total.retried).padStart(7)}`);
  line('(ms; "errors": 5xx or no answer after the retries; "retried": attempts that failed in flight, 502/503/504 or a cut connection, and were sent again with the same body and Idempotency-Key)');
  line(over.length ? `over the p99 budget (300 ms, reports 1 s): ${over.join('; ')}` : 'every endpoint within its p99 budget (300 ms, reports 1 s)');
  // Where the over-budget tails fall in the run: the slowest 1% of each, by when they were sent (s after the
  // first arrival), so a tail made by the node kill's seconds is told apart from one spread over the run.
  const started = stats.started;
  for (const r of rows.filter((x) => over.includes(x.name)))
    line(`  tail of ${r.name} (slowest ${r.tail.length}, s after start:ms): ${r.tail.map((x) => `${((x.at - started) / 1000).toFixed(0)}:${ms(x.ms)}`).join(' ')}`);
  line('');
  const dropped = people.reduce((n, p) => n + p.drops, 0);
  line(`sockets: ${samples.sockets} held at most at once; ${people.filter((p) => p.node).length} people connected; ${dropped} drops reconnected by the client`);
  line(`memory per node (max VmRSS): ${samples.rss.map((kb, i) => `node ${i} ${(kb / 1024).toFixed(0)} MiB`).join(', ')}${killResult ? ' (node 1: the larger of its two lives)' : ''}`);
  line(`PostgreSQL connections at most: ${samples.pg.total} ${JSON.stringify(samples.pg.byState)}`);
  if (adminResult) line(`admin: course published to everyone in ${adminResult.publishMs ?? '?'} ms; broadcast recipients ${adminResult.broadcastRecipients ?? '?'}`);
  if (killResult) {
    const k = killResult;
    line('');
    line(`node kill at ${k.killedAtS} s (SIGKILL node 1): sockets open per node before ${JSON.stringify(k.socketsBefore)}; ${k.socketsCut} cut, ${k.reconnected} back through nginx: ` +
      `p50 ${k.reconnectMs.p50} ms, p95 ${k.reconnectMs.p95} ms, max ${k.reconnectMs.max} ms`);
    line(`presence: ${k.presence.checked} checks over 45 s (statuses ${JSON.stringify(k.presence.statuses)}); ${k.presence.convergedS === null ? `NOT converged (${k.presence.wrongAtEnd} wrong at the end)` : `right for everyone from ${k.presence.convergedS} s after the kill on`}`);
    if (k.presence.examples.length) line(`  wrong in the last round that had a wrong answer, e.g. ${JSON.stringify(k.presence.examples)}`);
    line(`restart: node 1 ready in ${k.restart.readyMs} ms; people's sockets opened in the 20 s after it, per node ${JSON.stringify(k.restart.socketsOpenedAfterPerNode)}; 20 probe sockets then, per node ${JSON.stringify(k.restart.probesPerNode)}`);
  }
  line('');
  line(`integrity (${check.redeemers} redeemers, ${check.unknownRedeems} without an acknowledged redemption):`);
  for (const [name, expected, found, ok] of check.lines) line(`  ${ok ? 'ok  ' : 'FAIL'} ${name}: expected ${expected}, found ${found}`);
  line('');
  const [slowMean, slowTotal] = [statements.split('\n').slice(0, 10), statements.split('\n').slice(10)];
  line('slowest statements by mean time (calls | mean ms | total ms | statement):');
  for (const s of slowMean) line(`  ${s}`);
  line('by total time:');
  for (const s of slowTotal) line(`  ${s}`);
  console.log(out.join('\n'));
}
