// Issue 9 "Hardening": one revocation path (sign-out, disable, role change, password reset end the
// person's sessions; their open realtime sockets close within 1 s, on every node), the in-process session
// cache that must never serve an ended or stale session, and staff details (names, codes, stores) for
// admins only, over HTTP and over the socket.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { dbQuery } from './dbquery.mjs';
import { assertEnvelope, Client, SESSION_COOKIE, sleep, startServer, useServer } from './harness.mjs';
import { connect, waitFor } from './realtime.mjs';
import { png, upload } from './learning-fixtures.mjs';

const PASSWORD = 'Revoke#2026';
const people = ['RV1', 'RV2', 'RV3', 'RV4', 'RV5', 'RV6', 'RV7', 'RV8', 'RV9'].map((code) => ({
  identifier: code,
  password: PASSWORD,
  name: `Revoke ${code}`,
  role: 'admin', // admins, so their sockets carry the presence feed that must stop
}));

const send = (c, method, p, json) => c.request(method, p, { json, headers: { 'x-csrf-token': c.csrfToken } });

async function userOf(admin, code) {
  const r = await admin.get(`/api/admin/users?q=${code}`);
  assert.equal(r.status, 200, r.text);
  return r.json.items.find((u) => u.employeeCode === code);
}

/** A client carrying only this session cookie (as a replaying attacker would). */
function replay(server, token) {
  const c = new Client(server.origin);
  c.jar.set(SESSION_COOKIE, token);
  return c;
}

/** `code` signed in on `server`, its session cached (read twice), its socket subscribed to the presence feed. */
async function signedInWatching(server, code) {
  const client = server.client();
  await client.signInOk(code, PASSWORD);
  const token = client.jar.get(SESSION_COOKIE);
  assert.equal((await client.session()).user.role, 'admin');
  assert.equal((await client.session()).user.role, 'admin');
  const ws = await connect(server, client);
  ws.send(JSON.stringify({ type: 'subscribe', topic: 'presence' }));
  await waitFor(() => ws.messages.some((m) => m.type === 'presence_snapshot'), `${code}'s presence snapshot`);
  return { client, token, ws };
}

/** The socket closed (1008, "session ended") within 1 s of `since`, hears nothing more, and the cookie is dead. */
async function assertEnded(server, who, since, what) {
  await waitFor(() => who.ws.closeInfo, `${what}: the socket closes`, 3000);
  const took = who.ws.closeInfo.at - since;
  assert.ok(took <= 1000, `${what}: socket closed ${took} ms after the revocation answered`);
  assert.equal(who.ws.closeInfo.code, 1008, `${what}: close code`);
  const heard = who.ws.messages.length;
  // Someone comes online and goes again: the closed socket hears none of it.
  const other = server.client();
  await other.signInOk('S1001');
  const ws = await connect(server, other);
  await sleep(300);
  ws.close();
  assert.equal(who.ws.messages.length, heard, `${what}: no presence event after the close`);
  const again = replay(server, who.token);
  assert.deepEqual(await again.session(), {}, `${what}: the old cookie names no session`);
  assertEnvelope(await again.get('/api/me'), 401, 'UNAUTHENTICATED');
  await assert.rejects(connect(server, replay(server, who.token)), (e) => e.status === 401);
}

describe('one revocation path: sessions and sockets end together', () => {
  const server = useServer({ users: people });
  let admin;

  test('setup', async () => {
    admin = server.client();
    await admin.signInOk('ADMIN01');
    await admin.csrf();
  });

  test('(a) sign-out closes that session\'s socket and the cookie is refused at once', async () => {
    const who = await signedInWatching(server, 'RV1');
    const r = await who.client.post('/api/auth/signout', {
      form: { csrfToken: who.client.csrfToken, callbackUrl: `${server.origin}/login`, json: 'true' },
    });
    assert.equal(r.status, 200, r.text);
    await assertEnded(server, who, Date.now(), 'sign-out');
  });

  test('(b) an admin disabling the user closes their socket', async () => {
    const who = await signedInWatching(server, 'RV2');
    const u = await userOf(admin, 'RV2');
    const r = await send(admin, 'POST', `/api/admin/users/${u.id}/disable`);
    assert.equal(r.status, 200, r.text);
    await assertEnded(server, who, Date.now(), 'disable');
  });

  test('(c) a role change ends the sessions; signing in again gives the new role', async () => {
    const who = await signedInWatching(server, 'RV3');
    const u = await userOf(admin, 'RV3');
    const r = await send(admin, 'PATCH', `/api/admin/users/${u.id}`, { role: 'editor', version: u.version });
    assert.equal(r.status, 200, r.text);
    await assertEnded(server, who, Date.now(), 'role change');
    const back = server.client();
    await back.signInOk('RV3', PASSWORD);
    assert.equal((await back.session()).user.role, 'editor');
  });

  test('(d) a password reset closes their socket', async () => {
    const who = await signedInWatching(server, 'RV4');
    const u = await userOf(admin, 'RV4');
    const r = await send(admin, 'POST', `/api/admin/users/${u.id}/reset-password`, { password: 'Another#2026' });
    assert.equal(r.status, 200, r.text);
    await assertEnded(server, who, Date.now(), 'password reset');
  });

  test('PATCH status=disabled ends the sessions too; every tab and device of the user', async () => {
    const phone = await signedInWatching(server, 'RV5');
    const desk = await signedInWatching(server, 'RV5');
    const u = await userOf(admin, 'RV5');
    const r = await send(admin, 'PATCH', `/api/admin/users/${u.id}`, { status: 'disabled', version: u.version });
    assert.equal(r.status, 200, r.text);
    const since = Date.now();
    await assertEnded(server, phone, since, 'PATCH disabled (phone)');
    await assertEnded(server, desk, since, 'PATCH disabled (desk)');
  });

  test('cached sessions see name and picture changes at once (POST /api/auth/session and admin edits)', async () => {
    const a = server.client();
    const b = server.client();
    await a.signInOk('RV6', PASSWORD);
    await b.signInOk('RV6', PASSWORD);
    assert.equal((await a.session()).user.name, 'Revoke RV6');
    assert.equal((await b.session()).user.name, 'Revoke RV6');
    // The user's own update (next-auth update()): both of their sessions show it.
    const csrfToken = await a.csrf();
    const r = await a.post('/api/auth/session', { json: { csrfToken, data: { name: 'Nick RV6' } } });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.user.name, 'Nick RV6');
    assert.equal((await a.session()).user.name, 'Nick RV6');
    assert.equal((await b.session()).user.name, 'Nick RV6');
    // An admin's edit of the picture (a media library image) and name (nickname cleared so the name shows).
    const picture = await upload(server, admin, png(200, 200, 6), 'image/png', 'rv6.png');
    const u = await userOf(admin, 'RV6');
    const e = await send(admin, 'PATCH', `/api/admin/users/${u.id}`, {
      name: 'Renamed RV6',
      nickname: null,
      photo: picture.id,
      version: u.version,
    });
    assert.equal(e.status, 200, e.text);
    const s = await b.session();
    assert.equal(s.user.name, 'Renamed RV6');
    assert.equal(s.user.image, `/media/${picture.hash}.png`);
    assert.equal(s.user.role, 'admin', 'a profile edit keeps the session');
  });

  test('many parallel requests on one cookie while it is revoked: none succeeds after the revocation answered', async () => {
    const c = server.client();
    await c.signInOk('RV7', PASSWORD);
    const token = c.jar.get(SESSION_COOKIE);
    const u = await userOf(admin, 'RV7');
    const burst = () => Promise.all(Array.from({ length: 20 }, () => replay(server, token).get('/api/auth/session')));
    const during = burst();
    const r = await send(admin, 'POST', `/api/admin/users/${u.id}/disable`);
    assert.equal(r.status, 200, r.text);
    await during;
    for (const s of await burst()) assert.deepEqual(s.json, {});
  });
});

describe('staff details are for admins (finding 9)', () => {
  const server = useServer();

  test('editors get the online count without names over HTTP, and no presence feed on the socket', async () => {
    const editor = server.client();
    await editor.signInOk('EDIT01');
    const admin = server.client();
    await admin.signInOk('ADMIN01');
    const staff = server.client();
    await staff.signInOk('S1001');
    const staffId = (await staff.session()).user.id;
    const staffWs = await connect(server, staff);
    await waitFor(async () => (await admin.get('/api/admin/presence')).json.online >= 1, 'someone online');

    const seen = await editor.get('/api/admin/presence');
    assert.equal(seen.status, 200, seen.text);
    assert.deepEqual(Object.keys(seen.json), ['online']);
    assert.ok(seen.json.online >= 1);
    const full = await admin.get('/api/admin/presence');
    assert.ok(full.json.users.some((u) => u.userId === staffId && u.employeeCode === 'S1001'));

    const overview = await editor.get('/api/admin/overview');
    assert.equal(overview.status, 200);
    assert.ok(!/S1001|employeeCode|"name"/.test(overview.text), 'headline counts only');

    const ws = await connect(server, editor);
    ws.send(JSON.stringify({ type: 'subscribe', topic: 'presence' }));
    await waitFor(() => ws.messages.some((m) => m.type === 'error' && m.topic === 'presence'), 'refusal');
    assert.deepEqual(ws.messages.find((m) => m.type === 'error'), { type: 'error', topic: 'presence', code: 'FORBIDDEN' });
    staffWs.close();
    const other = server.client();
    await other.signInOk('S2001');
    const otherWs = await connect(server, other);
    await sleep(400);
    otherWs.close();
    assert.ok(!ws.messages.some((m) => m.type === 'presence' || m.type === 'presence_snapshot'), 'editors see nobody');
    ws.close();
  });
});

describe('revocation across two server processes on one PostgreSQL', { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL (runs in the PostgreSQL stage of make test)' }, () => {
  test('a revoke on node B closes the socket on node A within 1 s and A\'s cache drops the cookie', async () => {
    const a = await startServer({ users: people });
    let b;
    try {
      b = await startServer({ env: { DATABASE_URL: a.databaseUrl } });
      const adminOnB = b.client();
      await adminOnB.signInOk('ADMIN01');
      await adminOnB.csrf();

      // Disable on B: A's socket closes, A's cached session is refused.
      const who = await signedInWatching(a, 'RV1');
      const u = await userOf(adminOnB, 'RV1');
      let r = await send(adminOnB, 'POST', `/api/admin/users/${u.id}/disable`);
      assert.equal(r.status, 200, r.text);
      const since = Date.now();
      await waitFor(async () => (await replay(a, who.token).session()).user === undefined, 'A refuses the cookie', 1000);
      assert.deepEqual(await replay(b, who.token).session(), {}, 'B refuses it too');
      await assertEnded(a, who, since, 'disable on the other node');

      // Sign-out on B of a session that A has cached.
      const rv2 = await signedInWatching(a, 'RV2');
      const onB = new Client(b.origin, rv2.client.jar);
      r = await onB.post('/api/auth/signout', {
        form: { csrfToken: await onB.csrf(), callbackUrl: `${b.origin}/login`, json: 'true' },
      });
      assert.equal(r.status, 200, r.text);
      await assertEnded(a, rv2, Date.now(), 'sign-out on the other node');

      // Role change on B.
      const rv3 = await signedInWatching(a, 'RV3');
      const u3 = await userOf(adminOnB, 'RV3');
      r = await send(adminOnB, 'PATCH', `/api/admin/users/${u3.id}`, { role: 'staff', version: u3.version });
      assert.equal(r.status, 200, r.text);
      await assertEnded(a, rv3, Date.now(), 'role change on the other node');

      // A name change on B shows on A's cached session at once.
      const rv4 = a.client();
      await rv4.signInOk('RV4', PASSWORD);
      assert.equal((await rv4.session()).user.name, 'Revoke RV4');
      const u4 = await userOf(adminOnB, 'RV4');
      r = await send(adminOnB, 'PATCH', `/api/admin/users/${u4.id}`, { name: 'Renamed RV4', version: u4.version });
      assert.equal(r.status, 200, r.text);
      await waitFor(async () => (await rv4.session()).user.name === 'Renamed RV4', 'the new name on A', 1000);
    } finally {
      if (b) await b.stop();
      await a.stop();
    }
  });

  test('while the LISTEN connection is down, no node serves a cached session', async () => {
    const a = await startServer({ users: people });
    let b;
    try {
      b = await startServer({ env: { DATABASE_URL: a.databaseUrl } });
      const adminOnB = b.client();
      await adminOnB.signInOk('ADMIN01');
      await adminOnB.csrf();
      const rv5 = a.client();
      await rv5.signInOk('RV5', PASSWORD);
      const token = rv5.jar.get(SESSION_COOKIE);
      assert.ok((await rv5.session()).user);
      assert.ok((await rv5.session()).user, 'cached on A');
      const u = await userOf(adminOnB, 'RV5');

      // Cut both nodes' session listeners; revoke on B before they are back (they retry after 1 s).
      const cut = await dbQuery(
        a,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'shopfloor listen shopfloor_sessions' AND datname = current_database()",
      );
      assert.equal(cut.length, 2, 'one session listener per node');
      await sleep(100);
      const r = await send(adminOnB, 'POST', `/api/admin/users/${u.id}/disable`);
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(await replay(a, token).session(), {}, 'A read the database instead of its cache');
      // And once the listeners are back, the cache works again and still tells the truth.
      await sleep(1500);
      const rv6 = a.client();
      await rv6.signInOk('RV6', PASSWORD);
      assert.ok((await rv6.session()).user);
      const u6 = await userOf(adminOnB, 'RV6');
      assert.equal((await send(adminOnB, 'POST', `/api/admin/users/${u6.id}/disable`)).status, 200);
      await waitFor(async () => (await rv6.session()).user === undefined, 'A refuses RV6 after reconnecting', 1000);
    } finally {
      if (b) await b.stop();
      await a.stop();
    }
  });
});
