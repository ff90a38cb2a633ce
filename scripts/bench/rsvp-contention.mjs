// 1,000 simultaneous RSVPs for a 300-place event (issue 13's sign-up engine): PEOPLE staff with sessions
// written straight into the database (signing 1,000 people in would measure password hashing), each with a
// CSRF token from the real /api/auth/csrf; an admin creates the event; then every person sends POST
// /api/events/:id/rsvp at once (one transaction each: the event row locked, going while places are left, else
// waitlisted with the next sequence number). Asserts exactly PLACES going and PEOPLE-PLACES waitlisted with
// positions 1..n, and prints {people, places, going, waitlisted, p50Ms, p99Ms, totalMs, rsvpsPerSecond}.
// Usage: node rsvp-contention.mjs ORIGIN ADMIN_COOKIE ADMIN_CSRF DATABASE [PEOPLE] [PLACES]
//   DATABASE: the SQLite file's path or the postgres:// URL the server uses.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';

const [origin, adminCookie, adminCsrf, database, peopleArg = '1000', placesArg = '300'] = process.argv.slice(2);
const n = Number(peopleArg), places = Number(placesArg);
const q = (s) => `'${String(s).replaceAll("'", "''")}'`;

function sql(text) {
  // The script on stdin: 1,000 rows are too long for an argument.
  if (database.startsWith('postgres')) execFileSync('psql', [database, '-qAt', '-v', 'ON_ERROR_STOP=1'], { input: text, maxBuffer: 64 << 20 });
  else execFileSync('sqlite3', ['-cmd', '.timeout 10000', database], { input: text, maxBuffer: 64 << 20 });
}

const now = Date.now();
const tag = `RSVP${randomBytes(3).toString('hex')}`;
const people = Array.from({ length: n }, (_, i) => ({ id: randomUUID(), code: `${tag}-${i}`, token: randomBytes(32).toString('base64url') }));
sql(
  [
    `INSERT INTO users (id, employee_code, name, role, status, store_id, position, joined_at, created_at, updated_at) VALUES ${people
      .map((p) => `(${q(p.id)}, ${q(p.code)}, ${q(`bench ${p.code}`)}, 'staff', 'active', (SELECT MIN(id) FROM stores), 'Sales', ${now}, ${now}, ${now})`)
      .join(', ')};`,
    `INSERT INTO sessions (token_hash, user_id, expires_at, created_at, updated_at) VALUES ${people
      .map((p) => `(${q(createHash('sha256').update(p.token).digest('hex'))}, ${q(p.id)}, ${now + 86400000}, ${now}, ${now})`)
      .join(', ')};`,
  ].join('\n'),
);
for (let i = 0; i < n; i += 50)
  await Promise.all(
    people.slice(i, i + 50).map(async (p) => {
      const session = `next-auth.session-token=${p.token}`;
      const r = await fetch(`${origin}/api/auth/csrf`, { headers: { cookie: session } });
      const { csrfToken } = await r.json();
      const csrfCookie = r.headers.getSetCookie().map((x) => x.split(';')[0]).find((x) => x.startsWith('next-auth.csrf-token='));
      p.cookie = `${session}; ${csrfCookie}`;
      p.csrf = csrfToken;
    }),
  );

const admin = (method, path, body) =>
  fetch(origin + path, { method, headers: { cookie: adminCookie, 'x-csrf-token': adminCsrf, 'content-type': 'application/json' }, body: body && JSON.stringify(body) }).then(async (r) => ({ status: r.status, json: await r.json() }));
const created = await admin('POST', '/api/admin/events', {
  title: `bench RSVP ${now}`, startsAt: new Date(now + 86400000).toISOString(), endsAt: new Date(now + 90000000).toISOString(),
  placeKind: 'address', address: 'bench', capacity: places, status: 'published',
});
if (created.status !== 201) throw new Error(`create event: ${created.status} ${JSON.stringify(created.json)}`);
const id = created.json.id;

const times = [];
const t0 = performance.now();
const answers = await Promise.all(
  people.map(async (p) => {
    const s = performance.now();
    const r = await fetch(`${origin}/api/events/${id}/rsvp`, { method: 'POST', headers: { cookie: p.cookie, 'x-csrf-token': p.csrf, 'content-type': 'application/json' }, body: '{}' });
    const body = await r.json();
    times.push(performance.now() - s);
    return { status: r.status, mine: body.item?.mine };
  }),
);
const total = performance.now() - t0;
times.sort((a, b) => a - b);
const errors = answers.filter((a) => a.status !== 200).length;
const going = answers.filter((a) => a.mine?.status === 'going').length;
const waiting = answers.filter((a) => a.mine?.status === 'waitlisted').map((a) => a.mine.position).sort((a, b) => a - b);
const counts = (await admin('GET', `/api/admin/events/${id}/attendees`)).json.counts;
const exact = errors === 0 && going === places && waiting.length === n - places && waiting.every((p, i) => p === i + 1) &&
  counts.going === places && counts.waitlisted === n - places;
console.log(JSON.stringify({
  people: n, places, going, waitlisted: waiting.length, errors, exact,
  p50Ms: +times[Math.floor(times.length / 2)].toFixed(1),
  p99Ms: +times[Math.floor(times.length * 0.99)].toFixed(1),
  totalMs: Math.round(total),
  rsvpsPerSecond: Math.round(n / (total / 1000)),
}));
if (!exact) process.exit(1);
