// The Learning tab's main call under load: signs in, then CONCURRENCY keep-alive clients request
// GET /api/learning (or PATH) for SECONDS. Prints one JSON line: requests/s, p50/p99 latency, errors, and the
// size of one answer. Data: `shopfloor seed --bench-learning` (10,000 users, 1,000 published items).
// Usage: node learning.mjs ORIGIN IDENTIFIER PASSWORD [SECONDS=10] [CONCURRENCY=32] [PATH=/api/learning]
import http from 'node:http';
import { signIn } from '../lib/sign-in.mjs';

const [origin, identifier, password, secondsArg, concurrencyArg, pathArg] = process.argv.slice(2);
const seconds = Number(secondsArg || 10);
const concurrency = Number(concurrencyArg || 32);
const path = pathArg || '/api/learning';
if (!origin || !identifier || !password) {
  console.error('usage: node learning.mjs ORIGIN IDENTIFIER PASSWORD [SECONDS] [CONCURRENCY] [PATH]');
  process.exit(2);
}

const { cookie } = await signIn(origin, identifier, password);

const first = await fetch(origin + path, { headers: { cookie } });
const sample = await first.text();
if (first.status !== 200) throw new Error(`GET ${path}: ${first.status} ${sample.slice(0, 300)}`);
const body = JSON.parse(sample);
const items = ['forYou', 'courses', 'exams', 'ebooks', 'latest'].reduce((n, k) => n + (body[k]?.length ?? 0), 0);

const url = new URL(origin + path);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const latencies = [];
let errors = 0;
const deadline = Date.now() + seconds * 1000;

function once() {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const req = http.get({ host: url.hostname, port: url.port, path: url.pathname + url.search, agent, headers: { cookie } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => {
        if (res.statusCode === 200) latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        else errors++;
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
    while (Date.now() < deadline) await once();
  }),
);
const elapsed = (Date.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : 0);
console.log(
  JSON.stringify({
    path,
    requestsPerSecond: Math.round(latencies.length / elapsed),
    p50Ms: Number(pct(50).toFixed(1)),
    p99Ms: Number(pct(99).toFixed(1)),
    errors,
    concurrency,
    seconds,
    answerBytes: Buffer.byteLength(sample),
    cardsInAnswer: items,
  }),
);
agent.destroy();
