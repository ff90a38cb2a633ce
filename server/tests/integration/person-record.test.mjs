// A person's record for the back office (issue 28 item 8, GET /api/admin/users/:id/record) through real HTTP on
// a real server, on SQLite and PostgreSQL: their learning as the learning report counts it (courses completed,
// in progress, overdue; mandatory means an assignment of a published course whose audience holds them), their
// points (balance, and points earned, which a spend does not lower) and the badges they hold now (a revoked
// one is gone). Admins only.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { useServer, assertEnvelope, signedInClients } from './harness.mjs';
import { send, create, learnLesson, HOUR } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';

const TAG = randomBytes(3).toString('hex');

describe('a person’s record', () => {
  const server = useServer();
  let admin, editor, staff;
  let person, bystander;
  const made = {};

  const record = async (id, client = admin) => {
    const r = await client.get(`/api/admin/users/${id}/record`);
    assert.equal(r.status, 200, r.text);
    return r.json;
  };
  const lesson = (title, points = 0) => create(editor, 'contents', { kind: 'article', status: 'published', bodyHtml: '<p>x</p>', title: `${title} ${TAG}`, points });
  const course = async (title, lessons, extra = {}) => {
    const c = await create(editor, 'courses', { title: `${title} ${TAG}`, status: 'published', ...extra });
    for (const l of lessons) await create(editor, 'course-lessons', { course: c.id, kind: 'content', content: l.id });
    return c;
  };
  // Read to the end as a reader does (opened, then the end once the reading clock allows).
  const finish = async (client, l) => {
    const r = await learnLesson(client, l);
    assert.equal(r.status, 200, r.text);
  };

  before(async () => {
    [admin, editor, staff] = await signedInClients(server, 'ADMIN01', 'EDIT01', 'S1001');
    const region = await create(admin, 'regions', { code: `PR${TAG}`, name: `ภาค ${TAG}` });
    const store = await create(admin, 'stores', { code: `PS${TAG}`, name: `สาขา ${TAG}`, region: region.id });
    [person, bystander] = await crowd(server, 2, { prefix: 'PR', store: store.code });

    // Completed, not mandatory: its lesson pays 5 and the course 10.
    const done = await lesson('บทจบ', 5);
    made.completed = await course('หลักสูตรจบแล้ว', [done], { points: 10 });
    await finish(person.client, done);
    // Mandatory, due tomorrow, one lesson of two done: in progress.
    const half = [await lesson('บทครึ่งหนึ่ง'), await lesson('บทครึ่งสอง')];
    made.inProgress = await course('หลักสูตรกำลังเรียน', half);
    await create(editor, 'course-assignments', { course: made.inProgress.id, audience: { stores: [store.id] }, dueAt: new Date(Date.now() + 24 * HOUR).toISOString() });
    await finish(person.client, half[0]);
    // Mandatory for the store, due two hours ago, never opened: overdue.
    made.overdue = await course('หลักสูตรเกินกำหนด', [await lesson('บทเกิน')]);
    made.overdueDue = Date.now() - 2 * HOUR;
    await create(editor, 'course-assignments', { course: made.overdue.id, audience: { stores: [store.id] }, dueAt: new Date(made.overdueDue).toISOString() });
    // Assigned but a draft: not the person's to take.
    const draft = await create(editor, 'courses', { title: `ร่าง ${TAG}`, status: 'draft' });
    await create(editor, 'course-assignments', { course: draft.id, audience: { stores: [store.id] }, dueAt: new Date(made.overdueDue).toISOString() });
    // Assigned to another store only: not theirs either.
    const elsewhere = await course('หลักสูตรสาขาอื่น', [await lesson('บทอื่น')]);
    await create(editor, 'course-assignments', { course: elsewhere.id, audience: { stores: [(await admin.get('/api/admin/stores?q=BKK01')).json.items[0].id] }, dueAt: new Date(made.overdueDue).toISOString() });

    // Points: +15 from learning, +7 by hand, then 3 taken back by hand: balance 19, earned 22.
    for (const delta of [7, -3]) {
      const r = await send(admin, 'POST', `/api/admin/users/${person.id}/points`, { delta, reason: 'ทดสอบ' });
      assert.ok(r.status === 200 || r.status === 201, r.text);
    }

    // Badges: one held, one awarded then revoked.
    made.kept = await create(editor, 'badges', { name: `ยอดเยี่ยม ${TAG}`, criteria: 'manual', status: 'published' });
    made.revoked = await create(editor, 'badges', { name: `มอบผิด ${TAG}`, criteria: 'manual', status: 'published' });
    for (const b of [made.kept, made.revoked]) {
      const r = await send(editor, 'POST', `/api/admin/badges/${b.id}/award`, { userId: person.id, reason: 'ลูกค้าชม' });
      assert.equal(r.status, 201, r.text);
    }
    const r = await send(editor, 'POST', `/api/admin/badges/${made.revoked.id}/revoke`, { userId: person.id, reason: 'มอบผิดคน' });
    assert.equal(r.status, 200, r.text);
  });

  it('counts courses completed, in progress and overdue, and lists them overdue first', async () => {
    const { learning } = await record(person.id);
    assert.deepEqual(
      { completed: learning.completed, inProgress: learning.inProgress, overdue: learning.overdue, mandatory: learning.mandatory },
      { completed: 1, inProgress: 1, overdue: 1, mandatory: 2 },
    );
    assert.equal(learning.contentsCompleted, 2);
    assert.equal(learning.examsPassed, 0);
    const mine = learning.courses.filter((c) => c.title.endsWith(TAG));
    assert.deepEqual(
      mine.map((c) => [c.id, c.state, c.mandatory, c.overdue, c.completedLessons, c.totalLessons, c.percent]),
      [
        [made.overdue.id, 'notStarted', true, true, 0, 1, 0],
        [made.inProgress.id, 'inProgress', true, false, 1, 2, 50],
        [made.completed.id, 'completed', false, false, 1, 1, 100],
      ],
    );
    const [late, open, done] = mine;
    assert.equal(Date.parse(late.dueAt), made.overdueDue);
    assert.equal(late.startedAt, null);
    assert.equal(late.completedAt, null);
    assert.ok(Date.parse(open.startedAt) > 0 && open.completedAt === null && Date.parse(open.dueAt) > Date.now());
    assert.ok(Date.parse(done.completedAt) >= Date.parse(done.startedAt));
    assert.equal(done.dueAt, null);
  });

  it('gives the balance and the points earned, which a deduction does not lower', async () => {
    const { points } = await record(person.id);
    assert.deepEqual(points, { balance: 19, earned: 22 });
    // The same figures the person sees.
    assert.equal((await person.client.get('/api/me/points')).json.balance, 19);
  });

  it('lists the badges held now, without the revoked one', async () => {
    const { badges } = await record(person.id);
    // (Rule badges the seed publishes, e.g. a first course, may be held too.)
    const mine = badges.filter((b) => b.badge.name.endsWith(TAG));
    assert.deepEqual(mine.map((b) => b.badge.id), [made.kept.id]);
    assert.ok(!badges.some((b) => b.badge.id === made.revoked.id));
    assert.equal(mine[0].badge.name, `ยอดเยี่ยม ${TAG}`);
    assert.ok(Date.parse(mine[0].awardedAt) > 0);
  });

  it('answers zeros and empty lists for someone who has done nothing yet, mandatory courses still owed', async () => {
    const r = await record(bystander.id);
    assert.deepEqual(r.points, { balance: 0, earned: 0 });
    assert.deepEqual(r.badges.filter((b) => b.badge.name.endsWith(TAG)), []);
    assert.equal(r.learning.completed, 0);
    assert.equal(r.learning.inProgress, 0);
    assert.equal(r.learning.overdue, 1);
    assert.equal(r.learning.contentsCompleted, 0);
    assert.deepEqual(
      r.learning.courses.filter((c) => c.title.endsWith(TAG)).map((c) => [c.id, c.state, c.overdue]),
      [
        [made.overdue.id, 'notStarted', true],
        [made.inProgress.id, 'notStarted', false],
      ],
    );
  });

  it('is for admins only, and says when there is no such person', async () => {
    assertEnvelope(await editor.get(`/api/admin/users/${person.id}/record`), 403, 'FORBIDDEN');
    assertEnvelope(await staff.get(`/api/admin/users/${person.id}/record`), 403, 'FORBIDDEN');
    assertEnvelope(await person.client.get(`/api/admin/users/${person.id}/record`), 403, 'FORBIDDEN');
    assertEnvelope(await server.client().get(`/api/admin/users/${person.id}/record`), 401, 'UNAUTHENTICATED');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const r = await admin.get(`/api/admin/users/${id}/record`);
      assertEnvelope(r, 404, 'NOT_FOUND');
      assert.equal(r.json.error.messageCode.code, 'NO_SUCH_USER');
    }
  });
});
