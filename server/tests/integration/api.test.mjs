// /api/me, CSRF on cookie-authenticated writes, input validation, body limits and role guards.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, assertEnvelope, rawRequest } from './harness.mjs';

describe('the signed-in user and the API edge', () => {
  const server = useServer();
  let staff;

  before(async () => {
    staff = server.client();
    await staff.signInOk('S1001');
  });

  it('GET /api/me without a session → 401 UNAUTHENTICATED', async () => {
    assertEnvelope(await server.client().get('/api/me'), 401, 'UNAUTHENTICATED');
  });

  it('GET /api/me has the documented shape', async () => {
    const r = await staff.get('/api/me');
    assert.equal(r.status, 200, r.text);
    const u = r.json.user;
    assert.deepEqual(Object.keys(r.json), ['user']);
    assert.deepEqual(Object.keys(u).sort(), [
      'email', 'employeeCode', 'id', 'image', 'locale', 'name', 'nickname', 'phone', 'position', 'positionName', 'region',
      'role', 'status', 'store',
    ]);
    assert.equal(u.employeeCode, 'S1001');
    assert.equal(u.name, 'สมชาย ใจดี');
    assert.equal(u.role, 'staff');
    assert.equal(u.status, 'active');
    assert.ok(['th', 'en'].includes(u.locale));
    assert.equal(u.store.code, 'BKK01');
    assert.deepEqual(Object.keys(u.store).sort(), ['code', 'id', 'name']);
    assert.equal(u.region.code, 'BKK');
    assert.deepEqual(Object.keys(u.region).sort(), ['code', 'id', 'name']);
  });

  it('PATCH /api/me without X-CSRF-Token → 403 CSRF_FAILED', async () => {
    const r = await staff.patch('/api/me', { json: { nickname: 'NoHeader' } });
    assertEnvelope(r, 403, 'CSRF_FAILED');
  });

  it('PATCH /api/me with a wrong X-CSRF-Token → 403 CSRF_FAILED', async () => {
    const r = await staff.patch('/api/me', { json: { nickname: 'Wrong' }, headers: { 'x-csrf-token': 'e'.repeat(64) } });
    assertEnvelope(r, 403, 'CSRF_FAILED');
    assert.notEqual((await staff.get('/api/me')).json.user.nickname, 'Wrong');
  });

  it('PATCH /api/me with the right header but no csrf cookie → 403 CSRF_FAILED', async () => {
    const jar = staff.jar.clone();
    jar.delete('next-auth.csrf-token');
    const r = await staff.patch('/api/me', {
      json: { nickname: 'NoCookie' },
      headers: { 'x-csrf-token': staff.csrfToken, cookie: jar.header() },
    });
    assertEnvelope(r, 403, 'CSRF_FAILED');
  });

  it('PATCH /api/me with the right X-CSRF-Token → 200 and the new values', async () => {
    const r = await staff.patch('/api/me', {
      json: { nickname: 'ชาย', locale: 'en' },
      headers: { 'x-csrf-token': staff.csrfToken },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.user.nickname, 'ชาย');
    assert.equal(r.json.user.locale, 'en');
    assert.equal(r.json.user.employeeCode, 'S1001');
    const again = await staff.get('/api/me');
    assert.equal(again.json.user.nickname, 'ชาย');
    assert.equal(again.json.user.locale, 'en');
  });

  it('PATCH /api/me with a valid csrf but no session → 401', async () => {
    const c = server.client();
    const token = await c.csrf();
    const r = await c.patch('/api/me', { json: { nickname: 'x' }, headers: { 'x-csrf-token': token } });
    assertEnvelope(r, 401, 'UNAUTHENTICATED');
  });

  it('malformed JSON → 400 BAD_JSON', async () => {
    const r = await staff.patch('/api/me', {
      body: '{"nickname": "unterminated',
      headers: { 'content-type': 'application/json', 'x-csrf-token': staff.csrfToken },
    });
    assertEnvelope(r, 400, 'BAD_JSON');
  });

  it('JSON nested too deep → 400 BAD_JSON', async () => {
    const deep = '['.repeat(10000) + ']'.repeat(10000);
    const r = await staff.patch('/api/me', {
      body: deep,
      headers: { 'content-type': 'application/json', 'x-csrf-token': staff.csrfToken },
    });
    assertEnvelope(r, 400, ['BAD_JSON', 'BAD_REQUEST']);
  });

  it('wrong types → 400 BAD_REQUEST or 422 VALIDATION_FAILED', async () => {
    for (const body of [{ nickname: 5 }, { locale: ['th'] }, [], 'just a string', { nickname: null, locale: 7 }]) {
      const r = await staff.patch('/api/me', { json: body, headers: { 'x-csrf-token': staff.csrfToken } });
      assert.ok([400, 422].includes(r.status), `${JSON.stringify(body)} → ${r.status} ${r.text}`);
      assertEnvelope(r, undefined, r.status === 400 ? 'BAD_REQUEST' : 'VALIDATION_FAILED');
    }
  });

  it('bad values → 422 VALIDATION_FAILED with fields', async () => {
    const long = await staff.patch('/api/me', { json: { nickname: 'x'.repeat(61) }, headers: { 'x-csrf-token': staff.csrfToken } });
    assertEnvelope(long, 422, 'VALIDATION_FAILED');
    assert.ok(long.json.error.fields?.nickname, 'fields.nickname explains the error');
    const locale = await staff.patch('/api/me', { json: { locale: 'fr' }, headers: { 'x-csrf-token': staff.csrfToken } });
    assertEnvelope(locale, 422, 'VALIDATION_FAILED');
    assert.ok(locale.json.error.fields?.locale, 'fields.locale explains the error');
    // 60 Thai characters are fine (the limit counts characters, not bytes).
    const thai = await staff.patch('/api/me', { json: { nickname: 'ก'.repeat(60) }, headers: { 'x-csrf-token': staff.csrfToken } });
    assert.equal(thai.status, 200, thai.text);
  });

  it('a body over 1 MiB → 413 PAYLOAD_TOO_LARGE', async () => {
    const big = JSON.stringify({ nickname: 'x'.repeat((1 << 20) + 16) });
    let r;
    try {
      r = await rawRequest(server.origin, {
        method: 'PATCH',
        path: '/api/me',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(big),
          'x-csrf-token': staff.csrfToken,
          cookie: staff.jar.header(),
        },
        body: big,
      });
    } catch (e) {
      assert.fail(`the server dropped the connection instead of answering 413: ${e.message}`);
    }
    assert.equal(r.status, 413, r.text.slice(0, 200));
    assert.equal(r.json?.error?.code, 'PAYLOAD_TOO_LARGE');
    // The server is still fine afterwards.
    assert.equal((await staff.get('/api/me')).status, 200);
  });
});

describe('role guards on /api/admin/overview', () => {
  const server = useServer();

  it('anonymous → 401 UNAUTHENTICATED', async () => {
    assertEnvelope(await server.client().get('/api/admin/overview'), 401, 'UNAUTHENTICATED');
  });

  it('staff → 403 FORBIDDEN', async () => {
    const c = server.client();
    await c.signInOk('S1001');
    assertEnvelope(await c.get('/api/admin/overview'), 403, 'FORBIDDEN');
  });

  for (const who of ['EDIT01', 'ADMIN01']) {
    it(`${who} → 200 with the overview`, async () => {
      const c = server.client();
      await c.signInOk(who);
      const r = await c.get('/api/admin/overview');
      assert.equal(r.status, 200, r.text);
      const o = r.json;
      assert.deepEqual(Object.keys(o).sort(), ['activeSessions', 'figures', 'online', 'queues', 'regions', 'stores', 'today', 'users']);
      assert.deepEqual(Object.keys(o.users).sort(), ['active', 'disabled', 'pending', 'total']);
      for (const v of [o.users.total, o.users.active, o.users.pending, o.users.disabled, o.stores, o.regions, o.activeSessions]) {
        assert.ok(Number.isInteger(v) && v >= 0, `counts are integers: ${JSON.stringify(o)}`);
      }
      assert.ok(o.users.total >= 6, 'the demo seed has 6 users');
      assert.equal(o.users.total, o.users.active + o.users.pending + o.users.disabled);
      assert.ok(o.stores >= 2 && o.regions >= 2);
      assert.ok(o.activeSessions >= 1, 'our own session counts');
    });
  }
});
