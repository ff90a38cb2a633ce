// Single sign-on with OpenID Connect (issue 26) against a real OpenID provider the test starts
// (identity-provider.mjs, the npm oidc-provider library), on SQLite and PostgreSQL. Two provider entries on
// our side use it: `op` (RS256 ID tokens, client_secret_basic, people matched by email) and `opes` (ES256,
// client_secret_post, matched by the employee_code claim); `down` names a provider nobody runs.
//
// What an attacker between the provider and us could change, the test changes in the real provider's
// answers (identity-provider.mjs `tamper`): the nonce, the expiry, the signing key.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, freePort, Client, SESSION_COOKIE, assertEnvelope } from './harness.mjs';
import { startIdentityProvider, loginAtProvider, makeKey } from './identity-provider.mjs';
import { dbQuery } from './dbquery.mjs';

const FLOW_COOKIE = 'next-auth.sso-flow';

// Each browser is a phone of its own, with its own address (TRUST_PROXY): sign-in starts and callbacks are
// budgeted per client IP, and the suite must not spend one address's budget.
let ipSeq = 0;
class Browser extends Client {
  constructor(origin, jar, ip = `203.0.113.${++ipSeq % 250}`) {
    super(origin, jar);
    this.ip = ip;
  }
  request(method, p, opts = {}) {
    return super.request(method, p, { ...opts, headers: { 'x-forwarded-for': this.ip, ...(opts.headers ?? {}) } });
  }
}

const HS_SECRET = 'line-channel-secret-0123456789abcdef0123';

const ACCOUNTS = {
  somchai: { email: 's1001@shopfloor.example', email_verified: true, name: 'Somchai (IdP)', employee_code: 'S1001' },
  somying: { email: 'someone.else@corp.example', email_verified: true, name: 'Somying', employee_code: 's1002' },
  stranger: { email: 'stranger@corp.example', email_verified: true, name: 'Stranger Danger', employee_code: 'X9999' },
  newcomer: { email: 'Newcomer@Corp.example', email_verified: true, given_name: 'Nita', family_name: 'New' },
  disabled: { email: 'sso.disabled@shopfloor.example', email_verified: true, name: 'Disabled Person' },
  unverified: { email: 's2001@shopfloor.example', email_verified: false, name: 'Not Verified' },
};

describe('single sign-on (OpenID Connect)', () => {
  let op, server, admin, ourPort;

  before(async () => {
    ourPort = await freePort();
    const opPort = await freePort();
    const ours = `http://127.0.0.1:${ourPort}`;
    op = await startIdentityProvider({
      port: opPort,
      accounts: ACCOUNTS,
      clients: [
        { clientId: 'shopfloor-rs', clientSecret: 'rs secret/+=', redirectUri: `${ours}/api/auth/callback/op`, tokenAuth: 'client_secret_basic', alg: 'RS256' },
        { clientId: 'shopfloor-es', clientSecret: 'es-secret', redirectUri: `${ours}/api/auth/callback/opes`, tokenAuth: 'client_secret_post', alg: 'ES256' },
        // Signs ID tokens HS256 with the client secret, as LINE's web login does.
        { clientId: 'shopfloor-hs', clientSecret: HS_SECRET, redirectUri: `${ours}/api/auth/callback/line`, tokenAuth: 'client_secret_post', alg: 'HS256' },
      ],
    });
    const deadPort = await freePort();
    server = await startServer({
      port: ourPort,
      users: [
        { identifier: 'SSO-DIS', password: 'Passw0rd!x', name: 'Disabled Person', email: 'sso.disabled@shopfloor.example', status: 'disabled' },
      ],
      env: {
        TRUST_PROXY: '1',
        OIDC_PROVIDERS: 'op, opes,down,line',
        OIDC_LINE_ISSUER: op.issuer,
        OIDC_LINE_CLIENT_ID: 'shopfloor-hs',
        OIDC_LINE_CLIENT_SECRET: HS_SECRET,
        OIDC_LINE_TOKEN_AUTH: 'client_secret_post',
        OIDC_LINE_ID_TOKEN_ALG: 'HS256',
        OIDC_OP_ISSUER: op.issuer,
        OIDC_OP_CLIENT_ID: 'shopfloor-rs',
        OIDC_OP_CLIENT_SECRET: 'rs secret/+=',
        OIDC_OP_NAME: 'Test Company',
        OIDC_OPES_ISSUER: `${op.issuer}/`,
        OIDC_OPES_CLIENT_ID: 'shopfloor-es',
        OIDC_OPES_CLIENT_SECRET: 'es-secret',
        OIDC_OPES_SCOPES: 'openid profile employee',
        OIDC_OPES_CLAIM: 'employee_code',
        OIDC_OPES_TOKEN_AUTH: 'client_secret_post',
        OIDC_DOWN_ISSUER: `http://127.0.0.1:${deadPort}`,
        OIDC_DOWN_CLIENT_ID: 'x',
        OIDC_DOWN_CLIENT_SECRET: 'y',
      },
    });
    admin = server.client();
    await admin.signInOk('ADMIN01');
    await admin.csrf();
  });

  after(async () => {
    await server?.stop();
    await op?.stop();
  });

  /** Starts a sign-in with `provider` in a fresh browser; returns {client, url} (url: the provider's). */
  async function start(provider = 'op', callbackUrl = '/learning') {
    const client = new Browser(server.origin);
    await client.csrf();
    const r = await client.post(`/api/auth/signin/${provider}`, {
      form: { csrfToken: client.csrfToken, callbackUrl, json: 'true' },
    });
    assert.equal(r.status, 200, r.text);
    return { client, url: r.json.url };
  }

  /** Sends the browser back to our callback; returns the redirect's location. */
  async function callback(client, url) {
    const u = new URL(url);
    const r = await client.get(u.pathname + u.search);
    assert.equal(r.status, 302, `${url}: ${r.status} ${r.text}`);
    return r.headers.get('location');
  }

  /** The whole walk; returns {client, location}. */
  async function signInAs(account, provider = 'op', callbackUrl = '/learning') {
    const { client, url } = await start(provider, callbackUrl);
    const back = await loginAtProvider(url, account);
    return { client, back, location: await callback(client, back) };
  }

  const errorOf = (location) => new URL(location).searchParams.get('error');

  it('lists each provider the Auth.js way, beside credentials', async () => {
    const r = await new Client(server.origin).get('/api/auth/providers');
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.json), ['credentials', 'op', 'opes', 'down', 'line']);
    assert.deepEqual(r.json.op, {
      id: 'op',
      name: 'Test Company',
      type: 'oidc',
      signinUrl: `${server.origin}/api/auth/signin/op`,
      callbackUrl: `${server.origin}/api/auth/callback/op`,
    });
    assert.equal(r.json.opes.name, 'opes');
  });

  it('sends the browser to the provider with a code request, PKCE S256, state and nonce', async () => {
    const { client, url } = await start('op', '/learning');
    const u = new URL(url);
    assert.equal(u.origin, op.issuer);
    assert.equal(u.pathname, '/auth');
    const p = u.searchParams;
    assert.equal(p.get('response_type'), 'code');
    assert.equal(p.get('client_id'), 'shopfloor-rs');
    assert.equal(p.get('redirect_uri'), `${server.origin}/api/auth/callback/op`);
    assert.equal(p.get('scope'), 'openid email profile');
    assert.equal(p.get('code_challenge_method'), 'S256');
    assert.match(p.get('code_challenge'), /^[A-Za-z0-9_-]{43}$/);
    assert.match(p.get('state'), /^[A-Za-z0-9_-]{43}$/);
    assert.match(p.get('nonce'), /^[A-Za-z0-9_-]{43}$/);
    assert.notEqual(p.get('state'), p.get('nonce'));
    // The flow cookie: HttpOnly, Lax, short-lived, sent only to this provider's callback.
    const flow = client.jar.entry(FLOW_COOKIE);
    assert.ok(flow, 'no flow cookie');
    assert.equal(flow.attrs.path, '/api/auth/callback/op');
    assert.ok(flow.attrs.httponly);
    assert.equal(flow.attrs.samesite, 'Lax');
    const ttl = Date.parse(flow.attrs.expires) - Date.now();
    assert.ok(ttl > 8 * 60_000 && ttl <= 10 * 60_000 + 1000, `flow cookie lives ${ttl} ms`);
    // Without json=true the same post is a redirect.
    await client.csrf();
    const r = await client.post('/api/auth/signin/op', { form: { csrfToken: client.csrfToken, callbackUrl: '/main' } });
    assert.equal(r.status, 302);
    assert.ok(r.headers.get('location').startsWith(`${op.issuer}/auth?`));
  });

  it('signs a roster person in by email (RS256, client_secret_basic) and goes to the callbackUrl', async () => {
    const tokenCalls = op.count('/token');
    const { client, location } = await signInAs('somchai', 'op', '/learning?tab=mine');
    assert.equal(location, `${server.origin}/learning?tab=mine`);
    assert.ok(client.jar.get(SESSION_COOKIE), 'no session cookie');
    assert.equal(client.jar.get(FLOW_COOKIE), undefined, 'the flow cookie is spent');
    const session = await client.session();
    assert.equal(session.user.name, 'สมชาย ใจดี'); // the roster's name, not the provider's
    assert.equal(session.user.email, 's1001@shopfloor.example');
    assert.equal(op.count('/token'), tokenCalls + 1);

    // The sign-in history says which provider, like a credentials sign-in.
    const history = await admin.get('/api/admin/sign-ins?identifier=s1001@shopfloor.example');
    assert.equal(history.status, 200);
    const last = history.json.items[0];
    assert.equal(last.ok, true);
    assert.equal(last.provider, 'op');
    assert.equal(last.user.employeeCode, 'S1001');
    const [[lastLogin]] = await dbQuery(server, "SELECT last_login_at FROM users WHERE employee_code = 'S1001'");
    assert.ok(Date.now() - Number(lastLogin) < 60_000);
  });

  it('signs a roster person in by employee code (ES256, client_secret_post), case-insensitively', async () => {
    const { client, location } = await signInAs('somying', 'opes', '/main');
    assert.equal(location, `${server.origin}/main`);
    const session = await client.session();
    assert.equal(session.user.name, 'สมหญิง รักงาน');
    // Its callback had its own flow cookie path.
    const history = await admin.get('/api/admin/sign-ins?identifier=s1002');
    assert.equal(history.json.items[0].provider, 'opes');
  });

  it('refuses a callback whose state is not the browser\'s, without asking the provider for tokens', async () => {
    const { client, url } = await start();
    const back = new URL(await loginAtProvider(url, 'somchai'));
    back.searchParams.set('state', 'A'.repeat(43));
    const tokenCalls = op.count('/token');
    const location = await callback(client, back.toString());
    assert.equal(errorOf(location), 'OAuthCallbackError');
    assert.equal(new URL(location).pathname, '/login');
    assert.equal(new URL(location).searchParams.get('callbackUrl'), `${server.origin}/learning`);
    assert.equal(client.jar.get(SESSION_COOKIE), undefined);
    assert.equal(op.count('/token'), tokenCalls);

    // A callback from another browser (no flow cookie) is refused the same way.
    const stranger = new Browser(server.origin);
    const again = await callback(stranger, back.toString());
    assert.equal(errorOf(again), 'OAuthCallbackError');
  });

  it('honours a callback once: a replay (even with the flow cookie) and parallel replays sign in nobody else', async () => {
    const { client, url } = await start();
    const flow = client.jar.get(FLOW_COOKIE);
    const back = await loginAtProvider(url, 'somchai');
    const tokenCalls = op.count('/token');

    // Five copies of the same browser send the callback at once: exactly one session.
    const copies = Array.from({ length: 5 }, () => {
      const c = new Browser(server.origin, client.jar.clone(), client.ip);
      return c;
    });
    const locations = await Promise.all(copies.map((c) => callback(c, back)));
    const signedIn = locations.filter((l) => l === `${server.origin}/learning`);
    assert.equal(signedIn.length, 1, locations.join('\n'));
    assert.equal(locations.filter((l) => errorOf(l) === 'OAuthCallbackError').length, 4);
    assert.equal(copies.filter((c) => c.jar.get(SESSION_COOKIE)).length, 1);
    assert.equal(op.count('/token'), tokenCalls + 1);

    // Later, the flow cookie put back by hand: still refused, and the provider is not asked again.
    const replay = new Browser(server.origin);
    replay.jar.set(FLOW_COOKIE, flow);
    assert.equal(errorOf(await callback(replay, back)), 'OAuthCallbackError');
    assert.equal(replay.jar.get(SESSION_COOKIE), undefined);
    assert.equal(op.count('/token'), tokenCalls + 1);
  });

  it('refuses an ID token with another sign-in\'s nonce', async () => {
    op.tamper({ claims: (c) => ({ ...c, nonce: 'another-sign-in' }) });
    const { client, location } = await signInAs('somchai');
    assert.equal(errorOf(location), 'OAuthCallbackError');
    assert.equal(client.jar.get(SESSION_COOKIE), undefined);
  });

  it('refuses an expired ID token', async () => {
    const now = Math.floor(Date.now() / 1000);
    op.tamper({ claims: (c) => ({ ...c, iat: now - 7200, exp: now - 3600 }) });
    const { client, location } = await signInAs('somchai');
    assert.equal(errorOf(location), 'OAuthCallbackError');
    assert.equal(client.jar.get(SESSION_COOKIE), undefined);
  });

  it('refuses an ID token for another client or from another issuer', async () => {
    op.tamper({ claims: (c) => ({ ...c, aud: 'someone-else' }) });
    assert.equal(errorOf((await signInAs('somchai')).location), 'OAuthCallbackError');
    op.tamper({ claims: (c) => ({ ...c, aud: [c.aud, 'api'], azp: 'api' }) });
    assert.equal(errorOf((await signInAs('somchai')).location), 'OAuthCallbackError');
    op.tamper({ claims: (c) => ({ ...c, iss: 'http://127.0.0.1:1' }) });
    assert.equal(errorOf((await signInAs('somchai')).location), 'OAuthCallbackError');
  });

  it('reads the keys again once for a kid it has not seen (a rotation), not on every sign-in', async () => {
    const rotated = await makeKey('RS256', 'op-rsa-2');
    op.publishExtraKey(rotated);
    const jwksReads = op.count('/jwks');
    op.tamper({ key: rotated });
    const first = await signInAs('somchai');
    assert.equal(first.location, `${server.origin}/learning`, 'a token signed with the announced key signs in');
    assert.equal(op.count('/jwks'), jwksReads + 1);

    op.tamper({ key: rotated });
    assert.equal((await signInAs('somchai')).location, `${server.origin}/learning`);
    await signInAs('somchai'); // the provider's own key
    assert.equal(op.count('/jwks'), jwksReads + 1, 'known keys are not read again');

    // A kid nobody announced, twice within the minute: no further read, refused.
    const stray = await makeKey('RS256', 'op-rsa-stray');
    for (let i = 0; i < 2; i++) {
      op.tamper({ key: stray });
      const r = await signInAs('somchai');
      assert.equal(errorOf(r.location), 'OAuthCallbackError');
    }
    assert.equal(op.count('/jwks'), jwksReads + 1);
  });

  it('refuses an ID token signed by a key that is not the provider\'s', async () => {
    // Same kid as the provider's key, other key material (RS256 and ES256).
    const forgedRsa = await makeKey('RS256', op.keys.rsa.kid);
    op.tamper({ key: forgedRsa });
    assert.equal(errorOf((await signInAs('somchai')).location), 'OAuthCallbackError');
    const forgedEc = await makeKey('ES256', op.keys.ec.kid);
    op.tamper({ key: forgedEc });
    const r = await signInAs('somying', 'opes', '/main');
    assert.equal(errorOf(r.location), 'OAuthCallbackError');
    assert.equal(r.client.jar.get(SESSION_COOKIE), undefined);
  });

  it('takes HS256 ID tokens under the client secret only from a provider configured so (LINE)', async () => {
    const hs = await signInAs('somchai', 'line', '/main');
    assert.equal(hs.location, `${server.origin}/main`);
    assert.equal((await hs.client.session()).user.email, 's1001@shopfloor.example');
    // The same kind of token, made with that provider's secret, is refused from a provider that signs RS256:
    // and one made with the secret of `op` itself (which anyone holding a client secret could make) too.
    const enc = new TextEncoder();
    for (const secret of [HS_SECRET, 'rs secret/+=']) {
      op.tamper({ key: { alg: 'HS256', kid: undefined, privateKey: enc.encode(secret) } });
      const r = await signInAs('somchai');
      assert.equal(errorOf(r.location), 'OAuthCallbackError');
      assert.equal(r.client.jar.get(SESSION_COOKIE), undefined);
    }
    // And the HS256 provider takes nothing signed by a key instead of its secret.
    op.tamper({ key: await makeKey('RS256', op.keys.rsa.kid) });
    assert.equal(errorOf((await signInAs('somchai', 'line')).location), 'OAuthCallbackError');
  });

  it('refuses people who are not on the roster, and unverified emails', async () => {
    const before = await dbQuery(server, 'SELECT COUNT(*) FROM users');
    const r = await signInAs('stranger');
    assert.equal(errorOf(r.location), 'AccessDenied');
    assert.equal(r.client.jar.get(SESSION_COOKIE), undefined);
    assert.deepEqual(await dbQuery(server, 'SELECT COUNT(*) FROM users'), before);

    const u = await signInAs('unverified');
    assert.equal(errorOf(u.location), 'AccessDenied');
    assert.equal(u.client.jar.get(SESSION_COOKIE), undefined);
  });

  it('refuses a disabled person', async () => {
    const r = await signInAs('disabled');
    assert.equal(errorOf(r.location), 'AccountDisabled');
    assert.equal(r.client.jar.get(SESSION_COOKIE), undefined);
    const history = await admin.get('/api/admin/sign-ins?identifier=sso.disabled@shopfloor.example');
    assert.equal(history.json.items[0].ok, false);
    assert.equal(history.json.items[0].reason, 'disabled');
  });

  it('creates unknown people as pending only when an admin turned it on (audited), never with a session', async () => {
    const settings = await admin.get('/api/admin/sso-settings/default');
    assert.equal(settings.status, 200, settings.text);
    assert.equal(settings.json.createUnknownPending, false);
    // Staff and editors cannot change it.
    const [editor] = await Promise.all([new Client(server.origin)]);
    await editor.signInOk('EDIT01');
    await editor.csrf();
    const denied = await editor.patch('/api/admin/sso-settings/default', {
      json: { createUnknownPending: true, version: settings.json.version },
      headers: { 'x-csrf-token': editor.csrfToken },
    });
    assertEnvelope(denied, 403);

    const on = await admin.patch('/api/admin/sso-settings/default', {
      json: { createUnknownPending: true, version: settings.json.version },
      headers: { 'x-csrf-token': admin.csrfToken },
    });
    assert.equal(on.status, 200, on.text);
    const audit = await dbQuery(server, "SELECT action, after_json FROM audit_log WHERE resource = 'sso-settings' ORDER BY at DESC LIMIT 1");
    assert.match(audit[0][0], /update/);
    assert.equal(JSON.parse(audit[0][1]).createUnknownPending, true);

    // Two callbacks of the same newcomer at once (two tabs): one pending account.
    const tabs = await Promise.all([start(), start()]);
    const backs = await Promise.all(tabs.map((t) => loginAtProvider(t.url, 'newcomer')));
    const locations = await Promise.all(tabs.map((t, i) => callback(t.client, backs[i])));
    for (const l of locations) assert.equal(errorOf(l), 'AccountPending');
    for (const t of tabs) assert.equal(t.client.jar.get(SESSION_COOKIE), undefined);
    const rows = await dbQuery(server, "SELECT status, name, employee_code, password_hash IS NULL FROM users WHERE email = 'newcomer@corp.example'");
    assert.equal(rows.length, 1);
    assert.equal(rows[0][0], 'pending');
    assert.equal(rows[0][1], 'Nita New');
    assert.match(rows[0][2], /^SSO-[0-9A-F]{10}$/);
    assert.ok(['1', 't'].includes(rows[0][3]), 'no password');
    const created = await dbQuery(server, "SELECT COUNT(*) FROM audit_log WHERE action = 'sso.pending'");
    assert.equal(created[0][0], '1');

    // Once an admin approves, the same sign-in works.
    const [[id]] = await dbQuery(server, "SELECT id FROM users WHERE email = 'newcomer@corp.example'");
    const approve = await admin.post(`/api/admin/users/${id}/approve`, { json: {}, headers: { 'x-csrf-token': admin.csrfToken } });
    assert.equal(approve.status, 200, approve.text);
    const ok = await signInAs('newcomer');
    assert.equal(ok.location, `${server.origin}/learning`);

    const off = await admin.patch('/api/admin/sso-settings/default', {
      json: { createUnknownPending: false, version: on.json.version },
      headers: { 'x-csrf-token': admin.csrfToken },
    });
    assert.equal(off.status, 200, off.text);
    assert.equal(errorOf((await signInAs('stranger')).location), 'AccessDenied');
  });

  it('goes back to /login with AccessDenied when the person cancels at the provider', async () => {
    const { client, url } = await start();
    const back = new URL(`${server.origin}/api/auth/callback/op`);
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('state', new URL(url).searchParams.get('state'));
    assert.equal(errorOf(await callback(client, back.toString())), 'AccessDenied');
  });

  it('checks CSRF and the callbackUrl before leaving for the provider', async () => {
    const c = new Browser(server.origin);
    await c.csrf();
    const noCsrf = await c.post('/api/auth/signin/op', { form: { csrfToken: 'nope', callbackUrl: '/main', json: 'true' } });
    assertEnvelope(noCsrf, 403, 'CSRF_FAILED');
    const offsite = await c.post('/api/auth/signin/op', {
      form: { csrfToken: c.csrfToken, callbackUrl: 'https://evil.example.com/', json: 'true' },
    });
    assertEnvelope(offsite, 400, 'INVALID_CALLBACK_URL_ERROR');
    assert.equal(c.jar.get(FLOW_COOKIE), undefined);
  });

  it('says OAuthSignin when the provider cannot be reached', async () => {
    const c = new Browser(server.origin);
    await c.csrf();
    const r = await c.post('/api/auth/signin/down', { form: { csrfToken: c.csrfToken, callbackUrl: '/main', json: 'true' } });
    assertEnvelope(r, 502, 'OAuthSignin');
    assert.equal(new URL(r.json.url).pathname, '/login');
    assert.equal(errorOf(r.json.url), 'OAuthSignin');
    assert.equal(c.jar.get(FLOW_COOKIE), undefined);
  });

  it('budgets sign-in starts per client IP: 60 at once, then 429 with Retry-After', async () => {
    const c = new Browser(server.origin);
    await c.csrf();
    const starts = [];
    for (let i = 0; i < 61; i++)
      starts.push(await c.post('/api/auth/signin/op', { form: { csrfToken: c.csrfToken, callbackUrl: '/main', json: 'true' } }));
    assert.equal(starts.filter((r) => r.status === 200).length, 60);
    const limited = starts[60];
    assertEnvelope(limited, 429, 'RATE_LIMITED');
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    assert.equal(errorOf(limited.json.url), 'TooManyAttempts');
    // Another phone is not held up.
    const other = new Browser(server.origin);
    await other.csrf();
    const ok = await other.post('/api/auth/signin/op', { form: { csrfToken: other.csrfToken, callbackUrl: '/main', json: 'true' } });
    assert.equal(ok.status, 200);
  });

  it('shows a button per provider on the server-rendered sign-in page, allowed to post to it', async () => {
    const r = await new Client(server.origin).get('/api/auth/signin');
    assert.equal(r.status, 200);
    assert.match(r.text, /action="\/api\/auth\/signin\/op"/);
    assert.match(r.text, /Sign in with Test Company/);
    // Once per origin (op and opes share one).
    assert.ok(r.headers.get('content-security-policy').includes(`form-action 'self' ${op.issuer} http://127.0.0.1:`));
    assert.equal(r.headers.get('content-security-policy').split(op.issuer).length, 2);
  });
});
