// Ads (server/src/ads/; issue 15) through real HTTP on SQLite and PostgreSQL: the back-office area "ads" on
// the resources kit (roles, CSRF, links only in-app or https, caps only for interstitials), what staff get
// (banners and the one interstitial due, by window, audience, status and priority; anything else 404), the
// frequency caps per Bangkok day and in total under real parallel "shown" requests (a retried shown id
// counts once), and impressions / clicks / CTR counted through the telemetry pipeline onto the admin list.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { useServer, assertEnvelope, sleep } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';
import { send, upload, create, png, pdf, iso, HOUR } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';

const TAG = 'โฆษณาทดสอบ';

describe('ads', () => {
  const server = useServer({ env: { TELEMETRY_FLUSH_MS: '100' } });
  let admin, editor, s1001, s2001;
  const stores = {};
  const media = {};

  const ad = (body) => create(editor, 'ads', { image: media.image.id, status: 'published', ...body, title: `${TAG} ${body.title}` });
  const archive = async (...items) => {
    for (const a of items) assert.equal((await send(editor, 'POST', `/api/admin/ads/${a.id}/archive`, {})).status, 200);
  };
  const mine = async (c) => {
    const r = await c.get('/api/ads');
    assert.equal(r.status, 200, r.text);
    const ours = (x) => x && x.title.startsWith(TAG);
    return { banners: r.json.banners.filter(ours), interstitial: ours(r.json.interstitial) ? r.json.interstitial : null, raw: r.json };
  };
  const shown = (c, id, shownId = randomUUID()) => send(c, 'POST', `/api/ads/${id}/shown`, { shownId });

  before(async () => {
    admin = server.client();
    editor = server.client();
    s1001 = server.client();
    s2001 = server.client();
    await admin.signInOk('ADMIN01');
    await editor.signInOk('EDIT01');
    await s1001.signInOk('S1001'); // store BKK01
    await s2001.signInOk('S2001'); // store CNX01
    for (const c of [admin, editor, s1001, s2001]) await c.csrf();
    for (const s of (await admin.get('/api/admin/stores?pageSize=100')).json.items) stores[s.code] = s.id;
    media.image = await upload(server, editor, png(60, 100, 21), 'image/png', 'ad.png');
    media.pdf = await upload(server, editor, pdf(21), 'application/pdf', 'ad.pdf');
  });

  it('is an editor area on the kit: schema with impressions, clicks and CTR; roles and CSRF', async () => {
    const schema = (await editor.get('/api/admin/schema')).json.resources.find((r) => r.name === 'ads');
    assert.ok(schema, 'declared');
    for (const c of ['impressions', 'clicks', 'ctr']) assert.ok(schema.listColumns.includes(c), c);
    const field = (n) => schema.fields.find((f) => f.name === n);
    assert.deepEqual(field('kind').options.map((o) => o.value), ['banner', 'interstitial']);
    assert.ok(field('impressions').readOnly && field('clicks').readOnly && field('ctr').readOnly);
    assert.equal(field('ctr').format, 'percent');
    assert.deepEqual(field('capPerDay').visibleWhen, { field: 'kind', values: ['interstitial'] });
    assert.equal((await admin.get('/api/admin/ads')).status, 200, 'admins too');
    assertEnvelope(await s1001.get('/api/admin/ads'), 403, 'FORBIDDEN');
    assertEnvelope(await send(s1001, 'POST', '/api/admin/ads', { title: 'x', image: media.image.id }), 403, 'FORBIDDEN');
    assertEnvelope(await editor.post('/api/admin/ads', { json: { title: 'x', image: media.image.id } }), 403, 'CSRF_FAILED');
    // Counts cannot be written through the API.
    const a = await ad({ title: 'นับไม่ได้', status: 'draft' });
    assert.equal(a.kind, 'banner', 'banner by default');
    assert.equal(a.ctr, null, 'no CTR before any impression');
    const w = await send(editor, 'PATCH', `/api/admin/ads/${a.id}`, { impressions: 99, clicks: 5, ctr: 1, version: a.version });
    assert.equal(w.status, 200, w.text);
    assert.equal(w.json.impressions, 0);
    assert.equal(w.json.clicks, 0);
    assert.equal((await send(editor, 'DELETE', `/api/admin/ads/${a.id}`)).status, 204);
  });

  it('refuses bad links, caps on a banner, a day cap above the total and a non-image picture (422 with codes)', async () => {
    const bad = async (body, field) => {
      const r = await send(editor, 'POST', '/api/admin/ads', { title: `${TAG} bad`, image: media.image.id, ...body });
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.ok(r.json.error.fieldCodes[field], `${JSON.stringify(body)} → ${r.text}`);
      return r.json.error.fieldCodes[field].code;
    };
    for (const link of ['javascript:alert(1)', 'JavaScript:alert(1)', 'http://shop.example/', '//evil.example', '/\\evil.example', 'data:text/html,x', 'learning', 'https://'])
      assert.equal(await bad({ link }, 'link'), 'APP_LINK', link);
    assert.equal(await bad({ link: 'https://x.example/a b' }, 'link'), 'NO_SPACES');
    assert.equal(await bad({ kind: 'banner', capPerDay: 1 }, 'capPerDay'), 'AD_CAPS_INTERSTITIAL');
    assert.equal(await bad({ capTotal: 3 }, 'capTotal'), 'AD_CAPS_INTERSTITIAL');
    assert.equal(await bad({ kind: 'interstitial', capPerDay: 4, capTotal: 3 }, 'capPerDay'), 'AD_DAY_CAP_ABOVE_TOTAL');
    await bad({ kind: 'popup' }, 'kind');
    await bad({ priority: 101 }, 'priority');
    await bad({ image: media.pdf.id }, 'image');
    await bad({ image: null }, 'image');
    await bad({ startAt: iso(2 * HOUR), endAt: iso(HOUR) }, 'endAt');
    // Updating an interstitial into a banner while it keeps its caps is refused too (the stored value counts).
    const i = await ad({ title: 'เปลี่ยนชนิด', kind: 'interstitial', capPerDay: 1, status: 'draft' });
    const r = await send(editor, 'PATCH', `/api/admin/ads/${i.id}`, { kind: 'banner', version: i.version });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(r.json.error.fieldCodes.capPerDay.code, 'AD_CAPS_INTERSTITIAL');
    for (const link of ['/learning/course/0193?x=1', 'https://shop.example/promo']) {
      const ok = await ad({ title: `ลิงก์ดี ${link}`, link, status: 'draft' });
      assert.equal(ok.link, link);
      assert.equal((await send(editor, 'DELETE', `/api/admin/ads/${ok.id}`)).status, 204);
    }
    assert.equal((await send(editor, 'DELETE', `/api/admin/ads/${i.id}`)).status, 204);
  });

  it('gives staff the banners and the interstitial due by window, audience, status and priority; others are 404', async () => {
    const b = {
      everyone: await ad({ title: 'แบนเนอร์ทุกคน', link: '/learning', priority: 5 }),
      bkk: await ad({ title: 'แบนเนอร์บีเคเค', link: 'https://shop.example/bkk', priority: 9, audience: { stores: [stores.BKK01] } }),
      draft: await ad({ title: 'แบนเนอร์ร่าง', status: 'draft' }),
      future: await ad({ title: 'แบนเนอร์อนาคต', startAt: iso(HOUR) }),
      ended: await ad({ title: 'แบนเนอร์หมดเวลา', startAt: iso(-2 * HOUR), endAt: iso(-HOUR) }),
    };
    const i = {
      low: await ad({ title: 'เต็มจอทุกคน', kind: 'interstitial', priority: 10 }),
      bkk: await ad({ title: 'เต็มจอบีเคเค', kind: 'interstitial', priority: 90, audience: { stores: [stores.BKK01] } }),
      draft: await ad({ title: 'เต็มจอร่าง', kind: 'interstitial', priority: 100, status: 'draft' }),
      ended: await ad({ title: 'เต็มจอหมดเวลา', kind: 'interstitial', priority: 100, startAt: iso(-2 * HOUR), endAt: iso(-HOUR) }),
    };
    const a = await mine(s1001);
    assert.deepEqual(a.banners.map((x) => x.id), [b.bkk.id, b.everyone.id], 'priority first; in audience and window');
    assert.equal(a.interstitial?.id, i.bkk.id, 'the highest priority that is for me');
    assert.deepEqual(Object.keys(a.banners[0]).sort(), ['id', 'image', 'kind', 'link', 'title'], 'no admin fields leak');
    assert.equal(a.banners[0].image.id, media.image.id);
    assert.match(a.banners[0].image.url, /^\/media\/[0-9a-f]{64}\.png$/);
    const c = await mine(s2001); // another store: not the BKK01 ones
    assert.deepEqual(c.banners.map((x) => x.id), [b.everyone.id]);
    assert.equal(c.interstitial?.id, i.low.id);
    // One ad: the viewer's own only.
    const one = await s1001.get(`/api/ads/${i.bkk.id}`);
    assert.equal(one.status, 200, one.text);
    assert.equal(one.json.ad.kind, 'interstitial');
    assert.equal(one.json.due, true);
    assert.equal((await s1001.get(`/api/ads/${b.bkk.id}`)).json.due, false, 'a banner is never due');
    for (const [who, id] of [[s2001, i.bkk.id], [s2001, b.bkk.id], [s1001, b.draft.id], [s1001, b.future.id], [s1001, b.ended.id], [s1001, i.draft.id], [s1001, '01890000-0000-7000-8000-000000000000'], [s1001, 'not-an-id']])
      assertEnvelope(await who.get(`/api/ads/${id}`), 404, 'NOT_FOUND');
    // Shown: only for an interstitial the viewer may see, with a shown id.
    assertEnvelope(await shown(s2001, i.bkk.id), 404, 'NOT_FOUND');
    assertEnvelope(await shown(s1001, i.ended.id), 404, 'NOT_FOUND');
    assertEnvelope(await shown(s1001, b.everyone.id), 409, 'AD_NOT_INTERSTITIAL');
    for (const body of [{}, { shownId: 'x y' }, { shownId: 5 }]) {
      const r = await send(s1001, 'POST', `/api/ads/${i.bkk.id}/shown`, body);
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.equal(r.json.error.fieldCodes.shownId.code, 'AD_SHOWN_ID');
    }
    assertEnvelope(await s1001.post(`/api/ads/${i.bkk.id}/shown`, { json: { shownId: randomUUID() } }), 403, 'CSRF_FAILED');
    assertEnvelope(await server.client().get('/api/ads'), 401, 'UNAUTHENTICATED');
    // Archiving takes an ad off at once.
    await archive(i.bkk);
    assert.equal((await mine(s1001)).interstitial?.id, i.low.id);
    await archive(...Object.values(b), i.low, i.draft, i.ended);
    assert.deepEqual(await mine(s1001).then((x) => [x.banners.length, x.interstitial]), [0, null]);
  });

  it('caps per Bangkok day and in total hold under concurrent shows', async () => {
    const cap = await ad({ title: 'จำกัดจำนวน', kind: 'interstitial', priority: 100, capPerDay: 2, capTotal: 3, link: '/club' });
    const [p] = await crowd(server, 1, { prefix: 'AD' });
    assert.equal((await mine(p.client)).interstitial?.id, cap.id);
    const burst = async (n) => {
      const runs = await Promise.all(Array.from({ length: n }, () => shown(p.client, cap.id)));
      for (const r of runs.filter((x) => x.status !== 200)) assertEnvelope(r, 409, 'AD_CAP_REACHED');
      return runs.filter((x) => x.status === 200);
    };
    const reach = async () => (await dbQuery(server, `SELECT total, day_count FROM ad_reach WHERE ad_id = '${cap.id}' AND user_id = '${p.id}'`))[0].map(Number);
    const ok = await burst(12);
    assert.equal(ok.length, 2, 'two a day');
    assert.deepEqual(ok.map((r) => r.json.shown.today).sort(), [1, 2]);
    assert.deepEqual(await reach(), [2, 2]);
    assert.equal((await mine(p.client)).interstitial, null, 'not due again today');
    assert.equal((await p.client.get(`/api/ads/${cap.id}`)).json.due, false);
    // The next Bangkok day: one more, then the total cap (3) holds.
    await dbQuery(server, `UPDATE ad_reach SET day = '2000-01-01' WHERE ad_id = '${cap.id}'`);
    assert.equal((await mine(p.client)).interstitial?.id, cap.id, 'due again the next day');
    const next = await burst(12);
    assert.equal(next.length, 1, 'only one left of the total');
    assert.deepEqual(next[0].json.shown, { today: 1, total: 3 });
    assert.deepEqual(await reach(), [3, 1]);
    await dbQuery(server, `UPDATE ad_reach SET day = '2000-01-02' WHERE ad_id = '${cap.id}'`);
    assert.equal((await mine(p.client)).interstitial, null, 'never again after the total');
    assert.equal((await burst(4)).length, 0);
    const rows = await dbQuery(server, `SELECT COUNT(*) FROM ad_shows WHERE ad_id = '${cap.id}'`);
    assert.equal(Number(rows[0][0]), 3, 'a refused show leaves no row');
    await archive(cap);
  });

  it('a retried shown id counts once, even when the retries race', async () => {
    const cap = await ad({ title: 'ส่งซ้ำ', kind: 'interstitial', priority: 100, capPerDay: 2 });
    const [p] = await crowd(server, 1, { prefix: 'AR' });
    const sid = randomUUID();
    const runs = await Promise.all(Array.from({ length: 10 }, () => shown(p.client, cap.id, sid)));
    assert.deepEqual(runs.map((r) => r.status), Array(10).fill(200), runs.map((r) => r.text).join('\n'));
    assert.equal(runs.filter((r) => !r.json.replayed).length, 1);
    for (const r of runs) assert.deepEqual(r.json.shown, { today: 1, total: 1 });
    assert.equal((await shown(p.client, cap.id)).json.shown.today, 2, 'a new showing counts');
    assertEnvelope(await shown(p.client, cap.id), 409, 'AD_CAP_REACHED');
    assert.equal((await shown(p.client, cap.id, sid)).status, 200, 'the first showing is still answered');
    await archive(cap);
  });

  it('counts impressions and clicks through telemetry; the admin list shows them with the CTR', async () => {
    const a = await ad({ title: 'นับผล', link: '/learning' });
    const quiet = await ad({ title: 'ยังไม่มีใครเห็น' });
    const me = (await s1001.session()).user.id;
    const ev = (id, action) => ({ type: 'item', userId: me, resource: 'ads', id, action, url: '/main' });
    const r = await send(s1001, 'POST', '/api/telemetry', { events: [ev(a.id, 'view'), ev(a.id, 'view'), ev(a.id, 'view'), ev(a.id, 'view'), ev(a.id, 'tap')] });
    assert.equal(r.status, 202, r.text);
    let row;
    for (const deadline = Date.now() + 5000; Date.now() < deadline; await sleep(50)) {
      const list = (await editor.get('/api/admin/ads?pageSize=100')).json.items;
      row = list.find((x) => x.id === a.id);
      if (row.impressions === 4 && row.clicks === 1) break;
    }
    assert.equal(row.impressions, 4);
    assert.equal(row.clicks, 1);
    assert.equal(row.ctr, 0.25);
    assert.equal((await editor.get(`/api/admin/ads/${quiet.id}`)).json.ctr, null);
    const sorted = (await editor.get('/api/admin/ads?sort=-clicks&pageSize=100')).json.items;
    assert.ok(sorted.findIndex((x) => x.id === a.id) < sorted.findIndex((x) => x.id === quiet.id), 'sortable by clicks');
    const stored = await dbQuery(server, `SELECT action FROM item_events WHERE resource = 'ads' AND item_id = '${a.id}' ORDER BY action`);
    assert.deepEqual(stored.map((x) => x[0]), ['tap', 'view', 'view', 'view', 'view']);
    await archive(a, quiet);
  });
});
