// Articles on Home: feed and page with audience and window, likes idempotent and right under concurrency,
// plain-text comments (stored as typed, rate-limited), moderation through the article-comments resource.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, assertEnvelope } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';
import { send, create, iso, HOUR } from './learning-fixtures.mjs';

describe('articles', () => {
  const server = useServer({
    users: Array.from({ length: 6 }, (_, i) => ({ identifier: `A${i}`, password: 'Test#2026pw', name: `ผู้อ่าน ${i}`, store: 'BKK01' })),
  });
  let editor, admin, s1001, s1002, s2001;
  const readers = [];
  let bkk01;

  before(async () => {
    editor = server.client();
    admin = server.client();
    s1001 = server.client();
    s1002 = server.client();
    s2001 = server.client();
    await editor.signInOk('EDIT01');
    await admin.signInOk('ADMIN01');
    await s1001.signInOk('S1001');
    await s1002.signInOk('S1002');
    await s2001.signInOk('S2001');
    for (const c of [editor, admin, s1001, s1002, s2001]) await c.csrf();
    for (let i = 0; i < 6; i++) {
      const c = server.client();
      await c.signInOk(`A${i}`, 'Test#2026pw');
      await c.csrf();
      readers.push(c);
    }
    bkk01 = (await admin.get('/api/admin/stores?q=BKK01')).json.items.find((s) => s.code === 'BKK01').id;
  });

  const article = (body) => create(editor, 'articles', { status: 'published', bodyHtml: '<p>ข่าว</p>', ...body });

  it('lists published articles in the audience, pinned first, and opens them', async () => {
    const plain = await article({ title: 'ข่าวทั่วไป', tags: ['ข่าว'] });
    const pinned = await article({ title: 'ข่าวปักหมุด', pinned: true });
    const bkk = await article({ title: 'ข่าวสาขา', audience: { stores: [bkk01] } });
    const draft = await article({ title: 'ข่าวร่าง', status: 'draft' });
    const later = await article({ title: 'ข่าวอนาคต', startAt: iso(HOUR) });
    const list = (await s1001.get('/api/articles?pageSize=50')).json;
    const ids = list.items.map((a) => a.id);
    assert.ok(ids.includes(plain.id) && ids.includes(bkk.id) && ids.includes(pinned.id));
    assert.ok(!ids.includes(draft.id) && !ids.includes(later.id));
    assert.ok(list.items[0].pinned);
    assert.equal(list.total, list.items.length);
    const card = list.items.find((a) => a.id === plain.id);
    for (const k of ['likeCount', 'commentCount', 'liked', 'pinned', 'publishedAt', 'type', 'title', 'cover'])
      assert.ok(k in card, k);
    assert.equal(card.type, 'article');
    const other = (await s2001.get('/api/articles?pageSize=50')).json.items.map((a) => a.id);
    assert.ok(!other.includes(bkk.id));
    const d = await s1001.get(`/api/articles/${plain.id}`);
    assert.equal(d.status, 200, d.text);
    assert.deepEqual([d.json.article.tags, d.json.article.allowComments], [['ข่าว'], true]);
    assert.ok(typeof d.json.article.bodyHtml === 'string');
    for (const [c, id] of [[s2001, bkk.id], [s1001, draft.id], [s1001, later.id], [s1001, '01890000-0000-7000-8000-000000000000']]) {
      assertEnvelope(await c.get(`/api/articles/${id}`), 404, 'NOT_FOUND');
      assertEnvelope(await send(c, 'PUT', `/api/articles/${id}/like`), 404);
      assertEnvelope(await c.get(`/api/articles/${id}/comments`), 404);
      assertEnvelope(await send(c, 'POST', `/api/articles/${id}/comments`, { body: 'สวัสดี' }), 404);
    }
    const p1 = (await s1001.get('/api/articles?pageSize=1&page=2')).json;
    assert.equal(p1.items.length, 1);
    assertEnvelope(await s1001.get('/api/articles?pageSize=500'), 400);
  });

  it('likes are idempotent', async () => {
    const a = await article({ title: 'ถูกใจ' });
    let r = await send(s1001, 'PUT', `/api/articles/${a.id}/like`);
    assert.deepEqual(r.json, { liked: true, likeCount: 1 });
    r = await send(s1001, 'PUT', `/api/articles/${a.id}/like`);
    assert.deepEqual(r.json, { liked: true, likeCount: 1 });
    r = await send(s1002, 'PUT', `/api/articles/${a.id}/like`);
    assert.deepEqual(r.json, { liked: true, likeCount: 2 });
    assert.equal((await s1001.get(`/api/articles/${a.id}`)).json.article.liked, true);
    r = await send(s1001, 'DELETE', `/api/articles/${a.id}/like`);
    assert.deepEqual(r.json, { liked: false, likeCount: 1 });
    r = await send(s1001, 'DELETE', `/api/articles/${a.id}/like`);
    assert.deepEqual(r.json, { liked: false, likeCount: 1 });
    assert.equal((await s1001.get(`/api/articles/${a.id}`)).json.article.liked, false);
    assertEnvelope(await s1001.request('PUT', `/api/articles/${a.id}/like`), 403, 'CSRF_FAILED');
  });

  it('keeps the like count right under concurrent likes and unlikes', async () => {
    const a = await article({ title: 'ถูกใจพร้อมกัน' });
    const all = [s1001, s1002, ...readers];
    await Promise.all(all.flatMap((c) => Array.from({ length: 5 }, () => send(c, 'PUT', `/api/articles/${a.id}/like`))));
    const [[count]] = await dbQuery(server, `SELECT like_count FROM articles WHERE id = '${a.id}'`);
    assert.equal(Number(count), all.length);
    const [[rows]] = await dbQuery(server, `SELECT COUNT(*) FROM article_likes WHERE article_id = '${a.id}'`);
    assert.equal(Number(rows), all.length);
    await Promise.all(readers.flatMap((c) => Array.from({ length: 4 }, () => send(c, 'DELETE', `/api/articles/${a.id}/like`))));
    const r = await send(s1001, 'PUT', `/api/articles/${a.id}/like`);
    assert.equal(r.json.likeCount, 2);
  });

  it('stores comments as plain text, exactly as typed, and lists them newest first', async () => {
    const a = await article({ title: 'ความคิดเห็น' });
    const text = '<script>alert("x")</script> & <b>ตัวหนา</b>\nบรรทัดสอง';
    const r = await send(s1001, 'POST', `/api/articles/${a.id}/comments`, { body: `  ${text}  ` });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json.comment.body, text, 'trimmed, otherwise as typed: the client shows it as text');
    assert.equal(r.json.comment.mine, true);
    assert.equal(r.json.comment.author.name, 'สมชาย ใจดี');
    await send(s1002, 'POST', `/api/articles/${a.id}/comments`, { body: 'ข้อความที่สอง' });
    const list = (await s1001.get(`/api/articles/${a.id}/comments`)).json;
    assert.deepEqual(list.items.map((c) => c.body), ['ข้อความที่สอง', text]);
    assert.deepEqual(list.items.map((c) => c.mine), [false, true]);
    assert.equal(list.hasMore, false);
    const page = (await s1001.get(`/api/articles/${a.id}/comments?limit=1`)).json;
    assert.equal(page.hasMore, true);
    const next = (await s1001.get(`/api/articles/${a.id}/comments?limit=1&before=${page.items[0].id}`)).json;
    assert.deepEqual([next.items[0].body, next.hasMore], [text, false]);
    assert.equal((await s1001.get(`/api/articles/${a.id}`)).json.article.commentCount, 2);
    const max = 'ก'.repeat(1000);
    assert.equal((await send(s2001, 'POST', `/api/articles/${a.id}/comments`, { body: max })).status, 201, '1000 Thai characters fit');
    for (const body of [{ body: '' }, { body: '   \n ' }, { body: 'ก'.repeat(1001) }, { body: 5 }, {}, { body: 'a\u0007b' }, { body: 'x', extra: 1 }]) {
      const bad = await send(s2001, 'POST', `/api/articles/${a.id}/comments`, body);
      assertEnvelope(bad, 422, 'VALIDATION_FAILED');
    }
    assertEnvelope(await s2001.request('POST', `/api/articles/${a.id}/comments`, { body: '{"body":', headers: { 'x-csrf-token': s2001.csrfToken, 'content-type': 'application/json' } }), 400, 'BAD_JSON');
    assertEnvelope(await s2001.post(`/api/articles/${a.id}/comments`, { json: { body: 'x' } }), 403, 'CSRF_FAILED');
    assertEnvelope(await s1001.get(`/api/articles/${a.id}/comments?before=nope!`), 400);
  });

  it('rate-limits comments to 5 a minute per person with Retry-After', async () => {
    const a = await article({ title: 'จำกัดความถี่' });
    const c = readers[0];
    for (let i = 0; i < 5; i++) assert.equal((await send(c, 'POST', `/api/articles/${a.id}/comments`, { body: `ข้อความ ${i}` })).status, 201);
    const r = await send(c, 'POST', `/api/articles/${a.id}/comments`, { body: 'ข้อความที่หก' });
    assertEnvelope(r, 429, 'RATE_LIMITED');
    const wait = Number(r.headers.get('retry-after'));
    assert.ok(wait >= 1 && wait <= 60, `Retry-After ${wait}`);
    assert.equal((await send(readers[1], 'POST', `/api/articles/${a.id}/comments`, { body: 'คนอื่นยังได้' })).status, 201, 'per person');
    const [[n]] = await dbQuery(server, `SELECT COUNT(*) FROM article_comments WHERE article_id = '${a.id}'`);
    assert.equal(Number(n), 6);
  });

  it('lets authors and moderators delete; hiding and deleting keep the count right', async () => {
    const a = await article({ title: 'ลบความคิดเห็น' });
    const mine = (await send(s1001, 'POST', `/api/articles/${a.id}/comments`, { body: 'ของฉัน' })).json.comment;
    const theirs = (await send(s1002, 'POST', `/api/articles/${a.id}/comments`, { body: 'ของเขา' })).json.comment;
    const third = (await send(s2001, 'POST', `/api/articles/${a.id}/comments`, { body: 'ของคนที่สาม' })).json.comment;
    assertEnvelope(await send(s1001, 'DELETE', `/api/articles/${a.id}/comments/${theirs.id}`), 404, 'NOT_FOUND');
    assert.equal((await send(s1001, 'DELETE', `/api/articles/${a.id}/comments/${mine.id}`)).status, 204);
    assertEnvelope(await send(s1001, 'DELETE', `/api/articles/${a.id}/comments/${mine.id}`), 404);
    assert.equal((await send(editor, 'DELETE', `/api/articles/${a.id}/comments/${theirs.id}`)).status, 204);
    const audit = await dbQuery(server, `SELECT actor_id FROM audit_log WHERE resource = 'article-comments' AND resource_id = '${theirs.id}'`);
    assert.equal(audit.length, 1, 'a moderator\'s delete is audited');
    assert.equal((await s1001.get(`/api/articles/${a.id}`)).json.article.commentCount, 1);
    // Moderation through the resource: hide, then show again.
    const item = (await editor.get(`/api/admin/article-comments/${third.id}`)).json;
    assert.equal(item.status, 'visible');
    const hide = await send(editor, 'PATCH', `/api/admin/article-comments/${third.id}`, { status: 'hidden', version: item.version });
    assert.equal(hide.status, 200, hide.text);
    assert.equal((await s1001.get(`/api/articles/${a.id}/comments`)).json.items.length, 0);
    assert.equal((await s1001.get(`/api/articles/${a.id}`)).json.article.commentCount, 0);
    const edit = await send(editor, 'PATCH', `/api/admin/article-comments/${third.id}`, { body: 'แก้ข้อความ', version: hide.json.version });
    assert.equal(edit.status, 200, 'the text is read-only (ignored)');
    assert.equal(edit.json.body, 'ของคนที่สาม');
    const show = await send(editor, 'PATCH', `/api/admin/article-comments/${third.id}`, { status: 'visible', version: edit.json.version });
    assert.equal(show.status, 200, show.text);
    assert.equal((await s1001.get(`/api/articles/${a.id}`)).json.article.commentCount, 1);
    assert.equal((await send(admin, 'DELETE', `/api/admin/article-comments/${third.id}`)).status, 204);
    assert.equal((await s1001.get(`/api/articles/${a.id}`)).json.article.commentCount, 0);
    assertEnvelope(await s1001.get('/api/admin/article-comments'), 403);
  });

  it('closes comments when the article does not allow them', async () => {
    const a = await article({ title: 'ปิดความคิดเห็น', allowComments: false });
    assertEnvelope(await send(s1001, 'POST', `/api/articles/${a.id}/comments`, { body: 'สวัสดี' }), 403, 'COMMENTS_CLOSED');
    assert.equal((await s1001.get(`/api/articles/${a.id}`)).json.article.allowComments, false);
  });

  it('previews a draft article for editors', async () => {
    const a = await article({ title: 'ร่างตัวอย่าง', status: 'draft' });
    const r = await editor.get(`/api/admin/preview/article/${a.id}`);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.article.title, 'ร่างตัวอย่าง');
    assertEnvelope(await s1001.get(`/api/admin/preview/article/${a.id}`), 403);
  });
});
