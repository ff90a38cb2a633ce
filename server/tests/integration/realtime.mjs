// Real WebSocket clients for the realtime endpoint (/api/realtime), shared by the presence and revocation
// tests: connect with a client's cookies, wait for the close, poll until a condition holds.
import assert from 'node:assert/strict';
import WebSocket from 'ws';

import { sleep } from './harness.mjs';

/** Opens /api/realtime as `client` (null: no cookie). Every message lands in ws.messages; close in ws.closeInfo. */
export function connect(server, client, { origin = server.origin, autoPong = true } = {}) {
  const url = server.origin.replace(/^http/, 'ws') + '/api/realtime';
  return new Promise((resolve, reject) => {
    const headers = { origin };
    if (client) headers.cookie = client.jar.header();
    const ws = new WebSocket(url, { headers, autoPong });
    ws.messages = [];
    ws.on('message', (m) => ws.messages.push(JSON.parse(String(m))));
    ws.on('close', (code, reason) => (ws.closeInfo = { code, reason: String(reason), at: Date.now() }));
    ws.on('open', () => resolve(ws));
    ws.on('unexpected-response', (req, res) => reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode })));
    ws.on('error', reject);
  });
}

export const closed = (ws) => new Promise((resolve) => (ws.readyState === WebSocket.CLOSED ? resolve() : ws.on('close', resolve)));

export async function waitFor(fn, what, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
