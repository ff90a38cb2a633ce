// Work that scales with the audience leaves the request (issue 33, jobs/audience_jobs.hpp), on SQLite and on
// PostgreSQL: a mandatory course assigned to the whole company answers at once and every staff member's
// notice appears from the background job, once; two server processes on one database expand a job once; a
// job interrupted by killing the server mid-expansion finishes after a restart, with no duplicates.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, signedInClients, startServer } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';
import { create, send } from './learning-fixtures.mjs';
import { waitFor } from './realtime.mjs';
import { audienceJobsDone, jobsWaiting, staffStore, anotherNode } from './audience-jobs.mjs';

const count = async (server, sql) => Number((await dbQuery(server, sql))[0][0]);

const activeStaff = (server) => count(server, "SELECT COUNT(*) FROM users WHERE role = 'staff' AND status = 'active'");
const noticesOf = (server, assignment) =>
  count(server, `SELECT COUNT(*) FROM notifications WHERE type = 'course_assigned' AND dedupe_key = 'course_assigned:${assignment}'`);
const peopleNotified = (server, assignment) =>
  count(server, `SELECT COUNT(DISTINCT user_id) FROM notifications WHERE type = 'course_assigned' AND dedupe_key = 'course_assigned:${assignment}'`);

describe('audience jobs: whole-audience notices leave the save', () => {
  // Small batches, so a job of a few thousand people takes many steps (and two nodes share them).
  const server = useServer({ env: { AUDIENCE_JOB_BATCH: '100' } });
  let admin, editor;

  before(async () => {
    [admin, editor] = await signedInClients(server, 'ADMIN01', 'EDIT01');
    await staffStore(server, 3000);
  });

  it('a course assigned to the whole company answers at once; every active staff member gets one notice', async () => {
    const course = await create(editor, 'courses', { title: `ทุกคน ${Date.now()}`, status: 'published' });
    const everyone = await activeStaff(server);
    assert.ok(everyone >= 3000, `${everyone} staff`);
    const t0 = performance.now();
    const assignment = await create(admin, 'course-assignments', { course: course.id, audience: {} });
    const saveMs = performance.now() - t0;
    // The save recorded the job; the notices come from it.
    await waitFor(async () => (await noticesOf(server, assignment.id)) === everyone, 'every notice', 60_000);
    await audienceJobsDone(server);
    assert.equal(await noticesOf(server, assignment.id), everyone);
    assert.equal(await peopleNotified(server, assignment.id), everyone);
    // Nobody but active staff: the admin and editor are not chased.
    assert.equal(await count(server, `SELECT COUNT(*) FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.dedupe_key = 'course_assigned:${assignment.id}' AND u.role <> 'staff'`), 0);
    // The staff-visible result is the notice itself, in their list and unread count.
    const [s1001] = await signedInClients(server, 'S1001');
    const mine = (await s1001.get('/api/notifications')).json;
    assert.ok(mine.items.some((x) => x.type === 'course_assigned' && x.link === `/learning/course/${course.id}`));
    assert.ok(saveMs < 5000, `the save took ${saveMs} ms`);
    console.log(`whole-company save of ${everyone} staff: ${saveMs.toFixed(0)} ms`);
  });

  it('two server processes on one database expand a job once', async () => {
    const node2 = await anotherNode(server, { AUDIENCE_JOB_BATCH: '100' });
    try {
      const store = await staffStore(server, 2000);
      const course = await create(editor, 'courses', { title: `สองโหนด ${Date.now()}`, status: 'published' });
      // Both nodes' threads wake when the save commits and take batches of it.
      const assignment = await create(admin, 'course-assignments', { course: course.id, audience: { stores: [store] } });
      await waitFor(async () => (await noticesOf(server, assignment.id)) >= 2000, 'the notices', 60_000);
      await audienceJobsDone(server);
      assert.equal(await noticesOf(server, assignment.id), 2000);
      assert.equal(await peopleNotified(server, assignment.id), 2000);
      // Nobody outside the store.
      assert.equal(
        await count(server, `SELECT COUNT(*) FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.dedupe_key = 'course_assigned:${assignment.id}' AND u.store_id <> '${store}'`),
        0,
      );
      // Saving it again (both nodes awake) reaches nobody twice.
      const again = await send(admin, 'PATCH', `/api/admin/course-assignments/${assignment.id}`, { note: 'อีกครั้ง', version: assignment.version });
      assert.equal(again.status, 200, again.text);
      await waitFor(async () => (await jobsWaiting(server)) === 0, 'the second job', 60_000);
      assert.equal(await noticesOf(server, assignment.id), 2000);
    } finally {
      await node2.stop();
    }
  });
});

describe('audience jobs: a node killed mid-expansion', () => {
  let server;
  after(async () => server && (await server.stop()));

  it('the job finishes after a restart, each person notified once', async () => {
    // One person per batch: the expansion takes thousands of transactions, so the kill lands mid-way.
    server = await startServer({ env: { AUDIENCE_JOB_BATCH: '1' } });
    // The demo seed's own broadcasts, one person per step too, are expanded first: one still running would
    // reach the people made below, and count as a second job.
    await audienceJobsDone(server);
    const [admin, editor] = await signedInClients(server, 'ADMIN01', 'EDIT01');
    const store = await staffStore(server, 2000);
    const course = await create(editor, 'courses', { title: `ตัดไฟ ${Date.now()}`, status: 'published' });
    const assignment = await create(admin, 'course-assignments', { course: course.id, audience: { stores: [store] } });
    await waitFor(async () => (await noticesOf(server, assignment.id)) >= 20, 'the first notices', 30_000);
    server.proc.kill('SIGKILL');
    await server.proc.exited;
    const before = await noticesOf(server, assignment.id);
    assert.ok(before < 2000, `killed after ${before} notices`);
    assert.equal(await jobsWaiting(server), 1, 'the job is still recorded');
    const cursor = (await dbQuery(server, 'SELECT after_user FROM audience_jobs'))[0][0];
    assert.ok(cursor > '', 'its cursor moved with the committed batches');

    const restarted = await anotherNode(server, { AUDIENCE_JOB_BATCH: '50' });
    try {
      await waitFor(async () => (await jobsWaiting(server)) === 0, 'the job to finish after the restart', 60_000);
      assert.equal(await noticesOf(server, assignment.id), 2000);
      assert.equal(await peopleNotified(server, assignment.id), 2000);
    } finally {
      await restarted.stop();
    }
  });
});
