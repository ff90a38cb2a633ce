// Health, readiness, public config, request ids and unknown API routes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, assertEnvelope } from './harness.mjs';

describe('health and conventions', () => {
  const server = useServer();

  it('GET /healthz answers 200 {"status":"ok"}', async () => {
    const r = await server.client().get('/healthz');
    assert.equal(r.status, 200);
    assert.deepEqual(r.json, { status: 'ok' });
  });

  it('GET /readyz answers 200 with the database kind', async () => {
    const r = await server.client().get('/readyz');
    assert.equal(r.status, 200);
    const kind = server.databaseUrl.startsWith('postgres') ? 'postgres' : 'sqlite';
    assert.deepEqual(r.json, { status: 'ok', database: kind });
  });

  it('GET /api/config gives the public configuration', async () => {
    const r = await server.client().get('/api/config');
    assert.equal(r.status, 200);
    assert.deepEqual(r.json, { productName: 'Shopfloor', defaultLocale: 'th', locales: ['th', 'en'], passwordEmail: false });
  });

  it('every response carries a distinct X-Request-Id', async () => {
    const c = server.client();
    const ids = new Set();
    for (const p of ['/healthz', '/readyz', '/api/auth/session', '/api/nope', '/api/me']) {
      const r = await c.get(p);
      const id = r.headers.get('x-request-id');
      assert.ok(id, `${p} has no X-Request-Id`);
      ids.add(id);
    }
    assert.equal(ids.size, 5, 'request ids should be unique per request');
  });

  it('unknown /api routes give the 404 NOT_FOUND envelope', async () => {
    const c = server.client();
    for (const p of ['/api/nope', '/api/nope/deeper?x=1', '/api/auth/nope']) {
      const r = await c.get(p);
      assertEnvelope(r, 404, 'NOT_FOUND');
      assert.match(r.headers.get('content-type') ?? '', /application\/json/);
    }
  });

  it('every request gets one access-log line (method, path, status, duration, client, request id), none lost under parallel load', async () => {
    const c = server.client();
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => c.get(i % 2 ? '/healthz' : '/api/nope')));
    const ids = answers.map((r) => r.headers.get('x-request-id'));
    assert.equal(new Set(ids).size, 200);
    // The log is written behind the IO threads: give the writer a moment.
    const deadline = Date.now() + 5000;
    const missing = () => ids.filter((id) => !server.output().includes(`rid=${id}`));
    while (missing().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(missing(), [], 'every request id appears in the access log');
    const line = (id) => server.output().split('\n').find((l) => l.endsWith(`rid=${id}`));
    assert.match(line(ids[1]), /^\S+ info GET \/healthz 200 \d+\.\dms 127\.0\.0\.1 rid=[0-9a-f]{16}$/);
    assert.match(line(ids[0]), /^\S+ info GET \/api\/nope 404 \d+\.\dms 127\.0\.0\.1 rid=[0-9a-f]{16}$/);
  });

  it('JSON answers are application/json', async () => {
    const r = await server.client().get('/api/auth/session');
    assert.match(r.headers.get('content-type') ?? '', /^application\/json/);
  });
});
