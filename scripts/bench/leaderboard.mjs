// Leaderboard answers under load: signs in (a bench staff member from `seed --bench-leaderboard`; LB000001
// earns little, so their rank is deep in every board: the "my rank outside the top 50" counts at their
// largest), then CONCURRENCY keep-alive clients cycle through every board (people: store, region, everyone ×
// week, month, all time; stores: region, all × the same periods) for SECONDS. Prints one JSON line: requests/s,
// p50/p99 overall and per board, errors, and the viewer's ranks.
// Usage: node leaderboard.mjs ORIGIN IDENTIFIER PASSWORD [SECONDS=10] [CONCURRENCY=8]
import http from 'node:http';
import { signIn } from '../lib/sign-in.mjs';

const [origin, identifier, password, secondsArg, concurrencyArg] = process.argv.slice(2);
const seconds = Number(secondsArg || 10);
const concurrency = Number(concurrencyArg || 8);
if (!origin || !identifier || !password) {
  console.error('usage: node leaderboard.mjs ORIGIN IDENTIFIER PASSWORD [SECONDS] [CONCURRENCY]');
  process.exit(2);
}

const { cookie } = await signIn(origin, identifier, password);

const paths = [];
for (const period of ['week', 'month', 'all']) {
  for (const scope of ['store', 'region', 'all']) paths.push(`/api/leaderboards?scope=${scope}&period=${period}`);
  for (const scope of ['region', 'all']) paths.push(`/api/leaderboards/stores?scope=${scope}&period=${period}`);
}
const ranks = {};
for (const p of paths) {
  const r = await fetch(origin + p, { headers: { cookie } });
  const body = await r.json();
  if (r.status !== 200) throw new Error(`GET ${p}: ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
  ranks[p.replace('/api/leaderboards', '')] = { me: body.me?.rank ?? null, items: body.items.length };
}

const url = new URL(origin);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const all = [];
const byPath = new Map(paths.map((p) => [p, []]));
let errors = 0;
let next = 0;
const deadline = Date.now() + seconds * 1000;

function once(p) {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const req = http.get({ host: url.hostname, port: url.port, path: p, agent, headers: { cookie } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        if (res.statusCode === 200) {
          all.push(ms);
          byPath.get(p).push(ms);
        } else errors++;
        resolve();
      });
    });
    req.on('error', () => {
      errors++;
      resolve();
    });
  });
}

const started = Date.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (Date.now() < deadline) await once(paths[next++ % paths.length]);
  }),
);
const elapsed = (Date.now() - started) / 1000;
const pct = (list, p) => {
  const s = [...list].sort((a, b) => a - b);
  return s.length ? Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(1)) : 0;
};
const per = {};
for (const [p, list] of byPath) per[p.replace('/api/leaderboards', '')] = { p50Ms: pct(list, 50), p99Ms: pct(list, 99) };
console.log(
  JSON.stringify({
    requestsPerSecond: Math.round(all.length / elapsed),
    p50Ms: pct(all, 50),
    p99Ms: pct(all, 99),
    errors,
    concurrency,
    seconds,
    perBoard: per,
    ranks,
  }),
);
agent.destroy();
