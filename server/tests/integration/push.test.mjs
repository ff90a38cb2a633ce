// Web Push (issue 30) through real HTTP on SQLite and PostgreSQL, to a real push service the test starts
// (push-service.mjs): every push it receives must carry a VAPID JWT that verifies with GET /api/push/key
// and a body the npm http_ece library decrypts with the subscriber's key. Subscriptions are checked (push
// services only, real P-256 keys), owned (only one's own can be removed), and cleaned up when the service
// says they are gone; a busy service is retried after its Retry-After. What is pushed: a notice (an office
// answer, a course assigned) decrypts to its text in the person's language with the notice's id; a kind turned
// off sends nothing; quiet hours hold a push until they end; a broadcast reaches each subscribed recipient once,
// queued a few at a time.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { startServer, assertEnvelope, signedInClients, sleep, freePort, BIN } from './harness.mjs';
import { send, create } from './learning-fixtures.mjs';
import { dbQuery } from './dbquery.mjs';
import { crowd } from './crowd.mjs';
import { startPushService, makeSubscriber } from './push-service.mjs';

describe('web push', () => {
  let server, service, staff, other, english, editor;
  before(async () => {
    service = await startPushService();
    // Only the test's own loopback service is allowed: the browsers' services are not listed here.
    server = await startServer({
      // Broadcasts are queued 2 recipients at a time, so a broadcast to 5 takes several steps.
      env: { PUSH_SERVICES: service.origin, VAPID_SUBJECT: 'mailto:ops@example.test', AUDIENCE_JOB_BATCH: '2' },
      users: [
        { identifier: 'PUSHMANY', password: 'Many#Devices26', name: 'ทดสอบ หลายเครื่อง', store: 'BKK01' },
        { identifier: 'PUSHNODES', password: 'Two#Nodes2026', name: 'ทดสอบ สองโหนด', store: 'BKK01' },
      ],
    });
    const key = await server.client().get('/api/push/key');
    service.publicKey = key.json.publicKey;
    [staff, other, english, editor] = await signedInClients(server, 'S1001', 'S1002', 'S2001', 'EDIT01');
    await dbQuery(server, "UPDATE users SET locale = 'en' WHERE employee_code = 'S2001'");
  });
  after(async () => {
    await server?.stop();
    await service?.close();
  });

  const subscribe = (c, sub) => send(c, 'POST', '/api/push/subscriptions', sub.json);
  const unsubscribe = (c, endpoint) => send(c, 'DELETE', '/api/push/subscriptions', { endpoint });
  const subscriptions = async (where = 'TRUE') =>
    dbQuery(server, `SELECT endpoint, user_id FROM push_subscriptions WHERE ${where} ORDER BY endpoint`);
  const outbox = async () => Number((await dbQuery(server, 'SELECT COUNT(*) FROM push_outbox'))[0][0]);
  const pushesTo = (name) => service.received.filter((r) => r.name === name);

  it('the VAPID key is a P-256 point, the same on every call, kept in DATA_DIR with mode 0600', async () => {
    const point = Buffer.from(service.publicKey, 'base64url');
    assert.equal(point.length, 65);
    assert.equal(point[0], 4);
    assert.equal((await server.client().get('/api/push/key')).json.publicKey, service.publicKey);
    const file = path.join(server.tmp, 'data', 'vapid_private_key');
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.equal(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url').length, 32);
  });

  it('subscribing needs a session and the CSRF header; the same endpoint again is 200 and one row', async () => {
    const sub = service.subscriber();
    assertEnvelope(await server.client().request('POST', '/api/push/subscriptions', { json: sub.json }), 401, 'UNAUTHENTICATED');
    assertEnvelope(await staff.request('POST', '/api/push/subscriptions', { json: sub.json }), 403, 'CSRF_FAILED');
    const first = await subscribe(staff, sub);
    assert.equal(first.status, 201, first.text);
    assert.deepEqual(first.json, { endpoint: sub.json.endpoint });
    const again = await subscribe(staff, sub);
    assert.equal(again.status, 200, again.text);
    assert.equal((await subscriptions(`endpoint = '${sub.json.endpoint}'`)).length, 1);
  });

  it('a test push reaches every device, VAPID-signed and decrypted to the payload in the person’s language', async () => {
    const phone = service.subscriber(), tablet = service.subscriber(), en = service.subscriber();
    for (const s of [phone, tablet]) assert.equal((await subscribe(other, s)).status, 201);
    assert.equal((await subscribe(english, en)).status, 201);
    const r = await send(other, 'POST', '/api/push/test', {});
    assert.equal(r.status, 202, r.text);
    assert.equal(r.json.queued, 2);
    assert.equal((await send(english, 'POST', '/api/push/test', {})).status, 202);
    await service.until(() => [phone, tablet, en].every((s) => pushesTo(s.name).length === 1));
    for (const s of [phone, tablet]) {
      const [push] = pushesTo(s.name);
      assert.equal(push.error, undefined, push.error);
      assert.deepEqual(push.payload, {
        title: 'ทดสอบการแจ้งเตือน',
        body: 'การแจ้งเตือนบนอุปกรณ์นี้ใช้งานได้แล้ว',
        url: '/profile',
        tag: 'push-test',
      });
      assert.equal(push.claims.aud, service.origin);
      assert.equal(push.claims.sub, 'mailto:ops@example.test');
      assert.equal(push.headers.urgency, 'normal');
      assert.ok(Number(push.headers.ttl) > 3500 && Number(push.headers.ttl) <= 3600, push.headers.ttl);
      assert.match(push.headers.topic, /^[\w-]{32}$/);
    }
    const [push] = pushesTo(en.name);
    assert.equal(push.payload.title, 'Test notification');
    assert.equal(push.payload.body, 'Notifications work on this device.');
    await waitFor(async () => (await outbox()) === 0);
  });

  it('410 from the push service deletes the subscription; nothing is left to send', async () => {
    const [gone] = await signedInClients(server, 'S2002');
    const sub = service.subscriber();
    assert.equal((await subscribe(gone, sub)).status, 201);
    service.answers[sub.name] = [{ status: 410 }];
    assert.equal((await send(gone, 'POST', '/api/push/test', {})).status, 202);
    await service.until(() => pushesTo(sub.name).length === 1);
    await waitFor(async () => (await subscriptions(`endpoint = '${sub.json.endpoint}'`)).length === 0);
    const none = await send(gone, 'POST', '/api/push/test', {});
    assert.equal(none.status, 202);
    assert.equal(none.json.queued, 0);
  });

  it('429 with Retry-After is sent again after it, then succeeds once', async () => {
    const [busy] = await signedInClients(server, 'EDIT01');
    const sub = service.subscriber();
    assert.equal((await subscribe(busy, sub)).status, 201);
    service.answers[sub.name] = [{ status: 429, headers: { 'retry-after': '1' } }];
    assert.equal((await send(busy, 'POST', '/api/push/test', {})).status, 202);
    await service.until(() => pushesTo(sub.name).length === 2);
    const [first, second] = pushesTo(sub.name);
    assert.deepEqual([first.status, second.status], [429, 201]);
    assert.ok(second.at - first.at >= 900, `retried after ${second.at - first.at} ms`);
    assert.deepEqual(second.payload, first.payload);
    await waitFor(async () => (await outbox()) === 0);
    await sleep(1500);
    assert.equal(pushesTo(sub.name).length, 2); // not sent a third time
  });

  it('unsubscribe removes only one’s own subscription', async () => {
    const sub = service.subscriber();
    assert.equal((await subscribe(staff, sub)).status, 201);
    assertEnvelope(await unsubscribe(other, sub.json.endpoint), 404, 'NOT_FOUND');
    assert.equal((await subscriptions(`endpoint = '${sub.json.endpoint}'`)).length, 1);
    assertEnvelope(await staff.request('DELETE', '/api/push/subscriptions', { json: { endpoint: sub.json.endpoint } }), 403, 'CSRF_FAILED');
    assert.equal((await unsubscribe(staff, sub.json.endpoint)).status, 204);
    assert.equal((await subscriptions(`endpoint = '${sub.json.endpoint}'`)).length, 0);
    const gone = await unsubscribe(staff, sub.json.endpoint);
    assertEnvelope(gone, 404, 'NOT_FOUND');
    assert.equal(gone.json.error.messageCode.code, 'NO_SUCH_PUSH_SUBSCRIPTION');
  });

  it('endpoints off the configured push services are refused: private, loopback, metadata, http, other origins', async () => {
    const keys = makeSubscriber(service).json.keys;
    const port = new URL(service.origin).port;
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc', // a real service, but not listed on this server
      `https://127.0.0.1:${port}/push/x`, // the listed host and port over another scheme
      `http://127.0.0.1:${Number(port) + 1}/push/x`,
      `http://localhost:${port}/push/x`,
      'http://10.0.0.1/push/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/push/x',
      `http://user:pw@127.0.0.1:${port}/push/x`,
      `http://127.0.0.1:${port}.evil.example/push/x`,
      'javascript:alert(1)',
    ]) {
      const r = await send(staff, 'POST', '/api/push/subscriptions', { endpoint, keys });
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.equal(r.json.error.fieldCodes.endpoint.code, 'PUSH_ENDPOINT_NOT_ALLOWED', endpoint);
    }
    assert.equal((await subscriptions("endpoint NOT LIKE 'http://127.0.0.1:%'")).length, 0);
  });

  it('bad keys are 422 with the fields that are wrong', async () => {
    const good = service.subscriber().json;
    const point = Buffer.from(good.keys.p256dh, 'base64url');
    const offCurve = Buffer.from(point);
    offCurve[64] ^= 1;
    const cases = [
      [{ p256dh: point.subarray(0, 33).toString('base64url'), auth: good.keys.auth }, ['keys.p256dh']],
      [{ p256dh: offCurve.toString('base64url'), auth: good.keys.auth }, ['keys.p256dh']],
      [{ p256dh: good.keys.p256dh, auth: Buffer.alloc(15).toString('base64url') }, ['keys.auth']],
      [{ p256dh: 'not base64!', auth: 'x' }, ['keys.auth', 'keys.p256dh']],
    ];
    for (const [keys, fields] of cases) {
      const r = await send(staff, 'POST', '/api/push/subscriptions', { ...good, keys });
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.deepEqual(Object.keys(r.json.error.fields).sort(), fields, JSON.stringify(keys));
      for (const f of fields)
        assert.equal(r.json.error.fieldCodes[f].code, f === 'keys.auth' ? 'PUSH_AUTH_INVALID' : 'PUSH_P256DH_INVALID');
    }
    const r = await send(staff, 'POST', '/api/push/subscriptions', { endpoint: good.endpoint });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(r.json.error.fieldCodes.keys.code, 'REQUIRED');
    assert.equal((await subscriptions(`endpoint = '${good.endpoint}'`)).length, 0);
  });

  it('the same browser subscribed by someone else moves to them', async () => {
    const sub = service.subscriber();
    assert.equal((await subscribe(staff, sub)).status, 201);
    const moved = await subscribe(other, sub);
    assert.equal(moved.status, 200);
    const [[, owner]] = await subscriptions(`endpoint = '${sub.json.endpoint}'`);
    assert.equal(owner, (await dbQuery(server, "SELECT id FROM users WHERE employee_code = 'S1002'"))[0][0]);
    assertEnvelope(await unsubscribe(staff, sub.json.endpoint), 404, 'NOT_FOUND');
  });

  it('the same endpoint subscribed 10 times at once: one 201, nine 200, one row', async () => {
    const sub = service.subscriber();
    const answers = await Promise.all(Array.from({ length: 10 }, () => subscribe(staff, sub)));
    assert.deepEqual(answers.map((r) => r.status).sort(), [200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    assert.equal((await subscriptions(`endpoint = '${sub.json.endpoint}'`)).length, 1);
  });

  it('a person keeps at most 20 devices: the 21st drops the one subscribed longest ago', async () => {
    const many = server.client();
    await many.signInOk('PUSHMANY', 'Many#Devices26');
    await many.csrf();
    const subs = Array.from({ length: 21 }, () => service.subscriber());
    for (const s of subs) {
      assert.equal((await subscribe(many, s)).status, 201);
      await sleep(2); // distinct subscription times
    }
    const uid = (await dbQuery(server, "SELECT id FROM users WHERE employee_code = 'PUSHMANY'"))[0][0];
    const kept = (await subscriptions(`user_id = '${uid}'`)).map(([endpoint]) => endpoint);
    assert.equal(kept.length, 20);
    assert.ok(!kept.includes(subs[0].json.endpoint));
    assert.ok(kept.includes(subs[20].json.endpoint));
  });

  it('two nodes on one database send each queued push once', async () => {
    // A second node: same database, same DATA_DIR (so the same VAPID key), its own port and senders.
    const port = await freePort();
    const node2 = spawn(BIN, ['serve'], { cwd: server.tmp, env: { ...server.env, PORT: String(port) }, stdio: 'ignore' });
    try {
      for (let i = 0; ; i++) {
        const up = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status === 200, () => false);
        if (up) break;
        if (i > 100) throw new Error('second node did not start');
        await sleep(100);
      }
      const c = server.client();
      await c.signInOk('PUSHNODES', 'Two#Nodes2026');
      await c.csrf();
      const subs = Array.from({ length: 10 }, () => service.subscriber());
      for (const s of subs) assert.equal((await subscribe(c, s)).status, 201);
      // 20 pushes to each device, queued in one commit (as a broadcast's transaction would).
      const ks = Array.from({ length: 20 }, (_, k) => `('${k}')`).join(', ');
      const now = Date.now();
      await dbQuery(
        server,
        `INSERT INTO push_outbox (id, subscription_id, payload, topic, urgency, ttl_s, next_at, created_at) ` +
          `SELECT 'multi:' || kk.k || ':' || s.id, s.id, '{"title":"t","body":"b","url":"/","tag":"multi-' || kk.k || '"}', ` +
          `NULL, 'normal', 3600, ${now}, ${now} FROM push_subscriptions s JOIN users u ON u.id = s.user_id ` +
          `CROSS JOIN (SELECT column1 AS k FROM (VALUES ${ks}) AS v) AS kk WHERE u.employee_code = 'PUSHNODES'`,
      );
      const names = new Set(subs.map((s) => s.name));
      const mine = () => service.received.filter((r) => names.has(r.name));
      await service.until(() => mine().length >= 200, 30000);
      await sleep(1500); // a second send would come within a poll
      const got = mine();
      assert.equal(got.length, 200);
      assert.ok(got.every((r) => !r.error), got.find((r) => r.error)?.error);
      assert.equal(new Set(got.map((r) => `${r.name} ${r.payload.tag}`)).size, 200);
      await waitFor(async () => (await outbox()) === 0);
    } finally {
      node2.kill('SIGTERM');
      await new Promise((resolve) => node2.once('exit', resolve));
    }
  });

  // People of their own (crowd.mjs), each with one subscribed device: [{client, id, sub}].
  async function subscribedPeople(n, prefix, locale = 'th') {
    const people = await crowd(server, n, { prefix });
    await dbQuery(server, `UPDATE users SET locale = '${locale}' WHERE id IN (${people.map((p) => `'${p.id}'`).join(', ')})`);
    for (const p of people) {
      p.sub = service.subscriber();
      assert.equal((await subscribe(p.client, p.sub)).status, 201);
    }
    return people;
  }
  // The person writes to the office and the office answers: a "message" notice for the person.
  async function officeAnswers(p, subject = 'ป้ายราคา') {
    const t = await send(p.client, 'POST', '/api/messages/threads', { subject, body: 'ป้ายไม่พอครับ' });
    assert.equal(t.status, 201, t.text);
    const r = await send(editor, 'POST', `/api/messages/threads/${t.json.thread.id}/messages`, { body: 'จะส่งเพิ่มให้ค่ะ' });
    assert.equal(r.status, 201, r.text);
    const [notice] = (await p.client.get('/api/notifications')).json.items.filter((x) => x.type === 'message');
    assert.ok(notice, 'the answer is a notice in the bell');
    return { thread: t.json.thread.id, notice };
  }
  const queuedFor = async (p) =>
    dbQuery(server, `SELECT o.next_at, o.created_at FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id WHERE s.user_id = '${p.id}'`);
  const bangkokMinute = () => (Math.floor(Date.now() / 60000) + 7 * 60) % 1440;
  const hhmm = (m) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

  it('a notice is pushed: it decrypts to its text in Thai and in English, with the deep link and the notice id', async () => {
    const [thai] = await subscribedPeople(1, 'PNT');
    const [eng] = await subscribedPeople(1, 'PNE', 'en');
    const th = await officeAnswers(thai, 'ป้ายราคา');
    const en = await officeAnswers(eng, 'Price tags');
    await service.until(() => pushesTo(thai.sub.name).length === 1 && pushesTo(eng.sub.name).length === 1);
    const [a] = pushesTo(thai.sub.name);
    assert.equal(a.error, undefined, a.error);
    assert.deepEqual(a.payload, {
      title: 'ข้อความใหม่จากสำนักงาน',
      body: 'ป้ายราคา',
      url: `/messager/t/${th.thread}`,
      tag: `/messager/t/${th.thread}`,
      notificationId: th.notice.id,
    });
    const [b] = pushesTo(eng.sub.name);
    assert.deepEqual(b.payload, {
      title: 'A new message from the office',
      body: 'Price tags',
      url: `/messager/t/${en.thread}`,
      tag: `/messager/t/${en.thread}`,
      notificationId: en.notice.id,
    });
    assert.equal(a.headers.urgency, 'normal');
    assert.ok(Number(a.headers.ttl) > 24 * 3600 - 60 && Number(a.headers.ttl) <= 24 * 3600, a.headers.ttl);
    await waitFor(async () => (await queuedFor(thai)).length === 0);
  });

  it('settings: every kind on and no quiet hours by default; PATCH changes what it names; bad input is 422', async () => {
    const [p] = await subscribedPeople(1, 'PNS');
    const fresh = await p.client.get('/api/push/settings');
    assert.equal(fresh.status, 200);
    assert.deepEqual(fresh.json, {
      kinds: { courses: true, rewards: true, messages: true, events: true, badges: true },
      quietHours: null,
      devices: 1,
    });
    assertEnvelope(await server.client().get('/api/push/settings'), 401, 'UNAUTHENTICATED');
    assertEnvelope(await p.client.request('PATCH', '/api/push/settings', { json: { kinds: { badges: false } } }), 403, 'CSRF_FAILED');
    let r = await send(p.client, 'PATCH', '/api/push/settings', { kinds: { badges: false }, quietHours: { from: '22:00', to: '07:30' } });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.json, {
      kinds: { courses: true, rewards: true, messages: true, events: true, badges: false },
      quietHours: { from: '22:00', to: '07:30' },
      devices: 1,
    });
    r = await send(p.client, 'PATCH', '/api/push/settings', { kinds: { courses: false } });
    assert.deepEqual(r.json.kinds, { courses: false, rewards: true, messages: true, events: true, badges: false });
    assert.deepEqual(r.json.quietHours, { from: '22:00', to: '07:30' });
    assert.deepEqual((await p.client.get('/api/push/settings')).json, r.json);
    for (const [body, field, code] of [
      [{ kinds: { parties: false } }, 'kinds.parties', 'PUSH_KIND_UNKNOWN'],
      [{ kinds: { badges: 'no' } }, 'kinds.badges', 'MUST_BE_BOOLEAN'],
      [{ kinds: [] }, 'kinds', 'MUST_BE_OBJECT'],
      [{ quietHours: { from: '22:00', to: '22:00' } }, 'quietHours', 'PUSH_QUIET_HOURS'],
      [{ quietHours: { from: '24:00', to: '07:00' } }, 'quietHours', 'PUSH_QUIET_HOURS'],
      [{ quietHours: { from: '9:00', to: '17:00' } }, 'quietHours', 'PUSH_QUIET_HOURS'],
      [{ quietHours: '22:00-07:00' }, 'quietHours', 'PUSH_QUIET_HOURS'],
      [{ volume: 3 }, 'volume', 'UNKNOWN_FIELD'],
    ]) {
      const bad = await send(p.client, 'PATCH', '/api/push/settings', body);
      assertEnvelope(bad, 422, 'VALIDATION_FAILED');
      assert.equal(bad.json.error.fieldCodes[field]?.code, code, JSON.stringify(body));
    }
    // A refused PATCH changes nothing, even the parts of it that were right.
    await send(p.client, 'PATCH', '/api/push/settings', { kinds: { rewards: false, parties: true } });
    assert.deepEqual((await p.client.get('/api/push/settings')).json, r.json);
    r = await send(p.client, 'PATCH', '/api/push/settings', { kinds: { courses: true, badges: true }, quietHours: null });
    assert.deepEqual(r.json, fresh.json);
  });

  it('two PATCHes of different kinds at once both hold', async () => {
    const [p] = await subscribedPeople(1, 'PNR');
    const kinds = ['courses', 'rewards', 'messages', 'events', 'badges'];
    const answers = await Promise.all(kinds.map((k) => send(p.client, 'PATCH', '/api/push/settings', { kinds: { [k]: false } })));
    assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 200, 200]);
    assert.deepEqual((await p.client.get('/api/push/settings')).json.kinds, Object.fromEntries(kinds.map((k) => [k, false])));
  });

  it('a kind turned off is not pushed (the notice is still in the bell); the others still are', async () => {
    const [p] = await subscribedPeople(1, 'PNO');
    assert.equal((await send(p.client, 'PATCH', '/api/push/settings', { kinds: { messages: false } })).status, 200);
    await officeAnswers(p);
    assert.equal((await queuedFor(p)).length, 0);
    // A push queued after the answer (the test push, which no preference turns off) arrives; the answer's never does.
    assert.equal((await send(p.client, 'POST', '/api/push/test', {})).json.queued, 1);
    await service.until(() => pushesTo(p.sub.name).length === 1);
    await sleep(1200);
    assert.deepEqual(pushesTo(p.sub.name).map((x) => x.payload.tag), ['push-test']);
  });

  it('quiet hours hold a push until they end (Bangkok time); ending them sends it at once', async () => {
    const [p] = await subscribedPeople(1, 'PNQ');
    const now = bangkokMinute();
    const from = (now + 1440 - 60) % 1440, to = (now + 120) % 1440;
    let r = await send(p.client, 'PATCH', '/api/push/settings', { quietHours: { from: hhmm(from), to: hhmm(to) } });
    assert.equal(r.status, 200, r.text);
    const before = Date.now();
    const { notice } = await officeAnswers(p);
    // Held: queued for when the hours end (the minute `to` starts), and its TTL runs from then.
    const [[nextAt, createdAt]] = await queuedFor(p);
    const release = (Math.floor(before / 60000) + ((to - now + 1440) % 1440)) * 60000;
    assert.ok(Math.abs(Number(nextAt) - release) <= 60000, `next_at ${nextAt}, expected about ${release}`);
    assert.equal(Number(createdAt), Number(nextAt));
    await sleep(1500);
    assert.equal(pushesTo(p.sub.name).length, 0);
    // Quiet hours off: what they held goes now.
    r = await send(p.client, 'PATCH', '/api/push/settings', { quietHours: null });
    assert.equal(r.status, 200, r.text);
    await service.until(() => pushesTo(p.sub.name).length === 1);
    assert.equal(pushesTo(p.sub.name)[0].payload.notificationId, notice.id);
    // Hours that do not include now hold nothing.
    await send(p.client, 'PATCH', '/api/push/settings', { quietHours: { from: hhmm(to), to: hhmm((to + 60) % 1440) } });
    await officeAnswers(p, 'อีกเรื่อง');
    await service.until(() => pushesTo(p.sub.name).length === 2);
  });

  it('a course assigned is pushed under "courses", in each person’s language; someone with courses off gets only the notice', async () => {
    const [thai, off] = await subscribedPeople(2, 'PNC');
    const [eng] = await subscribedPeople(1, 'PNCE', 'en');
    assert.equal((await send(off.client, 'PATCH', '/api/push/settings', { kinds: { courses: false } })).status, 200);
    const position = `PUSHC-${Date.now()}`;
    await dbQuery(server, `UPDATE users SET position = '${position}' WHERE id IN ('${thai.id}', '${off.id}', '${eng.id}')`);
    const [admin] = await signedInClients(server, 'ADMIN01');
    const course = await create(editor, 'courses', { title: 'ความปลอดภัยในร้าน', status: 'published' });
    await create(admin, 'course-assignments', { course: course.id, audience: { positions: [position] }, dueAt: new Date(Date.now() + 5 * 86400000).toISOString() });
    await service.until(() => pushesTo(thai.sub.name).length === 1 && pushesTo(eng.sub.name).length === 1);
    const noticeOf = async (p) => (await p.client.get('/api/notifications')).json.items.find((x) => x.type === 'course_assigned');
    const link = `/learning/course/${course.id}`;
    assert.deepEqual(pushesTo(thai.sub.name)[0].payload, {
      title: 'มีหลักสูตรใหม่ให้คุณเรียน',
      body: 'ความปลอดภัยในร้าน',
      url: link,
      tag: link,
      notificationId: (await noticeOf(thai)).id,
    });
    assert.equal(pushesTo(eng.sub.name)[0].payload.title, 'A new course for you');
    assert.equal(pushesTo(eng.sub.name)[0].payload.notificationId, (await noticeOf(eng)).id);
    assert.ok(await noticeOf(off), 'the notice is in the bell of someone with courses off');
    assert.equal((await queuedFor(off)).length, 0);
    assert.equal(pushesTo(off.sub.name).length, 0);
  });

  it('a broadcast is pushed once to each subscribed recipient who wants it, a few at a time, in their language', async () => {
    const people = await subscribedPeople(4, 'PNB');
    const [eng] = await subscribedPeople(1, 'PNBE', 'en');
    const [muted] = await subscribedPeople(1, 'PNBM');
    const [unsubscribed] = await crowd(server, 1, { prefix: 'PNBU' });
    assert.equal((await send(muted.client, 'PATCH', '/api/push/settings', { kinds: { messages: false } })).status, 200);
    const everyone = [...people, eng, muted, unsubscribed];
    const position = `PUSHB-${Date.now()}`;
    await dbQuery(server, `UPDATE users SET position = '${position}' WHERE id IN (${everyone.map((p) => `'${p.id}'`).join(', ')})`);
    const b = await create(editor, 'broadcasts', { title: 'ประชุมเช้าวันจันทร์', body: '<p>เจอกัน 8 โมง</p>', audience: { positions: [position] } });
    const sent = await send(editor, 'POST', `/api/admin/broadcasts/${b.id}/send`, {});
    assert.equal(sent.status, 200, sent.text);
    assert.equal(sent.json.recipients, 7);
    const wanted = [...people, eng];
    await service.until(() => wanted.every((p) => pushesTo(p.sub.name).length >= 1), 20000);
    await waitFor(async () => Number((await dbQuery(server, `SELECT COUNT(*) FROM audience_jobs WHERE subject_id = '${b.id}'`))[0][0]) === 0);
    await sleep(1500); // a second push would come within a poll
    for (const p of people) {
      const got = pushesTo(p.sub.name);
      assert.equal(got.length, 1, p.code);
      assert.equal(got[0].error, undefined, got[0].error);
      assert.deepEqual(got[0].payload, {
        title: 'ประชุมเช้าวันจันทร์',
        body: 'ข้อความใหม่จากสำนักงาน แตะเพื่ออ่าน',
        url: `/messager/b/${b.id}`,
        tag: `/messager/b/${b.id}`,
        broadcastId: b.id,
      });
    }
    assert.equal(pushesTo(eng.sub.name).length, 1);
    assert.equal(pushesTo(eng.sub.name)[0].payload.body, 'A new message from the office. Tap to read it.');
    assert.equal(pushesTo(eng.sub.name)[0].payload.title, 'ประชุมเช้าวันจันทร์');
    assert.equal(pushesTo(muted.sub.name).length, 0);
  });

  it('test pushes are rate-limited per person', async () => {
    const [c] = await signedInClients(server, 'ADMIN01');
    assert.equal((await subscribe(c, service.subscriber())).status, 201);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await send(c, 'POST', '/api/push/test', {}));
    assert.deepEqual(answers.map((r) => r.status), [202, 202, 202, 429]);
    assert.ok(Number(answers[3].headers.get('retry-after')) >= 1);
  });

  async function waitFor(check, ms = 10000) {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await sleep(100);
    }
  }
});
