// A password sign-in through the API, as the web app does it (CSRF token, then the credentials callback with
// json=true), for the benches and the load test. Returns the cookies to send ({cookie}), the CSRF token the
// server renewed at sign-in ({csrf}: the one from before is no longer valid for writes).
const jarOf = (res) => res.headers.getSetCookie().map((x) => x.split(';')[0]);
const mergeJar = (...lists) =>
  [...new Map(lists.flat().map((kv) => [kv.slice(0, kv.indexOf('=')), kv])).values()].join('; ');

/** @returns {Promise<{cookie: string, csrf: string}>} */
export async function signIn(origin, identifier, password) {
  const c = await fetch(`${origin}/api/auth/csrf`);
  const { csrfToken } = await c.json();
  const jar = jarOf(c);
  const r = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: 'POST', redirect: 'manual',
    headers: { cookie: jar.join('; '), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, identifier, password, json: 'true', callbackUrl: `${origin}/main` }),
  });
  const text = await r.text();
  const cookie = mergeJar(jar, jarOf(r));
  const csrfCookie = cookie.split('; ').find((kv) => kv.startsWith('next-auth.csrf-token='));
  if (!csrfCookie || !cookie.includes('next-auth.session-token='))
    throw new Error(`sign-in as ${identifier} failed: ${r.status} ${text.slice(0, 200)}`);
  const csrf = decodeURIComponent(csrfCookie.split('=')[1]).split('|')[0];
  return { cookie, csrf };
}
