// Auth.js-compatible endpoints: session, csrf, providers, sign-in success paths, session update, _log,
// sign-out, HTML pages. (Failed sign-ins live in auth-failures.test.mjs so the per-IP limit of 5
// failures does not spill over into these tests.)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  useServer, assertEnvelope, sha256hex, AUTH_SECRET, DEMO_PASSWORD,
  SESSION_COOKIE, CSRF_COOKIE, CALLBACK_COOKIE, Client,
} from './harness.mjs';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

function assertCookieFlags(c, name) {
  assert.ok(c, `no ${name} cookie set`);
  assert.equal(c.attrs.path, '/', `${name}: Path=/`);
  assert.ok(c.attrs.httponly, `${name}: HttpOnly`);
  assert.match(String(c.attrs.samesite), /^lax$/i, `${name}: SameSite=Lax`);
  assert.ok(!c.attrs.secure, `${name}: no Secure flag over plain HTTP`);
}

function assertSessionShape(s) {
  assert.deepEqual(Object.keys(s).sort(), ['expires', 'user'], `session keys: ${JSON.stringify(s)}`);
  assert.deepEqual(Object.keys(s.user).sort(), ['email', 'id', 'image', 'name', 'role'], JSON.stringify(s.user));
  assert.match(s.expires, ISO);
  assert.ok(Date.parse(s.expires) > Date.now(), 'expires in the future');
  assert.match(s.user.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'id is a UUIDv7');
}

describe('Auth.js endpoints', () => {
  const server = useServer();

  it('GET session without a cookie is {}', async () => {
    const r = await server.client().get('/api/auth/session');
    assert.equal(r.status, 200);
    assert.deepEqual(r.json, {});
  });

  it('GET session with a garbage session cookie is {}', async () => {
    const c = server.client();
    c.jar.set(SESSION_COOKIE, 'not-a-real-token');
    const r = await c.get('/api/auth/session');
    assert.equal(r.status, 200);
    assert.deepEqual(r.json, {});
  });

  it('GET csrf gives a 64-hex token and a token|sha256(token+secret) cookie', async () => {
    const c = server.client();
    const r = await c.get('/api/auth/csrf');
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.json), ['csrfToken']);
    assert.match(r.json.csrfToken, /^[0-9a-f]{64}$/);
    const cookie = r.setCookies.find((x) => x.name === CSRF_COOKIE);
    assertCookieFlags(cookie, CSRF_COOKIE);
    const value = decodeURIComponent(cookie.value);
    const [token, hash] = value.split('|');
    assert.equal(token, r.json.csrfToken, 'cookie token = body token');
    assert.equal(hash, sha256hex(token + AUTH_SECRET), 'cookie hash = sha256hex(token + AUTH_SECRET)');
  });

  it('GET csrf reuses a valid csrf cookie and does not set a new one', async () => {
    const c = server.client();
    const first = await c.csrf();
    const r = await c.get('/api/auth/csrf');
    assert.equal(r.json.csrfToken, first);
    assert.equal(r.setCookies.filter((x) => x.name === CSRF_COOKIE).length, 0, 'no new csrf cookie');
  });

  it('GET csrf replaces a forged csrf cookie', async () => {
    const c = server.client();
    const forged = 'a'.repeat(64);
    c.jar.set(CSRF_COOKIE, `${forged}|${'b'.repeat(64)}`);
    const r = await c.get('/api/auth/csrf');
    assert.notEqual(r.json.csrfToken, forged);
    assert.ok(r.setCookies.some((x) => x.name === CSRF_COOKIE), 'a fresh csrf cookie is set');
  });

  it('GET providers has the credentials provider', async () => {
    const r = await server.client().get('/api/auth/providers');
    assert.equal(r.status, 200);
    assert.deepEqual(r.json, {
      credentials: {
        id: 'credentials',
        name: 'Credentials',
        type: 'credentials',
        signinUrl: `${server.origin}/api/auth/signin/credentials`,
        callbackUrl: `${server.origin}/api/auth/callback/credentials`,
      },
    });
  });

  it('callback/credentials with the employee code signs in; session has the full shape', async () => {
    const c = server.client();
    const r = await c.signIn('S1001', DEMO_PASSWORD, { callbackUrl: `${server.origin}/learning` });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.url, `${server.origin}/learning`);
    const cookie = r.setCookies.find((x) => x.name === SESSION_COOKIE);
    assertCookieFlags(cookie, SESSION_COOKIE);
    assert.ok(cookie.value.length >= 32, 'opaque token of reasonable length');
    assert.ok(cookie.attrs.expires, 'session cookie has Expires');
    const s = await c.session();
    assertSessionShape(s);
    assert.equal(s.user.name, 'สมชาย ใจดี');
    assert.equal(s.user.role, 'staff');
    // Expires of the cookie = session expiry (default 30 days).
    const days = (Date.parse(s.expires) - Date.now()) / 86400e3;
    assert.ok(days > 29 && days <= 30.01, `default session lifetime is 30 days, got ${days}`);
    assert.ok(Math.abs(Date.parse(cookie.attrs.expires) - Date.parse(s.expires)) < 2000, 'cookie Expires = session expires');
  });

  it('a callback-url cookie is set', async () => {
    const c = server.client();
    const r = await c.signIn('S1002', DEMO_PASSWORD, { callbackUrl: `${server.origin}/club` });
    assert.equal(r.status, 200, r.text);
    const cb = r.setCookies.find((x) => x.name === CALLBACK_COOKIE);
    assert.ok(cb, 'callback-url cookie set');
    assert.equal(decodeURIComponent(cb.value), `${server.origin}/club`);
  });

  it('the employee code is case-insensitive', async () => {
    const c = server.client();
    const r = await c.signIn('s1001');
    assert.equal(r.status, 200, r.text);
    assert.equal((await c.session()).user.name, 'สมชาย ใจดี');
  });

  it('callback/credentials with the email (any case) signs in', async () => {
    const c = server.client();
    const r = await c.signIn('Admin@ShopFloor.Example');
    assert.equal(r.status, 200, r.text);
    const s = await c.session();
    assertSessionShape(s);
    assert.equal(s.user.email, 'admin@shopfloor.example');
    assert.equal(s.user.role, 'admin');
  });

  it('JSON bodies are accepted too', async () => {
    const c = server.client();
    const csrfToken = await c.csrf();
    const r = await c.post('/api/auth/callback/credentials', {
      json: { csrfToken, callbackUrl: `${server.origin}/main`, json: 'true', identifier: 'EDIT01', password: DEMO_PASSWORD },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal((await c.session()).user.role, 'editor');
  });

  it('signin/credentials works like callback/credentials', async () => {
    const c = server.client();
    const r = await c.signIn('S2001', DEMO_PASSWORD, { endpoint: 'signin/credentials' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.url, `${server.origin}/main`);
    assert.ok((await c.session()).user);
  });

  it('two sign-ins get two different session tokens', async () => {
    const a = server.client();
    const b = server.client();
    await a.signInOk('S2002');
    await b.signInOk('S2002');
    assert.notEqual(a.jar.get(SESSION_COOKIE), b.jar.get(SESSION_COOKIE));
  });

  it('a plain HTML form post (no json=true) is answered with a 302 to the callbackUrl', async () => {
    const c = server.client();
    const csrfToken = await c.csrf();
    const r = await c.post('/api/auth/callback/credentials', {
      form: { csrfToken, callbackUrl: `${server.origin}/main`, identifier: 'S1001', password: DEMO_PASSWORD },
    });
    assert.equal(r.status, 302, r.text);
    assert.equal(r.headers.get('location'), `${server.origin}/main`);
    assert.ok(c.jar.get(SESSION_COOKIE));
    assert.ok((await c.session()).user);
  });

  it('missing csrfToken → 403 with url signin?csrf=true', async () => {
    const c = server.client();
    await c.csrf();
    const r = await c.post('/api/auth/callback/credentials', {
      form: { callbackUrl: `${server.origin}/main`, json: 'true', identifier: 'S1001', password: DEMO_PASSWORD },
    });
    assertEnvelope(r, 403, 'CSRF_FAILED');
    assert.equal(r.json.url, `${server.origin}/api/auth/signin?csrf=true`);
    assert.equal(c.jar.get(SESSION_COOKIE), undefined);
  });

  it('wrong csrfToken → 403', async () => {
    const c = server.client();
    await c.csrf();
    c.csrfToken = 'f'.repeat(64);
    const r = await c.signIn('S1001');
    assertEnvelope(r, 403, 'CSRF_FAILED');
    assert.equal(r.json.url, `${server.origin}/api/auth/signin?csrf=true`);
  });

  it('a csrfToken without its cookie → 403', async () => {
    const c = server.client();
    const token = await c.csrf();
    const fresh = new Client(server.origin);
    fresh.csrfToken = token;
    const r = await fresh.signIn('S1001');
    assertEnvelope(r, 403, 'CSRF_FAILED');
  });

  it('a csrf failure on a plain form post is a 302 to signin?csrf=true', async () => {
    const c = server.client();
    await c.csrf();
    const r = await c.post('/api/auth/callback/credentials', {
      form: { csrfToken: '0'.repeat(64), callbackUrl: `${server.origin}/main`, identifier: 'S1001', password: DEMO_PASSWORD },
    });
    assert.equal(r.status, 302);
    assert.equal(r.headers.get('location'), `${server.origin}/api/auth/signin?csrf=true`);
  });

  it('signin/{unknown provider} → url of the sign-in page', async () => {
    const c = server.client();
    const csrfToken = await c.csrf();
    const r = await c.post('/api/auth/signin/github', {
      form: { csrfToken, callbackUrl: `${server.origin}/main`, json: 'true' },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.url, `${server.origin}/api/auth/signin`);
  });

  it('POST session with data.name updates the name and answers the new session', async () => {
    const c = server.client();
    await c.signInOk('S1002');
    const r = await c.post('/api/auth/session', { json: { csrfToken: c.csrfToken, data: { name: 'Nok' } } });
    assert.equal(r.status, 200, r.text);
    assertSessionShape(r.json);
    assert.equal(r.json.user.name, 'Nok');
    assert.equal((await c.session()).user.name, 'Nok');
    const me = await c.get('/api/me');
    assert.equal(me.status, 200, me.text);
    assert.equal(me.json.user.nickname, 'Nok');
  });

  it('POST session with a bad csrfToken → 403; without a session → {}', async () => {
    const c = server.client();
    await c.signInOk('S2001');
    const bad = await c.post('/api/auth/session', { json: { csrfToken: '1'.repeat(64), data: { name: 'X' } } });
    assertEnvelope(bad, 403, 'CSRF_FAILED');
    assert.notEqual((await c.session()).user.name, 'X');

    const anon = server.client();
    const token = await anon.csrf();
    const r = await anon.post('/api/auth/session', { json: { csrfToken: token, data: { name: 'X' } } });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.json, {});
  });

  it('POST _log answers 200 {} for form and JSON bodies', async () => {
    const c = server.client();
    const f = await c.post('/api/auth/_log', {
      form: { level: 'error', code: 'CLIENT_FETCH_ERROR', message: 'integration test log line' },
    });
    assert.equal(f.status, 200, f.text);
    assert.deepEqual(f.json, {});
    const j = await c.post('/api/auth/_log', { json: { level: 'warn', code: 'TEST', message: 'json log line' } });
    assert.equal(j.status, 200, j.text);
    assert.deepEqual(j.json, {});
  });

  it('POST _log over 8 KiB is refused with 413', async () => {
    const r = await server.client().post('/api/auth/_log', {
      json: { level: 'error', code: 'BIG', message: 'x'.repeat(9 * 1024) },
    });
    assertEnvelope(r, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('signout deletes the session: the old cookie gives {} and /api/me 401', async () => {
    const c = server.client();
    await c.signInOk('S1001');
    const oldToken = c.jar.get(SESSION_COOKIE);
    assert.equal((await c.get('/api/me')).status, 200);
    const r = await c.post('/api/auth/signout', {
      form: { csrfToken: c.csrfToken, callbackUrl: `${server.origin}/login`, json: 'true' },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.url, `${server.origin}/login`);
    const cleared = r.setCookies.find((x) => x.name === SESSION_COOKIE);
    assert.ok(cleared, 'the session cookie is cleared');
    assert.equal(c.jar.get(SESSION_COOKIE), undefined, 'the Set-Cookie deletes the cookie');

    const replay = server.client();
    replay.jar.set(SESSION_COOKIE, oldToken);
    assert.deepEqual(await replay.session(), {});
    const me = await replay.get('/api/me');
    assertEnvelope(me, 401, 'UNAUTHENTICATED');
  });

  it('signout with a bad csrfToken → 403 and the session lives on', async () => {
    const c = server.client();
    await c.signInOk('S1002');
    const r = await c.post('/api/auth/signout', {
      form: { csrfToken: '2'.repeat(64), callbackUrl: `${server.origin}/login`, json: 'true' },
    });
    assertEnvelope(r, 403, 'CSRF_FAILED');
    assert.ok((await c.session()).user, 'still signed in');
  });

  for (const [p, extra] of [
    ['/api/auth/signin', ['<form', 'name="identifier"', 'name="password"', 'name="csrfToken"']],
    ['/api/auth/signin?error=CredentialsSignin', ['<form']],
    ['/api/auth/error?error=CredentialsSignin', []],
    ['/api/auth/error?error=AccountPending', []],
    ['/api/auth/error', []],
    ['/api/auth/signout', ['<form', 'name="csrfToken"']],
  ]) {
    it(`GET ${p} is an HTML page`, async () => {
      const r = await server.client().get(p);
      assert.equal(r.status, 200, r.text.slice(0, 200));
      assert.match(r.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(r.text, /<html/i);
      for (const s of extra) assert.ok(r.text.includes(s), `${p} should contain ${s}`);
    });
  }

  it('the error page escapes what it is given', async () => {
    const r = await server.client().get('/api/auth/error?error=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    assert.ok(r.status === 200 || r.status === 400, `status ${r.status}`);
    assert.ok(!r.text.includes('<script>alert(1)</script>'), 'error code reflected without escaping');
  });
});
