// Concurrent realtime WebSocket connections held by one server process, and its memory per connection:
// opens COUNT authenticated sockets (in waves), checks the server still answers, and reads the server's
// resident memory (VmRSS of SERVER_PID) before and after.
// Usage: node realtime-connections.mjs ORIGIN COOKIE SERVER_PID [count=5000]
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../../server/tests/integration/package.json'));
const WebSocket = require('ws');
const [origin, cookie, pid, countArg = '5000'] = process.argv.slice(2);
const count = Number(countArg);
const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
const url = origin.replace(/^http/, 'ws') + '/api/realtime';

const before = rssKb();
const sockets = [];
let failed = 0;
const started = Date.now();
for (let opened = 0; opened < count; ) {
  const wave = Math.min(250, count - opened);
  await Promise.all(
    Array.from({ length: wave }, () =>
      new Promise((resolve) => {
        const ws = new WebSocket(url, { headers: { cookie, origin } });
        ws.on('open', () => (sockets.push(ws), resolve()));
        ws.on('error', () => (failed++, resolve()));
      }),
    ),
  );
  opened += wave;
}
const openMs = Date.now() - started;
await new Promise((r) => setTimeout(r, 1000));
const after = rssKb();
const t0 = performance.now();
const health = await fetch(`${origin}/api/auth/session`, { headers: { cookie } });
const healthMs = performance.now() - t0;
const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
for (const s of sockets) s.terminate();
console.log(JSON.stringify({
  requested: count, open, failed, openSeconds: +(openMs / 1000).toFixed(1),
  rssBeforeMiB: +(before / 1024).toFixed(1), rssAfterMiB: +(after / 1024).toFixed(1),
  kibPerConnection: open ? +((after - before) / open).toFixed(1) : null,
  sessionCheckWhileHeld: health.status, sessionCheckMs: +healthMs.toFixed(1),
}));
