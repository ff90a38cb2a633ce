// A broadcast to RECIPIENTS people, SOCKETS of them holding a real /api/realtime WebSocket (issue 15: "a
// broadcast to 10,000 people is stored and delivered to their open sockets in under 2 s"). The people are
// written straight into the database with a position of their own (scripts/bench/staff.mjs), so the
// broadcast's audience is exactly them; the admin creates it and sends it through the API. Figures: `storeMs`,
// the send request (the 10,000 delivery rows written in its one transaction), and `deliverMs`, from the send
// to the last socket holding the broadcast. Asserts the rows and every socket's message; exits non-zero over
// 2 s. Usage: node broadcast.mjs ORIGIN ADMIN_COOKIE ADMIN_CSRF DATABASE [RECIPIENTS] [SOCKETS]
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { database, staff } from './staff.mjs';

const WebSocket = createRequire(new URL('../../server/tests/integration/package.json', import.meta.url))('ws');
const [origin, adminCookie, adminCsrf, url, recipientsArg = '10000', socketsArg = '5000'] = process.argv.slice(2);
const n = Number(recipientsArg);
const m = Math.min(n, Number(socketsArg));
const sql = database(url);
const position = `bench-msg-${randomBytes(3).toString('hex')}`;

const people = await staff(origin, sql, { n, sessions: m, position, prefix: 'MSG' });
const admin = async (method, path, body) => {
  const r = await fetch(origin + path, { method, headers: { cookie: adminCookie, 'x-csrf-token': adminCsrf, 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
  const json = await r.json();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
  return json;
};

// Open the sockets in waves (the server accepts them all; the waves keep the client's connect storm sane).
const wsUrl = origin.replace(/^http/, 'ws') + '/api/realtime';
const sockets = [];
for (let i = 0; i < m; i += 100)
  sockets.push(
    ...(await Promise.all(
      people.slice(i, Math.min(i + 100, m)).map(
        (p) =>
          new Promise((resolve, reject) => {
            const ws = new WebSocket(wsUrl, { headers: { origin, cookie: p.cookie } });
            ws.got = null;
            ws.on('message', (data) => {
              const msg = JSON.parse(String(data));
              if (msg.type === 'hello') resolve(ws);
              if (msg.type === 'messages' && msg.event === 'broadcast' && ws.got === null) ws.got = { at: performance.now(), id: msg.broadcast.id };
            });
            ws.on('error', reject);
          }),
      ),
    )),
  );

const item = await admin('POST', '/api/admin/broadcasts', { title: 'bench', body: '<p>ประกาศ <strong>ทดสอบ</strong></p>', audience: { positions: [position] } });
const t0 = performance.now();
const sent = await admin('POST', `/api/admin/broadcasts/${item.id}/send`, {});
const storeMs = performance.now() - t0;
const deadline = Date.now() + 10_000;
while (sockets.some((ws) => ws.got === null) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
const missing = sockets.filter((ws) => ws.got?.id !== item.id).length;
const deliverMs = Math.max(...sockets.map((ws) => (ws.got ? ws.got.at - t0 : Infinity)));
const rows = Number(sql(`SELECT COUNT(*) FROM broadcast_deliveries WHERE broadcast_id = '${item.id}'`));
for (const ws of sockets) ws.terminate();
const out = { recipients: sent.recipients, rows, sockets: m, storeMs: Math.round(storeMs), deliverMs: Math.round(deliverMs), missing };
console.log(JSON.stringify(out));
if (sent.recipients !== n || rows !== n || missing || !(deliverMs < 2000)) process.exit(1);
