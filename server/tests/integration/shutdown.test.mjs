// Graceful shutdown: SIGTERM while requests are in flight; they still get their answers and the process
// exits 0.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { startServer, sleep, DEMO_PASSWORD } from './harness.mjs';

// Sends a sign-in on a fresh connection (no keep-alive reuse). `sent` resolves once the whole request has
// been handed to the kernel, `answer` with {status, text} or {error}.
function signIn(server, csrf, identifier) {
  const body = new URLSearchParams({
    csrfToken: csrf.token, callbackUrl: `${server.origin}/main`, json: 'true', identifier, password: DEMO_PASSWORD,
  }).toString();
  let sentResolve;
  const sent = new Promise((r) => (sentResolve = r));
  const answer = new Promise((resolve) => {
    const req = http.request({
      host: '127.0.0.1', port: server.port, method: 'POST', path: '/api/auth/callback/credentials', agent: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), cookie: csrf.cookie },
    }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ identifier, status: res.statusCode, text, at: Date.now() }));
      res.on('error', (e) => resolve({ identifier, error: e.code ?? e.message }));
    });
    req.on('error', (e) => {
      sentResolve();
      resolve({ identifier, error: e.code ?? e.message });
    });
    req.on('finish', sentResolve);
    req.end(body);
  });
  return { sent, answer };
}

describe('graceful shutdown', () => {
  let server;
  after(async () => server?.stop());

  it('answers in-flight sign-ins after SIGTERM, then exits 0', async () => {
    server = await startServer();
    const c = server.client();
    const csrf = { token: await c.csrf(), cookie: c.jar.header() };

    // Argon2id verification takes tens of milliseconds per sign-in; four of them queue up on 2 cores.
    const requests = ['S1001', 'S1002', 'S2001', 'S2002'].map((id) => signIn(server, csrf, id));
    await Promise.all(requests.map((r) => r.sent));
    await sleep(20); // the requests have arrived; the Argon2 work is under way
    server.proc.kill('SIGTERM');
    const killedAt = Date.now();

    const results = await Promise.all(requests.map((r) => r.answer));
    for (const r of results) {
      assert.equal(r.error, undefined, `${r.identifier}: no answer after SIGTERM (${r.error})\n${server.output().slice(-1500)}`);
      assert.equal(r.status, 200, `${r.identifier}: ${r.status} ${r.text}`);
    }
    assert.ok(results.some((r) => r.at > killedAt), 'at least one answer came after SIGTERM (truly in flight)');
    const exit = await Promise.race([server.proc.exited, sleep(10_000).then(() => 'timeout')]);
    assert.notEqual(exit, 'timeout', 'the process did not exit within 10 s of SIGTERM');
    assert.deepEqual(exit, { code: 0, signal: null }, `exit status; server output:\n${server.output().slice(-2000)}`);

    await assert.rejects(fetch(`${server.origin}/healthz`), 'nothing listens after shutdown');
  });
});
