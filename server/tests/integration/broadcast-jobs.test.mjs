// A broadcast's deliveries leave the send (issue 33, messages/internal.hpp deliver_page, the audience job
// "broadcast"), on SQLite and on PostgreSQL: sending to the whole company counts the audience and answers; the
// delivery rows (and each page's pushes) come from the job, once per person; while it runs the admin sees
// "delivered so far / recipients" and the staff not reached yet have nothing to open, read or count; two
// server processes share a job without duplicates; a node killed mid-expansion leaves the rest to a restart.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, signedInClients, startServer, assertEnvelope } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';
import { create, send } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { waitFor } from './realtime.mjs';
import { audienceJobsDone, jobsWaiting, staffStore, anotherNode } from './audience-jobs.mjs';

const count = async (server, sql) => Number((await dbQuery(server, sql))[0][0]);
const rowsOf = (server, id) => count(server, `SELECT COUNT(*) FROM broadcast_deliveries WHERE broadcast_id = '${id}'`);
const peopleOf = (server, id) => count(server, `SELECT COUNT(DISTINCT user_id) FROM broadcast_deliveries WHERE broadcast_id = '${id}'`);
const countsOf = async (server, id) => {
  const [[recipients, delivered]] = await dbQuery(server, `SELECT recipients_count, delivered_count FROM broadcasts WHERE id = '${id}'`);
  return { recipients: Number(recipients), delivered: Number(delivered) };
};
const activeStaff = (server) => count(server, "SELECT COUNT(*) FROM users WHERE role = 'staff' AND status = 'active'");
const draft = (editor, audience) => create(editor, 'broadcasts', { title: `ประกาศ ${Date.now()}`, body: '<p>ถึงทุกคน</p>', audience });
const sendIt = (c, id) => send(c, 'POST', `/api/admin/broadcasts/${id}/send`, {});

describe('broadcast deliveries leave the send', () => {
  // Small pages, so a few thousand people take many steps (and two nodes share them).
  const server = useServer({ env: { AUDIENCE_JOB_BATCH: '100' } });
  let editor;

  before(async () => {
    [editor] = await signedInClients(server, 'EDIT01');
    await staffStore(server, 3000, 'BJ');
  });

  it('a broadcast to the whole company answers after one page; every active staff member gets one delivery', async () => {
    const everyone = await activeStaff(server);
    assert.ok(everyone >= 3000, `${everyone} staff`);
    const b = await draft(editor, {});
    const t0 = performance.now();
    const r = await sendIt(editor, b.id);
    const sendMs = performance.now() - t0;
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.recipients, everyone);
    assert.equal(r.json.item.recipientsCount, everyone);
    // The send wrote the first page (100 people) and left the rest to the job.
    assert.equal(r.json.item.deliveredCount, 100);
    await audienceJobsDone(server, 60_000);
    assert.equal(await rowsOf(server, b.id), everyone);
    assert.equal(await peopleOf(server, b.id), everyone);
    assert.deepEqual(await countsOf(server, b.id), { recipients: everyone, delivered: everyone });
    // Nobody but active staff.
    assert.equal(await count(server, `SELECT COUNT(*) FROM broadcast_deliveries d JOIN users u ON u.id = d.user_id WHERE d.broadcast_id = '${b.id}' AND (u.role <> 'staff' OR u.status <> 'active')`), 0);
    // Everyone's copy carries the send's time.
    assert.equal(await count(server, `SELECT COUNT(DISTINCT delivered_at) FROM broadcast_deliveries WHERE broadcast_id = '${b.id}'`), 1);
    const [s1001] = await signedInClients(server, 'S1001');
    assert.ok((await s1001.get('/api/messages')).json.items.some((x) => x.id === b.id));
    const item = (await editor.get(`/api/admin/broadcasts/${b.id}`)).json;
    assert.equal((item.item ?? item).deliveredCount, everyone);
    console.log(`whole-company broadcast to ${everyone} staff: send ${sendMs.toFixed(0)} ms`);
  });

  it('a small audience is delivered by the send itself, with no job', async () => {
    const people = await crowd(server, 3, { prefix: 'BJS' });
    const position = `BJS-${Date.now()}`;
    await dbQuery(server, `UPDATE users SET position = '${position}' WHERE id IN (${people.map((p) => `'${p.id}'`).join(', ')})`);
    const b = await draft(editor, { positions: [position] });
    const r = await sendIt(editor, b.id);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.recipients, 3);
    assert.equal(r.json.item.deliveredCount, 3);
    assert.equal(await rowsOf(server, b.id), 3);
    assert.equal(await count(server, `SELECT COUNT(*) FROM audience_jobs WHERE subject_id = '${b.id}'`), 0);
    assert.equal((await people[0].client.get('/api/messages/unread-count')).json.broadcasts, 1);
  });

  it('two server processes on one database deliver a broadcast once', async () => {
    const node2 = await anotherNode(server, { AUDIENCE_JOB_BATCH: '100' });
    try {
      const store = await staffStore(server, 2000, 'BJ');
      const b = await draft(editor, { stores: [store] });
      const r = await sendIt(editor, b.id);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.json.recipients, 2000);
      await audienceJobsDone(server, 60_000);
      assert.equal(await rowsOf(server, b.id), 2000);
      assert.equal(await peopleOf(server, b.id), 2000);
      assert.deepEqual(await countsOf(server, b.id), { recipients: 2000, delivered: 2000 });
      assert.equal(
        await count(server, `SELECT COUNT(*) FROM broadcast_deliveries d JOIN users u ON u.id = d.user_id WHERE d.broadcast_id = '${b.id}' AND u.store_id <> '${store}'`),
        0,
      );
    } finally {
      await node2.stop();
    }
  });
});

describe('broadcast deliveries: a node killed mid-expansion', () => {
  let server;
  after(async () => server && (await server.stop()));

  it('while it runs only the people reached have it; after a restart everyone has it once', async () => {
    // One person per step and a rest after each: the expansion takes thousands of transactions and at least
    // 15 s, so the checks below see it mid-way and the kill lands mid-way, however fast the machine.
    server = await startServer({ env: { AUDIENCE_JOB_BATCH: '1', AUDIENCE_JOB_PAUSE_MS: '5' } });
    // The demo seed's own broadcasts, one person per step too, are expanded first: one still running would
    // reach the people made below, and count as a second job.
    await audienceJobsDone(server);
    const [editor] = await signedInClients(server, 'EDIT01');
    // 3000 people whose ids sort first ('0…'), and staff of the same store with random ids: the last of them
    // is reached after the 3000.
    const store = await staffStore(server, 3000, '00');
    const crowdOf = await crowd(server, 3, { prefix: 'BJK', store });
    const late = crowdOf.reduce((a, p) => (p.id > a.id ? p : a));
    assert.equal(await count(server, `SELECT COUNT(*) FROM users WHERE store_id = '${store}' AND id > '${late.id}'`), 0);
    const b = await draft(editor, { stores: [store] });
    const r = await sendIt(editor, b.id);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.recipients, 3003);
    await waitFor(async () => (await rowsOf(server, b.id)) >= 20, 'the first deliveries', 30_000);

    // Mid-expansion: the admin sees how far it is; someone not reached yet has nothing to open or read.
    const mid = (await editor.get(`/api/admin/broadcasts/${b.id}`)).json;
    const midItem = mid.item ?? mid;
    assert.equal(midItem.recipientsCount, 3003);
    assert.ok(midItem.deliveredCount >= 20 && midItem.deliveredCount < 3003, `delivered ${midItem.deliveredCount}`);
    assert.ok(!(await late.client.get('/api/messages')).json.items.some((x) => x.id === b.id));
    assert.equal((await late.client.get('/api/messages/unread-count')).json.broadcasts, 0);
    assertEnvelope(await late.client.get(`/api/messages/broadcasts/${b.id}`), 404, 'NOT_FOUND');
    assertEnvelope(await send(late.client, 'POST', `/api/messages/broadcasts/${b.id}/read`), 404, 'NOT_FOUND');

    server.proc.kill('SIGKILL');
    await server.proc.exited;
    const rows = await rowsOf(server, b.id);
    assert.ok(rows < 3003, `killed after ${rows} deliveries`);
    // The count moved in the same transactions as the rows.
    assert.deepEqual(await countsOf(server, b.id), { recipients: 3003, delivered: rows });
    assert.equal(await jobsWaiting(server), 1, 'the job is still recorded');

    const restarted = await anotherNode(server, { AUDIENCE_JOB_BATCH: '50' });
    try {
      await waitFor(async () => (await jobsWaiting(server)) === 0, 'the job to finish after the restart', 60_000);
      assert.equal(await rowsOf(server, b.id), 3003);
      assert.equal(await peopleOf(server, b.id), 3003);
      assert.deepEqual(await countsOf(server, b.id), { recipients: 3003, delivered: 3003 });
      // The late person now has it, once, and reads it.
      const origin = late.client.origin;
      late.client.origin = restarted.origin;
      try {
        assert.equal((await late.client.get('/api/messages/unread-count')).json.broadcasts, 1);
        const read = await send(late.client, 'POST', `/api/messages/broadcasts/${b.id}/read`);
        assert.equal(read.status, 200, read.text);
        assert.equal(read.json.unread.broadcasts, 0);
      } finally {
        late.client.origin = origin;
      }
      assert.equal(await count(server, `SELECT reads_count FROM broadcasts WHERE id = '${b.id}'`), 1);
    } finally {
      await restarted.stop();
    }
  });
});
