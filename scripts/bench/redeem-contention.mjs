// 100-way contention on one reward (the members club): 100 signed-in bench staff redeem the same reward
// as fast as they can for SECONDS (each request one transaction: the person's locked balance row, the
// per-person limit, the conditional stock update, the ledger entry), then a burst of 100 at once on a
// 10-stock reward must give exactly 10. Prints {redemptionsPerSecond, p50Ms, p99Ms, errors, burst}.
// Usage: node redeem-contention.mjs ORIGIN ADMIN_COOKIE ADMIN_CSRF [SECONDS] [PEOPLE]
import { signIn as signInAs } from '../lib/sign-in.mjs';

const [origin, adminCookie, adminCsrf, secondsArg = '10', peopleArg = '100'] = process.argv.slice(2);
const seconds = Number(secondsArg), n = Number(peopleArg);

async function signIn(identifier) {
  const { cookie, csrf } = await signInAs(origin, identifier, 'Bench#2026');
  const session = await (await fetch(`${origin}/api/auth/session`, { headers: { cookie } })).json();
  if (!session?.user?.id) throw new Error(`sign-in as ${identifier} gave no session`);
  return { cookie, csrf, id: session.user.id };
}
const admin = (method, path, body) =>
  fetch(origin + path, { method, headers: { cookie: adminCookie, 'x-csrf-token': adminCsrf, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, json: await r.json() }));

const people = [];
for (let i = 0; i < n; i += 10)
  people.push(...(await Promise.all(Array.from({ length: Math.min(10, n - i) }, (_, k) => signIn(`BENCH${String(i + k + 1).padStart(5, '0')}`)))));
await Promise.all(people.map((p) => admin('POST', `/api/admin/users/${p.id}/points`, { delta: 1000000, reason: 'bench' })));
const store = (await (await fetch(`${origin}/api/admin/stores?pageSize=1`, { headers: { cookie: adminCookie } })).json()).items[0].id;
const reward = async (stock) => {
  const r = await admin('POST', '/api/admin/rewards', { title: `bench ${stock} ${Date.now()}`, cost: 1, stock, pickup: true, status: 'published' });
  if (r.status !== 201) throw new Error(`create reward: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.id;
};
const redeem = (p, id) =>
  fetch(`${origin}/api/club/rewards/${id}/redeem`, {
    method: 'POST',
    headers: { cookie: p.cookie, 'x-csrf-token': p.csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'pickup', storeId: store }),
  }).then(async (r) => { await r.arrayBuffer(); return r.status; });

const hot = await reward(1000000);
const times = [];
let ok = 0, errors = 0;
const end = performance.now() + seconds * 1000;
await Promise.all(people.map(async (p) => {
  while (performance.now() < end) {
    const t0 = performance.now();
    const status = await redeem(p, hot);
    times.push(performance.now() - t0);
    if (status === 201) ok++; else errors++;
  }
}));
times.sort((a, b) => a - b);
const burstId = await reward(10);
const burst = await Promise.all(people.map((p) => redeem(p, burstId)));
const left = (await (await fetch(`${origin}/api/admin/rewards/${burstId}`, { headers: { cookie: adminCookie } })).json()).stock;
console.log(JSON.stringify({
  people: n,
  redemptionsPerSecond: Math.round(ok / seconds),
  p50Ms: +times[Math.floor(times.length / 2)].toFixed(1),
  p99Ms: +times[Math.floor(times.length * 0.99)].toFixed(1),
  errors,
  burst: { ok: burst.filter((s) => s === 201).length, outOfStock: burst.filter((s) => s === 409).length, stockLeft: left },
}));
