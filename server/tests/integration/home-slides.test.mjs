// Home slides (server/src/home/, docs/AREAS.md worked example) through the front door: the back-office area
// "home-slides" on the resources kit and the slides of GET /api/home — audience, window, status, the one
// order across all slides (stale versions → 409), links limited to in-app paths and https, pictures only,
// roles and CSRF, and impressions/taps counted through the telemetry pipeline onto the admin list.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, assertEnvelope, sleep } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';
import { send, upload, create, png, pdf, iso, HOUR } from './learning-fixtures.mjs';

const TAG = 'สไลด์ทดสอบ';

describe('home slides', () => {
  const server = useServer({ env: { TELEMETRY_FLUSH_MS: '100' } });
  let admin, editor, s1001, s2001;
  const ids = {};
  const media = {};

  const slide = (body) => create(editor, 'home-slides', { image: media.image.id, status: 'published', ...body, title: `${TAG} ${body.title}` });
  const homeSlides = async (c) => {
    const r = await c.get('/api/home');
    assert.equal(r.status, 200, r.text);
    assert.ok(Array.isArray(r.json.slides), r.text);
    return r.json.slides.filter((s) => s.title.startsWith(TAG));
  };
  const ours = async () => (await editor.get('/api/admin/home-slides?sort=position&pageSize=100')).json.items.filter((s) => s.title.startsWith(TAG));

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
    for (const s of (await admin.get('/api/admin/stores?pageSize=100')).json.items) ids[s.code] = s.id;
    media.image = await upload(server, editor, png(64, 36, 11), 'image/png', 'slide.png');
    media.pdf = await upload(server, editor, pdf(11), 'application/pdf', 'slide.pdf');
  });

  it('is an editor area on the kit: schema, roles, CSRF', async () => {
    const schema = (await editor.get('/api/admin/schema')).json.resources.find((r) => r.name === 'home-slides');
    assert.ok(schema, 'declared');
    const field = (n) => schema.fields.find((f) => f.name === n);
    assert.equal(field('image').reference, 'medias');
    assert.equal(field('title').maxLength, 200);
    assert.ok(field('impressions').readOnly && field('taps').readOnly, 'counts are read-only columns');
    assert.deepEqual(schema.actions.map((a) => a.name).sort(), ['archive', 'publish']);
    assert.equal((await admin.get('/api/admin/home-slides')).status, 200, 'admins too');
    assertEnvelope(await s1001.get('/api/admin/home-slides'), 403, 'FORBIDDEN');
    assertEnvelope(await send(s1001, 'POST', '/api/admin/home-slides', { title: 'x', image: media.image.id }), 403, 'FORBIDDEN');
    assertEnvelope(await editor.post('/api/admin/home-slides', { json: { title: 'x', image: media.image.id } }), 403, 'CSRF_FAILED');
    assertEnvelope(await editor.request('PUT', '/api/admin/home-slides/order', { json: { ids: [] } }), 403, 'CSRF_FAILED');
    // Counts cannot be written through the API.
    const s = await slide({ title: 'นับไม่ได้', status: 'draft' });
    const w = await send(editor, 'PATCH', `/api/admin/home-slides/${s.id}`, { impressions: 99, taps: 5, position: 0, version: s.version });
    assert.equal(w.status, 200, w.text); // forms send back what they read: read-only values are ignored
    assert.equal(w.json.position, s.position);
    assert.equal((await editor.get(`/api/admin/home-slides/${s.id}`)).json.impressions, 0);
    assert.equal((await send(editor, 'DELETE', `/api/admin/home-slides/${s.id}`)).status, 204);
  });

  it('refuses bad links, a non-image picture, a missing title and a bad window with 422 fields', async () => {
    const bad = async (body, field) => {
      const r = await send(editor, 'POST', '/api/admin/home-slides', { title: `${TAG} bad`, image: media.image.id, ...body });
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.ok(r.json.error.fields[field], `${JSON.stringify(body)} → ${r.text}`);
      return r.json.error.fields[field];
    };
    for (const link of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<b>x</b>', 'http://shop.example/', '//evil.example', '/\\evil.example', 'learning', 'https://'])
      assert.equal(await bad({ link }, 'link'), link.includes(' ') ? 'Must not contain spaces.' : 'Must be a path in the app (starting with /) or an https:// address.');
    assert.equal(await bad({ image: media.pdf.id }, 'image'), 'Must be an image.');
    await bad({ image: '01890000-0000-7000-8000-000000000000' }, 'image');
    await bad({ image: null }, 'image');
    await bad({ title: '' }, 'title');
    await bad({ title: 'ก'.repeat(201) }, 'title');
    await bad({ startAt: iso(2 * HOUR), endAt: iso(HOUR) }, 'endAt');
    await bad({ audience: { planets: ['mars'] } }, 'audience');
    for (const link of ['/learning/course/0193?x=1', 'https://shop.example/promo']) {
      const ok = await slide({ title: `ลิงก์ดี ${link}`, link, status: 'draft' });
      assert.equal(ok.link, link);
      assert.equal((await send(editor, 'DELETE', `/api/admin/home-slides/${ok.id}`)).status, 204);
    }
  });

  describe('staff Home', () => {
    const s = {};
    before(async () => {
      s.everyone = await slide({ title: 'ทุกคน', link: '/learning' });
      s.bkk = await slide({ title: 'เฉพาะบีเคเค', link: 'https://shop.example/bkk', audience: { stores: [ids.BKK01] } });
      s.draft = await slide({ title: 'ร่าง', status: 'draft' });
      s.archived = await slide({ title: 'เก็บแล้ว', status: 'archived' });
      s.future = await slide({ title: 'ยังไม่ถึงเวลา', startAt: iso(HOUR) });
      s.ended = await slide({ title: 'หมดเวลาแล้ว', startAt: iso(-2 * HOUR), endAt: iso(-HOUR) });
      s.window = await slide({ title: 'อยู่ในช่วงเวลา', startAt: iso(-HOUR), endAt: iso(HOUR) });
    });

    it('shows the published slides in the viewer\'s audience and window, in order, with their picture', async () => {
      const mine = await homeSlides(s1001);
      assert.deepEqual(mine.map((x) => x.id), [s.everyone.id, s.bkk.id, s.window.id]);
      const first = mine[0];
      assert.equal(first.link, '/learning');
      assert.equal(first.image.id, media.image.id);
      assert.match(first.image.url, /^\/media\/[0-9a-f]{64}\.png$/);
      assert.equal(first.image.kind, 'image');
      assert.deepEqual(Object.keys(first).sort(), ['id', 'image', 'link', 'title'], 'no admin fields leak');
      // S2001 works in another store: the BKK01 slide is not for them.
      assert.deepEqual((await homeSlides(s2001)).map((x) => x.id), [s.everyone.id, s.window.id]);
      // Home keeps its learning parts.
      const home = (await s1001.get('/api/home')).json;
      for (const k of ['points', 'continueLearning', 'forYou', 'articles']) assert.ok(k in home, k);
    });

    it('publish and archive move a slide on and off Home', async () => {
      const on = await send(editor, 'POST', `/api/admin/home-slides/${s.draft.id}/publish`, {});
      assert.equal(on.status, 200, on.text);
      assert.ok((await homeSlides(s2001)).some((x) => x.id === s.draft.id));
      const off = await send(editor, 'POST', `/api/admin/home-slides/${s.draft.id}/archive`, {});
      assert.equal(off.json.item.status, 'archived');
      assert.ok(!(await homeSlides(s2001)).some((x) => x.id === s.draft.id));
    });

    it('reorders across all slides with the kit route; a stale version is a 409 and nothing moves', async () => {
      const all = (await editor.get('/api/admin/home-slides?sort=position&pageSize=100')).json.items;
      assert.ok(all.every((x, i) => i === 0 || x.position > all[i - 1].position), 'new slides go last');
      const versions = Object.fromEntries(all.map((x) => [x.id, x.version]));
      const order = all.map((x) => x.id);
      // Move the window slide first and the BKK one last.
      const next = [s.window.id, ...order.filter((id) => id !== s.window.id && id !== s.bkk.id), s.bkk.id];
      const ok = await send(editor, 'PUT', '/api/admin/home-slides/order', { ids: next, versions });
      assert.equal(ok.status, 200, ok.text);
      assert.deepEqual((await homeSlides(s1001)).map((x) => x.id), [s.window.id, s.everyone.id, s.bkk.id]);
      const stale = await send(editor, 'PUT', '/api/admin/home-slides/order', { ids: order, versions });
      assertEnvelope(stale, 409, 'CONFLICT');
      assert.ok(stale.json.error.fields.versions, stale.text);
      assert.deepEqual((await homeSlides(s1001)).map((x) => x.id), [s.window.id, s.everyone.id, s.bkk.id], 'nothing moved');
      assertEnvelope(await send(editor, 'PUT', '/api/admin/home-slides/order', { ids: next.slice(1) }), 422, 'VALIDATION_FAILED');
      assertEnvelope(await send(s1001, 'PUT', '/api/admin/home-slides/order', { ids: next }), 403, 'FORBIDDEN');
      const audit = await dbQuery(server, "SELECT action, resource FROM audit_log WHERE action = 'home-slides.order'");
      assert.equal(audit.length, 1, 'one audit entry per reorder');
      assert.equal(audit[0][1], 'home-slides');
      // A slide created now goes last.
      const last = await slide({ title: 'ท้ายสุด', status: 'draft' });
      assert.equal(last.position, next.length);
    });

    it('shows at most 10 slides', async () => {
      for (let i = 0; i < 9; i++) await slide({ title: `เพิ่ม ${i}` });
      const r = (await s1001.get('/api/home')).json.slides;
      assert.equal(r.length, 10);
    });

    it('counts impressions and taps through telemetry and shows them on the admin list', async () => {
      const me = (await s1001.session()).user.id;
      const ev = (id, action) => ({ type: 'item', userId: me, resource: 'home-slides', id, action, url: '/main' });
      const r = await send(s1001, 'POST', '/api/telemetry', { events: [ev(s.everyone.id, 'view'), ev(s.everyone.id, 'view'), ev(s.everyone.id, 'tap'), ev(s.bkk.id, 'view')] });
      assert.equal(r.status, 202, r.text);
      assert.deepEqual(r.json, { accepted: 4 });
      let counts;
      for (const deadline = Date.now() + 5000; Date.now() < deadline; await sleep(50)) {
        counts = Object.fromEntries((await ours()).map((x) => [x.id, [x.impressions, x.taps]]));
        if (counts[s.everyone.id][0] === 2 && counts[s.bkk.id][0] === 1) break;
      }
      assert.deepEqual(counts[s.everyone.id], [2, 1]);
      assert.deepEqual(counts[s.bkk.id], [1, 0]);
      assert.deepEqual(counts[s.window.id], [0, 0]);
      // Counting is not an edit: the version an editor holds stays good.
      const item = (await editor.get(`/api/admin/home-slides/${s.everyone.id}`)).json;
      assert.equal(item.version, (await ours()).find((x) => x.id === s.everyone.id).version);
      const stored = await dbQuery(server, `SELECT action FROM item_events WHERE item_id = '${s.everyone.id}' ORDER BY action`);
      assert.deepEqual(stored.map((x) => x[0]), ['tap', 'view', 'view']);
      // Bad item events are refused whole (422), like any telemetry.
      const bad = async (e, field) => {
        const b = await send(s1001, 'POST', '/api/telemetry', { events: [{ ...ev(s.everyone.id, 'view'), ...e }] });
        assertEnvelope(b, 422, 'VALIDATION_FAILED');
        assert.ok(b.json.error.fields[`events[0].${field}`], b.text);
      };
      await bad({ action: 'click' }, 'action');
      await bad({ resource: 'users' }, 'resource');
      await bad({ id: 'not an id' }, 'id');
      await bad({ resource: undefined }, 'resource');
      // And for oneself only, with the CSRF token.
      assertEnvelope(await send(s1001, 'POST', '/api/telemetry', { events: [{ ...ev(s.everyone.id, 'tap'), userId: 'someone-else' }] }), 403, 'FORBIDDEN');
      assertEnvelope(await s1001.post('/api/telemetry', { json: { events: [ev(s.everyone.id, 'tap')] } }), 403, 'CSRF_FAILED');
      // Anonymous visitors may send other telemetry, but not add to an item's counts.
      const anon = server.client();
      const a = await anon.post('/api/telemetry', { json: { events: [{ ...ev(s.everyone.id, 'tap'), userId: 'anonymous' }] } });
      assertEnvelope(a, 422, 'VALIDATION_FAILED');
      assert.ok(a.json.error.fields['events[0].userId'], a.text);
    });
  });
});
