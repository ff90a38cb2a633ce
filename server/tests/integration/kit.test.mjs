// The resources kit through the real server (docs/AREAS.md): the publish window checked against the stored
// value when a write sends one end, the publish/archive actions going through the area's rules, the one
// reorder route (stale versions → 409, nothing moves), media kinds checked by the engine.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, assertEnvelope } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';
import { send, upload, create, png, pdf, iso, HOUR } from './learning-fixtures.mjs';

describe('resources kit', () => {
  const server = useServer();
  let editor, staff;
  const media = {};

  before(async () => {
    editor = server.client();
    staff = server.client();
    await editor.signInOk('EDIT01');
    await staff.signInOk('S1001');
    await editor.csrf();
    await staff.csrf();
    media.image = await upload(server, editor, png(20, 20, 3), 'image/png', 'kit.png');
    media.pdf = await upload(server, editor, pdf(3), 'application/pdf', 'kit.pdf');
  });

  describe('schema', () => {
    it('gives the admin web each area\'s list columns and form hints, so the web holds no per-area copy', async () => {
      const r = await editor.get('/api/admin/schema');
      assert.equal(r.status, 200, r.text);
      const byName = Object.fromEntries(r.json.resources.map((x) => [x.name, x]));
      assert.deepEqual(byName.contents.listColumns, ['title', 'kind', 'status', 'category', 'audience', 'points', 'startAt']);
      assert.deepEqual(byName['home-slides'].listColumns, ['image', 'title', 'status', 'audience', 'impressions', 'taps', 'startAt', 'endAt']);
      const field = (res, name) => byName[res].fields.find((f) => f.name === name);
      for (const res of ['contents', 'examinations', 'home-slides'])
        assert.deepEqual(field(res, 'endAt').hint, { th: 'เว้นว่างไว้หากไม่มีกำหนดสิ้นสุด', en: 'Leave empty for no end' }, res);
      assert.match(field('home-slides', 'link').hint.en, /https:\/\//);
      assert.equal(field('contents', 'title').hint, undefined);
      // An area that declares no columns leaves the choice to the web.
      assert.deepEqual(byName.categories.listColumns, []);
    });
  });

  describe('typed error codes', () => {
    it('every message in the envelope carries a code and its values next to the English', async () => {
      const item = await create(editor, 'contents', { title: 'codes', startAt: iso(2 * HOUR) });
      const r = await send(editor, 'PATCH', `/api/admin/contents/${item.id}`, { title: 'x'.repeat(201), kind: 'nope', version: item.version });
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.deepEqual(r.json.error.messageCode, { code: 'FIELDS_NOT_VALID', params: {} });
      assert.equal(r.json.error.message, 'Some fields are not valid.');
      assert.deepEqual(r.json.error.fieldCodes.title, { code: 'MAX_LENGTH', params: { count: 200 } });
      assert.equal(r.json.error.fields.title, 'Must be at most 200 characters.');
      assert.equal(r.json.error.fieldCodes.kind.code, 'ONE_OF');
      assert.match(r.json.error.fieldCodes.kind.params.list, /article, video/);
      // Every field error has its code, and nothing else does.
      assert.deepEqual(Object.keys(r.json.error.fieldCodes).sort(), Object.keys(r.json.error.fields).sort());
      const w = await send(editor, 'PATCH', `/api/admin/contents/${item.id}`, { endAt: iso(HOUR), version: item.version });
      assertEnvelope(w, 422, 'VALIDATION_FAILED');
      assert.deepEqual(w.json.error.fieldCodes.endAt, { code: 'AFTER_START', params: {} });

      const missing = await send(editor, 'GET', '/api/admin/contents/0193a5b2-7c1d-7e2f-8a9b-0c1d2e3f4a5b');
      assertEnvelope(missing, 404, 'NOT_FOUND');
      assert.equal(missing.json.error.messageCode.code, 'NOT_FOUND');

      const noCsrf = await editor.request('POST', '/api/admin/contents', { json: { title: 'no token' } });
      assertEnvelope(noCsrf, 403, 'CSRF_FAILED');
      assert.equal(noCsrf.json.error.messageCode.code, 'CSRF_TOKEN_INVALID');

      const badJson = await editor.request('POST', '/api/admin/contents', { body: '{"title":', headers: { 'content-type': 'application/json', 'x-csrf-token': editor.csrfToken } });
      assertEnvelope(badJson, 400, 'BAD_JSON');
      assert.equal(badJson.json.error.messageCode.code, 'BAD_JSON');
    });
  });

  describe('publish window', () => {
    for (const resource of ['examinations', 'contents', 'courses']) {
      it(`${resource}: a PATCH sending only endAt before the stored startAt is refused (422 on endAt)`, async () => {
        const item = await create(editor, resource, { title: `window ${resource}`, startAt: iso(2 * HOUR) });
        const r = await send(editor, 'PATCH', `/api/admin/${resource}/${item.id}`, { endAt: iso(HOUR), version: item.version });
        assertEnvelope(r, 422, 'VALIDATION_FAILED');
        assert.ok(r.json.error.fields.endAt, r.text);
        const s = await send(editor, 'PATCH', `/api/admin/${resource}/${item.id}`, { startAt: iso(3 * HOUR), version: item.version });
        assert.equal(s.status, 200, s.text);
        // And the other way round: only startAt after the stored endAt.
        const ended = await send(editor, 'PATCH', `/api/admin/${resource}/${item.id}`, { endAt: iso(4 * HOUR), version: s.json.version });
        assert.equal(ended.status, 200, ended.text);
        const late = await send(editor, 'PATCH', `/api/admin/${resource}/${item.id}`, { startAt: iso(5 * HOUR), version: ended.json.version });
        assertEnvelope(late, 422, 'VALIDATION_FAILED');
        assert.ok(late.json.error.fields.endAt, late.text);
      });
    }
  });

  describe('publish and archive actions', () => {
    it('publish runs the area rules (a video content without its video stays a draft), archive hides it from staff', async () => {
      const video = await create(editor, 'contents', { kind: 'video', title: 'kit video', status: 'draft' });
      const refused = await send(editor, 'POST', `/api/admin/contents/${video.id}/publish`, {});
      assertEnvelope(refused, 422, 'VALIDATION_FAILED');
      assert.ok(refused.json.error.fields.media, refused.text);
      const still = await editor.get(`/api/admin/contents/${video.id}`);
      assert.equal(still.json.status, 'draft');

      const article = await create(editor, 'contents', { kind: 'article', title: 'kit article', bodyHtml: '<p>x</p>', status: 'draft' });
      assertEnvelope(await staff.get(`/api/contents/${article.id}`), 404, 'NOT_FOUND');
      const published = await send(editor, 'POST', `/api/admin/contents/${article.id}/publish`, {});
      assert.equal(published.status, 200, published.text);
      assert.equal(published.json.item.status, 'published');
      assert.equal(published.json.item.version, article.version + 1);
      assert.equal((await staff.get(`/api/contents/${article.id}`)).status, 200);
      const archived = await send(editor, 'POST', `/api/admin/contents/${article.id}/archive`, {});
      assert.equal(archived.json.item.status, 'archived');
      assertEnvelope(await staff.get(`/api/contents/${article.id}`), 404, 'NOT_FOUND');
      const audit = await dbQuery(server, `SELECT action FROM audit_log WHERE resource_id = '${article.id}' ORDER BY at, id`);
      assert.deepEqual(audit.map((a) => a[0]), ['create', 'publish', 'archive']);
      assertEnvelope(await send(staff, 'POST', `/api/admin/contents/${article.id}/publish`, {}), 403, 'FORBIDDEN');
    });
  });

  describe('the one reorder route', () => {
    it('reorders children of a parent; a stale version is a 409 and nothing moves', async () => {
      const course = await create(editor, 'courses', { title: 'kit course' });
      const contents = [];
      for (let i = 0; i < 3; i++) contents.push(await create(editor, 'contents', { kind: 'article', title: `kit lesson ${i}` }));
      const lessons = [];
      for (const c of contents) lessons.push(await create(editor, 'course-lessons', { course: course.id, content: c.id }));
      assert.deepEqual(lessons.map((l) => l.position), [0, 1, 2], 'new children go last');
      const order = [lessons[2].id, lessons[0].id, lessons[1].id];
      const versions = Object.fromEntries(lessons.map((l) => [l.id, l.version]));
      const ok = await send(editor, 'PUT', '/api/admin/course-lessons/order', { parent: course.id, ids: order, versions });
      assert.equal(ok.status, 200, ok.text);
      const listed = (await editor.get(`/api/admin/course-lessons?course=${course.id}&sort=position`)).json.items;
      assert.deepEqual(listed.map((l) => l.id), order);
      // The versions read before that reorder are stale now.
      const stale = await send(editor, 'PUT', '/api/admin/course-lessons/order', { parent: course.id, ids: [...order].reverse(), versions });
      assertEnvelope(stale, 409, 'CONFLICT');
      const after = (await editor.get(`/api/admin/course-lessons?course=${course.id}&sort=position`)).json.items;
      assert.deepEqual(after.map((l) => l.id), order, 'nothing moved');
      // Bad input.
      assertEnvelope(await send(editor, 'PUT', '/api/admin/course-lessons/order', { parent: course.id, ids: order.slice(1) }), 422, 'VALIDATION_FAILED');
      assertEnvelope(await send(editor, 'PUT', '/api/admin/course-lessons/order', { parent: course.id, ids: order, versions: [1] }), 422, 'VALIDATION_FAILED');
      assertEnvelope(await send(editor, 'PUT', '/api/admin/course-lessons/order', { parent: '01890000-0000-7000-8000-000000000000', ids: [] }), 404, 'NOT_FOUND');
      assertEnvelope(await send(editor, 'PUT', '/api/admin/course-lessons/order', { ids: order }), 404, 'NOT_FOUND');
      assertEnvelope(await send(editor, 'PUT', '/api/admin/contents/order', { ids: [] }), 404, 'NOT_FOUND');
      assertEnvelope(await send(editor, 'PUT', '/api/admin/no-such-area/order', { ids: [] }), 404, 'NOT_FOUND');
      assertEnvelope(await send(staff, 'PUT', '/api/admin/course-lessons/order', { parent: course.id, ids: order }), 403, 'FORBIDDEN');
      const audit = await dbQuery(server, `SELECT action FROM audit_log WHERE resource = 'courses' AND resource_id = '${course.id}' AND action = 'lessons.order'`);
      assert.equal(audit.length, 1, 'one audit entry per reorder');
    });
  });

  describe('media kinds', () => {
    it('an image field refuses a PDF and an unknown id; an image list refuses a PDF in it', async () => {
      const bad = await send(editor, 'POST', '/api/admin/ebooks', { title: 'kit ebook', pdf: media.pdf.id, cover: media.pdf.id });
      assertEnvelope(bad, 422, 'VALIDATION_FAILED');
      assert.equal(bad.json.error.fields.cover, 'Must be an image.');
      const pdfAsImage = await send(editor, 'POST', '/api/admin/ebooks', { title: 'kit ebook', pdf: media.image.id });
      assert.equal(pdfAsImage.json.error.fields.pdf, 'Must be a PDF.');
      const unknown = await send(editor, 'POST', '/api/admin/ebooks', { title: 'kit ebook', pdf: '01890000-0000-7000-8000-000000000000' });
      assertEnvelope(unknown, 422, 'VALIDATION_FAILED');
      assert.ok(unknown.json.error.fields.pdf);
      const list = await send(editor, 'POST', '/api/admin/contents', { kind: 'images', title: 'kit set', images: [media.image.id, media.pdf.id] });
      assertEnvelope(list, 422, 'VALIDATION_FAILED');
      assert.ok(list.json.error.fields.images);
      const good = await send(editor, 'POST', '/api/admin/ebooks', { title: 'kit ebook', pdf: media.pdf.id, cover: media.image.id });
      assert.equal(good.status, 201, good.text);
    });
  });
});
