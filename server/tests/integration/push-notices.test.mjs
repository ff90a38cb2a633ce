// Two more notices that reach phones (issue 30), through real HTTP on SQLite and PostgreSQL, each push
// decrypted by the test's push service (push-service.mjs):
// - "a course due tomorrow": the daily job (run as at a given instant, `shopfloor notifications daily --at`,
//   as notifications.test.mjs does) queues an audience job per assignment of an open course due on the next
//   Bangkok day; the server's job threads tell its audience in batches: not those who completed it, not for a
//   draft course, once per person, course and day however often it runs; "courses" off → no push; quiet
//   hours → held.
// - "a live quiz starting for the person's store": a quiz names stores (the editor's liveStores field); when
//   its host opens a session, the staff of those stores who may join are told, with the PIN and a link to
//   join, once per person and session; a quiz without stores tells nobody (PIN only).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, signedInClients, assertEnvelope } from './harness.mjs';
import { send, create } from './learning-fixtures.mjs';
import { dbQuery } from './dbquery.mjs';
import { audienceJobsDone } from './audience-jobs.mjs';
import { startPushService, subscribedPeople as subscribedPeopleOn } from './push-service.mjs';

const DAY = 24 * 3600_000;

describe('pushes: a course due tomorrow, a live quiz for the store', () => {
  let server, service, editor, admin, store, otherStore;
  before(async () => {
    service = await startPushService();
    server = await startServer({ env: { PUSH_SERVICES: service.origin, VAPID_SUBJECT: 'mailto:ops@example.test' } });
    service.publicKey = (await server.client().get('/api/push/key')).json.publicKey;
    [admin, editor] = await signedInClients(server, 'ADMIN01', 'EDIT01');
    store = (await dbQuery(server, `SELECT id FROM stores WHERE code = 'BKK01'`))[0][0];
    otherStore = (await dbQuery(server, `SELECT id FROM stores WHERE code <> 'BKK01' ORDER BY code LIMIT 1`))[0][0];
  });
  after(async () => {
    await server?.stop();
    await service?.close();
  });

  const subscribedPeople = (n, prefix, locale) => subscribedPeopleOn(server, service, n, prefix, locale);
  const pushesTo = (p, title) => service.received.filter((r) => r.name === p.sub.name && (!title || r.payload.title === title));
  const noticesOf = async (p, type) => (await p.client.get('/api/notifications?limit=100')).json.items.filter((n) => n.type === type);
  const moveTo = (p, storeId) => dbQuery(server, `UPDATE users SET store_id = '${storeId}' WHERE id = '${p.id}'`);

  it('a course due tomorrow (Bangkok): a notice and a push once, not for the done, a draft or another day', async () => {
    const [thai, eng, done, muted, quiet, elsewhere] = [
      ...(await subscribedPeople(1, 'CDT')),
      ...(await subscribedPeople(1, 'CDE', 'en')),
      ...(await subscribedPeople(4, 'CDX')),
    ];
    await moveTo(elsewhere, otherStore);
    assert.equal((await send(muted.client, 'PATCH', '/api/push/settings', { kinds: { courses: false } })).status, 200);
    // Quiet all day but one minute: whatever the real clock says, the push waits.
    const bkkMinute = Math.floor((Date.now() / 60000 + 7 * 60) % (24 * 60));
    const hhmm = (m) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const quietHours = { from: hhmm(bkkMinute), to: hhmm((bkkMinute + 24 * 60 - 1) % (24 * 60)) };
    assert.equal((await send(quiet.client, 'PATCH', '/api/push/settings', { quietHours })).status, 200);

    const title = `หลักสูตรพรุ่งนี้ ${Math.random().toString(36).slice(2, 6)}`;
    const course = await create(editor, 'courses', { title, status: 'published' });
    const later = await create(editor, 'courses', { title: `${title} ถัดไป`, status: 'published' });
    const draft = await create(editor, 'courses', { title: `${title} ร่าง`, status: 'draft' });
    await dbQuery(server, `INSERT INTO course_enrollments (user_id, course_id, started_at, completed_at, updated_at) VALUES ('${done.id}', '${course.id}', 1, 2, 2)`);
    // 09:00 in Bangkok on 10 March 2030; "tomorrow" is 11 March there.
    const at = Date.parse('2030-03-10T02:00:00Z');
    const audience = { stores: [store] };
    await create(admin, 'course-assignments', { course: course.id, audience, dueAt: '2030-03-11T16:30:00Z' }); // 23:30 on the 11th in Bangkok
    await create(admin, 'course-assignments', { course: draft.id, audience, dueAt: '2030-03-11T10:00:00Z' });
    await create(admin, 'course-assignments', { course: later.id, audience, dueAt: '2030-03-11T17:30:00Z' }); // 00:30 on the 12th
    await audienceJobsDone(server); // the "course assigned" notices

    const daily = async (instant) => {
      const out = await server.cli(['notifications', 'daily', '--at', new Date(instant).toISOString()]);
      const m = /courses due tomorrow: (\d+) assignments queued/.exec(String(out.stdout ?? out));
      assert.ok(m, JSON.stringify(out));
      await audienceJobsDone(server);
      return Number(m[1]);
    };
    assert.equal(await daily(at - DAY), 0, 'two days before: not yet');
    assert.equal(await daily(at), 1, 'the published course due tomorrow; not the draft, not the one due the day after');
    assert.equal(await daily(at + 3600_000), 1, 'run again (another node, a retry)');
    const TH = 'หลักสูตรครบกำหนดพรุ่งนี้';
    await service.until(() => pushesTo(thai, TH).length === 1 && pushesTo(eng, 'A course is due tomorrow').length === 1);
    for (const p of [thai, eng, muted, quiet]) assert.equal((await noticesOf(p, 'course_due_tomorrow')).length, 1, 'once each');
    for (const p of [done, elsewhere]) assert.equal((await noticesOf(p, 'course_due_tomorrow')).length, 0, 'completed, or outside the audience');
    const [notice] = await noticesOf(thai, 'course_due_tomorrow');
    assert.deepEqual([notice.params.course, notice.params.dueAt, notice.link], [title, '2030-03-11T16:30:00.000Z', `/learning/course/${course.id}`]);
    assert.deepEqual(pushesTo(thai, TH)[0].payload, {
      title: TH,
      body: title,
      url: `/learning/course/${course.id}`,
      tag: `/learning/course/${course.id}`,
      notificationId: notice.id,
    });
    assert.equal(pushesTo(muted, TH).length + pushesTo(muted, 'A course is due tomorrow').length, 0, '"courses" off: in the bell only');
    assert.equal(pushesTo(quiet).filter((r) => r.payload.title === TH).length, 0, 'quiet hours: not now');
    const held = await dbQuery(server, `SELECT COUNT(*) FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id WHERE s.user_id = '${quiet.id}' AND o.next_at > ${Date.now()}`);
    assert.ok(Number(held[0][0]) >= 1, 'held until the quiet hours end');

    // A day on, the later course is due tomorrow: its own notice; the first course tells nobody again.
    assert.equal(await daily(at + DAY), 1);
    await service.until(() => pushesTo(thai, TH).length === 2);
    const both = await noticesOf(thai, 'course_due_tomorrow');
    assert.deepEqual(both.map((n) => n.link).sort(), [`/learning/course/${course.id}`, `/learning/course/${later.id}`].sort());
    assert.equal((await noticesOf(done, 'course_due_tomorrow')).length, 1, 'done with the first course, not with the later one');
  });

  it('a live quiz opened for stores: their staff who may join get a notice and a push to join, once per session', async () => {
    const s = (await admin.get('/api/admin/game-settings/default')).json;
    assert.equal((await send(admin, 'PATCH', '/api/admin/game-settings/default', { dailyPointsCap: 100000, version: s.version })).status, 200);
    const [thai, eng, muted, outsideGame, elsewhere] = [
      ...(await subscribedPeople(1, 'LST')),
      ...(await subscribedPeople(1, 'LSE', 'en')),
      ...(await subscribedPeople(3, 'LSX')),
    ];
    const thirdStore = (await dbQuery(server, `SELECT id FROM stores WHERE id NOT IN ('${store}', '${otherStore}') ORDER BY code LIMIT 1`))[0][0];
    await moveTo(outsideGame, otherStore); // a store the quiz tells, but the game is not for it
    await moveTo(elsewhere, thirdStore); // a store the quiz does not tell
    assert.equal((await send(muted.client, 'PATCH', '/api/push/settings', { kinds: { events: false } })).status, 200);

    const title = `ควิซสด ${Math.random().toString(36).slice(2, 6)}`;
    // The editor's field: a list of stores, checked like an audience's.
    const quiz = await create(editor, 'game-quizzes', { title, timerSeconds: 30, liveStores: [store, otherStore] });
    assert.deepEqual(quiz.liveStores, [store, otherStore]);
    for (const bad of ['BKK01', [''], [7]]) {
      const r = await send(editor, 'PATCH', `/api/admin/game-quizzes/${quiz.id}`, { liveStores: bad, version: quiz.version });
      assertEnvelope(r, 422);
      assert.ok(r.json.error.fieldCodes?.liveStores, r.text);
    }
    const schema = (await editor.get('/api/admin/schema')).json.resources.find((r) => r.name === 'game-quizzes');
    const field = (schema?.fields ?? []).find((f) => f.name === 'liveStores');
    assert.equal(field?.format, 'stores', JSON.stringify(field));
    await create(editor, 'game-quiz-questions', { quiz: quiz.id, kind: 'single', prompt: 'ข้อหนึ่ง', choices: [{ id: 'a', text: 'ก' }, { id: 'b', text: 'ข' }], correct: ['a'] });
    await create(editor, 'games', { title: 'ควิซสด', kind: 'quiz', quiz: quiz.id, status: 'published', attemptsPerDay: 5, scorePerPoint: 100, audience: { stores: [store, thirdStore] } });

    const open = async () => {
      const r = await send(editor, 'POST', '/api/admin/live-quizzes', { quizId: quiz.id });
      assert.equal(r.status, 201, r.text);
      await audienceJobsDone(server);
      return r.json.session;
    };
    const session = await open();
    const TH = 'ควิซสดกำลังจะเริ่ม แตะเพื่อเข้าร่วม';
    await service.until(() => pushesTo(thai, TH).length === 1 && pushesTo(eng, 'A live quiz is starting: tap to join').length === 1);
    const [notice] = await noticesOf(thai, 'live_quiz_started');
    const link = `/club/games/live?pin=${session.pin}`;
    assert.deepEqual([notice.params, notice.link], [{ title, pin: session.pin }, link]);
    const push = pushesTo(thai, TH)[0];
    assert.deepEqual(push.payload, { title: TH, body: `${title} · PIN ${session.pin}`, url: link, tag: link, notificationId: notice.id });
    assert.equal(push.headers.urgency, 'high');
    assert.ok(Number(push.headers.ttl) <= 1800, push.headers.ttl);
    assert.equal((await noticesOf(muted, 'live_quiz_started')).length, 1, '"events" off: in the bell only');
    assert.equal(pushesTo(muted).filter((r) => r.payload.url === link).length, 0);
    for (const p of [outsideGame, elsewhere]) assert.equal((await noticesOf(p, 'live_quiz_started')).length, 0, 'could not join, or not a told store');
    // The link's PIN lets them in.
    const joined = await send(thai.client, 'POST', '/api/games/live/join', { pin: new URLSearchParams(link.split('?')[1]).get('pin') });
    assert.equal(joined.status, 200, joined.text);

    // The job done again (a retry, another node) tells nobody twice.
    await dbQuery(server, `INSERT INTO audience_jobs (id, kind, subject_id, after_user, created_at) VALUES ('${crypto.randomUUID()}', 'live_quiz_started', '${session.id}', '', ${Date.now()})`);
    await audienceJobsDone(server);
    assert.equal((await noticesOf(eng, 'live_quiz_started')).length, 1);

    // Once the game started, a late job tells nobody.
    assert.equal((await send(editor, 'POST', `/api/admin/live-quizzes/${session.id}/next`, {})).status, 200);
    const late = (await subscribedPeople(1, 'LSL'))[0];
    await dbQuery(server, `INSERT INTO audience_jobs (id, kind, subject_id, after_user, created_at) VALUES ('${crypto.randomUUID()}', 'live_quiz_started', '${session.id}', '', ${Date.now()})`);
    await audienceJobsDone(server);
    assert.equal((await noticesOf(late, 'live_quiz_started')).length, 0);

    // A new session of the quiz is news again.
    const second = await open();
    await service.until(() => pushesTo(thai, TH).length === 2);
    assert.equal(pushesTo(thai, TH)[1].payload.url, `/club/games/live?pin=${second.pin}`);

    // A quiz without stores is joined by PIN only: nobody is told.
    const plain = await create(editor, 'game-quizzes', { title: `${title} PIN`, timerSeconds: 30 });
    await create(editor, 'game-quiz-questions', { quiz: plain.id, kind: 'single', prompt: 'ข้อ', choices: [{ id: 'a', text: 'ก' }, { id: 'b', text: 'ข' }], correct: ['a'] });
    await create(editor, 'games', { title: 'PIN', kind: 'quiz', quiz: plain.id, status: 'published', attemptsPerDay: 5, scorePerPoint: 100 });
    const r = await send(editor, 'POST', '/api/admin/live-quizzes', { quizId: plain.id });
    assert.equal(r.status, 201, r.text);
    const queued = await dbQuery(server, `SELECT COUNT(*) FROM audience_jobs WHERE subject_id = '${r.json.session.id}'`);
    assert.equal(Number(queued[0][0]), 0);
    await audienceJobsDone(server);
    assert.equal((await noticesOf(thai, 'live_quiz_started')).length, 2);
  });
});
