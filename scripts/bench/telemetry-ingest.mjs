// Telemetry ingestion throughput: N concurrent clients post batches of 50 click events to
// POST /api/telemetry for a fixed time; prints events/s accepted and the p99 request latency.
// Usage: node telemetry-ingest.mjs ORIGIN COOKIE CSRF [seconds=10] [clients=16] [batch=50]
const [origin, cookie, csrf, seconds = '10', clients = '16', batchSize = '50'] = process.argv.slice(2);
const userId = (await (await fetch(`${origin}/api/auth/session`, { headers: { cookie } })).json()).user.id;
const events = Array.from({ length: Number(batchSize) }, (_, i) => ({
  type: 'click',
  userId,
  element: `<button class="tab" data-i="${i}">เรียนรู้ ${i}</button>`,
  url: '/learning',
}));
const body = JSON.stringify({ csrfToken: csrf, events });
const headers = { cookie, 'content-type': 'application/json', 'x-csrf-token': csrf };
const deadline = Date.now() + Number(seconds) * 1000;
const latencies = [];
let accepted = 0;
let errors = 0;
async function client() {
  while (Date.now() < deadline) {
    const t0 = performance.now();
    const r = await fetch(`${origin}/api/telemetry`, { method: 'POST', headers, body });
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
console.log(JSON.stringify({ eventsPerSecond: Math.round(accepted / elapsed), requests: latencies.length, p99Ms: +p99.toFixed(1), errors }));
