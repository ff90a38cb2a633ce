// Presence over the realtime WebSocket (SPEC §4, issue 3), with real WebSocket clients: online while any
// connection lives, offline with lastSeen when the last one closes or goes silent, and one truth across
// two server processes on one PostgreSQL, including a node killed with SIGKILL.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertEnvelope, sleep, startServer, useServer } from './harness.mjs';
import { closed, connect, waitFor } from './realtime.mjs';

async function presenceOf(client, userId) {
  const r = await client.get(`/api/presence/${userId}`);
  assert.equal(r.status, 200, r.text);
  return r.json;
}

describe('presence on one server', () => {
  const server = useServer({ env: { WS_IDLE_TIMEOUT: '2' } });
  let staff, admin, staffId;

  test('setup', async () => {
    staff = server.client();
    await staff.signInOk('S1001');
    staffId = (await staff.session()).user.id;
    admin = server.client();
    await admin.signInOk('ADMIN01');
    const p = await presenceOf(admin, staffId);
    assert.equal(p.online, false);
    assert.equal(p.lastSeen, null, 'never connected: no lastSeen');
  });

  test('the realtime socket needs a session and the same origin', async () => {
    await assert.rejects(connect(server, null), (e) => e.status === 401);
    await assert.rejects(connect(server, staff, { origin: 'https://evil.example' }), (e) => e.status === 403);
    const r = await staff.get('/api/realtime');
    assert.notEqual(r.status, 101);
  });

  test('connect → online; two tabs, close one → still online; close both → offline with lastSeen within 1 s', async () => {
    const tab1 = await connect(server, staff);
    await waitFor(async () => (await presenceOf(admin, staffId)).online, 'online after connect');
    const tab2 = await connect(server, staff);
    await waitFor(() => tab2.messages.some((m) => m.type === 'hello'), 'hello on tab 2');
    tab2.close();
    await closed(tab2);
    await sleep(300);
    assert.equal((await presenceOf(admin, staffId)).online, true, 'one tab still open');
    tab1.close();
    await closed(tab1);
    const closedAt = Date.now();
    const p = await waitFor(async () => {
      const p = await presenceOf(admin, staffId);
      return p.online ? null : p;
    }, 'offline after the last tab closed');
    assert.ok(Math.abs(Date.parse(p.lastSeen) - closedAt) < 1000, `lastSeen ${p.lastSeen} within 1 s of ${new Date(closedAt).toISOString()}`);
  });

  test('browser offline/online events update presence', async () => {
    const ws = await connect(server, staff);
    await waitFor(async () => (await presenceOf(admin, staffId)).online, 'online');
    ws.send(JSON.stringify({ type: 'status', online: false }));
    await waitFor(async () => !(await presenceOf(admin, staffId)).online, 'offline after a browser offline event');
    ws.send(JSON.stringify({ type: 'status', online: true }));
    await waitFor(async () => (await presenceOf(admin, staffId)).online, 'online after a browser online event');
    ws.close();
    await closed(ws);
    await waitFor(async () => !(await presenceOf(admin, staffId)).online, 'offline after close');
  });

  test('a silent client (no pong) is dropped after the heartbeat timeout and goes offline', async () => {
    const ws = await connect(server, staff, { autoPong: false });
    await waitFor(async () => (await presenceOf(admin, staffId)).online, 'online');
    const t0 = Date.now();
    await closed(ws);
    const elapsed = Date.now() - t0;
    assert.ok(elapsed < 5000, `dropped after ${elapsed} ms (idle timeout 2 s)`);
    await waitFor(async () => !(await presenceOf(admin, staffId)).online, 'offline after heartbeat timeout');
  });

  test('admins get a live presence feed; staff cannot subscribe', async () => {
    const watcher = await connect(server, admin);
    watcher.send(JSON.stringify({ type: 'subscribe', topic: 'presence' }));
    await waitFor(() => watcher.messages.some((m) => m.type === 'presence_snapshot'), 'snapshot');
    const staffWatcher = await connect(server, staff);
    staffWatcher.send(JSON.stringify({ type: 'subscribe', topic: 'presence' }));

    const other = server.client();
    await other.signInOk('S2001');
    const otherId = (await other.session()).user.id;
    const ws = await connect(server, other);
    await waitFor(() => watcher.messages.some((m) => m.type === 'presence' && m.userId === otherId && m.online), 'online event');
    const list = await admin.get('/api/admin/presence');
    assert.equal(list.status, 200);
    assert.ok(list.json.online >= 1);
    assert.ok(list.json.users.some((u) => u.userId === otherId && u.employeeCode === 'S2001'));
    ws.close();
    await waitFor(() => watcher.messages.some((m) => m.type === 'presence' && m.userId === otherId && !m.online), 'offline event');
    await sleep(200);
    assert.ok(!staffWatcher.messages.some((m) => m.type === 'presence' || m.type === 'presence_snapshot'), 'staff see nobody else');
    assertEnvelope(await staff.get('/api/admin/presence'), 403, 'FORBIDDEN');
    watcher.close();
    staffWatcher.close();
  });
});

describe('presence across two server processes on one PostgreSQL', { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL (runs in the PostgreSQL stage of make test)' }, () => {
  test('a client on node A is seen through node B; SIGKILL of A marks it offline within 30 s', async () => {
    const timing = { PRESENCE_HEARTBEAT_MS: '1000', PRESENCE_NODE_TIMEOUT_MS: '4000' };
    const a = await startServer({ env: timing });
    let b;
    try {
      b = await startServer({ env: { ...timing, DATABASE_URL: a.databaseUrl } });
      const staffOnA = a.client();
      await staffOnA.signInOk('S1001');
      const staffId = (await staffOnA.session()).user.id;
      const adminOnB = b.client();
      await adminOnB.signInOk('ADMIN01');
      const watcher = await connect(b, adminOnB);
      watcher.send(JSON.stringify({ type: 'subscribe', topic: 'presence' }));
      await waitFor(() => watcher.messages.some((m) => m.type === 'presence_snapshot'), 'snapshot on B');

      const ws = await connect(a, staffOnA);
      await waitFor(async () => (await presenceOf(adminOnB, staffId)).online, 'online seen through B');
      await waitFor(
        () => watcher.messages.some((m) => m.type === 'presence' && m.userId === staffId && m.online),
        'live event fanned out from A to B (LISTEN/NOTIFY)',
      );

      ws.on('error', () => {});
      const killedAt = Date.now();
      a.proc.kill('SIGKILL');
      await a.proc.exited;
      await waitFor(async () => !(await presenceOf(adminOnB, staffId)).online, 'offline after node A died', 30000);
      const took = Date.now() - killedAt;
      assert.ok(took < 30000, `marked offline after ${took} ms`);
      await waitFor(
        () => watcher.messages.some((m) => m.type === 'presence' && m.userId === staffId && !m.online),
        'offline event on B',
      );
      watcher.close();
    } finally {
      if (b) await b.stop();
      await a.stop();
    }
  });
});
