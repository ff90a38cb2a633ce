// Graceful shutdown: SIGTERM while requests are in flight; they still get their answers and the process
// exits 0.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, sleep, DEMO_PASSWORD } from './harness.mjs';

describe('graceful shutdown', () => {
  let server;
  after(async () => server?.stop());

  it('answers in-flight sign-ins after SIGTERM, then exits 0', async () => {
    server = await startServer();
    const clients = ['S1001', 'S1002', 'S2001', 'S2002'].map((id) => ({ id, c: server.client() }));
    for (const { c } of clients) await c.csrf();

    // Argon2id verification takes tens of milliseconds per sign-in; four of them queue up on 2 cores.
    const inflight = clients.map(({ id, c }) => c.signIn(id, DEMO_PASSWORD).then(
      (r) => ({ id, status: r.status, text: r.text }),
      (e) => ({ id, error: e.cause?.code ?? e.message }),
    ));
    await sleep(15);
    server.proc.kill('SIGTERM');

    const results = await Promise.all(inflight);
    for (const r of results) {
      assert.equal(r.error, undefined, `${r.id}: request failed during shutdown: ${r.error}`);
      assert.equal(r.status, 200, `${r.id}: ${r.status} ${r.text}`);
    }
    const exit = await Promise.race([server.proc.exited, sleep(10_000).then(() => 'timeout')]);
    assert.notEqual(exit, 'timeout', 'the process did not exit within 10 s of SIGTERM');
    assert.deepEqual(exit, { code: 0, signal: null }, `exit status; server output:\n${server.output().slice(-2000)}`);

    await assert.rejects(fetch(`${server.origin}/healthz`), 'nothing listens after shutdown');
  });
});
