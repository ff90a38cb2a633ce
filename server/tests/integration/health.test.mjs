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
    assert.deepEqual(r.json, { productName: 'Shopfloor', defaultLocale: 'th', locales: ['th', 'en'] });
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

  it('JSON answers are application/json', async () => {
    const r = await server.client().get('/api/auth/session');
    assert.match(r.headers.get('content-type') ?? '', /^application\/json/);
  });
});
