// The back office's landing figures (issue 17, GET /api/admin/overview): today against yesterday from the
// report rollups, the queues that wait for an admin (each a link), and who sees which.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, assertEnvelope, signedInClients, sleep } from './harness.mjs';
import { send } from './learning-fixtures.mjs';
import { dbQuery } from './dbquery.mjs';
import { addCounts } from './rollups.mjs';

const byKey = (list) => Object.fromEntries(list.map((x) => [x.key, x]));
const count = async (server, sql) => Number((await dbQuery(server, sql))[0][0]);
const bangkokDay = (ms) => Math.floor((ms + 7 * 3600_000) / 86_400_000);

describe('dashboard overview', () => {
  const server = useServer({ env: { TELEMETRY_FLUSH_MS: '100' } });
  let admin, editor, staff, staffId;
  const overview = async (c = admin) => {
    const r = await c.get('/api/admin/overview');
    assert.equal(r.status, 200, r.text);
    return r.json;
  };

  before(async () => {
    [admin, editor, staff] = await signedInClients(server, 'ADMIN01', 'EDIT01', 'S1002');
    staffId = (await staff.session()).user.id;
  });

  it('staff are refused; admins get every figure and queue, each waiting count as the tables hold it', async () => {
    assertEnvelope(await staff.get('/api/admin/overview'), 403, 'FORBIDDEN');
    const o = await overview();
    const figures = byKey(o.figures);
    assert.deepEqual(Object.keys(figures).sort(), ['actives', 'completions', 'pendingRegistrations', 'points', 'redemptionsWaiting', 'storiesWaiting']);
    const queues = byKey(o.queues);
    assert.deepEqual(Object.keys(queues).sort(), ['entriesWaiting', 'pendingRegistrations', 'redemptionsWaiting', 'storiesWaiting']);
    assert.equal(queues.redemptionsWaiting.count, await count(server, "SELECT COUNT(*) FROM redemptions WHERE status = 'pending'"));
    assert.equal(
      queues.pendingRegistrations.count,
      (await count(server, "SELECT COUNT(*) FROM users WHERE status = 'pending'")) + (await count(server, 'SELECT COUNT(*) FROM registration_claims')),
    );
    assert.equal(queues.storiesWaiting.count, await count(server, "SELECT COUNT(*) FROM stories WHERE status = 'pending' OR (status = 'published' AND reported > 0)"));
    assert.equal(queues.entriesWaiting.count, await count(server, "SELECT COUNT(*) FROM contest_entries WHERE status = 'pending'"));
    assert.equal(queues.pendingRegistrations.link, '/admin/users/pending');
    // Story moderation has its own back-office page (issue 28 item 8).
    assert.equal(queues.storiesWaiting.link, '/admin/stories');
    assert.equal(figures.redemptionsWaiting.value, queues.redemptionsWaiting.count);
    assert.equal(figures.redemptionsWaiting.link, '/admin/redeem/redemptions?status=pending');
    assert.equal(o.online, await count(server, 'SELECT COUNT(*) FROM presence WHERE online = 1'));
    assert.equal(o.today.from, new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10));
  });

  it('editors see only the queues they run (stories, campaign entries) and no admin figures', async () => {
    const o = await overview(editor);
    assert.deepEqual(o.queues.map((q) => q.key).sort(), ['entriesWaiting', 'storiesWaiting']);
    assert.deepEqual(o.figures.map((f) => f.key).sort(), ['actives', 'completions', 'points', 'storiesWaiting']);
  });

  it('a new pending account raises the registrations waiting by one', async () => {
    const before = byKey((await overview()).queues).pendingRegistrations.count;
    const r = await send(admin, 'POST', '/api/admin/users', { employeeCode: 'D7001', name: 'รอ อนุมัติ', password: 'Secret#123', status: 'pending' });
    assert.equal(r.status, 201, r.text);
    const o = await overview();
    assert.equal(byKey(o.queues).pendingRegistrations.count, before + 1);
    assert.equal(byKey(o.figures).pendingRegistrations.value, before + 1);
  });

  it('a person seen today counts once among today\'s actives, however many pages they open', async () => {
    const before = byKey((await overview()).figures).actives.value;
    const time = Date.now();
    const events = [1, 2, 3].map((i) => ({ type: 'page_view', userId: staffId, url: `/main?i=${i}`, time }));
    const r = await staff.post('/api/telemetry', { json: { events }, headers: { 'x-csrf-token': staff.csrfToken } });
    assert.equal(r.status, 202, r.text);
    let now = before;
    for (let i = 0; i < 100 && now === before; i++) {
      await sleep(50);
      now = byKey((await overview()).figures).actives.value;
    }
    assert.equal(now, before + 1);
    const again = await staff.post('/api/telemetry', { json: { events: events.slice(0, 1) }, headers: { 'x-csrf-token': staff.csrfToken } });
    assert.equal(again.status, 202, again.text);
    await sleep(400);
    assert.equal(byKey((await overview()).figures).actives.value, before + 1, 'seen again the same day: not counted twice');
  });

  it('points and completions compare today with yesterday', async () => {
    const today = bangkokDay(Date.now());
    const base = byKey((await overview()).figures);
    await addCounts(server, [
      { metric: 'points.earned', day: today - 1, key: 'x', n: 3, total: 40 },
      { metric: 'points.earned', day: today - 2, key: 'x', n: 9, total: 900 },
      { metric: 'course.completed', day: today, key: 'c', n: 2 },
    ]);
    const f = byKey((await overview()).figures);
    assert.equal(f.points.previous, base.points.previous + 40, 'yesterday only, summing the points (total), not the count');
    assert.equal(f.points.value, base.points.value);
    assert.equal(f.completions.value, base.completions.value + 2);
  });
});
