// A real OpenID provider for the single sign-on tests (the npm `oidc-provider` library), on a loopback port.
// It signs ID tokens with its own RS256 and ES256 keys and registers one client per provider entry of our
// server. Its login page (GET /interaction/:uid) is a plain form any test or browser can fill in: the
// person's account id, and "Sign in".
//
// For the negative cases the test can change what the real provider answers, as an attacker between the
// two would: `tamper` rewrites the ID token of the next token responses (re-signed with a key the test
// chooses), `publishExtraKey` adds a key to the JWKS it serves. It counts the requests each endpoint got.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import Provider from 'oidc-provider';
import { SignJWT, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';

/** A signing key of the test's own: {privateKey, publicJwk, kid, alg}. */
export async function makeKey(alg, kid = `${alg.toLowerCase()}-${randomBytes(4).toString('hex')}`) {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return { privateKey, publicJwk, privateJwk: { ...(await exportJWK(privateKey)), kid, alg, use: 'sig' }, kid, alg };
}

/** Signs `claims` as an ID token with `key` (header kid = key.kid unless `kid` is given). */
export function signIdToken(claims, key, kid = key.kid) {
  return new SignJWT(claims).setProtectedHeader({ alg: key.alg, kid, typ: 'JWT' }).sign(key.privateKey);
}

/**
 * Starts the provider. Options:
 *  port:     where it listens (its issuer is http://127.0.0.1:<port>)
 *  clients:  [{clientId, clientSecret, redirectUri, tokenAuth: 'client_secret_basic'|'client_secret_post',
 *              alg: 'RS256'|'ES256'|'HS256'}]
 *  accounts: {accountId: claims} (sub is the account id; email, email_verified, name, employee_code, ...)
 */
export async function startIdentityProvider({ port, clients, accounts }) {
  const issuer = `http://127.0.0.1:${port}`;
  const rsa = await makeKey('RS256', 'op-rsa-1');
  const ec = await makeKey('ES256', 'op-ec-1');

  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: [c.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: c.tokenAuth,
      id_token_signed_response_alg: c.alg,
    })),
    jwks: { keys: [rsa.privateJwk, ec.privateJwk] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
      employee: ['employee_code'],
    },
    scopes: ['openid', 'email', 'profile', 'employee'],
    // The claims of the scopes asked for go in the ID token itself (our server reads no userinfo).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // HS256 (the client secret as the key) too, for a client that asks for it as LINE's web login signs.
    enabledJWA: { idTokenSigningAlgValues: ['RS256', 'ES256', 'HS256'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
    // No consent screen: the clients are the company's own.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile employee');
      await grant.save();
      return grant;
    },
    async findAccount(ctx, id) {
      if (!accounts[id]) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...accounts[id] }) };
    },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    ttl: { AuthorizationCode: 120, IdToken: 3600, AccessToken: 3600, Interaction: 600, Session: 600, Grant: 600 },
  });

  const counts = {};
  const state = { tamper: null, extraKeys: [] };

  provider.use(async (ctx, next) => {
    counts[ctx.path] = (counts[ctx.path] ?? 0) + 1;

    // The login page: a form with the account id.
    const m = ctx.path.match(/^\/interaction\/([^/]+)(\/login)?$/);
    if (m) {
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      if (ctx.method === 'GET') {
        ctx.type = 'html';
        ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:360px;margin:40px auto">
<h1>Test identity provider</h1><p>Sign in to continue to ${details.params.client_id}</p>
<form method="post" action="/interaction/${details.uid}/login">
<label>Account <input name="login" autocomplete="username" style="display:block;width:100%;padding:10px"></label>
<button type="submit" style="margin-top:12px;padding:10px 20px">Sign in</button></form></body></html>`;
        return;
      }
      const body = await new Promise((resolve) => {
        let data = '';
        ctx.req.on('data', (d) => (data += d));
        ctx.req.on('end', () => resolve(new URLSearchParams(data)));
      });
      const accountId = body.get('login');
      const result = accounts[accountId]
        ? { login: { accountId } }
        : { error: 'access_denied', error_description: 'unknown account' };
      ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false }));
      return;
    }

    await next();

    if (ctx.path === '/jwks' && state.extraKeys.length && ctx.status === 200) {
      ctx.body = { keys: [...ctx.body.keys, ...state.extraKeys] };
    }
    if (ctx.path === '/token' && state.tamper && ctx.status === 200 && ctx.body?.id_token) {
      const tamper = state.tamper;
      if (tamper.once) state.tamper = null;
      const claims = decodeJwt(ctx.body.id_token);
      const header = decodeProtectedHeader(ctx.body.id_token);
      const changed = tamper.claims ? tamper.claims({ ...claims }) : claims;
      const key = tamper.key ?? (header.alg === 'ES256' ? ec : rsa);
      ctx.body = { ...ctx.body, id_token: await signIdToken(changed, key, tamper.kid ?? key.kid) };
    }
  });

  const server = http.createServer(provider.callback());
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    keys: { rsa, ec },
    counts,
    count: (path) => counts[path] ?? 0,
    /** Rewrites the ID token of the next token response ({claims(fn), key, kid, once=true}). */
    tamper(t) {
      state.tamper = { once: true, ...t };
    },
    /** Also serves this public key in the JWKS (a rotation the provider announced). */
    publishExtraKey(key) {
      state.extraKeys.push(key.publicJwk);
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Plays the browser at the provider: opens the authorization URL, signs in as `accountId` on the login
 * form, and returns the URL the provider sends the browser back to (our callback with code and state).
 */
export async function loginAtProvider(authorizationUrl, accountId) {
  const jar = new Map();
  const go = async (url, init = {}) => {
    const headers = { ...(init.headers ?? {}) };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const sc of res.headers.getSetCookie()) {
      const [pair] = sc.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(sc) || value === '') jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), value);
    }
    await res.arrayBuffer();
    return res;
  };
  const origin = new URL(authorizationUrl).origin;
  let res = await go(authorizationUrl);
  let location = res.headers.get('location');
  if (!location?.includes('/interaction/')) throw new Error(`expected the login page, got ${res.status} ${location}`);
  const uid = new URL(location, origin).pathname.split('/')[2];
  res = await go(`${origin}/interaction/${uid}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login: accountId }).toString(),
  });
  // Back to the authorization endpoint, which now answers with the redirect to our callback.
  for (let hops = 0; hops < 5; hops++) {
    location = new URL(res.headers.get('location'), origin).toString();
    if (!location.startsWith(origin)) return location;
    res = await go(location);
  }
  throw new Error('the provider never sent the browser back');
}
