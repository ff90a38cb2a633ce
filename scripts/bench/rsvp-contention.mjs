// 1,000 simultaneous RSVPs for a 300-place event (issue 13's sign-up engine): PEOPLE staff with sessions
// written straight into the database (signing 1,000 people in would measure password hashing), each with a
// CSRF token from the real /api/auth/csrf; an admin creates the event; then every person sends POST
// /api/events/:id/rsvp at once (one transaction each: the event row locked, going while places are left, else
// waitlisted with the next sequence number). Asserts exactly PLACES going and PEOPLE-PLACES waitlisted with
// positions 1..n, and prints {people, places, going, waitlisted, p50Ms, p99Ms, totalMs, rsvpsPerSecond}.
// Usage: node rsvp-contention.mjs ORIGIN ADMIN_COOKIE ADMIN_CSRF DATABASE [PEOPLE] [PLACES]
//   DATABASE: the SQLite file's path or the postgres:// URL the server uses.
import { database as databaseAt, staff } from './staff.mjs';

const [origin, adminCookie, adminCsrf, database, peopleArg = '1000', placesArg = '300'] = process.argv.slice(2);
const n = Number(peopleArg), places = Number(placesArg);
const now = Date.now();
const people = await staff(origin, databaseAt(database), { n, prefix: 'RSVP' });

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
