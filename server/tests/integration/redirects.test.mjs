// callbackUrl handling: no open redirect; relative paths become absolute same-origin urls; HTML form
// posts get 302s. (The refused callbacks use the right password, so they are not failed sign-ins.)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, assertEnvelope, DEMO_PASSWORD, SESSION_COOKIE } from './harness.mjs';

describe('callbackUrl and redirects', () => {
  const server = useServer();

  for (const bad of ['https://evil.example/', '//evil.example', 'javascript:alert(1)', '/\\evil.example',
    'http://127.0.0.1.evil.example/']) {
    it(`callbackUrl ${JSON.stringify(bad)} is refused with INVALID_CALLBACK_URL_ERROR`, async () => {
      const c = server.client();
      const r = await c.signIn('S1001', DEMO_PASSWORD, { callbackUrl: bad });
      assertEnvelope(r, 400, 'INVALID_CALLBACK_URL_ERROR');
      assert.equal(r.json.url, `${server.origin}/api/auth/error?error=INVALID_CALLBACK_URL_ERROR`);
      assert.equal(c.jar.get(SESSION_COOKIE), undefined, 'no session for a refused callbackUrl');
      assert.ok(!r.text.includes('evil.example'), 'the answer never points at the other origin');
    });
  }

  it('a refused callbackUrl on a form post is a 302 to the error page, never to the other origin', async () => {
    const c = server.client();
    const csrfToken = await c.csrf();
    const r = await c.post('/api/auth/callback/credentials', {
      form: { csrfToken, callbackUrl: 'https://evil.example/', identifier: 'S1001', password: DEMO_PASSWORD },
    });
    assert.equal(r.status, 302);
    assert.equal(r.headers.get('location'), `${server.origin}/api/auth/error?error=INVALID_CALLBACK_URL_ERROR`);
  });

  it('a relative callbackUrl /main is accepted and answered as an absolute same-origin url', async () => {
    const c = server.client();
    const r = await c.signIn('S1001', DEMO_PASSWORD, { callbackUrl: '/main' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.url, `${server.origin}/main`);
  });

  it('a relative callbackUrl keeps its query string', async () => {
    const c = server.client();
    const r = await c.signIn('S1002', DEMO_PASSWORD, { callbackUrl: '/admin/users?page=2' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.url, `${server.origin}/admin/users?page=2`);
  });

  it('signout refuses a foreign callbackUrl', async () => {
    const c = server.client();
    await c.signInOk('S2001');
    const r = await c.post('/api/auth/signout', {
      form: { csrfToken: c.csrfToken, callbackUrl: 'https://evil.example/', json: 'true' },
    });
    assert.ok(!String(r.json?.url).includes('evil.example'), `signout redirected to ${r.json?.url}`);
  });

  it('a failed HTML form post is a 302 to the CredentialsSignin error url', async () => {
    const c = server.client();
    const csrfToken = await c.csrf();
    const r = await c.post('/api/auth/callback/credentials', {
      form: { csrfToken, callbackUrl: `${server.origin}/main`, identifier: 'S1001', password: 'wrong-password' },
    });
    assert.equal(r.status, 302);
    assert.equal(r.headers.get('location'), `${server.origin}/api/auth/error?error=CredentialsSignin&provider=credentials`);
    assert.equal(c.jar.get(SESSION_COOKIE), undefined);
  });
});
