// Sign-in hardening (issue 9): the limit holds when guesses race, lockouts hurt the attacker's
// (account, IP) pair rather than the owner or a whole store, callbackUrl origins compare exactly, a
// client's Host header never names a redirect target, client values cannot forge log lines, the CSRF
// cookie is renewed at sign-in, and HTML pages carry a Content-Security-Policy.
// Attempts come from chosen loopback addresses (127.0.0.x) so pairs and IPs can be told apart.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { useServer, rawRequest, assertEnvelope, DEMO_PASSWORD, SESSION_COOKIE, CSRF_COOKIE } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';

async function getCsrf(server) {
  const c = server.client();
  const token = await c.csrf();
  return { token, cookie: c.jar.header() };
}

function attempt(server, csrf, { identifier, password, from, callbackUrl, json = true, headers = {} }) {
  const form = { csrfToken: csrf.token, callbackUrl: callbackUrl ?? `${server.origin}/main`, identifier, password };
  if (json) form.json = 'true';
  return rawRequest(server.origin, {
    method: 'POST',
    path: '/api/auth/callback/credentials',
    localAddress: from,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrf.cookie, ...headers },
    body: new URLSearchParams(form).toString(),
  });
}

function retryAfter(r) {
  assert.equal(r.status, 429, `expected 429, got ${r.status} ${r.text}`);
  assert.equal(r.json.error.code, 'RATE_LIMITED');
  return Number(r.headers['retry-after']);
}

describe('parallel guesses', () => {
  const server = useServer();

  it('20 wrong passwords for one account sent at once → at most 5 checked (401), the rest 429; at most 5 failures recorded', async () => {
    const csrf = await getCsrf(server);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        attempt(server, csrf, { identifier: 'S1001', password: `wrong-${i}`, from: '127.0.0.40' })),
    );
    const statuses = answers.map((r) => r.status);
    const checked = statuses.filter((s) => s === 401).length;
    assert.ok(checked <= 5, `at most 5 guesses checked, got ${checked}: ${statuses}`);
    assert.equal(checked + statuses.filter((s) => s === 429).length, 20, `only 401 and 429: ${statuses}`);
    const [[failures]] = await dbQuery(server, "SELECT COUNT(*) FROM sign_ins WHERE ok = 0 AND identifier = 'S1001'");
    assert.ok(Number(failures) <= 5, `at most 5 failed sign-ins recorded, got ${failures}`);
    // The owner, from elsewhere, is not locked out by this.
    const owner = await attempt(server, csrf, { identifier: 'S1001', password: DEMO_PASSWORD, from: '127.0.0.41' });
    assert.equal(owner.status, 200, owner.text);
  });
});

describe('lockouts hurt the attacker, not the owner', () => {
  const server = useServer();

  it('after 5 failures from one IP, that IP is refused even with the right password, the owner elsewhere signs in', async () => {
    const csrf = await getCsrf(server);
    for (let i = 0; i < 5; i++) {
      const r = await attempt(server, csrf, { identifier: 'S1002', password: `wrong-${i}`, from: '127.0.0.50' });
      assert.equal(r.status, 401, r.text);
    }
    const attacker = await attempt(server, csrf, { identifier: 'S1002', password: DEMO_PASSWORD, from: '127.0.0.50' });
    assert.ok(retryAfter(attacker) > 0);
    const owner = await attempt(server, csrf, { identifier: 'S1002', password: DEMO_PASSWORD, from: '127.0.0.51' });
    assert.equal(owner.status, 200, `a fresh pair with the right password gets in: ${owner.text}`);
  });

  it('over the account-wide limit, a fresh IP gets one checked guess; after that failure it is refused', async () => {
    const csrf = await getCsrf(server);
    // Five failures spread over five addresses put the account over its limit.
    for (let i = 0; i < 5; i++) {
      const r = await attempt(server, csrf, { identifier: 'S2001', password: `wrong-${i}`, from: `127.0.0.${60 + i}` });
      assert.equal(r.status, 401, r.text);
    }
    const guess = await attempt(server, csrf, { identifier: 'S2001', password: 'wrong-again', from: '127.0.0.70' });
    assert.equal(guess.status, 401, `a fresh pair is checked: ${guess.text}`);
    const again = await attempt(server, csrf, { identifier: 'S2001', password: DEMO_PASSWORD, from: '127.0.0.70' });
    assert.ok(retryAfter(again) <= 15 * 60);
    const owner = await attempt(server, csrf, { identifier: 'S2001', password: DEMO_PASSWORD, from: '127.0.0.71' });
    assert.equal(owner.status, 200, owner.text);
  });

  it('5 failures from a store IP do not lock the other staff behind that IP', async () => {
    const csrf = await getCsrf(server);
    const ip = '127.0.0.80';
    for (let i = 0; i < 5; i++) {
      const r = await attempt(server, csrf, { identifier: `GHOST${i}`, password: 'whatever', from: ip });
      assert.equal(r.status, 401, r.text);
    }
    const repeat = await attempt(server, csrf, { identifier: 'GHOST0', password: 'whatever', from: ip });
    assert.ok(retryAfter(repeat) > 0, 'a pair that failed is refused once the IP is over its limit');
    const colleague = await attempt(server, csrf, { identifier: 'S2002', password: DEMO_PASSWORD, from: ip });
    assert.equal(colleague.status, 200, colleague.text);
  });

  it('repeated lockouts of the same pair wait longer (30 minutes for the second)', async () => {
    const csrf = await getCsrf(server);
    const ip = '127.0.0.90';
    // A first lockout 20 minutes ago, already over.
    const past = Date.now() - 20 * 60 * 1000;
    const values = Array.from({ length: 5 }, (_, i) => `('old-${i}', 'pair:ghost-prog|${ip}', ${past + i})`).join(', ');
    await dbQuery(server, `INSERT INTO auth_failures (id, subject, at) VALUES ${values}`);
    for (let i = 0; i < 5; i++) {
      const r = await attempt(server, csrf, { identifier: 'GHOST-PROG', password: `wrong-${i}`, from: ip });
      assert.equal(r.status, 401, `failure ${i + 1}: ${r.text}`);
    }
    const r = await attempt(server, csrf, { identifier: 'GHOST-PROG', password: 'wrong', from: ip });
    const wait = retryAfter(r);
    assert.ok(wait > 15 * 60 && wait <= 30 * 60, `second lockout waits 15-30 minutes, got ${wait}s`);
  });
});

describe('callbackUrl origin compare', () => {
  const server = useServer();

  for (const suffix of ['.evil.example/x', 'evil/x', '@evil.example/', '/%zz']) {
    it(`callbackUrl origin + ${JSON.stringify(suffix)} is refused`, async () => {
      const c = server.client();
      const r = await c.signIn('S1001', DEMO_PASSWORD, { callbackUrl: `${server.origin}${suffix}` });
      assertEnvelope(r, 400, 'INVALID_CALLBACK_URL_ERROR');
      assert.equal(c.jar.get(SESSION_COOKIE), undefined);
    });
  }

  it('the same origin with a path, and with upper-case scheme and host, is accepted', async () => {
    const c = server.client();
    const r = await c.signIn('S1001', DEMO_PASSWORD, { callbackUrl: `${server.origin}/x?y=1` });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.url, `${server.origin}/x?y=1`);
    const upper = `HTTP://127.0.0.1:${server.port}/learning`;
    const u = await server.client().signIn('S1002', DEMO_PASSWORD, { callbackUrl: upper });
    assert.equal(u.status, 200, u.text);
  });
});

describe('the Host header does not choose the redirect target (PUBLIC_URL unset)', () => {
  const server = useServer();

  it('a no-JS sign-in with Host: evil.example redirects to this server, not to evil.example', async () => {
    const csrf = await getCsrf(server);
    const r = await attempt(server, csrf, {
      identifier: 'S1001', password: DEMO_PASSWORD, json: false, callbackUrl: '/main', headers: { host: 'evil.example' },
    });
    assert.equal(r.status, 302, r.text);
    assert.equal(r.headers.location, `${server.origin}/main`);
  });

  it('JSON answers and the providers list ignore a foreign Host too', async () => {
    const csrf = await getCsrf(server);
    const r = await attempt(server, csrf, {
      identifier: 'S1002', password: DEMO_PASSWORD, callbackUrl: '/main', headers: { host: 'evil.example:80' },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.url, `${server.origin}/main`);
    const p = await rawRequest(server.origin, { path: '/api/auth/providers', headers: { host: 'evil.example' } });
    assert.ok(!p.text.includes('evil.example'), p.text);
  });

  it('a loopback name for this server is kept (local development)', async () => {
    const csrf = await getCsrf(server);
    const host = `localhost:${server.port}`;
    const r = await attempt(server, csrf, {
      identifier: 'S2001', password: DEMO_PASSWORD, json: false, callbackUrl: '/main', headers: { host },
    });
    assert.equal(r.status, 302, r.text);
    assert.equal(r.headers.location, `http://${host}/main`);
  });
});

describe('log forging', () => {
  const server = useServer();

  it('newlines in a _log message and control bytes in a path are escaped in the server log', async () => {
    const c = server.client();
    const r = await c.post('/api/auth/_log', {
      form: { level: 'error', code: 'X\r\nFORGED-CODE', message: 'first line\nFORGED-LINE 200 admin signed in' },
    });
    assert.equal(r.status, 200, r.text);
    await rawRequest(server.origin, { path: '/api/nothing%00here%0aFORGED-PATH%1b[31m' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const log = server.output();
    for (const forged of ['FORGED-LINE', 'FORGED-CODE', 'FORGED-PATH']) {
      const line = log.split('\n').find((l) => l.includes(forged));
      assert.ok(line, `${forged} is logged`);
      assert.ok(!line.trimStart().startsWith(forged), `${forged} starts a line of its own: ${JSON.stringify(line)}`);
    }
    assert.ok(log.includes('first line\\nFORGED-LINE'), 'the newline is logged as \\n');
    assert.ok(log.includes('nothing\\x00here\\nFORGED-PATH\\x1b[31m'), 'NUL and ESC in the path are escaped');
    assert.ok(!log.includes('\0') && !log.includes('\x1b'), 'no raw NUL or ESC in the log');
  });
});

describe('CSRF cookie renewal at sign-in', () => {
  const server = useServer();

  it('a successful sign-in sets a fresh CSRF token; the old one no longer passes', async () => {
    const c = server.client();
    const before = await c.csrf();
    const r = await c.signIn('S1001', DEMO_PASSWORD);
    assert.equal(r.status, 200, r.text);
    const renewed = r.setCookies.find((x) => x.name === CSRF_COOKIE);
    assert.ok(renewed, 'the sign-in answer sets the CSRF cookie');
    const token = decodeURIComponent(renewed.value).split('|')[0];
    assert.match(token, /^[0-9a-f]{64}$/);
    assert.notEqual(token, before, 'a new token');
    const stale = await c.post('/api/auth/signout', {
      form: { csrfToken: before, callbackUrl: `${server.origin}/login`, json: 'true' },
    });
    assertEnvelope(stale, 403, 'CSRF_FAILED');
    const ok = await c.post('/api/auth/signout', {
      form: { csrfToken: token, callbackUrl: `${server.origin}/login`, json: 'true' },
    });
    assert.equal(ok.status, 200, ok.text);
  });

  it('a failed sign-in keeps the token', async () => {
    const c = server.client();
    await c.csrf();
    const r = await c.signIn('S1001', 'not-the-password');
    assert.equal(r.status, 401);
    assert.ok(!r.setCookies.some((x) => x.name === CSRF_COOKIE));
  });
});

describe('Content-Security-Policy on HTML', () => {
  let webDir;
  before(() => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopfloor-csp-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  });
  after(() => fs.rmSync(webDir, { recursive: true, force: true }));
  const server = useServer({ get webDir() { return webDir; } });

  function assertCsp(r) {
    const csp = r.headers.get('content-security-policy') ?? '';
    for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'self'",
      "form-action 'self'", "frame-ancestors 'none'"]) {
      assert.ok(csp.includes(directive), `CSP has ${directive}: ${csp}`);
    }
    assert.ok(!/script-src[^;]*unsafe/.test(csp), `no unsafe script sources: ${csp}`);
    assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
    assert.ok(r.headers.get('referrer-policy'));
  }

  for (const p of ['/', '/main', '/api/auth/signin', '/api/auth/signout', '/api/auth/error?error=Default']) {
    it(`GET ${p} has a strict Content-Security-Policy`, async () => {
      const r = await server.client().get(p);
      assert.equal(r.status, 200, r.text.slice(0, 200));
      assert.match(r.headers.get('content-type') ?? '', /^text\/html/);
      assertCsp(r);
    });
  }
});
