// Web Push (issue 30): a broadcast to 10,000 subscribed people, sent through the API as an editor does
// (POST /api/admin/broadcasts/:id/send), while a signed-in person keeps reading GET /api/home. Sending writes
// the first page of deliveries with their pushes; the audience job "broadcast" writes the rest
// AUDIENCE_JOB_BATCH recipients at a time, each page's pushes with it (issue 33), and the senders send them. The server is started here, on SQLite (or PostgreSQL with
// TEST_DATABASE_URL), with the bench's own push service (server/tests/integration/push-service.mjs: it
// verifies the VAPID JWT and decrypts with http_ece every 20th push, and answers 201). Figures: `sendMs`, the
// send request; `drainMs`, from the send to the 10,000th push received; the p50/p99 of GET /api/home before
// (`idle`) and while draining. Exits non-zero when a push is missing, repeated or fails its checks.
// Usage: node scripts/bench/push-broadcast.mjs [PEOPLE] (PUSH_SENDERS sets the senders).
import { randomUUID } from 'node:crypto';
import { startServer, signedInClients } from '../../server/tests/integration/harness.mjs';
import { send, create } from '../../server/tests/integration/learning-fixtures.mjs';
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
          .map((p, j) => `(${q(p.id)}, ${q(`PUSH${i + j}`)}, 'bench', 'staff', 'active', (SELECT MIN(id) FROM stores), 'PushBench', ${now}, ${now}, ${now})`)
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

  // The broadcast, to everyone of the bench's position.
  const [editor] = await signedInClients(server, 'EDIT01');
  const b = await create(editor, 'broadcasts', { title: 'ประกาศ', body: '<p>ข่าวจากสำนักงานใหญ่</p>', audience: { positions: ['PushBench'] } });
  const t0 = performance.now();
  const sent = await send(editor, 'POST', `/api/admin/broadcasts/${b.id}/send`, {});
  const sendMs = Math.round(performance.now() - t0);
  if (sent.status !== 200 || sent.json.recipients !== n) throw new Error(`send: ${sent.status} ${sent.text.slice(0, 300)}`);
  let done = false;
  const drained = service.until((r) => r.length >= n, 600_000).then(() => {
    done = true;
    return performance.now() - t0;
  });
  const busy = await read(() => done);
  const drainMs = Math.round(await drained);
  const failed = service.received.filter((r) => r.error);
  const names = new Set(service.received.map((r) => r.name));
  await new Promise((resolve) => setTimeout(resolve, 2000)); // a repeated push would come within a poll
  const out = { people: n, sendMs, drainMs, perSecond: Math.round(n / (drainMs / 1000)), missing: n - names.size, repeated: service.received.length - names.size, failed: failed.length, verified: service.received.filter((r) => r.payload).length, homeIdle: idle, homeWhileDraining: busy };
  console.log(JSON.stringify(out));
  if (out.missing || out.repeated || out.failed) {
    console.error(failed.slice(0, 3));
    process.exitCode = 1;
  }
} finally {
  await server.stop();
  await service.close();
}
