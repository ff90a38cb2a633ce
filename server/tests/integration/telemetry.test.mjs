// Telemetry (SPEC §4, issue 3): every event type stored with its fields, bad input refused whole, nobody
// records as someone else, and events acknowledged before a SIGTERM are in the database after restart.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import path from 'node:path';

import { Client, assertEnvelope, sleep, startServer, useServer } from './harness.mjs';

// Events land in the database on the next flush; poll the admin read API until they do.
async function waitForEvents(admin, type, userId, count, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await admin.get(`/api/admin/activity?type=${type}&userId=${encodeURIComponent(userId)}&limit=500`);
    assert.equal(r.status, 200, r.text);
    if (r.json.items.length >= count || Date.now() > deadline) return r.json.items;
    await sleep(50);
  }
}

describe('telemetry', () => {
  const server = useServer({ env: { TELEMETRY_FLUSH_MS: '100' } });
  let staff, admin, staffId;

  test('setup: a staff member and an admin are signed in', async () => {
    staff = server.client();
    await staff.signInOk('S1001');
    staffId = (await staff.session()).user.id;
    admin = server.client();
    await admin.signInOk('ADMIN01');
  });

  test('POST /api/user-activity stores {userId, page, action:"view"}', async () => {
    const r = await staff.post('/api/user-activity', {
      json: { userId: staffId, page: '/learning', action: 'view' },
      headers: { 'x-csrf-token': staff.csrfToken },
    });
    assert.equal(r.status, 202, r.text);
    assert.deepEqual(r.json, { accepted: 1 });
    const items = await waitForEvents(admin, 'activity', staffId, 1);
    assert.equal(items.length, 1);
    assert.equal(items[0].page, '/learning');
    assert.equal(items[0].action, 'view');
    assert.equal(items[0].userId, staffId);
    assert.match(items[0].time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  test('a batch of every event type is stored with the right fields', async () => {
    const time = Date.now() - 5000;
    const events = [
      { type: 'click', userId: staffId, element: '<button class="tab">เรียนรู้</button>', url: '/main', time },
      { type: 'page_time', userId: staffId, duration: 12345, url: '/club', time },
      { type: 'scroll_time', userId: staffId, duration: 321, url: '/stores', time },
      { type: 'page_view', userId: staffId, url: '/p/me', referrer: '/main', time },
      { type: 'web_vital', userId: staffId, name: 'LCP', value: 1234.5, rating: 'good', url: '/main', time },
      { type: 'activity', userId: staffId, page: '/club', action: 'view', time },
    ];
    // Beacons cannot set headers: the CSRF token may travel in the body, and the type may be text/plain.
    const r = await staff.post('/api/telemetry', {
      body: JSON.stringify({ csrfToken: staff.csrfToken, events }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    assert.equal(r.status, 202, r.text);
    assert.deepEqual(r.json, { accepted: 6 });

    const [click] = await waitForEvents(admin, 'click', staffId, 1);
    assert.equal(click.element, '<button class="tab">เรียนรู้</button>');
    assert.equal(click.url, '/main');
    assert.equal(Date.parse(click.time), time, 'a plausible client time is kept');
    const [pageTime] = await waitForEvents(admin, 'page_time', staffId, 1);
    assert.equal(pageTime.duration, 12345);
    assert.equal(pageTime.url, '/club');
    const [scroll] = await waitForEvents(admin, 'scroll_time', staffId, 1);
    assert.equal(scroll.duration, 321);
    assert.equal(scroll.url, '/stores');
    const [view] = await waitForEvents(admin, 'page_view', staffId, 1);
    assert.equal(view.url, '/p/me');
    assert.equal(view.referrer, '/main');
    const [vital] = await waitForEvents(admin, 'web_vital', staffId, 1);
    assert.equal(vital.name, 'LCP');
    assert.equal(vital.value, 1234.5);
    assert.equal(vital.rating, 'good');
    const activity = await waitForEvents(admin, 'activity', staffId, 2);
    assert.equal(activity.length, 2);
  });

  test('anonymous visitors are recorded as "anonymous" without a session or CSRF token', async () => {
    const anon = server.client();
    const r = await anon.post('/api/telemetry', {
      json: { events: [{ type: 'click', userId: 'anonymous', element: '<a href="/login">เข้าสู่ระบบ</a>' }] },
    });
    assert.equal(r.status, 202, r.text);
    const items = await waitForEvents(admin, 'click', 'anonymous', 1);
    assert.equal(items[0].element, '<a href="/login">เข้าสู่ระบบ</a>');
  });

  test('a signed-in user must prove the CSRF token', async () => {
    const r = await staff.post('/api/telemetry', {
      json: { events: [{ type: 'click', userId: staffId, element: '<b>x</b>' }] },
    });
    assertEnvelope(r, 403, 'CSRF_FAILED');
  });

  test('nobody records events as someone else', async () => {
    const adminId = (await admin.session()).user.id;
    const before = (await admin.get(`/api/admin/activity?type=click&userId=${adminId}`)).json.items.length;
    const r = await staff.post('/api/telemetry', {
      json: {
        events: [
          { type: 'click', userId: staffId, element: '<b>mine</b>' },
          { type: 'click', userId: adminId, element: '<b>spoofed</b>' },
        ],
      },
      headers: { 'x-csrf-token': staff.csrfToken },
    });
    assertEnvelope(r, 403, 'FORBIDDEN');
    const anon = server.client();
    const r2 = await anon.post('/api/user-activity', { json: { userId: staffId, page: '/main', action: 'view' } });
    assertEnvelope(r2, 403, 'FORBIDDEN');
    await sleep(300);
    const after = (await admin.get(`/api/admin/activity?type=click&userId=${adminId}`)).json.items.length;
    assert.equal(after, before, 'nothing of a refused batch is stored');
    const mine = (await admin.get(`/api/admin/activity?type=click&userId=${staffId}`)).json.items;
    assert.ok(!mine.some((e) => e.element === '<b>mine</b>'), 'the valid half of a refused batch is not stored either');
  });

  test('bad input is answered with the error envelope and stores nothing', async () => {
    const h = { 'x-csrf-token': staff.csrfToken };
    const cases = [
      [{ body: '{"events": [', headers: { ...h, 'content-type': 'application/json' } }, 400, 'BAD_JSON'],
      [{ json: [1, 2], headers: h }, 400, 'BAD_REQUEST'],
      [{ json: { events: 'nope' }, headers: h }, 422, 'VALIDATION_FAILED'],
      [{ json: { events: [] }, headers: h }, 422, 'VALIDATION_FAILED'],
      [{ json: { events: [{ type: 'teleport', userId: staffId }] }, headers: h }, 422, 'VALIDATION_FAILED'],
      [{ json: { events: [{ type: 'page_time', userId: staffId, duration: 'long', url: '/x' }] }, headers: h }, 422, 'VALIDATION_FAILED'],
      [{ json: { events: [{ type: 'page_time', userId: staffId, duration: -5, url: '/x' }] }, headers: h }, 422, 'VALIDATION_FAILED'],
      [{ json: { events: [{ type: 'click', userId: 42, element: '<b/>' }] }, headers: h }, 422, 'VALIDATION_FAILED'],
      [{ json: { events: [{ type: 'click', userId: staffId, element: '<p>' + 'x'.repeat(2000) + '</p>' }] }, headers: h }, 422, 'VALIDATION_FAILED'],
      [{ json: { events: Array.from({ length: 201 }, () => ({ type: 'click', userId: staffId, element: '<b/>' })) }, headers: h }, 422, 'VALIDATION_FAILED'],
      [{ json: { events: [{ type: 'click', userId: staffId, element: 'x'.repeat(300 * 1024) }] }, headers: h }, 413, 'PAYLOAD_TOO_LARGE'],
    ];
    for (const [opts, status, code] of cases) {
      const r = await staff.post('/api/telemetry', opts);
      assert.equal(r.status, status, `${JSON.stringify(opts).slice(0, 120)} → ${r.status} ${r.text.slice(0, 200)}`);
      assert.equal(r.json?.error?.code, code, r.text.slice(0, 200));
    }
    const huge = await staff.post('/api/telemetry', {
      json: { events: [{ type: 'click', userId: staffId, element: '<p>' + 'ก'.repeat(400) + '</p>' }] },
      headers: h,
    });
    assertEnvelope(huge, 422, 'VALIDATION_FAILED');
    assert.ok(huge.json.error.fields['events[0].element'], 'the field at fault is named');
    await sleep(300);
    const clicks = (await admin.get(`/api/admin/activity?type=click&userId=${staffId}&limit=500`)).json.items;
    assert.ok(!clicks.some((e) => e.element.length > 1024), 'no oversized markup stored');
    const times = (await admin.get(`/api/admin/activity?type=page_time&userId=${staffId}`)).json.items;
    assert.ok(!times.some((e) => e.url === '/x'), 'no partial batch stored');
  });

  test('the activity log is for admins only', async () => {
    const r = await staff.get('/api/admin/activity?type=click');
    assertEnvelope(r, 403, 'FORBIDDEN');
    const bad = await admin.get('/api/admin/activity?type=nope');
    assertEnvelope(bad, 422, 'VALIDATION_FAILED');
  });
});

describe('telemetry survives a graceful restart', () => {
  test('events acknowledged before SIGTERM are all in the database after restart', async () => {
    // A flush interval far longer than the test: only the shutdown flush can save these events.
    const first = await startServer({ env: { TELEMETRY_FLUSH_MS: '600000' } });
    let second;
    try {
      const anon = new Client(first.origin);
      let acknowledged = 0;
      for (let i = 0; i < 25; i++) {
        const events = Array.from({ length: 8 }, (_, k) => ({
          type: 'click',
          userId: 'anonymous',
          element: `<button data-n="${i * 8 + k}">ok</button>`,
        }));
        const r = await anon.post('/api/telemetry', { json: { events } });
        assert.equal(r.status, 202, r.text);
        acknowledged += r.json.accepted;
      }
      assert.equal(acknowledged, 200);
      first.proc.kill('SIGTERM');
      const exit = await first.proc.exited;
      assert.equal(exit.code, 0, `clean exit after SIGTERM: ${JSON.stringify(exit)}`);

      const url = first.databaseUrl.startsWith('sqlite://./')
        ? `sqlite://${path.join(first.tmp, first.databaseUrl.slice('sqlite://'.length))}`
        : first.databaseUrl;
      second = await startServer({ env: { DATABASE_URL: url } });
      const admin = second.client();
      await admin.signInOk('ADMIN01');
      const r = await admin.get('/api/admin/activity?type=click&userId=anonymous&limit=500');
      assert.equal(r.status, 200, r.text);
      const seen = new Set(r.json.items.map((e) => e.element));
      for (let n = 0; n < 200; n++) assert.ok(seen.has(`<button data-n="${n}">ok</button>`), `event ${n} was lost`);
    } finally {
      if (second) await second.stop();
      await first.stop();
    }
  });
});
