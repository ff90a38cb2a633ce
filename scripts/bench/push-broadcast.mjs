// Web Push (issue 30): 10,000 subscribed people each get one push, as a broadcast's transaction queues them
// (10,000 push_outbox rows committed at once), while a signed-in person keeps reading GET /api/home. The
// server is started here, on SQLite (or PostgreSQL with TEST_DATABASE_URL), with the bench's own push
// service (server/tests/integration/push-service.mjs: it verifies the VAPID JWT and decrypts with http_ece
// every 20th push, and answers 201). Figures: `drainMs`, from the commit to the 10,000th push received;
// the p50/p99 of GET /api/home before (`idle`) and while draining. Exits non-zero when a push is missing or
// fails its checks. Usage: node scripts/bench/push-broadcast.mjs [PEOPLE] (PUSH_SENDERS sets the senders).
import { randomUUID } from 'node:crypto';
import { startServer } from '../../server/tests/integration/harness.mjs';
import { startPushService } from '../../server/tests/integration/push-service.mjs';
import { database } from './staff.mjs';

const n = Number(process.argv[2] ?? 10000);
const service = await startPushService();
service.verifyEvery = 20;
const server = await startServer({ env: { PUSH_SERVICES: service.origin, LOG_LEVEL: 'warn' } });
try {
  service.publicKey = (await (await fetch(`${server.origin}/api/push/key`)).json()).publicKey;
  const sql = database(server.databaseUrl.startsWith('sqlite') ? `${server.tmp}/data/shopfloor.db` : server.databaseUrl);
  const q = (s) => `'${String(s).replaceAll("'", "''")}'`;
  const now = Date.now();
  const people = Array.from({ length: n }, (_, i) => ({ id: randomUUID(), sub: service.subscriber(`p${i}`) }));
  for (let i = 0; i < n; i += 2000) {
    const chunk = people.slice(i, i + 2000);
    sql(
      [
        'BEGIN;',
        `INSERT INTO users (id, employee_code, name, role, status, store_id, position, joined_at, created_at, updated_at) VALUES ${chunk
          .map((p, j) => `(${q(p.id)}, ${q(`PUSH${i + j}`)}, 'bench', 'staff', 'active', (SELECT MIN(id) FROM stores), 'Sales', ${now}, ${now}, ${now})`)
          .join(', ')};`,
        `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at, updated_at) VALUES ${chunk
          .map((p) => `(${q(p.id)}, ${q(p.id)}, ${q(p.sub.json.endpoint)}, ${q(p.sub.json.keys.p256dh)}, ${q(p.sub.json.keys.auth)}, ${now}, ${now})`)
          .join(', ')};`,
        'COMMIT;',
      ].join('\n'),
    );
  }

  // A signed-in reader of the home tab (the demo's S1001), 8 requests at a time, for `ms`.
  const cookieOf = async () => {
    const csrf = await fetch(`${server.origin}/api/auth/csrf`);
    const { csrfToken } = await csrf.json();
    const jar = csrf.headers.getSetCookie().map((c) => c.split(';')[0]);
    const form = new URLSearchParams({ csrfToken, identifier: 'S1001', password: 'Demo#2026', json: 'true', callbackUrl: `${server.origin}/main` });
    const r = await fetch(`${server.origin}/api/auth/callback/credentials`, { method: 'POST', body: form, headers: { cookie: jar.join('; ') }, redirect: 'manual' });
    return [...jar, ...r.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
  };
  const cookie = await cookieOf();
  const read = async (until) => {
    const times = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (!until()) {
          const t = performance.now();
          const r = await fetch(`${server.origin}/api/home`, { headers: { cookie } });
          await r.arrayBuffer();
          if (r.status !== 200) throw new Error(`GET /api/home ${r.status}`);
          times.push(performance.now() - t);
        }
      }),
    );
    times.sort((a, b) => a - b);
    const at = (p) => Math.round(times[Math.min(times.length - 1, Math.floor(times.length * p))] * 10) / 10;
    return { requests: times.length, p50: at(0.5), p99: at(0.99) };
  };
  const idleEnd = Date.now() + 3000;
  const idle = await read(() => Date.now() > idleEnd);

  // What a broadcast's transaction writes: one row per device, in one commit.
  const payload = JSON.stringify({ title: 'ประกาศ', body: 'ข่าวจากสำนักงานใหญ่', url: '/inbox', tag: 'broadcast:bench' });
  const t0 = performance.now();
  sql(
    `INSERT INTO push_outbox (id, subscription_id, payload, topic, urgency, ttl_s, next_at, created_at) SELECT 'bench:' || id, id, ${q(payload)}, 'broadcast:bench', 'normal', 86400, ${Date.now()}, ${Date.now()} FROM push_subscriptions;`,
  );
  let done = false;
  const drained = service.until((r) => r.length >= n, 600_000).then(() => {
    done = true;
    return performance.now() - t0;
  });
  const busy = await read(() => done);
  const drainMs = Math.round(await drained);
  const failed = service.received.filter((r) => r.error);
  const names = new Set(service.received.map((r) => r.name));
  const out = { people: n, drainMs, perSecond: Math.round(n / (drainMs / 1000)), missing: n - names.size, failed: failed.length, verified: service.received.filter((r) => r.payload).length, homeIdle: idle, homeWhileDraining: busy };
  console.log(JSON.stringify(out));
  if (out.missing || out.failed) {
    console.error(failed.slice(0, 3));
    process.exitCode = 1;
  }
} finally {
  await server.stop();
  await service.close();
}
