// HTTP for the load test: sign-in, the CSRF token of a session, and one request that a client retries the
// way the app does when the node it reached dies (connection errors and 502/503/504 through nginx), with the
// same body and Idempotency-Key. Plus an async SQL runner (psql) that keeps the event loop free.
import { execFile } from 'node:child_process';

/** Password sign-in through the API: {cookie, csrf} (scripts/lib/sign-in.mjs). */
export { signIn } from '../lib/sign-in.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const retryable = (status) => status === 502 || status === 503 || status === 504;

/**
 * One request as `who` ({cookie, csrf}), recorded in `stats` under `name`. Connection errors and 502/503/504
 * are retried (up to 8 times, backing off) with the same body and headers; each such attempt is counted as an
 * in-flight failure of `name`. Resolves {status, json, setCookie} of the last attempt (status 0: no answer at all).
 */
export async function request(stats, origin, who, method, path, { name, body, idempotencyKey } = {}) {
  const headers = { cookie: who.cookie };
  if (method !== 'GET') Object.assign(headers, { 'x-csrf-token': who.csrf, 'content-type': 'application/json' });
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const label = name ?? `${method} ${path}`;
  for (let attempt = 1; ; attempt++) {
    const t0 = performance.now();
    let status = 0, json = null, setCookie = [];
    try {
      const r = await fetch(origin + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      status = r.status;
      setCookie = r.headers.getSetCookie();
      const text = await r.text();
      try { json = text ? JSON.parse(text) : null; } catch { json = null; }
    } catch {
      status = 0;
    }
    const ms = performance.now() - t0;
    if ((status === 0 || retryable(status)) && attempt < 8) {
      stats.inFlightFailure(label, status);
      await sleep(200 * attempt);
      continue;
    }
    stats.record(label, ms, status);
    return { status, json, setCookie };
  }
}

/** psql on DATABASE_URL, rows as "a|b|c" lines. */
export function sql(url, text) {
  return new Promise((resolve, reject) => {
    const child = execFile('psql', [url, '-qAt', '-F', '|', '-v', 'ON_ERROR_STOP=1'], { maxBuffer: 256 << 20 }, (err, out, errOut) =>
      err ? reject(new Error(`${err.message}\n${errOut}`)) : resolve(String(out).trim()));
    child.stdin.end(text);
  });
}
