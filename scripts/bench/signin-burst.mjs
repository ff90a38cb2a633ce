// Database latency while people sign in at once: GET /api/admin/stores (a DB read) one request after
// another while the six demo accounts sign in together (each a memory-hard password hash, run by
// Database::offload apart from the DB workers). Usage: node signin-burst.mjs ORIGIN ADMIN_COOKIE
const [origin, cookie] = process.argv.slice(2);
const list = async () => { const t0 = performance.now(); const r = await fetch(`${origin}/api/admin/stores?pageSize=20`, { headers: { cookie } }); await r.arrayBuffer(); if (r.status !== 200) throw new Error(String(r.status)); return performance.now() - t0; };
const signIn = async (id) => {
  const c = await fetch(`${origin}/api/auth/csrf`); const { csrfToken } = await c.json(); const jar = c.headers.getSetCookie().map((x) => x.split(';')[0]).join('; ');
  const t0 = performance.now();
  const r = await fetch(`${origin}/api/auth/callback/credentials`, { method: 'POST', redirect: 'manual', headers: { cookie: jar, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ csrfToken, identifier: id, password: 'Demo#2026', json: 'true', callbackUrl: `${origin}/main` }) });
  await r.arrayBuffer(); return { id, status: r.status, ms: +(performance.now() - t0).toFixed(0) };
};
const times = []; let done = false;
const loop = (async () => { while (!done) times.push(await list()); })();
const t0 = performance.now();
const res = await Promise.all(['S1001', 'S1002', 'S2001', 'S2002', 'EDIT01', 'ADMIN01'].map(signIn));
const busyMs = performance.now() - t0; done = true; await loop; times.sort((a, b) => a - b);
console.log(JSON.stringify({ signIns: res.map((r) => r.status + ':' + r.ms), busyMs: +busyMs.toFixed(0), listRequests: times.length, p50Ms: +times[Math.floor(times.length / 2)].toFixed(1), maxMs: +times[times.length - 1].toFixed(1) }));
