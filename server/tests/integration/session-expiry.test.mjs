// Session lifetime: expiry after SESSION_MAX_AGE and sliding renewal after SESSION_UPDATE_AGE.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, sleep, SESSION_COOKIE } from './harness.mjs';

describe('SESSION_MAX_AGE=2', () => {
  const server = useServer({ env: { SESSION_MAX_AGE: '2' } });

  it('the session is {} after 3 s and the cookie is cleared', async () => {
    const c = server.client();
    await c.signInOk('S1001');
    const s = await c.session();
    assert.ok(s.user, 'signed in right after sign-in');
    const left = Date.parse(s.expires) - Date.now();
    assert.ok(left > 0 && left <= 2500, `expires in about 2 s, got ${left} ms`);
    const cookie = c.jar.entry(SESSION_COOKIE);
    assert.ok(Date.parse(cookie.attrs.expires) - Date.now() <= 3000, 'cookie Expires ~ 2 s');

    await sleep(3000);
    const token = c.jar.get(SESSION_COOKIE);
    const r = await c.get('/api/auth/session');
    assert.deepEqual(r.json, {});
    const cleared = r.setCookies.find((x) => x.name === SESSION_COOKIE);
    assert.ok(cleared, 'the expired session cookie is cleared');
    const me = await c.get('/api/me', { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    assert.equal(me.status, 401);
  });
});

describe('SESSION_MAX_AGE=4 SESSION_UPDATE_AGE=1 (sliding)', () => {
  const server = useServer({ env: { SESSION_MAX_AGE: '4', SESSION_UPDATE_AGE: '1' } });

  it('keeps the session alive past its first expiry while it is used, and moves the cookie Expires', async () => {
    const c = server.client();
    await c.signInOk('S1002');
    const start = Date.now();
    const firstCookieExpiry = Date.parse(c.jar.entry(SESSION_COOKIE).attrs.expires);
    const firstExpiry = Date.parse((await c.session()).expires);
    let resent = 0;
    while (Date.now() - start < 6500) {
      await sleep(1200);
      const r = await c.get('/api/auth/session');
      assert.ok(r.json.user, `signed out after ${Date.now() - start} ms of regular use`);
      if (r.setCookies.some((x) => x.name === SESSION_COOKIE)) resent++;
    }
    assert.ok(Date.now() - start > 6000);
    const s = await c.session();
    assert.ok(s.user, 'still signed in after 6 s');
    assert.ok(Date.parse(s.expires) > firstExpiry + 2000, 'session expires moved forward');
    assert.ok(resent >= 1, 'the cookie was re-sent when the expiry slid');
    const cookieExpiry = Date.parse(c.jar.entry(SESSION_COOKIE).attrs.expires);
    assert.ok(cookieExpiry > firstCookieExpiry + 2000, `cookie Expires moved: ${firstCookieExpiry} → ${cookieExpiry}`);
  });

  it('an untouched session still expires after SESSION_MAX_AGE', async () => {
    const c = server.client();
    await c.signInOk('S2001');
    await sleep(5000);
    assert.deepEqual(await c.session(), {});
  });
});
