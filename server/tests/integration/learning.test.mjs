// Learning through the front door (docs/LEARNING.md): back-office declarations and their rules, audience
// and publish window on every staff list and direct access, lesson/course completion, points exactly once
// under repeated and concurrent calls, Thai search, For you, Home, preview and lesson order.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, assertEnvelope } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';
import { send, upload, create, png, pdf, mp4, mp4Lasting, iso, HOUR, learnLesson, sleep } from './learning-fixtures.mjs';

const TAG = 'ทดสอบระบบ'; // in every title here, so searches see only this file's items

describe('learning', () => {
  const server = useServer({
    users: [
      { identifier: 'T3001', password: 'Test#2026pw', name: 'ทดสอบ สาขาสอง', store: 'BKK02' },
      { identifier: 'T4001', password: 'Test#2026pw', name: 'ทดสอบ เชียงใหม่', store: 'CNX01' },
      { identifier: 'T5001', password: 'Test#2026pw', name: 'ทดสอบ แต้ม', store: 'BKK01' },
    ],
  });
  let admin, editor, s1001, s1002, s2001, t3001, t5001;
  const ids = {}; // store/region/group ids
  const media = {};

  const staffSees = async (c, id) => (await c.get(`/api/contents/${id}`)).status === 200;
  const browse = async (c, q = TAG, extra = '') => {
    const r = await c.get(`/api/learning/search?q=${encodeURIComponent(q)}&pageSize=50${extra}`);
    assert.equal(r.status, 200, r.text);
    return r.json;
  };
  const content = (body) =>
    create(editor, 'contents', { kind: 'article', status: 'published', bodyHtml: '<p>เนื้อหา</p>', ...body, title: `${TAG} ${body.title}` });

  before(async () => {
    admin = server.client();
    editor = server.client();
    s1001 = server.client();
    s1002 = server.client();
    s2001 = server.client();
    t3001 = server.client();
    t5001 = server.client();
    await admin.signInOk('ADMIN01');
    await editor.signInOk('EDIT01');
    await s1001.signInOk('S1001');
    await s1002.signInOk('S1002');
    await s2001.signInOk('S2001');
    await t3001.signInOk('T3001', 'Test#2026pw');
    await t5001.signInOk('T5001', 'Test#2026pw');
    for (const c of [admin, editor, s1001, s1002, s2001, t3001, t5001]) await c.csrf();
    const stores = (await admin.get('/api/admin/stores?pageSize=100')).json.items;
    for (const s of stores) ids[s.code] = s.id;
    const regions = (await admin.get('/api/admin/regions?pageSize=100')).json.items;
    for (const r of regions) ids[r.code] = r.id;
    // Groups: S1002 is in subgroup TEAM-A of group OPS (so in OPS too).
    const group = await create(editor, 'groups', { name: 'ปฏิบัติการ', code: 'OPS' });
    const sub = await create(editor, 'subgroups', { name: 'ทีมเอ', code: 'TEAM-A', group: group.id });
    ids.OPS = group.id;
    ids.TEAM_A = sub.id;
    const users = (await admin.get('/api/admin/users?pageSize=100')).json.items;
    const s1002u = users.find((u) => u.employeeCode === 'S1002');
    const r = await send(admin, 'PATCH', `/api/admin/users/${s1002u.id}`, { groups: [sub.id], version: s1002u.version });
    assert.equal(r.status, 200, r.text);
    media.image = await upload(server, editor, png(40, 30), 'image/png', 'cover.png');
    media.image2 = await upload(server, editor, png(40, 30, 7), 'image/png', 'two.png');
    media.pdf = await upload(server, editor, pdf(1), 'application/pdf', 'doc.pdf');
    media.video = await upload(server, editor, mp4(1), 'video/mp4', 'clip.mp4');
  });

  describe('back office', () => {
    it('declares the learning resources for editors, not staff', async () => {
      const schema = (await editor.get('/api/admin/schema')).json.resources.map((r) => r.name);
      for (const n of ['contents', 'articles', 'article-comments', 'ebooks', 'courses', 'course-lessons', 'course-assignments', 'personalized'])
        assert.ok(schema.includes(n), n);
      const contents = (await editor.get('/api/admin/schema')).json.resources.find((r) => r.name === 'contents');
      assert.equal(contents.fields.find((f) => f.name === 'bodyHtml').format, 'html');
      assert.equal(contents.fields.find((f) => f.name === 'audience').format, 'audience');
      assertEnvelope(await send(s1001, 'POST', '/api/admin/contents', { kind: 'article', title: 'x' }), 403, 'FORBIDDEN');
      assertEnvelope(await s1001.get('/api/admin/contents'), 403, 'FORBIDDEN');
      assertEnvelope(await s1001.get('/api/admin/preview/content/01890000-0000-7000-8000-000000000000'), 403, 'FORBIDDEN');
      assertEnvelope(await editor.post('/api/admin/contents', { json: { kind: 'article', title: 'x' } }), 403, 'CSRF_FAILED');
    });

    it('sanitises rich text and keeps its search document current', async () => {
      const c = await content({ title: 'ปลอดภัย', bodyHtml: '<p>ลูกค้าสำคัญ</p><script>alert(1)</script>' });
      assert.ok(!/<script/i.test(c.bodyHtml), c.bodyHtml);
      const doc = `SELECT title, summary, body FROM search_docs WHERE kind = 'contents' AND item_id = '${c.id}'`;
      const [[, , body]] = await dbQuery(server, doc);
      assert.equal(body, 'ลูกค้าสำคัญ');
      const u = await send(editor, 'PATCH', `/api/admin/contents/${c.id}`, { summary: 'สรุป Promotion', version: c.version });
      assert.equal(u.status, 200, u.text);
      const [[title, summary, after]] = await dbQuery(server, doc);
      assert.deepEqual([title, summary, after], [c.title, 'สรุป Promotion', 'ลูกค้าสำคัญ']);
    });

    it('refuses bad links, audiences, media kinds, windows and sub-categories with 422 fields', async () => {
      const bad = async (body, field) => {
        const r = await send(editor, 'POST', '/api/admin/contents', { kind: 'article', title: 'x', ...body });
        assertEnvelope(r, 422, 'VALIDATION_FAILED');
        assert.ok(r.json.error.fields[field], `${field}: ${r.text}`);
      };
      await bad({ kind: 'link', linkUrl: 'javascript:alert(1)' }, 'linkUrl');
      await bad({ kind: 'link', linkUrl: 'ftp://x.example' }, 'linkUrl');
      await bad({ audience: { stores: 'BKK01' } }, 'audience');
      await bad({ audience: { planets: ['mars'] } }, 'audience');
      await bad({ audience: [] }, 'audience');
      await bad({ cover: media.pdf.id }, 'cover');
      await bad({ kind: 'video', media: media.pdf.id }, 'media');
      await bad({ kind: 'images', images: [media.pdf.id] }, 'images');
      await bad({ kind: 'images', images: 'nope' }, 'images');
      await bad({ kind: 'video', status: 'published' }, 'media');
      await bad({ startAt: iso(HOUR), endAt: iso(-HOUR) }, 'endAt');
      await bad({ points: -1 }, 'points');
      await bad({ kind: 'quiz' }, 'kind');
      const cat1 = await create(editor, 'categories', { name: 'หมวดหนึ่ง' });
      const cat2 = await create(editor, 'categories', { name: 'หมวดสอง' });
      const sub2 = await create(editor, 'subcategories', { name: 'ย่อยสอง', category: cat2.id });
      await bad({ category: cat1.id, subcategory: sub2.id }, 'subcategory');
      const ebook = await send(editor, 'POST', '/api/admin/ebooks', { title: 'x', pdf: media.image.id });
      assertEnvelope(ebook, 422);
      assert.ok(ebook.json.error.fields.pdf);
      const lesson = await send(editor, 'POST', '/api/admin/course-lessons', {
        course: (await create(editor, 'courses', { title: 'x' })).id, kind: 'exam',
      });
      assertEnvelope(lesson, 422);
      assert.ok(lesson.json.error.fields.exam);
      const comment = await send(editor, 'POST', '/api/admin/article-comments', { body: 'x' });
      assert.equal(comment.status, 405);
      const r = await editor.request('POST', '/api/admin/contents', { body: '{bad', headers: { 'x-csrf-token': editor.csrfToken, 'content-type': 'application/json' } });
      assertEnvelope(r, 400, 'BAD_JSON');
    });

    it('orders a course\'s lessons in one audited transaction', async () => {
      const course = await create(editor, 'courses', { title: `${TAG} ลำดับ`, status: 'draft' });
      const a = await content({ title: 'ลำดับ ก' });
      const b = await content({ title: 'ลำดับ ข' });
      const c = await content({ title: 'ลำดับ ค' });
      const lessons = [];
      for (const x of [a, b, c]) lessons.push(await create(editor, 'course-lessons', { course: course.id, kind: 'content', content: x.id }));
      assert.deepEqual(lessons.map((l) => l.position), [0, 1, 2], 'appended in order');
      const order = [lessons[2].id, lessons[0].id, lessons[1].id];
      const r = await send(editor, 'PUT', `/api/admin/courses/${course.id}/lessons/order`, { ids: order });
      assert.equal(r.status, 200, r.text);
      const listed = (await editor.get(`/api/admin/course-lessons?course=${course.id}&sort=position`)).json.items.map((l) => l.id);
      assert.deepEqual(listed, order);
      assertEnvelope(await send(editor, 'PUT', `/api/admin/courses/${course.id}/lessons/order`, { ids: order.slice(1) }), 422);
      assertEnvelope(await send(editor, 'PUT', `/api/admin/courses/${course.id}/lessons/order`, { ids: [...order, order[0]] }), 422);
      assertEnvelope(await send(editor, 'PUT', `/api/admin/courses/${course.id}/lessons/order`, { ids: 'x' }), 422);
      assertEnvelope(await send(s1001, 'PUT', `/api/admin/courses/${course.id}/lessons/order`, { ids: order }), 403);
      assertEnvelope(await send(editor, 'PUT', `/api/admin/courses/01890000-0000-7000-8000-000000000000/lessons/order`, { ids: [] }), 404);
      const audit = await dbQuery(server, `SELECT action FROM audit_log WHERE resource = 'courses' AND resource_id = '${course.id}' AND action = 'lessons.order'`);
      assert.equal(audit.length, 1);
      // Preview shows the draft course in the staff shape, lessons in the new order.
      const p = await editor.get(`/api/admin/preview/course/${course.id}`);
      assert.equal(p.status, 200, p.text);
      assert.deepEqual(p.json.course.lessons.map((l) => l.id), order);
      assert.equal(p.json.course.lessons[0].item.id, c.id);
      assertEnvelope(await s1001.get(`/api/courses/${course.id}`), 404, 'NOT_FOUND');
      assertEnvelope(await editor.get(`/api/admin/preview/planet/${course.id}`), 404);
    });
  });

  describe('audience', () => {
    const items = {};
    before(async () => {
      items.everyone = await content({ title: 'ทุกคน' });
      items.bkk01 = await content({ title: 'สาขาบีเคเค', audience: { stores: [ids.BKK01] } });
      items.north = await content({ title: 'ภาคเหนือ', audience: { regions: [ids.NTH] } });
      items.bkkRegion = await content({ title: 'ภาคกรุงเทพ', audience: { regions: [ids.BKK] } });
      items.cashier = await content({ title: 'แคชเชียร์', audience: { positions: ['CASHIER'] } });
      items.ops = await content({ title: 'กลุ่มปฏิบัติการ', audience: { groups: [ids.OPS] } });
      items.teamA = await content({ title: 'ทีมเอ', audience: { subgroups: [ids.TEAM_A] } });
      items.both = await content({ title: 'สาขาและตำแหน่ง', audience: { stores: [ids.BKK01], positions: ['Sales'] } });
    });

    const expectations = () => ({
      // S1001: BKK01, Sales. S1002: BKK01, Cashier, TEAM-A. S2001: CNX01 (NTH), Sales. T3001: BKK02 (BKK).
      s1001: ['everyone', 'bkk01', 'bkkRegion', 'both'],
      s1002: ['everyone', 'bkk01', 'bkkRegion', 'cashier', 'ops', 'teamA'],
      s2001: ['everyone', 'north'],
      t3001: ['everyone', 'bkkRegion'],
    });

    it('lists only what is aimed at the viewer (store, region, position, group via subgroup)', async () => {
      const clients = { s1001, s1002, s2001, t3001 };
      for (const [who, want] of Object.entries(expectations())) {
        const found = (await browse(clients[who])).items.map((i) => i.id);
        for (const [name, item] of Object.entries(items))
          assert.equal(found.includes(item.id), want.includes(name), `${who} / ${name}`);
      }
    });

    it('answers 404 on direct access outside the audience, as for an unknown id', async () => {
      const clients = { s1001, s1002, s2001, t3001 };
      for (const [who, want] of Object.entries(expectations()))
        for (const [name, item] of Object.entries(items)) {
          const r = await clients[who].get(`/api/contents/${item.id}`);
          if (want.includes(name)) assert.equal(r.status, 200, `${who} / ${name}`);
          else assertEnvelope(r, 404, 'NOT_FOUND');
        }
      assertEnvelope(await send(s2001, 'POST', `/api/contents/${items.bkk01.id}/progress`, { percent: 100 }), 404, 'NOT_FOUND');
      assertEnvelope(await s1001.get('/api/contents/01890000-0000-7000-8000-000000000000'), 404, 'NOT_FOUND');
      assertEnvelope(await s1001.get('/api/contents/not-an-id'), 404, 'NOT_FOUND');
    });

    it('applies the same rule to courses, ebooks, For you and the Learning tab', async () => {
      const course = await create(editor, 'courses', { title: `${TAG} หลักสูตรเหนือ`, status: 'published', audience: { regions: [ids.NTH] } });
      const ebook = await create(editor, 'ebooks', { title: `${TAG} อีบุ๊กเหนือ`, status: 'published', pdf: media.pdf.id, audience: { regions: [ids.NTH] } });
      assert.equal((await s2001.get(`/api/courses/${course.id}`)).status, 200);
      assertEnvelope(await s1001.get(`/api/courses/${course.id}`), 404);
      assertEnvelope(await send(s1001, 'POST', `/api/courses/${course.id}/start`), 404);
      assert.equal((await s2001.get(`/api/ebooks/${ebook.id}`)).status, 200);
      assertEnvelope(await s1001.get(`/api/ebooks/${ebook.id}`), 404);
      const l1 = (await s1001.get('/api/learning')).json;
      const l2 = (await s2001.get('/api/learning')).json;
      assert.ok(!l1.courses.some((c) => c.id === course.id) && l2.courses.some((c) => c.id === course.id));
      assert.ok(!l1.ebooks.some((c) => c.id === ebook.id) && l2.ebooks.some((c) => c.id === ebook.id));
      assert.ok(!l1.latest.some((c) => c.id === items.north.id));
      const f1 = (await s1001.get('/api/for-you')).json.items.map((i) => i.id);
      assert.ok(!f1.includes(items.north.id) && !f1.includes(course.id));
      const rule = await create(editor, 'personalized', { title: 'ทดสอบ', targetType: 'content', target: items.north.id, priority: 100 });
      assert.ok(!(await s1001.get('/api/for-you')).json.items.some((i) => i.id === items.north.id), 'a rule does not widen the item\'s audience');
      assert.equal((await s2001.get('/api/for-you')).json.items[0].id, items.north.id, 'the rule comes first');
      await send(editor, 'DELETE', `/api/admin/personalized/${rule.id}`);
    });
  });

  describe('the cached catalogue', () => {
    it('answers every write to the catalogue tables at once; an upload alone keeps the cache', async () => {
      // The staff catalogue is cached per node and checked against one stamp that the tables' triggers set.
      const stamp = async () => (await dbQuery(server, 'SELECT stamp FROM catalogue_version'))[0][0];
      const home = async () => {
        const r = await s1001.get('/api/learning');
        assert.equal(r.status, 200, r.text);
        return r.json;
      };
      const changes = async (what) => {
        const was = await stamp();
        const out = await what();
        assert.notEqual(await stamp(), was);
        return out;
      };
      await home();
      // A new upload is in no item yet: the stamp stays.
      const was = await stamp();
      const cover = await upload(server, editor, png(20, 20, 3), 'image/png', 'cache.png');
      assert.equal(await stamp(), was);
      // A category and an item in it: listed at once, then renamed at once.
      const category = await changes(() => create(editor, 'categories', { name: `${TAG} หมวดแคช` }));
      const first = await changes(() => content({ title: 'แคชหนึ่ง', category: category.id, cover: cover.id }));
      const second = await changes(() => content({ title: 'แคชสอง', category: category.id }));
      const listed = async () => (await home()).categories.find((c) => c.id === category.id);
      assert.equal((await listed()).count, 2);
      const named = (await editor.get(`/api/admin/categories/${category.id}`)).json;
      await changes(() => send(editor, 'PATCH', `/api/admin/categories/${category.id}`, { name: `${TAG} หมวดแคชใหม่`, version: named.version }));
      assert.equal((await listed()).name, `${TAG} หมวดแคชใหม่`);
      // A course of both: S1001 learns one of two lessons (50 %); the other lesson removed, one of one (100 %).
      const course = await changes(() => create(editor, 'courses', { title: `${TAG} คอร์สแคช`, status: 'published' }));
      await changes(() => create(editor, 'course-lessons', { course: course.id, kind: 'content', content: first.id }));
      const other = await changes(() => create(editor, 'course-lessons', { course: course.id, kind: 'content', content: second.id }));
      assert.equal((await send(s1001, 'POST', `/api/courses/${course.id}/start`)).status, 200);
      await learnLesson(s1001, first);
      const card = async () => (await home()).myCourses.inProgress.find((c) => c.id === course.id)?.progress;
      assert.deepEqual(await card(), { percent: 50, completed: false });
      await changes(async () => assert.equal((await send(editor, 'DELETE', `/api/admin/course-lessons/${other.id}`)).status, 204));
      assert.deepEqual(await card(), { percent: 100, completed: false });
      // The learning settings are cached with it: an assignment makes the course mandatory at once, and a
      // personalised rule puts its item first in For you at once.
      await changes(() => create(editor, 'course-assignments', { course: course.id, audience: { stores: [ids.BKK01] } }));
      assert.ok((await home()).myCourses.mandatory.some((c) => c.id === course.id));
      await changes(() =>
        create(editor, 'personalized', { title: 'แคช', targetType: 'content', target: second.id, priority: 900, audience: { stores: [ids.BKK01] } }),
      );
      assert.equal((await s1001.get('/api/for-you')).json.items[0].id, second.id);
      // Unpublished: the item leaves the category's count at once.
      const item = (await editor.get(`/api/admin/contents/${second.id}`)).json;
      await changes(() => send(editor, 'PATCH', `/api/admin/contents/${second.id}`, { status: 'draft', version: item.version }));
      assert.equal((await listed()).count, 1);
    });
  });

  describe('course lessons the viewer cannot open', () => {
    it('a course lists, counts and completes only the lessons the viewer could open', async () => {
      const open = await content({ title: 'บทเปิดได้', points: 2 });
      const draft = await content({ title: 'บทร่าง', status: 'draft' });
      const north = await content({ title: 'บทภาคเหนือ', audience: { regions: [ids.NTH] } });
      const exam = await create(editor, 'examinations', { title: `${TAG} สอบภาคเหนือ`, status: 'published', audience: { regions: [ids.NTH] } });
      await create(editor, 'exam-questions', { exam: exam.id, kind: 'truefalse', prompt: 'ข้อ', correct: ['true'] });
      const course = await create(editor, 'courses', { title: `${TAG} บทที่มองไม่เห็น`, status: 'published', points: 6 });
      for (const [kind, item] of [['content', open], ['content', draft], ['content', north], ['exam', exam]])
        await create(editor, 'course-lessons', { course: course.id, kind, [kind]: item.id });
      const lessonIds = async (c) => {
        const d = (await c.get(`/api/courses/${course.id}`)).json.course;
        return { d, items: d.lessons.map((l) => l.item.id) };
      };
      // S1001 (BKK01): only the published lesson for everyone; every listed lesson opens.
      let { d, items } = await lessonIds(s1001);
      assert.deepEqual(items, [open.id]);
      assert.equal(d.progress.totalLessons, 1);
      assert.equal((await s1001.get(`/api/contents/${open.id}`)).status, 200);
      for (const hidden of [draft, north]) assertEnvelope(await s1001.get(`/api/contents/${hidden.id}`), 404);
      assertEnvelope(await s1001.get(`/api/exams/${exam.id}`), 404);
      // S2001 (north): the north lessons too, never the draft.
      ({ d, items } = await lessonIds(s2001));
      assert.deepEqual(items, [open.id, north.id, exam.id]);
      assert.equal(d.progress.totalLessons, 3);
      // The preview (no viewer) shows every lesson.
      const p = (await editor.get(`/api/admin/preview/course/${course.id}`)).json.course;
      assert.equal(p.lessons.length, 4);
      // S1001's course is complete with its one lesson: the card, the page and the points agree.
      let r = await send(s1001, 'POST', `/api/courses/${course.id}/start`);
      assert.deepEqual([r.json.progress.completedLessons, r.json.progress.totalLessons], [0, 1]);
      r = await learnLesson(s1001, open);
      assert.deepEqual(r.json.completedCourses, [{ id: course.id, title: course.title, pointsAwarded: 6 }]);
      ({ d } = await lessonIds(s1001));
      assert.deepEqual([d.progress.completedLessons, d.progress.totalLessons, d.progress.completed], [1, 1, true]);
      const card = (await s1001.get('/api/learning')).json.myCourses.completed.find((c) => c.id === course.id);
      assert.deepEqual(card.progress, { percent: 100, completed: true });
      // S2001 has two more lessons to go: 1 of 3, not complete.
      r = await send(s2001, 'POST', `/api/courses/${course.id}/start`);
      r = await learnLesson(s2001, open);
      assert.deepEqual(r.json.completedCourses, []);
      ({ d } = await lessonIds(s2001));
      assert.deepEqual([d.progress.completedLessons, d.progress.totalLessons, d.progress.percent], [1, 3, 33]);
      const inProgress = (await s2001.get('/api/learning')).json.myCourses.inProgress.find((c) => c.id === course.id);
      assert.deepEqual(inProgress.progress, { percent: 33, completed: false });
    });
  });

  describe('manual points adjustments', () => {
    it('scopes the idempotency key to the person: the same key for someone else is applied', async () => {
      const users = (await admin.get('/api/admin/users?pageSize=100')).json.items;
      const id = (code) => users.find((u) => u.employeeCode === code).id;
      const key = `form-${Date.now()}`;
      const adjust = (code, delta = 5) => send(admin, 'POST', `/api/admin/users/${id(code)}/points`, { delta, reason: 'ปรับแต้ม', idempotencyKey: key });
      const balance = async (c) => (await c.get('/api/me/points')).json.balance;
      const [b1, b2] = [await balance(t3001), await balance(t5001)];
      let r = await adjust('T3001');
      assert.deepEqual([r.status, r.json.applied, r.json.balance], [200, true, b1 + 5], r.text);
      r = await adjust('T5001');
      assert.deepEqual([r.status, r.json.applied, r.json.balance], [200, true, b2 + 5], r.text);
      r = await adjust('T3001'); // a double submit for the same person counts once
      assert.deepEqual([r.json.applied, r.json.balance], [false, b1 + 5]);
      // Concurrent double submits for one person: one applies.
      const b3 = await balance(s2001);
      const many = await Promise.all(Array.from({ length: 6 }, () => adjust('S2001', 3)));
      for (const x of many) assert.equal(x.status, 200, x.text);
      assert.equal(many.filter((x) => x.json.applied).length, 1);
      assert.equal(await balance(s2001), b3 + 3);
      assert.equal(await balance(t3001), b1 + 5);
      assert.equal(await balance(t5001), b2 + 5);
    });
  });

  describe('publish window and status', () => {
    it('hides drafts, archived items, future starts and past ends everywhere', async () => {
      const hidden = [
        await content({ title: 'ฉบับร่าง', status: 'draft' }),
        await content({ title: 'เก็บถาวร', status: 'archived' }),
        await content({ title: 'ยังไม่เริ่ม', startAt: iso(HOUR) }),
        await content({ title: 'หมดเวลา', startAt: iso(-2 * HOUR), endAt: iso(-HOUR) }),
      ];
      const shown = await content({ title: 'ในช่วงเวลา', startAt: iso(-HOUR), endAt: iso(HOUR) });
      const found = (await browse(s1001)).items.map((i) => i.id);
      const latest = (await s1001.get('/api/learning')).json.latest.map((i) => i.id);
      for (const h of hidden) {
        assert.ok(!found.includes(h.id) && !latest.includes(h.id), h.title);
        assertEnvelope(await s1001.get(`/api/contents/${h.id}`), 404);
        assertEnvelope(await editor.get(`/api/contents/${h.id}`), 404, 'NOT_FOUND'); // editors see the staff rules too
        assert.equal((await editor.get(`/api/admin/preview/content/${h.id}`)).status, 200, 'preview ignores status');
      }
      assert.ok(found.includes(shown.id));
      assert.equal((await s1001.get(`/api/contents/${shown.id}`)).status, 200);
      // Published later: visible at once.
      const draft = hidden[0];
      const p = await send(editor, 'PATCH', `/api/admin/contents/${draft.id}`, { status: 'published', version: draft.version });
      assert.equal(p.status, 200, p.text);
      assert.equal((await s1001.get(`/api/contents/${draft.id}`)).status, 200);
    });
  });

  describe('progress and completion', () => {
    it('completes each kind by its rule; percent never goes down', async () => {
      const video = await content({ kind: 'video', title: 'วิดีโอ', media: media.video.id });
      const article = await content({ title: 'บทความยาว' });
      const images = await content({ kind: 'images', title: 'ชุดภาพ', images: [media.image2.id, media.image.id] });
      const link = await content({ kind: 'link', title: 'ลิงก์', linkUrl: 'https://example.com/x?a=1' });
      const pdfItem = await content({ kind: 'pdf', title: 'พีดีเอฟ', media: media.pdf.id });
      const post = (id, body) => send(t3001, 'POST', `/api/contents/${id}/progress`, body);

      let r = await post(video.id, { position: 42.5, percent: 89 });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual([r.json.progress.percent, r.json.progress.position, r.json.progress.completedAt], [89, 42.5, null]);
      r = await post(video.id, { percent: 20, position: 10 });
      assert.equal(r.json.progress.percent, 89, 'percent never goes down');
      assert.equal(r.json.progress.position, 10, 'the position is where the viewer is');
      r = await post(video.id, { percent: 90.4 });
      assert.ok(r.json.progress.completedAt, 'video completes at 90 %');

      // The other kinds' rules (time open, pictures, pages, the link) are lesson-completion.test.mjs's.
      r = await post(article.id, { percent: 99 });
      assert.equal(r.json.progress.completedAt, null);
      for (const item of [article, images, link, pdfItem]) {
        r = await post(item.id, { percent: 50 });
        assert.equal(r.json.progress.completedAt, null, item.title);
        r = await learnLesson(t3001, item);
        assert.ok(r.json.progress.completedAt, `${item.title}: ${r.text}`);
      }
      const d = (await t3001.get(`/api/contents/${images.id}`)).json.content;
      assert.deepEqual(d.images.map((m) => m.id), [media.image2.id, media.image.id], 'images in the editor\'s order');
      assert.equal(d.progress.completed, true);
      const v = (await t3001.get(`/api/contents/${video.id}`)).json.content;
      assert.equal(v.media.id, media.video.id);
      assert.equal(v.progress.position, 10);
      assert.equal((await t3001.get(`/api/contents/${link.id}`)).json.content.linkUrl, 'https://example.com/x?a=1');
    });

    it('a video whose file states its length completes only after that much was really played', async () => {
      const clip = await upload(server, editor, mp4Lasting(2000, 1), 'video/mp4', 'two-seconds.mp4');
      assert.equal(clip.durationMs, 2000, 'the length is read from the file');
      const video = await content({ kind: 'video', title: 'วิดีโอสองวินาที', media: clip.id, points: 3 });
      const post = (c, body) => send(c, 'POST', `/api/contents/${video.id}/progress`, body);
      const before = (await t5001.get('/api/me/points')).json.balance;

      // Skipping straight to the end: 95 % but nothing played (needs 45 % of 2 s = 0.9 s).
      let r = await post(t5001, { position: 0 });
      assert.equal(r.status, 200, r.text);
      r = await post(t5001, { position: 1.9, percent: 95 });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.json.progress.completedAt, null, 'a jump to the end does not count');
      assert.equal(r.json.progress.percent, 95);
      assert.equal(r.json.progress.watchMoreSeconds, 1);
      assert.equal(r.json.pointsAwarded, 0);
      // Going back and playing for real: each report counts the time that really passed.
      r = await post(t5001, { position: 0.1 });
      await new Promise((res) => setTimeout(res, 1100));
      r = await post(t5001, { position: 1.2 });
      assert.ok(r.json.progress.completedAt, `played about a second: ${r.text}`);
      assert.equal(r.json.progress.watchMoreSeconds, undefined);
      assert.equal(r.json.pointsAwarded, 3);
      assert.equal((await t5001.get('/api/me/points')).json.balance, before + 3);
    });

    it('refuses bad progress input', async () => {
      const c = await content({ title: 'อินพุตผิด' });
      const p = `/api/contents/${c.id}/progress`;
      for (const [body, field] of [[{ percent: 'half' }, 'percent'], [{ percent: 101 }, 'percent'], [{ percent: -1 }, 'percent'],
        [{ position: -5 }, 'position'], [{ position: '1' }, 'position'], [{ nope: 1 }, 'nope']]) {
        const r = await send(s1001, 'POST', p, body);
        assertEnvelope(r, 422, 'VALIDATION_FAILED');
        assert.ok(r.json.error.fields[field], `${field}: ${r.text}`);
      }
      assertEnvelope(await s1001.request('POST', p, { body: '{"percent":', headers: { 'x-csrf-token': s1001.csrfToken, 'content-type': 'application/json' } }), 400, 'BAD_JSON');
      assertEnvelope(await send(s1001, 'POST', p, [1, 2]), 400);
      assertEnvelope(await s1001.post(p, { json: { percent: 100 } }), 403, 'CSRF_FAILED');
      assertEnvelope(await server.client().post(p, { json: { percent: 100 } }), 401);
    });

    it('completes a course when all its lessons are complete, with its points once', async () => {
      const a = await content({ title: 'บทที่หนึ่ง', points: 3 });
      const b = await content({ kind: 'video', title: 'บทที่สอง', media: media.video.id, points: 4 });
      const course = await create(editor, 'courses', { title: `${TAG} หลักสูตรครบ`, status: 'published', points: 30, descriptionHtml: '<p>หลักสูตร</p>' });
      await create(editor, 'course-lessons', { course: course.id, kind: 'content', content: a.id });
      await create(editor, 'course-lessons', { course: course.id, kind: 'content', content: b.id, title: 'ดูวิดีโอ' });
      const before = (await t5001.get('/api/me/points')).json.balance;
      let r = await send(t5001, 'POST', `/api/courses/${course.id}/start`);
      assert.equal(r.status, 200, r.text);
      assert.deepEqual([r.json.progress.completedLessons, r.json.progress.totalLessons, r.json.progress.completed], [0, 2, false]);
      let l = (await t5001.get('/api/learning')).json;
      assert.ok(l.myCourses.inProgress.some((c) => c.id === course.id));
      r = await learnLesson(t5001, a);
      assert.equal(r.json.pointsAwarded, 3);
      assert.deepEqual(r.json.completedCourses, []);
      let d = (await t5001.get(`/api/courses/${course.id}`)).json.course;
      assert.deepEqual([d.progress.completedLessons, d.progress.percent, d.lessons[0].completed, d.lessons[1].completed], [1, 50, true, false]);
      assert.equal(d.lessons[1].title, 'ดูวิดีโอ');
      assert.equal(d.lessons[0].title, a.title);
      assert.equal(d.lessons[1].item.kind, 'video');
      r = await send(t5001, 'POST', `/api/contents/${b.id}/progress`, { percent: 95 });
      assert.equal(r.json.pointsAwarded, 4);
      assert.deepEqual(r.json.completedCourses, [{ id: course.id, title: course.title, pointsAwarded: 30 }]);
      assert.equal(r.json.balance, before + 37);
      r = await send(t5001, 'POST', `/api/contents/${b.id}/progress`, { percent: 100 });
      assert.deepEqual([r.json.pointsAwarded, r.json.completedCourses.length, r.json.balance], [0, 0, before + 37]);
      d = (await t5001.get(`/api/courses/${course.id}`)).json.course;
      assert.equal(d.progress.completed, true);
      assert.equal(d.progress.percent, 100);
      assert.ok(d.progress.completedAt);
      l = (await t5001.get('/api/learning')).json;
      assert.ok(l.myCourses.completed.some((c) => c.id === course.id));
      assert.ok(!l.myCourses.inProgress.some((c) => c.id === course.id));
      assert.ok(!(await t5001.get('/api/for-you')).json.items.some((i) => i.id === course.id), 'completed items leave For you');
      const c = (await t5001.get(`/api/contents/${a.id}`)).json.content;
      assert.deepEqual(c.courses, [{ id: course.id, title: course.title }]);
    });

    it('awards a content\'s points exactly once under repeated and 20 concurrent calls', async () => {
      const item = await content({ title: 'แต้มครั้งเดียว', points: 11 });
      const start = (await s2001.get('/api/me/points')).json.balance;
      await send(s2001, 'POST', `/api/contents/${item.id}/open`, {});
      await sleep(1000); // the reading clock (lesson-completion.test.mjs checks it)
      const results = await Promise.all(Array.from({ length: 20 }, () => send(s2001, 'POST', `/api/contents/${item.id}/progress`, { percent: 100 })));
      for (const r of results) assert.equal(r.status, 200, r.text);
      assert.equal(results.reduce((s, r) => s + r.json.pointsAwarded, 0), 11);
      for (let i = 0; i < 3; i++) {
        const r = await send(s2001, 'POST', `/api/contents/${item.id}/progress`, { percent: 100 });
        assert.equal(r.json.pointsAwarded, 0);
      }
      const points = (await s2001.get('/api/me/points?limit=100')).json;
      assert.equal(points.balance, start + 11);
      const entries = points.entries.filter((e) => e.sourceId === item.id);
      assert.equal(entries.length, 1);
      assert.deepEqual([entries[0].delta, entries[0].source, entries[0].reason], [11, 'lesson', item.title]);
      const completed = await dbQuery(server, `SELECT completed_at FROM learning_progress WHERE item_id = '${item.id}'`);
      assert.equal(completed.length, 1);
    });

    it('completes a course once when its last lessons are completed concurrently', async () => {
      const lessons = [];
      for (let i = 0; i < 3; i++) lessons.push(await content({ title: `พร้อมกัน ${i}` }));
      const course = await create(editor, 'courses', { title: `${TAG} พร้อมกัน`, status: 'published', points: 25 });
      for (const l of lessons) await create(editor, 'course-lessons', { course: course.id, kind: 'content', content: l.id });
      const start = (await s1002.get('/api/me/points')).json.balance;
      for (const l of lessons) await send(s1002, 'POST', `/api/contents/${l.id}/open`, {});
      await sleep(1000);
      const results = await Promise.all(
        lessons.flatMap((l) => Array.from({ length: 5 }, () => send(s1002, 'POST', `/api/contents/${l.id}/progress`, { percent: 100 }))),
      );
      for (const r of results) assert.equal(r.status, 200, r.text);
      const completions = results.flatMap((r) => r.json.completedCourses);
      assert.deepEqual(completions, [{ id: course.id, title: course.title, pointsAwarded: 25 }]);
      assert.equal((await s1002.get('/api/me/points')).json.balance, start + 25);
    });

    it('keeps the ebook reading position; the last page completes it once half of the pages were seen', async () => {
      const ebook = await create(editor, 'ebooks', { title: `${TAG} คู่มือ`, author: 'ฝ่ายฝึกอบรม', status: 'published', pdf: media.pdf.id, cover: media.image.id });
      assert.equal((await send(s1001, 'POST', `/api/ebooks/${ebook.id}/open`, {})).status, 200);
      let r = await send(s1001, 'POST', `/api/ebooks/${ebook.id}/progress`, { page: 3, pages: 10 });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual([r.json.progress.position, r.json.progress.percent, r.json.progress.completed], [3, 30, false]);
      r = await send(s1001, 'POST', `/api/ebooks/${ebook.id}/progress`, { page: 2, pages: 10 });
      assert.deepEqual([r.json.progress.position, r.json.progress.percent], [2, 30]);
      for (const page of [4, 5]) await send(s1001, 'POST', `/api/ebooks/${ebook.id}/progress`, { page, pages: 10 });
      await sleep(2000); // 10 pages: 200 s of reading, 1 % of it
      r = await send(s1001, 'POST', `/api/ebooks/${ebook.id}/progress`, { page: 10, pages: 10 });
      assert.equal(r.json.progress.completed, true, r.text);
      const d = (await s1001.get(`/api/ebooks/${ebook.id}`)).json.ebook;
      assert.deepEqual([d.pdf.id, d.author, d.cover.id, d.progress.position], [media.pdf.id, 'ฝ่ายฝึกอบรม', media.image.id, 10]);
      for (const body of [{ page: 11, pages: 10 }, { page: 0, pages: 10 }, { page: 1 }, { page: '1', pages: 2 }]) {
        const bad = await send(s1001, 'POST', `/api/ebooks/${ebook.id}/progress`, body);
        assertEnvelope(bad, 422, 'VALIDATION_FAILED');
      }
    });
  });

  describe('search', () => {
    it('finds a Thai word inside unspaced Thai text, also across a zero-width space', async () => {
      const a = await content({ title: 'ค้นหาหนึ่ง', bodyHtml: '<p>วันนี้เรามาเรียนรู้การบริการลูกค้าอย่างมืออาชีพ</p>' });
      const b = await content({ title: 'ค้นหาสอง', bodyHtml: '<p>แนะนำสินค้า\u200Bใหม่ประจำเดือนให้ลูกค้าทุกคน</p>' });
      const ids = async (q, extra) => (await browse(s1001, q, extra)).items.map((i) => i.id);
      assert.ok((await ids('บริการลูกค้า')).includes(a.id));
      assert.ok((await ids('มืออาชีพ')).includes(a.id));
      assert.ok(!(await ids('มืออาชีพ')).includes(b.id));
      assert.ok((await ids('สินค้าใหม่')).includes(b.id), 'the U+200B in the stored text does not split the word');
      assert.ok((await ids('สินค้า\u200Bใหม่')).includes(b.id), 'nor in the query');
      assert.ok((await ids('ลูกค้า')).includes(a.id) && (await ids('ลูกค้า')).includes(b.id));
      assert.equal((await browse(s1001, 'ไม่มีคำนี้แน่นอน')).total, 0);
      assert.equal((await browse(s1001, '100%_')).total, 0, 'wildcards are literal');
    });

    it('filters by type, category and sub-category, and pages', async () => {
      const cat = await create(editor, 'categories', { name: 'หมวดค้นหา' });
      const sub = await create(editor, 'subcategories', { name: 'ย่อยค้นหา', category: cat.id });
      const inSub = await content({ title: 'หมวดย่อย', category: cat.id, subcategory: sub.id });
      const inCat = await content({ title: 'หมวดหลัก', category: cat.id });
      const course = await create(editor, 'courses', { title: `${TAG} หลักสูตรหมวด`, status: 'published', category: cat.id });
      let r = await browse(s1001, '', `&category=${cat.id}`);
      assert.deepEqual(new Set(r.items.map((i) => i.id)), new Set([inSub.id, inCat.id, course.id]));
      r = await browse(s1001, '', `&category=${cat.id}&subcategory=${sub.id}`);
      assert.deepEqual(r.items.map((i) => i.id), [inSub.id]);
      r = await browse(s1001, '', `&category=${cat.id}&type=course`);
      assert.deepEqual(r.items.map((i) => i.id), [course.id]);
      assert.equal(r.items[0].type, 'course');
      assert.deepEqual(r.items[0].category, { id: cat.id, name: 'หมวดค้นหา' });
      const p1 = (await s1001.get(`/api/learning/search?category=${cat.id}&pageSize=2&page=1`)).json;
      const p2 = (await s1001.get(`/api/learning/search?category=${cat.id}&pageSize=2&page=2`)).json;
      assert.deepEqual([p1.total, p1.items.length, p2.items.length, p1.page, p2.pageSize], [3, 2, 1, 1, 2]);
      const l = (await s1001.get('/api/learning')).json;
      const c = l.categories.find((x) => x.id === cat.id);
      assert.equal(c.count, 3);
      assert.deepEqual(c.subcategories, [{ id: sub.id, name: 'ย่อยค้นหา' }]);
      for (const q of ['type=planet', 'pageSize=0', 'pageSize=51', 'page=abc', 'category=not!an!id', `q=${'ก'.repeat(101)}`])
        assertEnvelope(await s1001.get(`/api/learning/search?${q}`), 400);
    });
  });

  describe('Learning tab, For you and Home', () => {
    it('shows mandatory courses with due dates to their audience only', async () => {
      const course = await create(editor, 'courses', { title: `${TAG} บังคับ`, status: 'published', points: 5 });
      const due = iso(72 * HOUR);
      await create(editor, 'course-assignments', { course: course.id, audience: { stores: [ids.BKK01] }, dueAt: due, note: 'ภายใน 3 วัน' });
      const mine = (await s1001.get('/api/learning')).json;
      const m = mine.myCourses.mandatory.find((c) => c.id === course.id);
      assert.ok(m, 'mandatory for BKK01');
      assert.equal(Date.parse(m.dueAt), Date.parse(due));
      const d = (await s1001.get(`/api/courses/${course.id}`)).json.course;
      assert.equal(Date.parse(d.mandatory.dueAt), Date.parse(due));
      const other = (await s2001.get('/api/learning')).json;
      assert.ok(!other.myCourses.mandatory.some((c) => c.id === course.id));
      assert.equal((await s2001.get(`/api/courses/${course.id}`)).json.course.mandatory, null);
      assert.ok((await s1001.get('/api/for-you')).json.items.some((i) => i.id === course.id), 'mandatory courses are For you');
    });

    it('answers the Learning tab in one call with the contract\'s shape', async () => {
      const r = await s1001.get('/api/learning');
      assert.equal(r.status, 200);
      for (const k of ['categories', 'forYou', 'courses', 'exams', 'ebooks', 'latest']) assert.ok(Array.isArray(r.json[k]), k);
      for (const k of ['inProgress', 'mandatory', 'completed']) assert.ok(Array.isArray(r.json.myCourses[k]), k);
      assert.ok(r.json.forYou.length <= 10 && r.json.latest.length <= 20);
      const card = r.json.latest[0];
      for (const k of ['type', 'id', 'title', 'summary', 'kind', 'cover', 'category', 'points', 'durationMinutes', 'progress', 'dueAt'])
        assert.ok(k in card, k);
      // The demo catalogue is there (seed --demo).
      const demo = (await browse(s1001, 'พื้นฐานการบริการลูกค้า', '&type=course')).items;
      assert.equal(demo.length, 1);
    });

    it('puts personalised rules first, then leaves completed items out', async () => {
      const target = await content({ title: 'แนะนำพิเศษ' });
      const rule = await create(editor, 'personalized', { title: 'แนะนำ S1001', targetType: 'content', target: target.id, priority: 500, audience: { stores: [ids.BKK01] } });
      assert.equal((await s1001.get('/api/for-you')).json.items[0].id, target.id);
      assert.notEqual((await s2001.get('/api/for-you')).json.items[0]?.id, target.id, 'the rule is for BKK01 only');
      await learnLesson(s1001, target);
      assert.ok(!(await s1001.get('/api/for-you')).json.items.some((i) => i.id === target.id));
      const off = await send(editor, 'PATCH', `/api/admin/personalized/${rule.id}`, { active: false, version: rule.version });
      assert.equal(off.status, 200, off.text);
      const bad = await send(editor, 'POST', '/api/admin/personalized', { title: 'x', targetType: 'course', target: target.id });
      assertEnvelope(bad, 422);
      assert.ok(bad.json.error.fields.target);
    });

    it('gives Home the balance, continue learning, For you and articles', async () => {
      const started = await content({ title: 'เรียนค้างไว้' });
      await send(t3001, 'POST', `/api/contents/${started.id}/progress`, { percent: 40 });
      const r = await t3001.get('/api/home');
      assert.equal(r.status, 200, r.text);
      assert.equal(typeof r.json.points.balance, 'number');
      assert.equal(r.json.continueLearning[0].id, started.id);
      assert.deepEqual(r.json.continueLearning[0].progress, { percent: 40, completed: false });
      assert.ok(Array.isArray(r.json.forYou));
      assert.ok(r.json.articles.length >= 2, 'the demo articles');
      assert.ok(r.json.articles[0].pinned, 'pinned first');
    });
  });
});
