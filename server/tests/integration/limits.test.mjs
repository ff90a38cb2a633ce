// Limits (issue 9): per-caller budgets for telemetry events and new image renders (429 RATE_LIMITED with
// Retry-After), LIKE wildcards in filters taken literally, and numbers in the query read strictly.
// The budget server trusts X-Forwarded-For (TRUST_PROXY) so each test can be its own client IP.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertEnvelope, rawRequest, useServer } from './harness.mjs';
import { create, png, upload } from './learning-fixtures.mjs';

let ipSeq = 0;
const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const clicks = (n, tag, userId = 'anonymous') =>
  Array.from({ length: n }, (_, i) => ({ type: 'click', userId, element: `<b data-t="${tag}-${i}">x</b>`, url: '/sign-in' }));

function postAnon(server, ip, events) {
  return rawRequest(server.origin, {
    method: 'POST',
    path: '/api/telemetry',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ events }),
  });
}

function postAs(client, events, ip) {
  return client.request('POST', '/api/telemetry', {
    json: { events },
    headers: { 'x-csrf-token': client.csrfToken, ...(ip ? { 'x-forwarded-for': ip } : {}) },
  });
}

function retryAfter(r) {
  const v = r.headers.get ? r.headers.get('retry-after') : r.headers['retry-after'];
  assert.match(String(v), /^\d+$/, `Retry-After is a whole number of seconds: ${v}`);
  return Number(v);
}

function assertLimited(r) {
  assertEnvelope(r, 429, 'RATE_LIMITED');
  return retryAfter(r);
}

describe('budgets (tuned low)', () => {
  const server = useServer({
    env: {
      TRUST_PROXY: '1',
      TELEMETRY_FLUSH_MS: '100',
      // Anonymous: 250 events at once, then one a second; signed in: 50 at once, then one a second.
      TELEMETRY_IP_BURST: '250',
      TELEMETRY_IP_PER_MIN: '60',
      TELEMETRY_USER_BURST: '50',
      TELEMETRY_USER_PER_MIN: '60',
      // Image renders: 3 new variants at once, then one every 10 s.
      IMAGE_RENDER_IP_BURST: '3',
      IMAGE_RENDER_IP_PER_MIN: '6',
      IMAGE_RENDER_USER_BURST: '5',
      IMAGE_RENDER_USER_PER_MIN: '6',
    },
  });

  test('ten parallel anonymous batches of 200 events from one IP: one is stored, nine get 429', async () => {
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 10 }, (_, k) => postAnon(server, ip, clicks(200, `flood${k}`))));
    const accepted = results.filter((r) => r.status === 202);
    const limited = results.filter((r) => r.status === 429);
    assert.equal(accepted.length, 1, results.map((r) => r.status).join(','));
    assert.equal(limited.length, 9);
    for (const r of limited) {
      const s = assertLimited(r);
      // 200 events earned back at one a second, less the 50 left: 150 s.
      assert.ok(s >= 140 && s <= 151, `Retry-After ${s}`);
    }
  });

  test('anonymous events count per IP, event by event; another IP has its own budget', async () => {
    const ip = freshIp();
    for (let i = 0; i < 25; i++) {
      const r = await postAnon(server, ip, clicks(10, `ip-${i}`));
      assert.equal(r.status, 202, `batch ${i}: ${r.status} ${r.text}`);
    }
    const r = await postAnon(server, ip, clicks(10, 'over'));
    const s = assertLimited(r);
    assert.ok(s >= 9 && s <= 10, `10 events at one a second: Retry-After ${s}`);
    // A single event is due much sooner than a batch of ten.
    const one = await postAnon(server, ip, clicks(1, 'one'));
    if (one.status === 429) assert.ok(retryAfter(one) <= 1);
    assert.equal((await postAnon(server, freshIp(), clicks(10, 'other'))).status, 202);
  });

  test('/api/user-activity spends the same budget', async () => {
    const ip = freshIp();
    assert.equal((await postAnon(server, ip, clicks(200, 'ua'))).status, 202);
    assert.equal((await postAnon(server, ip, clicks(50, 'ua2'))).status, 202);
    const r = await rawRequest(server.origin, {
      method: 'POST',
      path: '/api/user-activity',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ userId: 'anonymous', page: '/sign-in', action: 'view' }),
    });
    assertLimited(r);
  });

  test('signed-in events count per user, not per IP', async () => {
    const staff = server.client();
    await staff.signInOk('S1001');
    const id = (await staff.session()).user.id;
    const ip = freshIp();
    for (let i = 0; i < 5; i++) assert.equal((await postAs(staff, clicks(10, `u${i}`, id), ip)).status, 202);
    // The user's budget is spent, whichever IP they come from...
    const s = assertLimited(await postAs(staff, clicks(10, 'u-over', id), freshIp()));
    assert.ok(s >= 9 && s <= 10, `Retry-After ${s}`);
    // ...while anonymous visitors on the same IP and other users are unaffected.
    assert.equal((await postAnon(server, ip, clicks(10, 'same-ip'))).status, 202);
    const other = server.client();
    await other.signInOk('S1002');
    const otherId = (await other.session()).user.id;
    assert.equal((await postAs(other, clicks(10, 'o', otherId), ip)).status, 202);
  });

  test('new image variants rendered for an anonymous caller are counted per IP; cache hits are free', async () => {
    const editor = server.client();
    await editor.signInOk('EDIT01');
    const media = await upload(server, editor, png(120, 80), 'image/png', 'limits.png');
    const img = (w, ip, headers = {}) =>
      rawRequest(server.origin, { path: `/_image?url=${encodeURIComponent(media.url)}&w=${w}`, headers: { 'x-forwarded-for': ip, ...headers } });
    const ip = freshIp();
    for (const w of [16, 32, 48]) {
      const r = await img(w, ip);
      assert.equal(r.status, 200, `w=${w}: ${r.text}`);
      assert.equal(r.headers['x-image-cache'], 'miss');
    }
    const s = assertLimited(await img(64, ip));
    assert.ok(s >= 1 && s <= 10, `one render every 10 s: Retry-After ${s}`);
    // Variants already rendered cost nothing, however often they are asked for.
    for (let i = 0; i < 10; i++) {
      const r = await img([16, 32, 48][i % 3], ip);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.headers['x-image-cache'], 'hit');
    }
    // Another IP renders w=64; then it is a cache hit for the first IP too.
    const other = await img(64, freshIp());
    assert.equal(other.status, 200, other.text);
    assert.equal(other.headers['x-image-cache'], 'miss');
    const hit = await img(64, ip);
    assert.equal(hit.status, 200, hit.text);
    assert.equal(hit.headers['x-image-cache'], 'hit');
    // Many requests for one new variant at once: one render, paid once; the others wait for free.
    const crowd = freshIp();
    const same = await Promise.all(Array.from({ length: 8 }, () => img(128, crowd)));
    for (const r of same) assert.equal(r.status, 200, r.text);
    assert.equal(same.filter((r) => r.headers['x-image-cache'] === 'miss').length, 1);
    for (const w of [256, 384]) assert.equal((await img(w, crowd)).status, 200, `w=${w} is within the budget of 3`);
    assertLimited(await img(640, crowd));
    // A signed-in caller pays from their own budget, not the IP's.
    const staff = server.client();
    await staff.signInOk('S1001');
    const mine = await img(96, ip, { cookie: staff.jar.header() });
    assert.equal(mine.status, 200, mine.text);
    assert.equal(mine.headers['x-image-cache'], 'miss');
  });
});

describe('budgets (defaults) leave real pages far from the limit', () => {
  const server = useServer({ env: { TRUST_PROXY: '1' } });

  test('a busy anonymous page and a busy signed-in page go through untouched', async () => {
    // web/src/lib/tracking.ts: a reload resends up to 500 stashed events (bodies of at most 200), then a
    // page view, 5 Web Vitals, scroll and page time, and a click a second flushed every 5 s (batches of up
    // to 20): a frantic minute is ~190 events.
    const ip = freshIp();
    const stash = [200, 200, 100];
    const minute = Array.from({ length: 12 }, () => 16);
    for (const n of [...stash, ...minute, 8]) {
      const r = await postAnon(server, ip, clicks(n, 'busy'));
      assert.equal(r.status, 202, `${n} events: ${r.status} ${r.text}`);
    }
    const staff = server.client();
    await staff.signInOk('S1001');
    const id = (await staff.session()).user.id;
    // Twice that for a signed-in user, all at once.
    for (const n of [...stash, ...minute, 8, ...stash, ...minute, 8])
      assert.equal((await postAs(staff, clicks(n, 'busy-user', id), ip)).status, 202);
  });

  test('a gallery page of 40 new image variants renders for an anonymous visitor', async () => {
    const editor = server.client();
    await editor.signInOk('EDIT01');
    const media = await upload(server, editor, png(64, 64), 'image/png', 'gallery.png');
    const ip = freshIp();
    const widths = [16, 32, 48, 64];
    const requests = [];
    for (let q = 50; q < 60; q++)
      for (const w of widths)
        requests.push(rawRequest(server.origin, { path: `/_image?url=${encodeURIComponent(media.url)}&w=${w}&q=${q}`, headers: { 'x-forwarded-for': ip } }));
    const results = await Promise.all(requests);
    for (const r of results) assert.equal(r.status, 200, r.text);
  });
});

describe('LIKE wildcards and numbers in the query', () => {
  const server = useServer();
  let admin;

  test('setup', async () => {
    admin = server.client();
    await admin.signInOk('ADMIN01');
  });

  test("a list filter of '%' or '_' matches only a literal '%' or '_'", async () => {
    const store = (await admin.get('/api/admin/stores?q=CNX01')).json.items[0].id;
    const ids = {};
    for (const [code, groups] of [
      ['LK001', ['50%']],
      ['LK002', ['sales']],
      ['LK003', ['a_b']],
      ['LK004', ['axb']],
      ['LK005', ['back\\slash']],
    ]) {
      const u = await create(admin, 'users', { employeeCode: code, name: `Like ${code}`, password: 'Secret#123', store, groups });
      ids[u.id] = code;
    }
    const codes = async (query) => {
      const r = await admin.get(`/api/admin/users?${query}&pageSize=100`);
      assert.equal(r.status, 200, r.text);
      return r.json.items.map((u) => ids[u.id]).filter(Boolean).sort();
    };
    assert.deepEqual(await codes('filter[groups]=%25'), []);
    assert.deepEqual(await codes('filter[groups]=50%25'), ['LK001']);
    assert.deepEqual(await codes('filter[groups]=a_b'), ['LK003']);
    assert.deepEqual(await codes('groups=_'), []);
    assert.deepEqual(await codes(`groups=${encodeURIComponent('back\\slash')}`), ['LK005']);
    assert.deepEqual(await codes('groups=sales'), ['LK002']);
    // Search text: wildcards are literal too, and matching stays case-insensitive.
    assert.deepEqual(await codes('q=%25'), []);
    assert.deepEqual(await codes('q=lk00_'), []);
    assert.deepEqual(await codes('q=lK00'), ['LK001', 'LK002', 'LK003', 'LK004', 'LK005']);
  });

  test('limit=1e3 and other non-integers are 400 BAD_REQUEST naming the parameter', async () => {
    const ok = await admin.get('/api/admin/activity?limit=500');
    assert.equal(ok.status, 200, ok.text);
    for (const bad of ['1e3', '1.5', '%205', '%2B5', '0x10', '99999999999999999999', 'abc', '', '0', '501', '-1']) {
      const r = await admin.get(`/api/admin/activity?limit=${bad}`);
      assertEnvelope(r, 400, 'BAD_REQUEST');
      assert.ok(r.json.error.fields?.limit, `limit=${bad}: ${r.text}`);
    }
  });

  test('every query_int parameter refuses signs, spaces and exponents', async () => {
    for (const bad of ['%2B5', '%205', '5%20', '1e1', '2.0']) {
      const r = await admin.get(`/api/admin/stores?pageSize=${bad}`);
      assertEnvelope(r, 400, 'BAD_REQUEST');
      assert.ok(r.json.error.fields?.pageSize, `pageSize=${bad}: ${r.text}`);
    }
    assert.equal((await admin.get('/api/admin/stores?pageSize=5')).json.pageSize, 5);
  });

  test('/_image reads w and q strictly', async () => {
    const editor = server.client();
    await editor.signInOk('EDIT01');
    const media = await upload(server, editor, png(40, 40), 'image/png', 'strict.png');
    const img = (extra) => rawRequest(server.origin, { path: `/_image?url=${encodeURIComponent(media.url)}&${extra}` });
    assert.equal((await img('w=32')).status, 200);
    for (const extra of ['w=%2B32', 'w=%2032', 'w=32.0', 'w=3.2e1', 'w=32&q=%2B50', 'w=32&q=50.5', 'w=32&q=%2050']) {
      const r = await img(extra);
      assertEnvelope(r, 400, 'BAD_REQUEST');
    }
  });
});

