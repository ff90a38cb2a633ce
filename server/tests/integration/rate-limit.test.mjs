// Sign-in rate limiting: 5 failures within 15 minutes per identifier or per IP → 429 with Retry-After
// for the (account, IP) pairs that failed themselves, and their attempt is not even checked (the right
// password is refused too). Fresh pairs are still checked: see auth-hardening.test.mjs.
// Attempts come from chosen loopback addresses (127.0.0.x) so the per-account and per-IP limits can be
// told apart.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, rawRequest, DEMO_PASSWORD } from './harness.mjs';

async function attempt(server, csrf, { identifier, password, from, headers = {} }) {
  return rawRequest(server.origin, {
    method: 'POST',
    path: '/api/auth/callback/credentials',
    localAddress: from,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrf.cookie, ...headers },
    body: new URLSearchParams({
      csrfToken: csrf.token, callbackUrl: `${server.origin}/main`, json: 'true', identifier, password,
    }).toString(),
  });
}

async function getCsrf(server) {
  const c = server.client();
  const token = await c.csrf();
  return { token, cookie: c.jar.header() };
}

function assertLimited(server, r) {
  assert.equal(r.status, 429, `expected 429, got ${r.status} ${r.text}`);
  const retry = r.headers['retry-after'];
  assert.ok(retry !== undefined, 'Retry-After header');
  assert.match(retry, /^\d+$/, 'Retry-After in seconds');
  assert.ok(Number(retry) > 0 && Number(retry) <= 15 * 60, `Retry-After ${retry} within 15 minutes`);
  assert.equal(r.json.url, `${server.origin}/api/auth/error?error=TooManyAttempts`);
  assert.equal(r.json.error.code, 'RATE_LIMITED');
  assert.ok(!/session-token/.test(String(r.headers['set-cookie'] ?? '')), 'no session cookie while limited');
}

describe('per-account limit', () => {
  const server = useServer();

  it('5 wrong passwords for one account (from 5 addresses) → the next attempt from those addresses is 429 even with the right password', async () => {
    const csrf = await getCsrf(server);
    for (let i = 0; i < 5; i++) {
      const r = await attempt(server, csrf, { identifier: 'S1002', password: `wrong-${i}`, from: `127.0.0.${10 + i}` });
      assert.equal(r.status, 401, `failure ${i + 1}: ${r.status} ${r.text}`);
    }
    const r = await attempt(server, csrf, { identifier: 'S1002', password: DEMO_PASSWORD, from: '127.0.0.14' });
    assertLimited(server, r);
    // The limit is keyed on the account, whatever the case of the identifier.
    const lower = await attempt(server, csrf, { identifier: 's1002', password: DEMO_PASSWORD, from: '127.0.0.13' });
    assertLimited(server, lower);
  });

  it('another account is not affected', async () => {
    const csrf = await getCsrf(server);
    const r = await attempt(server, csrf, { identifier: 'S1001', password: DEMO_PASSWORD, from: '127.0.0.22' });
    assert.equal(r.status, 200, r.text);
  });
});

describe('per-IP limit', () => {
  const server = useServer();

  it('5 failures over different unknown identifiers from one IP → 429 for those identifiers from that IP only', async () => {
    const csrf = await getCsrf(server);
    const ip = '127.0.0.30';
    for (let i = 0; i < 5; i++) {
      const r = await attempt(server, csrf, { identifier: `GHOST${i}`, password: 'whatever', from: ip });
      assert.equal(r.status, 401, `failure ${i + 1}: ${r.status} ${r.text}`);
    }
    const limited = await attempt(server, csrf, { identifier: 'GHOST0', password: 'whatever', from: ip });
    assertLimited(server, limited);
    // Without TRUST_PROXY a client cannot pick its own address with X-Forwarded-For.
    const spoofed = await attempt(server, csrf, {
      identifier: 'GHOST1', password: 'whatever', from: ip, headers: { 'x-forwarded-for': '10.9.9.9' },
    });
    assertLimited(server, spoofed);
    const other = await attempt(server, csrf, { identifier: 'S1001', password: DEMO_PASSWORD, from: '127.0.0.31' });
    assert.equal(other.status, 200, `another IP is not limited: ${other.status} ${other.text}`);
  });
});
