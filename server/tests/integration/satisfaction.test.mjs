// Satisfaction ratings (issue 16) through real HTTP on SQLite and PostgreSQL: an item becomes rateable when
// the person completed it (content, course through its lessons, event check-in) and is asked once; one row
// per person and item under concurrent ratings; averages, distributions, trend and lowest against figures
// computed by hand; comment moderation; visibility → 404, not completed → 409, bad input → 422.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, signedInClients, assertEnvelope } from './harness.mjs';
import { send, create, iso, HOUR, learnLesson } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';

describe('satisfaction', () => {
  const server = useServer();
  let editor, admin, staff;

  before(async () => {
    [editor, admin, staff] = await signedInClients(server, 'EDIT01', 'ADMIN01', 'S2002');
  });

  const tag = () => Math.random().toString(36).slice(2, 6);
  const content = (over = {}) =>
    create(editor, 'contents', { kind: 'article', status: 'published', bodyHtml: '<p>เนื้อหา</p>', title: `บทเรียน ${tag()}`, ...over });
  const complete = (c, id) => learnLesson(c, { id });
  const rate = (c, type, id, body) => send(c, 'PUT', `/api/satisfaction/${type}/${id}`, body);
  const pending = async (c) => (await c.get('/api/satisfaction/pending')).json.items;
  const summaryOf = async (id, query = '') => {
    const r = await admin.get(`/api/admin/satisfactions/summary${query}`);
    assert.equal(r.status, 200, r.text);
    return { ...r.json, item: r.json.items.find((i) => i.id === id) };
  };

  it('asked after completing a content and its course, not again once answered; editable; dismiss', async () => {
    const lesson = await content();
    const course = await create(editor, 'courses', { title: `หลักสูตร ${tag()}`, status: 'published' });
    await create(editor, 'course-lessons', { course: course.id, kind: 'content', content: lesson.id });
    const [x] = await crowd(server, 1, { prefix: 'SQ' });
    // Before completing: visible but not rateable, and nothing is asked.
    let mine = (await x.client.get(`/api/satisfaction/content/${lesson.id}`)).json;
    assert.deepEqual([mine.rateable, mine.asked, mine.rating, mine.item.title], [false, false, null, lesson.title]);
    assertEnvelope(await rate(x.client, 'content', lesson.id, { stars: 5 }), 409, 'NOT_COMPLETED');
    assert.deepEqual(await pending(x.client), []);

    const done = await complete(x.client, lesson.id);
    assert.equal(done.status, 200, done.text);
    assert.equal(done.json.completedCourses.length, 1);
    const asked = await pending(x.client);
    assert.deepEqual(asked.map((p) => `${p.type}:${p.id}`).sort(), [`content:${lesson.id}`, `course:${course.id}`].sort());
    assert.ok(asked.every((p) => p.title && p.completedAt));
    assert.equal((await x.client.get(`/api/satisfaction/content/${lesson.id}`)).json.asked, true);

    let r = await rate(x.client, 'content', lesson.id, { stars: 4, comment: '  ดีมาก\r\nเข้าใจง่าย  ' });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual([r.json.rating.stars, r.json.rating.comment, r.json.rating.type], [4, 'ดีมาก\nเข้าใจง่าย', 'content']);
    assert.deepEqual((await pending(x.client)).map((p) => p.id), [course.id], 'answered: not asked again');
    // Edit: the same row, new stars, the comment cleared by a blank one.
    r = await rate(x.client, 'content', lesson.id, { stars: 2, comment: '   ' });
    assert.deepEqual([r.json.rating.stars, r.json.rating.comment], [2, null]);
    mine = (await x.client.get(`/api/satisfaction/content/${lesson.id}`)).json;
    assert.deepEqual([mine.rateable, mine.asked, mine.rating.stars], [true, false, 2]);
    const rows = await dbQuery(server, `SELECT stars, version FROM satisfaction_ratings WHERE item_id = '${lesson.id}' AND user_id = '${x.id}'`);
    assert.deepEqual(rows, [['2', '2']]);
    // Not now: the course is no longer asked, still rateable from its page.
    assert.equal((await send(x.client, 'POST', `/api/satisfaction/course/${course.id}/dismiss`, {})).status, 200);
    assert.deepEqual(await pending(x.client), []);
    assert.deepEqual(
      ((b) => [b.rateable, b.asked])((await x.client.get(`/api/satisfaction/course/${course.id}`)).json),
      [true, false],
    );
    assert.equal((await rate(x.client, 'course', course.id, { stars: 5 })).status, 200);
  });

  it('an event is rateable once attended (check-in)', async () => {
    const e = await create(editor, 'events', {
      title: `อีเว้นท์ ${tag()}`, startsAt: iso(48 * HOUR), endsAt: iso(50 * HOUR), placeKind: 'address', address: 'ห้องประชุม', status: 'published',
    });
    const [x] = await crowd(server, 1, { prefix: 'SE' });
    const going = await send(x.client, 'POST', `/api/events/${e.id}/rsvp`, {});
    assertEnvelope(await rate(x.client, 'event', e.id, { stars: 5 }), 409, 'NOT_COMPLETED');
    const checked = await send(editor, 'POST', `/api/admin/events/${e.id}/checkin`, { code: going.json.item.mine.code });
    assert.equal(checked.status, 200, checked.text);
    assert.deepEqual((await pending(x.client)).map((p) => `${p.type}:${p.id}`), [`event:${e.id}`]);
    const r = await rate(x.client, 'event', e.id, { stars: 3 });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(await pending(x.client), []);
  });

  it('30 concurrent ratings by one person leave one row holding one of them', async () => {
    const lesson = await content();
    const [x] = await crowd(server, 1, { prefix: 'SR' });
    await complete(x.client, lesson.id);
    const runs = await Promise.all(Array.from({ length: 30 }, (_, i) => rate(x.client, 'content', lesson.id, { stars: (i % 5) + 1, comment: `ครั้งที่ ${i}` })));
    for (const r of runs) assert.equal(r.status, 200, r.text);
    const rows = await dbQuery(server, `SELECT stars, comment, version FROM satisfaction_ratings WHERE item_id = '${lesson.id}'`);
    assert.equal(rows.length, 1);
    assert.equal(rows[0][2], '30', 'every write landed on the one row');
    const mine = (await x.client.get(`/api/satisfaction/content/${lesson.id}`)).json.rating;
    assert.deepEqual([String(mine.stars), mine.comment], [rows[0][0], rows[0][1]]);
    const { item } = await summaryOf(lesson.id, '?type=content');
    assert.equal(item.count, 1);
  });

  it('averages, distribution, lowest and trend match figures computed by hand', async () => {
    const liked = await content();
    const disliked = await content();
    const people = await crowd(server, 4, { prefix: 'SA' });
    await Promise.all(people.map((p) => Promise.all([complete(p.client, liked.id), complete(p.client, disliked.id)])));
    // liked: 5, 4, 4, 2 → 15/4 = 3.75; disliked: 1, 2, 2 → 5/3 = 1.67 (one person has not rated it).
    const likedStars = [5, 4, 4, 2];
    const dislikedStars = [1, 2, 2];
    await Promise.all(likedStars.map((s, i) => rate(people[i].client, 'content', liked.id, { stars: s, comment: i === 0 ? 'ชอบมาก' : null })));
    await Promise.all(dislikedStars.map((s, i) => rate(people[i].client, 'content', disliked.id, { stars: s })));
    let s = await summaryOf(liked.id, '?type=content&minCount=3');
    assert.deepEqual([s.item.count, s.item.average, s.item.distribution, s.item.comments, s.item.title], [4, 3.75, [0, 1, 0, 2, 1], 1, liked.title]);
    const d = s.items.find((i) => i.id === disliked.id);
    assert.deepEqual([d.count, d.average, d.distribution, d.comments], [3, 1.67, [1, 2, 0, 0, 0], 0]);
    const low = s.lowest.map((i) => i.id);
    assert.ok(low.indexOf(disliked.id) >= 0 && low.indexOf(disliked.id) < low.indexOf(liked.id), JSON.stringify(s.lowest));
    for (let i = 1; i < s.lowest.length; ++i) assert.ok(s.lowest[i - 1].average <= s.lowest[i].average);
    assert.ok(s.lowest.every((i) => i.count >= 3));
    // Overall of content ratings = sums over every content row in the database.
    const [[n, sum]] = await dbQuery(server, "SELECT COUNT(*), SUM(stars) FROM satisfaction_ratings WHERE item_type = 'content'");
    assert.equal(s.overall.count, Number(n));
    assert.equal(s.overall.average, Math.round((Number(sum) * 100) / Number(n)) / 100);
    assert.equal(s.overall.distribution.reduce((a, b) => a + b, 0), Number(n));
    // An edit moves the figures: 2 → 3 gives 16/4 = 4.
    await rate(people[3].client, 'content', liked.id, { stars: 3 });
    s = await summaryOf(liked.id);
    assert.deepEqual([s.item.average, s.item.distribution], [4, [0, 0, 1, 2, 1]]);
    // Trend: 4 weeks, Mondays, this week holds the four ratings.
    const t = (await admin.get(`/api/admin/satisfactions/trend?itemId=${liked.id}&weeks=4`)).json.weeks;
    assert.equal(t.length, 4);
    assert.ok(t.every((w) => new Date(w.weekStart).getUTCDay() === 1 && w.weekStart.includes('T00:00:00')));
    assert.deepEqual([t[3].count, t[3].average], [4, 4]);
    assert.ok(new Date(t[3].weekStart) <= new Date() && Date.now() - new Date(t[3].weekStart) < 7 * 24 * HOUR);
    assert.deepEqual(t.slice(0, 3).map((w) => w.count), [0, 0, 0]);
  });

  it('comments: hide and show by an admin, audited; the stars still count; staff get 403', async () => {
    const lesson = await content();
    const [x] = await crowd(server, 1, { prefix: 'SC' });
    await complete(x.client, lesson.id);
    await rate(x.client, 'content', lesson.id, { stars: 1, comment: 'ไม่สุภาพ' });
    let list = (await admin.get(`/api/admin/satisfactions/comments?itemId=${lesson.id}`)).json;
    assert.equal(list.total, 1);
    const c = list.items[0];
    assert.deepEqual([c.comment, c.hidden, c.stars, c.user.id, c.itemTitle], ['ไม่สุภาพ', false, 1, x.id, lesson.title]);
    let r = await send(admin, 'POST', `/api/admin/satisfactions/comments/${c.id}/hide`, {});
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.comment.hidden, true);
    const audit = await dbQuery(server, `SELECT action FROM audit_log WHERE resource_id = '${c.id}'`);
    assert.deepEqual(audit, [['satisfaction.hide']]);
    // The person edits: the comment stays hidden; it still counts in the figures.
    await rate(x.client, 'content', lesson.id, { stars: 2, comment: 'แก้แล้ว' });
    list = (await admin.get(`/api/admin/satisfactions/comments?itemId=${lesson.id}&hidden=true`)).json;
    assert.deepEqual(list.items.map((i) => [i.comment, i.hidden]), [['แก้แล้ว', true]]);
    assert.equal((await admin.get(`/api/admin/satisfactions/comments?itemId=${lesson.id}&hidden=false`)).json.total, 0);
    assert.equal((await summaryOf(lesson.id)).item.count, 1);
    r = await send(admin, 'POST', `/api/admin/satisfactions/comments/${c.id}/show`, {});
    assert.equal(r.json.comment.hidden, false);
    // A rating without a comment has nothing to moderate; staff cannot moderate or read.
    const other = await content();
    await complete(x.client, other.id);
    await rate(x.client, 'content', other.id, { stars: 5 });
    const [[plain]] = await dbQuery(server, `SELECT id FROM satisfaction_ratings WHERE item_id = '${other.id}'`);
    assertEnvelope(await send(admin, 'POST', `/api/admin/satisfactions/comments/${plain}/hide`, {}), 404, 'NOT_FOUND');
    assertEnvelope(await send(x.client, 'POST', `/api/admin/satisfactions/comments/${c.id}/hide`, {}), 403, 'FORBIDDEN');
    assert.equal((await x.client.get('/api/admin/satisfactions/summary')).status, 403);
    assert.equal((await editor.get('/api/admin/satisfactions/comments')).status, 403, 'admins only (SPEC §1)');
    assertEnvelope(await send(editor, 'POST', `/api/admin/satisfactions/comments/${c.id}/hide`, {}), 403, 'FORBIDDEN');
    assertEnvelope(await admin.get('/api/admin/satisfactions/summary?type=poll'), 422, 'VALIDATION_FAILED');
  });

  it('visibility → 404, bad input → 422 with field codes', async () => {
    const lesson = await content();
    await complete(staff, lesson.id);
    const draft = await content({ status: 'draft' });
    const elsewhere = await content({ audience: { stores: ['BKK01'] } });  // S2002 is in CNX01
    assertEnvelope(await staff.get(`/api/satisfaction/content/${draft.id}`), 404, 'NOT_FOUND');
    assertEnvelope(await rate(staff, 'content', elsewhere.id, { stars: 3 }), 404, 'NOT_FOUND');
    assertEnvelope(await rate(staff, 'poll', lesson.id, { stars: 3 }), 404, 'NOT_FOUND');
    assertEnvelope(await rate(staff, 'content', 'not-an-id', { stars: 3 }), 404, 'NOT_FOUND');
    const field = async (body, name) => {
      const r = await rate(staff, 'content', lesson.id, body);
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      return r.json.error.fieldCodes[name].code;
    };
    for (const stars of [0, 6, -1, 3.5, '4', null, true, 1e20]) assert.equal(await field({ stars }, 'stars'), 'STARS_1_TO_5', `stars ${stars}`);
    assert.equal(await field({}, 'stars'), 'STARS_1_TO_5');
    assert.equal(await field({ stars: 3, comment: 5 }, 'comment'), 'MUST_BE_PLAIN_TEXT');
    assert.equal(await field({ stars: 3, comment: 'a\u0007b' }, 'comment'), 'MUST_BE_PLAIN_TEXT');
    assert.equal(await field({ stars: 3, comment: 'ก'.repeat(2001) }, 'comment'), 'AT_MOST_2000_CHARS');
    const ok = await rate(staff, 'content', lesson.id, { stars: 3, comment: 'ก'.repeat(2000) });
    assert.equal(ok.status, 200, ok.text);
    assertEnvelope(await staff.request('PUT', `/api/satisfaction/content/${lesson.id}`, { json: { stars: 3 } }), 403, 'CSRF_FAILED');
    const r = await staff.request('PUT', `/api/satisfaction/content/${lesson.id}`, { body: '{"stars":', headers: { 'content-type': 'application/json', 'x-csrf-token': staff.csrfToken } });
    assertEnvelope(r, 400, 'BAD_JSON');
  });
});
