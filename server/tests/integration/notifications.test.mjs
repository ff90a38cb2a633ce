// The notification centre (issue 12, SPEC §6) through real HTTP on a real server, on SQLite and on PostgreSQL:
// a notice is created once per event and only for its person (racing approvals included), the list, unread
// count and read marks, another person's notice → 404, CSRF on the writes, the live count over the realtime
// WebSocket (across two nodes on PostgreSQL), mandatory course notices and the daily "due in 3 days" job.
// Issue 28: every change to what a person owns is told to them, their own actions too: each status of their
// redemption (their redeeming and cancelling included), their seat at an event (going, waitlisted, promoted,
// cancelled) and every points entry with its reason.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, signedInClients, assertEnvelope, startServer } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';
import { send, create, HOUR, iso, learnLesson } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { connect, waitFor } from './realtime.mjs';
import { audienceJobsDone } from './audience-jobs.mjs';

const DAY = 24 * HOUR;
const reward = (admin, over = {}) =>
  create(admin, 'rewards', { title: `รางวัล ${Math.random().toString(36).slice(2, 7)}`, cost: 10, stock: 100, pickup: true, delivery: false, status: 'published', ...over });
const redeem = (c, id) => send(c, 'POST', `/api/club/rewards/${id}/redeem`, { method: 'pickup' });
const list = async (c, q = '') => {
  const r = await c.get(`/api/notifications${q}`);
  assert.equal(r.status, 200, r.text);
  return r.json;
};
const unread = async (c) => (await c.get('/api/notifications/unread-count')).json.unread;
const rows = async (server, userId, type) =>
  (await dbQuery(server, `SELECT id FROM notifications WHERE user_id = '${userId}' AND type = '${type}'`)).length;

describe('notification centre', () => {
  const server = useServer();
  let admin, editor;

  before(async () => {
    [admin, editor] = await signedInClients(server, 'ADMIN01', 'EDIT01');
  });

  it('an approved redemption notifies its owner once, even when two admins approve at once', async () => {
    const item = await reward(admin);
    const [owner, bystander] = await crowd(server, 2, { prefix: 'N', points: 100 });
    const id = (await redeem(owner.client, item.id)).json.redemption.id;
    const runs = await Promise.all([1, 2, 3, 4].map(() => send(admin, 'POST', `/api/admin/redemptions/${id}/approve`, {})));
    assert.equal(runs.filter((r) => r.status === 200).length, 1, runs.map((r) => r.status).join(','));
    const mine = await list(owner.client);
    assert.equal(mine.items.length, 2, 'their own redeeming (pending), then the approval');
    assert.equal(mine.unread, 2);
    assert.equal(mine.hasMore, false);
    const [n, redeemed] = mine.items;
    assert.equal(n.type, 'redemption_status');
    assert.deepEqual(n.params, { reward: item.title, status: 'approved' });
    assert.deepEqual(redeemed.params, { reward: item.title, status: 'pending', points: 10 });
    assert.equal(n.link, '/club/redemptions');
    assert.equal(n.read, false);
    assert.ok(Date.parse(n.createdAt) > Date.now() - 60_000);
    assert.equal(await rows(server, owner.id, 'redemption_status'), 2);
    // Only its person: nobody else got it.
    assert.equal((await list(bystander.client)).items.length, 0);
    assert.equal(Number((await dbQuery(server, `SELECT COUNT(*) FROM notifications WHERE params_json LIKE '%${item.title}%'`))[0][0]), 2);

    // Fulfilled, rejected and the owner's own cancel notify too (a status each), with the points given back.
    await send(admin, 'POST', `/api/admin/redemptions/${id}/fulfil`, {});
    const second = (await redeem(owner.client, item.id)).json.redemption.id;
    await send(admin, 'POST', `/api/admin/redemptions/${second}/reject`, { reason: 'หมดรอบ' });
    const third = (await redeem(owner.client, item.id)).json.redemption.id;
    assert.equal((await send(owner.client, 'POST', `/api/club/redemptions/${third}/cancel`)).status, 200);
    assertEnvelope(await send(owner.client, 'POST', `/api/club/redemptions/${third}/cancel`), 409, 'NOT_OPEN');
    const after = await list(owner.client);
    assert.deepEqual(after.items.map((x) => x.params.status), ['cancelled', 'pending', 'rejected', 'pending', 'fulfilled', 'approved', 'pending']);
    assert.deepEqual(after.items[0].params, { reward: item.title, status: 'cancelled', points: 10 });
    assert.deepEqual(after.items[2].params, { reward: item.title, status: 'rejected', points: 10, reason: 'หมดรอบ' });
    assert.equal(after.unread, 7);
    assert.ok(!after.items.some((x) => x.type.startsWith('points_')), 'spending and refunds are told by the redemption');
  });

  it('lists newest first in pages, marks one or all read, and keeps each person to their own', async () => {
    const item = await reward(admin);
    const [p, q] = await crowd(server, 2, { prefix: 'L', points: 100 });
    for (let i = 0; i < 5; i++) {
      const id = (await redeem(p.client, item.id)).json.redemption.id;
      assert.equal((await send(admin, 'POST', `/api/admin/redemptions/${id}/approve`, {})).status, 200);
    }
    // Each redemption: pending (their own) and approved.
    const page1 = await list(p.client, '?limit=4');
    assert.equal(page1.items.length, 4);
    assert.equal(page1.hasMore, true);
    assert.equal(page1.unread, 10);
    const page2 = await list(p.client, `?limit=4&before=${page1.items[3].id}`);
    const page3 = await list(p.client, `?limit=4&before=${page2.items[3].id}`);
    assert.equal(page3.items.length, 2);
    assert.equal(page3.hasMore, false);
    const all = [...page1.items, ...page2.items, ...page3.items];
    assert.equal(new Set(all.map((x) => x.id)).size, 10);
    assert.deepEqual(all.map((x) => x.createdAt), all.map((x) => x.createdAt).sort().reverse());
    assertEnvelope(await p.client.get('/api/notifications?limit=0'), 400);
    assertEnvelope(await p.client.get('/api/notifications?before=x%27%20OR%201'), 400);

    // One read: idempotent, the count goes down once.
    const target = all[2];
    const r1 = await send(p.client, 'POST', `/api/notifications/${target.id}/read`);
    assert.equal(r1.status, 200, r1.text);
    assert.equal(r1.json.unread, 9);
    assert.equal((await send(p.client, 'POST', `/api/notifications/${target.id}/read`)).json.unread, 9);
    assert.equal((await list(p.client)).items.find((x) => x.id === target.id).read, true);
    assert.equal(await unread(p.client), 9);

    // Someone else's notice is absent to them, and stays unread.
    assertEnvelope(await send(q.client, 'POST', `/api/notifications/${all[0].id}/read`), 404, 'NOT_FOUND');
    assertEnvelope(await send(q.client, 'POST', '/api/notifications/01234567-89ab-cdef-0123-456789abcdef/read'), 404, 'NOT_FOUND');
    assertEnvelope(await send(q.client, 'POST', '/api/notifications/nope/read'), 404, 'NOT_FOUND');
    assert.equal(await unread(p.client), 9);
    assert.equal((await send(q.client, 'POST', '/api/notifications/read-all')).json.unread, 0);
    assert.equal(await unread(p.client), 9);

    // CSRF on cookie writes; sign-in on everything.
    assertEnvelope(await p.client.post(`/api/notifications/${all[0].id}/read`), 403, 'CSRF_FAILED');
    assertEnvelope(await p.client.post('/api/notifications/read-all'), 403, 'CSRF_FAILED');
    const anonymous = server.client();
    assertEnvelope(await anonymous.get('/api/notifications'), 401);
    assertEnvelope(await anonymous.get('/api/notifications/unread-count'), 401);

    const r = await send(p.client, 'POST', '/api/notifications/read-all');
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.unread, 0);
    assert.equal(await unread(p.client), 0);
    assert.ok((await list(p.client)).items.every((x) => x.read));
  });

  it('pushes the unread count live to every open socket of the person (and nobody else)', async () => {
    const item = await reward(admin);
    const [p, other] = await crowd(server, 2, { prefix: 'W', points: 100 });
    const tab1 = await connect(server, p.client);
    const tab2 = await connect(server, p.client);
    const stranger = await connect(server, other.client);
    try {
      await waitFor(() => tab1.messages.some((m) => m.type === 'hello') && tab2.messages.some((m) => m.type === 'hello'), 'hello');
      const id = (await redeem(p.client, item.id)).json.redemption.id;
      for (const ws of [tab1, tab2])
        await waitFor(() => ws.messages.some((m) => m.type === 'notifications' && m.unread === 1), 'count 1 on each tab: their own redeeming');
      await send(admin, 'POST', `/api/admin/redemptions/${id}/approve`, {});
      for (const ws of [tab1, tab2])
        await waitFor(() => ws.messages.some((m) => m.type === 'notifications' && m.unread === 2), 'count 2 on each tab');
      const [n] = (await list(p.client)).items;
      await send(p.client, 'POST', `/api/notifications/${n.id}/read`);
      await waitFor(() => tab2.messages.some((m) => m.type === 'notifications' && m.unread === 1), 'count 1 after a read elsewhere');
      // Points received reach the bell live too.
      await send(admin, 'POST', `/api/admin/users/${p.id}/points`, { delta: 5, reason: 'ช่วยงานสาขา' });
      await waitFor(() => tab1.messages.some((m) => m.type === 'notifications' && m.unread === 2), 'count 2 after points received');
      assert.ok(!stranger.messages.some((m) => m.type === 'notifications'), 'another person hears nothing');
    } finally {
      for (const ws of [tab1, tab2, stranger]) ws.close();
    }
  });

  it('tells a person of their seat as it changes: going, waitlisted, cancelled, promoted, with points for attending', async () => {
    const e = await create(editor, 'events', {
      title: `ที่นั่ง ${Math.random().toString(36).slice(2, 6)}`, startsAt: iso(48 * HOUR), endsAt: iso(50 * HOUR),
      placeKind: 'address', address: 'ห้องประชุม', capacity: 1, points: 15, status: 'published',
    });
    const [a, b] = await crowd(server, 2, { prefix: 'SEAT' });
    const seat = async (p) => (await list(p.client)).items.filter((x) => x.type.startsWith('event_')).map((x) => x.type);
    assert.equal((await send(a.client, 'POST', `/api/events/${e.id}/rsvp`, {})).status, 200);
    assert.equal((await send(b.client, 'POST', `/api/events/${e.id}/rsvp`, {})).status, 200);
    assert.deepEqual(await seat(a), ['event_going']);
    assert.deepEqual(await seat(b), ['event_waitlisted']);
    const [going] = (await list(a.client)).items;
    assert.deepEqual([going.params, going.link], [{ title: e.title }, `/club/events/${e.id}`]);
    assert.equal((await send(a.client, 'POST', `/api/events/${e.id}/cancel`, {})).status, 200);
    assert.deepEqual(await seat(a), ['event_cancelled', 'event_going']);
    assert.deepEqual(await seat(b), ['event_promoted', 'event_waitlisted']);
    // Signing up again is a new place in line: told again (waitlisted now, b holds the seat).
    assert.equal((await send(a.client, 'POST', `/api/events/${e.id}/rsvp`, {})).status, 200);
    assert.deepEqual(await seat(a), ['event_waitlisted', 'event_cancelled', 'event_going']);
    // Checked in: the points for attending, with the event as the reason, once however often it is scanned.
    const code = (await b.client.get(`/api/events/${e.id}`)).json.item.mine.code;
    const scans = await Promise.all([1, 2, 3].map(() => send(editor, 'POST', `/api/admin/events/${e.id}/checkin`, { code })));
    assert.equal(scans.filter((r) => r.status === 200).length, 1);
    const points = (await list(b.client)).items.filter((x) => x.type === 'points_received');
    assert.deepEqual(points.map((x) => [x.params, x.link]), [[{ points: 15, source: 'event', reason: e.title }, '/club/points']]);
  });

  it('tells every points entry with its reason: a lesson, a manual adjustment either way; once per entry', async () => {
    const [p] = await crowd(server, 1, { prefix: 'PTS', points: 50 });
    const lesson = await create(editor, 'contents', { kind: 'article', status: 'published', title: `แต้มบทเรียน ${Math.random().toString(36).slice(2, 6)}`, bodyHtml: '<p>อ่าน</p>', points: 20 });
    assert.equal((await learnLesson(p.client, lesson)).json.pointsAwarded, 20);
    const key = `adjust-${Math.random().toString(36).slice(2, 8)}`;
    const adjust = (delta, reason) => send(admin, 'POST', `/api/admin/users/${p.id}/points`, { delta, reason, idempotencyKey: key + delta });
    const twice = await Promise.all([adjust(30, 'ช่วยจัดงานสาขา'), adjust(30, 'ช่วยจัดงานสาขา')]);
    assert.deepEqual(twice.map((r) => r.json.applied).sort(), [false, true]);
    assert.equal((await adjust(-10, 'แก้ไขยอดซ้ำ')).status, 200);
    const items = (await list(p.client)).items.filter((x) => x.type.startsWith('points_'));
    assert.deepEqual(items.map((x) => [x.type, x.params]), [
      ['points_deducted', { points: 10, source: 'manual', reason: 'แก้ไขยอดซ้ำ' }],
      ['points_received', { points: 30, source: 'manual', reason: 'ช่วยจัดงานสาขา' }],
      ['points_received', { points: 20, source: 'lesson', reason: lesson.title }],
    ]);
    // One notice per ledger entry written through the ledger: the refused second adjustment told nothing.
    const written = (await p.client.get('/api/me/points?limit=100')).json.entries.filter((x) => x.reason !== 'test');
    assert.equal(written.length, 3);
    assert.equal(Number((await dbQuery(server, `SELECT COUNT(*) FROM notifications WHERE user_id = '${p.id}' AND type LIKE 'points_%'`))[0][0]), 3);
  });

  it('tells the people a mandatory course is assigned to, once; the daily job reminds them when it is due in 3 days', async () => {
    const people = await crowd(server, 3, { prefix: 'M', store: 'BKK01' });
    const [done, later, elsewhere] = people;
    // Someone in another store is outside the audience.
    await dbQuery(server, `UPDATE users SET store_id = (SELECT id FROM stores WHERE code <> 'BKK01' ORDER BY code LIMIT 1) WHERE id = '${elsewhere.id}'`);
    const store = (await dbQuery(server, `SELECT id FROM stores WHERE code = 'BKK01'`))[0][0];
    const course = await create(editor, 'courses', { title: `หลักสูตรบังคับ ${Math.random().toString(36).slice(2, 6)}`, status: 'published' });
    // One of them has completed it already. Written before any assignment: the server's own daily job (5 s
    // after start, then every few minutes) may run at any point of this test, and must find them done.
    await dbQuery(server, `INSERT INTO course_enrollments (user_id, course_id, started_at, completed_at, updated_at) VALUES ('${done.id}', '${course.id}', 1, 2, 2)`);
    const draft = await create(editor, 'courses', { title: 'ร่าง', status: 'draft' });
    const due = new Date(Date.now() + 2 * DAY).toISOString();
    const assignment = await create(admin, 'course-assignments', { course: course.id, audience: { stores: [store] }, dueAt: due });
    await create(admin, 'course-assignments', { course: draft.id, audience: { stores: [store] }, dueAt: due });
    await create(admin, 'course-assignments', { course: course.id, audience: { stores: [store] }, dueAt: new Date(Date.now() + 10 * DAY).toISOString() });
    await audienceJobsDone(server); // the notices are written by a background job after the saves answer

    const assigned = (await list(later.client)).items.filter((x) => x.type === 'course_assigned');
    assert.equal(assigned.length, 2, 'one per assignment of the published course; none for the draft');
    assert.equal(assigned[0].params.course, course.title);
    assert.equal(assigned[0].link, `/learning/course/${course.id}`);
    assert.equal(await rows(server, elsewhere.id, 'course_assigned'), 0);
    // Saving the assignment again notifies nobody twice.
    const again = await send(admin, 'PATCH', `/api/admin/course-assignments/${assignment.id}`, { note: 'อ่านให้จบ', version: assignment.version });
    assert.equal(again.status, 200, again.text);
    await audienceJobsDone(server);
    assert.equal(await rows(server, later.id, 'course_assigned'), 2);

    // The one who completed it (before it was assigned: see above) is not reminded; the job twice (or on two
    // nodes) reminds once.
    for (let i = 0; i < 2; i++) await server.cli(['notifications', 'daily']);
    assert.equal(await rows(server, later.id, 'course_due'), 1);
    assert.equal(await rows(server, done.id, 'course_due'), 0);
    assert.equal(await rows(server, elsewhere.id, 'course_due'), 0);
    const [reminder] = (await list(later.client)).items.filter((x) => x.type === 'course_due');
    assert.equal(reminder.params.course, course.title);
    assert.equal(reminder.params.dueAt, due);
    // Eight days on, the second assignment's due date is within 3 days: a reminder of its own.
    await server.cli(['notifications', 'daily', '--at', new Date(Date.now() + 8 * DAY).toISOString()]);
    assert.equal(await rows(server, later.id, 'course_due'), 2);
  });
});

describe('live count across two server processes on one PostgreSQL', { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL' }, () => {
  it('an approval on node A reaches the owner\'s socket on node B', async () => {
    const a = await startServer();
    let b;
    try {
      b = await startServer({ env: { DATABASE_URL: a.databaseUrl } });
      const admin = a.client();
      await admin.signInOk('ADMIN01');
      await admin.csrf();
      const [p] = await crowd(a, 1, { prefix: 'X', points: 100 });
      const item = await reward(admin);
      const id = (await redeem(p.client, item.id)).json.redemption.id;
      const onB = p.client.jar.clone();
      const clientB = b.client();
      clientB.jar = onB;
      const ws = await connect(b, clientB);
      try {
        await waitFor(() => ws.messages.some((m) => m.type === 'hello'), 'hello on B');
        await send(admin, 'POST', `/api/admin/redemptions/${id}/approve`, {});
        // Their own redeeming is one unread notice already; the approval makes two.
        await waitFor(() => ws.messages.some((m) => m.type === 'notifications' && m.unread === 2), 'count on B (LISTEN/NOTIFY)');
      } finally {
        ws.close();
      }
    } finally {
      if (b) await b.stop();
      await a.stop();
    }
  });
});
