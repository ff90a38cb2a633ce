// Telemetry ingestion throughput: N concurrent clients post batches of 50 click events to
// POST /api/telemetry for a fixed time; prints events/s accepted and the p99 request latency.
// Usage: node telemetry-ingest.mjs ORIGIN COOKIE CSRF [seconds=10] [clients=16] [batch=50] [DATABASE PEOPLE]
// With DATABASE (SQLite file or postgres:// URL) and PEOPLE, that many staff are written with sessions
// (staff.mjs) and each request posts as the next of them a mix of page views, clicks, page times and Web
// Vitals: every flush then sees hundreds of people, which is what the reports' rollups (rollups::seen) cost.
// BATCH_KEYS=1: every request carries a new batchKey, as the web tracker sends (the flush records each key).
import { randomUUID } from 'node:crypto';
import { database, staff } from './staff.mjs';

const keyed = process.env.BATCH_KEYS === '1';

const [origin, cookie, csrf, seconds = '10', clients = '16', batchSize = '50', databaseUrl, peopleArg] = process.argv.slice(2);
function request(userId, cookie, csrf, mixed) {
  const events = Array.from({ length: Number(batchSize) }, (_, i) =>
    !mixed || i % 4 === 0
      ? { type: 'click', userId, element: `<button class="tab" data-i="${i}">เรียนรู้ ${i}</button>`, url: '/learning' }
      : i % 4 === 1
        ? { type: 'page_view', userId, url: ['/main', '/learning', '/club', '/stories'][i % 16 >> 2] }
        : i % 4 === 2
          ? { type: 'page_time', userId, url: '/learning', duration: 1000 + i * 37 }
          : { type: 'web_vital', userId, name: 'LCP', value: 900 + i * 11, rating: 'good', url: '/main' },
  );
  // Keyed: the body around its key, so a request costs the client a concatenation, not a JSON.stringify.
  const around = JSON.stringify({ csrfToken: csrf, batchKey: '@KEY@', events }).split('@KEY@');
  return { body: JSON.stringify({ csrfToken: csrf, events }), around, headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': csrf } };
}
const posts = [];
if (databaseUrl) {
  for (const p of await staff(origin, database(databaseUrl), { n: Number(peopleArg ?? 1000), prefix: 'INGEST' }))
    posts.push(request(p.id, p.cookie, p.csrf, true));
} else {
  const userId = (await (await fetch(`${origin}/api/auth/session`, { headers: { cookie } })).json()).user.id;
  posts.push(request(userId, cookie, csrf, false));
}
let next = 0;
const deadline = Date.now() + Number(seconds) * 1000;
const latencies = [];
let accepted = 0;
let errors = 0;
async function client() {
  while (Date.now() < deadline) {
    const t0 = performance.now();
    const post = posts[next++ % posts.length];
    const body = keyed ? post.around[0] + randomUUID() + post.around[1] : post.body;
    const r = await fetch(`${origin}/api/telemetry`, { method: 'POST', headers: post.headers, body });
    const json = await r.json();
    latencies.push(performance.now() - t0);
    if (r.status === 202) accepted += json.accepted;
    else errors++;
  }
}
const started = Date.now();
await Promise.all(Array.from({ length: Number(clients) }, client));
const elapsed = (Date.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
console.log(JSON.stringify({ people: posts.length, batchKeys: keyed, eventsPerSecond: Math.round(accepted / elapsed), requests: latencies.length, p99Ms: +p99.toFixed(1), errors }));
