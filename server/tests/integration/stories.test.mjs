// Success stories (issue 15) through real HTTP on SQLite and PostgreSQL: posting with one's own photos,
// pending visible to its author only, edit while pending, moderation (publish with points exactly once even
// when editors publish at once, reject with a reason the author sees, feature), the feed's order, filters and
// keyset pages, likes once under parallel taps, comments (plain text, limits, rate limit, who may delete),
// reports bringing a story back to the queue, delete, roles and every bad input's code.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { useServer, assertEnvelope, signedInClients } from './harness.mjs';
import { send, png, pdf, upload } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';
import { metaContent } from './meta.mjs';
import { postPhoto } from './photos.mjs';

const UNKNOWN = '0190c0de-0000-7000-8000-000000000000';

describe('stories', () => {
  const server = useServer();
  let editor, admin, staff;
  let seedN = 0;

  before(async () => {
    [editor, admin, staff] = await signedInClients(server, 'EDIT01', 'ADMIN01', 'S2002');
  });

  const uploadPhoto = async (c) => {
    const body = png(40, 30, 500 + ++seedN);
    const r = await postPhoto(server, c, body);
    assert.equal(r.status, 201, r.text);
    return r.json.photo.id;
  };
  const post = (c, body) => send(c, 'POST', '/api/stories', body);
  const posted = async (c, body) => {
    const r = await post(c, body);
    assert.equal(r.status, 201, r.text);
    return r.json.story;
  };
  const act = (id, action, body) => send(editor, 'POST', `/api/admin/stories/${id}/${action}`, body);
  const count = async (sql) => Number((await dbQuery(server, sql))[0][0]);
  const q = (s) => `'${String(s).replaceAll("'", "''")}'`;
  const fieldCode = (r, f) => r.json?.error?.fieldCodes?.[f]?.code;
  const feedIds = async (c, query = '') => (await c.get(`/api/stories?limit=30${query}`)).json.items.map((s) => s.id);

  it('posting: own photos only, text and photo limits, own store by default, bad input codes', async () => {
    const [a, b] = await crowd(server, 2, { prefix: 'SP' });
    const [p1, p2] = [await uploadPhoto(a.client), await uploadPhoto(a.client)];
    const theirs = await uploadPhoto(b.client);
    let r = await post(a.client, { text: 'ก'.repeat(2001), photoIds: [p1] });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(fieldCode(r, 'text'), 'STORY_TOO_LONG');
    r = await post(a.client, { text: 'เจ็ดรูป', photoIds: Array.from({ length: 7 }, () => randomUUID()) });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(fieldCode(r, 'photoIds'), 'STORY_PHOTOS');
    for (const photoIds of [[], [p1, p1], 'x', [42]]) assert.equal(fieldCode(await post(a.client, { text: 'x', photoIds }), 'photoIds'), 'STORY_PHOTOS');
    r = await post(a.client, { text: 'รูปของเพื่อน', photoIds: [p1, theirs] });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(fieldCode(r, 'photoIds'), 'PHOTO_NOT_YOURS');
    // A media item that is not an image (a PDF in the library) or does not exist is not one's photo either.
    const doc = await upload(server, editor, pdf(15), 'application/pdf', 'doc.pdf');
    const docId = doc.id ?? doc.item?.id ?? doc.media?.id;
    assert.ok(docId, JSON.stringify(doc));
    assert.equal(fieldCode(await post(a.client, { text: 'pdf', photoIds: [docId] }), 'photoIds'), 'PHOTO_NOT_YOURS');
    assert.equal(fieldCode(await post(a.client, { text: 'ไม่มี', photoIds: [UNKNOWN] }), 'photoIds'), 'PHOTO_NOT_YOURS');
    assert.equal(fieldCode(await post(a.client, { text: '   ', photoIds: [p1] }), 'text'), 'WRITE_SOMETHING');
    assert.equal(fieldCode(await post(a.client, { photoIds: [p1] }), 'text'), 'WRITE_SOMETHING');
    assert.equal(fieldCode(await post(a.client, { text: 'a\u0007b', photoIds: [p1] }), 'text'), 'MUST_BE_PLAIN_TEXT');
    assert.equal(fieldCode(await post(a.client, { text: 'x', photoIds: [p1], storeId: UNKNOWN }), 'storeId'), 'NO_SUCH_STORE');
    assert.equal(fieldCode(await post(a.client, { text: 'x', photoIds: [p1], mood: 'happy' }), 'mood'), 'UNKNOWN_FIELD');
    assertEnvelope(await a.client.request('POST', '/api/stories', { json: { text: 'x', photoIds: [p1] } }), 403, 'CSRF_FAILED');
    const anon = server.client();
    await anon.csrf();
    assertEnvelope(await send(anon, 'POST', '/api/stories', { text: 'x', photoIds: [p1] }), 401, 'UNAUTHENTICATED');

    // Line breaks are kept, the store is the author's own unless another is picked.
    const story = await posted(a.client, { text: '  บรรทัดแรก\r\nบรรทัดสอง  ', photoIds: [p2, p1] });
    assert.equal(story.text, 'บรรทัดแรก\nบรรทัดสอง');
    assert.equal(story.status, 'pending');
    assert.deepEqual(story.photos.map((p) => p.id), [p2, p1]);
    assert.equal(story.photos[0].kind, 'image');
    const bkk = (await dbQuery(server, "SELECT id, region_id FROM stores WHERE code = 'BKK01'"))[0];
    assert.equal(story.store.id, bkk[0]);
    assert.equal(story.shareUrl, `/share/story/${story.id}`);
    const cnx = (await dbQuery(server, "SELECT id FROM stores WHERE code = 'CNX01'"))[0][0];
    const elsewhere = await posted(a.client, { text: 'ที่เชียงใหม่', photoIds: [p1], storeId: cnx });
    assert.equal(elsewhere.store.id, cnx);
    // The story is the author's alone while pending: others get 404 for every route, the feed leaves it out.
    assertEnvelope(await b.client.get(`/api/stories/${story.id}`), 404, 'NOT_FOUND');
    assertEnvelope(await send(b.client, 'PUT', `/api/stories/${story.id}/like`), 404, 'NOT_FOUND');
    assertEnvelope(await send(b.client, 'POST', `/api/stories/${story.id}/comments`, { body: 'hi' }), 404, 'NOT_FOUND');
    assertEnvelope(await send(b.client, 'POST', `/api/stories/${story.id}/report`, {}), 404, 'NOT_FOUND');
    assertEnvelope(await send(b.client, 'PATCH', `/api/stories/${story.id}`, { text: 'ของฉัน' }), 404, 'NOT_FOUND');
    assertEnvelope(await send(b.client, 'DELETE', `/api/stories/${story.id}`), 404, 'NOT_FOUND');
    assertEnvelope(await b.client.get(`/api/stories/${UNKNOWN}`), 404, 'NOT_FOUND');
    assertEnvelope(await b.client.get('/api/stories/not-an-id'), 404, 'NOT_FOUND');
    assert.ok(!(await feedIds(b.client)).includes(story.id));
    assertEnvelope(await send(a.client, 'PUT', `/api/stories/${story.id}/like`), 409, 'STORY_NOT_PUBLISHED');
    const mine = (await a.client.get('/api/stories/mine')).json.items;
    assert.deepEqual(mine.map((s) => s.id), [elsewhere.id, story.id]);
    assert.equal((await a.client.get(`/api/stories/${story.id}`)).json.story.mine, true);
  });

  it('edit while pending; publish once with points under parallel publishes; reject with a reason the author sees', async () => {
    const [a, b] = await crowd(server, 2, { prefix: 'SM' });
    const p1 = await uploadPhoto(a.client);
    const p2 = await uploadPhoto(a.client);
    const story = await posted(a.client, { text: 'ก่อนแก้', photoIds: [p1] });
    let r = await send(a.client, 'PATCH', `/api/stories/${story.id}`, { text: 'หลังแก้', photoIds: [p1, p2] });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.story.text, 'หลังแก้');
    assert.equal(r.json.story.photos.length, 2);
    assert.equal(fieldCode(await send(a.client, 'PATCH', `/api/stories/${story.id}`, { text: 'ก'.repeat(2001) }), 'text'), 'STORY_TOO_LONG');
    // Two editors' worth of clicks at once: one publish, one award, one notice.
    const runs = await Promise.all(Array.from({ length: 8 }, () => act(story.id, 'publish')));
    assert.equal(runs.filter((x) => x.status === 200).length, 1, runs.map((x) => x.status).join(','));
    for (const x of runs.filter((y) => y.status !== 200)) assertEnvelope(x, 409, 'ALREADY_PUBLISHED');
    assert.equal(await count(`SELECT COUNT(*) FROM points_ledger WHERE idempotency_key = ${q(`story:${story.id}:${a.id}`)}`), 1);
    assert.equal((await a.client.get('/api/me/points')).json.balance, 20);
    let notices = (await a.client.get('/api/notifications')).json.items.filter((n) => n.type === 'story_published');
    assert.equal(notices.length, 1);
    assert.equal(notices[0].link, `/stores/${story.id}`);
    // Published: no more edits; others see it in the feed and on its page.
    assertEnvelope(await send(a.client, 'PATCH', `/api/stories/${story.id}`, { text: 'แก้อีก' }), 409, 'STORY_NOT_PENDING');
    assert.ok((await feedIds(b.client)).includes(story.id));
    const seen = (await b.client.get(`/api/stories/${story.id}`)).json.story;
    assert.equal(seen.status, 'published');
    assert.equal(seen.mine, false);
    assert.ok(seen.publishedAt);
    // Its share page, fetched with no session: the text as the preview's description, the first photo.
    const anon = server.client();
    const page = await anon.get(`/share/story/${story.id}`);
    assert.equal(page.status, 200, page.text);
    assert.equal(metaContent(page.text, 'og:description'), 'หลังแก้');
    assert.match(metaContent(page.text, 'og:image'), /\/_image\?url=%2Fmedia%2F/);
    assert.equal(metaContent(page.text, 'og:url'), `${server.origin}/share/story/${story.id}`);

    // Reject: a reason is required; the author sees it on "my stories" and in a notice; others get 404.
    const second = await posted(a.client, { text: 'เรื่องที่สอง', photoIds: [p2] });
    assertEnvelope(await act(second.id, 'reject', {}), 422, 'VALIDATION_FAILED');
    assertEnvelope(await act(second.id, 'reject', { reason: 'x'.repeat(501) }), 422, 'VALIDATION_FAILED');
    r = await act(second.id, 'reject', { reason: 'รูปไม่ชัด ถ่ายใหม่นะ' });
    assert.equal(r.status, 200, r.text);
    assertEnvelope(await act(second.id, 'reject', { reason: 'อีกครั้ง' }), 409, 'ALREADY_REJECTED');
    assert.equal((await anon.get(`/share/story/${second.id}`)).status, 404);
    const mine = (await a.client.get('/api/stories/mine')).json.items.find((s) => s.id === second.id);
    assert.equal(mine.status, 'rejected');
    assert.equal(mine.rejectReason, 'รูปไม่ชัด ถ่ายใหม่นะ');
    assertEnvelope(await b.client.get(`/api/stories/${second.id}`), 404, 'NOT_FOUND');
    assertEnvelope(await send(a.client, 'PATCH', `/api/stories/${second.id}`, { text: 'แก้' }), 409, 'STORY_NOT_PENDING');
    notices = (await a.client.get('/api/notifications')).json.items.filter((n) => n.type === 'story_rejected');
    assert.equal(notices.length, 1);
    assert.equal(notices[0].params.reason, 'รูปไม่ชัด ถ่ายใหม่นะ');
    assert.equal(await count(`SELECT COUNT(*) FROM points_ledger WHERE idempotency_key = ${q(`story:${second.id}:${a.id}`)}`), 0);

    // The moderation list filters by status; feature only what is published.
    const pending = (await editor.get('/api/admin/stories?filter[status]=rejected&pageSize=100')).json;
    assert.ok(pending.items.some((s) => s.id === second.id && s.rejectReason === 'รูปไม่ชัด ถ่ายใหม่นะ'), JSON.stringify(pending).slice(0, 300));
    assertEnvelope(await act(second.id, 'feature'), 409, 'STORY_NOT_PUBLISHED');
    assert.equal((await act(story.id, 'feature')).status, 200);
    assert.equal((await editor.get(`/api/admin/stories/${story.id}`)).json.featured, true);
    assert.equal((await feedIds(b.client))[0], story.id, 'featured first');
    assert.equal((await act(story.id, 'unfeature')).status, 200);
    assert.equal((await editor.get(`/api/admin/stories/${story.id}`)).json.featured, false);
    assertEnvelope(await act(UNKNOWN, 'publish'), 404, 'NOT_FOUND');
    // Staff may not moderate or read the back office; admins may.
    assertEnvelope(await send(staff, 'POST', `/api/admin/stories/${second.id}/publish`), 403, 'FORBIDDEN');
    assertEnvelope(await staff.get('/api/admin/stories'), 403, 'FORBIDDEN');
    assertEnvelope(await send(staff, 'DELETE', `/api/admin/story-comments/${UNKNOWN}`), 403, 'FORBIDDEN');
    assertEnvelope(await editor.request('POST', `/api/admin/stories/${second.id}/publish`, { json: {} }), 403, 'CSRF_FAILED');
    r = await send(admin, 'POST', `/api/admin/stories/${second.id}/publish`);
    assert.equal(r.status, 200, r.text);
    assert.equal(await count(`SELECT COUNT(*) FROM points_ledger WHERE idempotency_key = ${q(`story:${second.id}:${a.id}`)}`), 1);
  });

  it('likes: once per person under 20 parallel likes, by 12 people at once, unlike moves the count back', async () => {
    const [author] = await crowd(server, 1, { prefix: 'SL' });
    const story = await posted(author.client, { text: 'กดไลก์กัน', photoIds: [await uploadPhoto(author.client)] });
    assert.equal((await act(story.id, 'publish')).status, 200);
    const people = await crowd(server, 12, { prefix: 'SLK' });
    const one = people[0].client;
    const burst = await Promise.all(Array.from({ length: 20 }, () => send(one, 'PUT', `/api/stories/${story.id}/like`)));
    assert.ok(burst.every((r) => r.status === 200), burst.map((r) => r.status).join(','));
    assert.equal((await one.get(`/api/stories/${story.id}`)).json.story.likes, 1);
    const all = await Promise.all(people.map((p) => send(p.client, 'PUT', `/api/stories/${story.id}/like`)));
    assert.ok(all.every((r) => r.status === 200));
    const seen = (await one.get(`/api/stories/${story.id}`)).json.story;
    assert.equal(seen.likes, 12);
    assert.equal(seen.liked, true);
    assert.equal(await count(`SELECT COUNT(*) FROM story_likes WHERE story_id = ${q(story.id)}`), 12);
    const unl = await Promise.all(Array.from({ length: 10 }, () => send(one, 'DELETE', `/api/stories/${story.id}/like`)));
    assert.ok(unl.every((r) => r.status === 200));
    const after = (await one.get(`/api/stories/${story.id}`)).json.story;
    assert.equal(after.likes, 11);
    assert.equal(after.liked, false);
    assertEnvelope(await send(one, 'PUT', `/api/stories/${UNKNOWN}/like`), 404, 'NOT_FOUND');
  });

  it('comments: plain text with a limit, rate-limited per person, deleted by their author or an editor', async () => {
    const [author, b, c] = await crowd(server, 3, { prefix: 'SC' });
    const story = await posted(author.client, { text: 'คุยกันได้', photoIds: [await uploadPhoto(author.client)] });
    assertEnvelope(await send(b.client, 'POST', `/api/stories/${story.id}/comments`, { body: 'ยัง' }), 404, 'NOT_FOUND');
    await act(story.id, 'publish');
    const say = (who, body) => send(who, 'POST', `/api/stories/${story.id}/comments`, { body });
    let r = await say(b.client, '<script>alert(1)</script> สุดยอด');
    assert.equal(r.status, 201, r.text);
    const script = r.json.comment;
    assert.equal(script.body, '<script>alert(1)</script> สุดยอด', 'stored as typed, shown as text by clients');
    assert.equal(fieldCode(await say(b.client, 'ก'.repeat(1001)), 'body'), 'AT_MOST_1000_CHARS');
    assert.equal(fieldCode(await say(b.client, '  '), 'body'), 'WRITE_SOMETHING');
    assert.equal(fieldCode(await send(b.client, 'POST', `/api/stories/${story.id}/comments`, { text: 'x' }), 'body'), 'BODY_TEXT');
    // 5 at once, then the budget refills slowly: of 8 more quick comments only 4 pass.
    const burst = [];
    for (let i = 0; i < 8; i++) burst.push(await say(c.client, `ความเห็นที่ ${i}`));
    assert.equal(burst.filter((x) => x.status === 201).length, 5, burst.map((x) => x.status).join(','));
    assertEnvelope(burst.at(-1), 429, 'RATE_LIMITED');
    let list = (await author.client.get(`/api/stories/${story.id}/comments`)).json;
    assert.equal(list.items.length, 6);
    assert.equal(list.items[0].body, 'ความเห็นที่ 4', 'newest first');
    assert.equal((await author.client.get(`/api/stories/${story.id}`)).json.story.comments, 6);
    const page = (await author.client.get(`/api/stories/${story.id}/comments?limit=2`)).json;
    assert.equal(page.hasMore, true);
    const next = (await author.client.get(`/api/stories/${story.id}/comments?limit=2&before=${page.items[1].id}`)).json;
    assert.equal(next.items[0].body, 'ความเห็นที่ 2');
    // Only the comment's author or an editor deletes it; someone else gets 404.
    assertEnvelope(await send(c.client, 'DELETE', `/api/stories/${story.id}/comments/${script.id}`), 404, 'NOT_FOUND');
    assertEnvelope(await send(author.client, 'DELETE', `/api/stories/${story.id}/comments/${script.id}`), 404, 'NOT_FOUND');
    assert.equal((await send(b.client, 'DELETE', `/api/stories/${story.id}/comments/${script.id}`)).status, 204);
    const cOne = list.items[0].id;
    assert.equal((await send(editor, 'DELETE', `/api/stories/${story.id}/comments/${cOne}`)).status, 204);
    const cTwo = list.items[1].id;
    assert.equal((await send(editor, 'DELETE', `/api/admin/story-comments/${cTwo}`)).status, 204);
    list = (await author.client.get(`/api/stories/${story.id}/comments`)).json;
    assert.equal(list.items.length, 3);
    assert.equal((await author.client.get(`/api/stories/${story.id}`)).json.story.comments, 3);
    assert.equal(await count(`SELECT COUNT(*) FROM audit_log WHERE resource = 'story-comments' AND resource_id = ${q(cOne)}`), 1);
  });

  it('reports: once per person, never one’s own; a reported story is back in the queue until an editor keeps it', async () => {
    const [author, b, c] = await crowd(server, 3, { prefix: 'SR' });
    const story = await posted(author.client, { text: 'รายงานได้', photoIds: [await uploadPhoto(author.client)] });
    await act(story.id, 'publish');
    const report = (who, body = {}) => send(who, 'POST', `/api/stories/${story.id}/report`, body);
    assertEnvelope(await report(author.client), 409, 'OWN_STORY');
    assert.equal(fieldCode(await report(b.client, { reason: 'x'.repeat(501) }), 'reason'), 'STORY_REPORT_REASON');
    const runs = await Promise.all([report(b.client, { reason: 'ไม่เหมาะสม' }), report(b.client, { reason: 'ไม่เหมาะสม' }), report(b.client)]);
    assert.equal(runs.filter((r) => r.status === 200).length, 1, runs.map((r) => r.status).join(','));
    for (const r of runs.filter((x) => x.status !== 200)) assertEnvelope(r, 409, 'ALREADY_REPORTED');
    assert.equal((await report(c.client)).status, 200);
    const queue = (await editor.get('/api/admin/stories?filter[reported]=true&pageSize=100')).json.items;
    const listed = queue.find((s) => s.id === story.id);
    assert.ok(listed, 'reported story listed');
    assert.equal(listed.reportsCount, 2);
    // Keeping it (publish again) clears the flag without paying twice; a third report flags it again.
    assert.equal((await act(story.id, 'publish')).status, 200);
    assertEnvelope(await act(story.id, 'publish'), 409, 'ALREADY_PUBLISHED');
    assert.equal((await editor.get(`/api/admin/stories/${story.id}`)).json.reported, false);
    assert.equal(await count(`SELECT COUNT(*) FROM points_ledger WHERE idempotency_key = ${q(`story:${story.id}:${author.id}`)}`), 1);
    assert.ok((await feedIds(b.client)).includes(story.id), 'a reported story stays up until an editor decides');
    const [d] = await crowd(server, 1, { prefix: 'SR2' });
    assert.equal((await report(d.client)).status, 200);
    assert.equal((await editor.get(`/api/admin/stories/${story.id}`)).json.reported, true);
    // Rejecting it takes it down.
    assert.equal((await act(story.id, 'reject', { reason: 'ผิดนโยบาย' })).status, 200);
    assertEnvelope(await b.client.get(`/api/stories/${story.id}`), 404, 'NOT_FOUND');
  });

  it('feed: featured first then newest, keyset pages without repeats, region and store filters, bad queries', async () => {
    // A region and store of this test's own, so other stories do not mix into the counts.
    const now = Date.now();
    const region = randomUUID(), store = randomUUID(), code = `T${now.toString(36).slice(-5).toUpperCase()}`;
    await dbQuery(server, [
      `INSERT INTO regions (id, code, name, created_at, updated_at) VALUES (${q(region)}, ${q(`R${code}`)}, 'ภาคทดสอบ', ${now}, ${now});`,
      `INSERT INTO stores (id, code, name, region_id, created_at, updated_at) VALUES (${q(store)}, ${q(code)}, 'สาขาทดสอบ', ${q(region)}, ${now}, ${now});`,
    ].join('\n'));
    const [a] = await crowd(server, 1, { prefix: 'SF', store: code });
    const photo = await uploadPhoto(a.client);
    const ids = [];
    for (let i = 0; i < 7; i++) {
      const s = await posted(a.client, { text: `เรื่องที่ ${i}`, photoIds: [photo] });
      assert.equal(s.store.id, store);
      assert.equal(s.region.id, region);
      await act(s.id, 'publish');
      ids.push(s.id);
    }
    await act(ids[2], 'feature');
    const expected = [ids[2], ...ids.filter((id) => id !== ids[2]).reverse()];
    for (const filter of [`store=${store}`, `region=${region}`]) {
      const seen = [];
      let cursor = null;
      for (let pages = 0; pages < 10; pages++) {
        const r = await a.client.get(`/api/stories?${filter}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        assert.equal(r.status, 200, r.text);
        seen.push(...r.json.items.map((s) => s.id));
        cursor = r.json.nextCursor;
        if (!cursor) break;
      }
      assert.deepEqual(seen, expected, filter);
    }
    const everyone = await feedIds(a.client);
    assert.equal(everyone.filter((id) => ids.includes(id)).length, 7);
    const elsewhere = (await dbQuery(server, "SELECT id FROM stores WHERE code = 'CNX01'"))[0][0];
    assert.ok(!(await feedIds(a.client, `&store=${elsewhere}`)).some((id) => ids.includes(id)));
    assert.deepEqual(await feedIds(a.client, `&store=${UNKNOWN}`), []);
    for (const bad of ['cursor=abc', 'cursor=2.5.x', `cursor=1.-4.${UNKNOWN}`, 'region=nope', 'store=%27%20OR%201%3D1'])
      assertEnvelope(await a.client.get(`/api/stories?${bad}`), 400, 'BAD_REQUEST');
    const places = (await a.client.get('/api/stories/places')).json;
    assert.equal(places.myStore, store);
    assert.ok(places.stores.some((s) => s.id === store && s.regionId === region));
    assert.ok(places.regions.some((r) => r.id === region));
  });

  it('delete: the author any time, an editor through the back office; likes and comments go with it', async () => {
    const [a, b] = await crowd(server, 2, { prefix: 'SD' });
    const photo = await uploadPhoto(a.client);
    const pending = await posted(a.client, { text: 'ลบเลย', photoIds: [photo] });
    assert.equal((await send(a.client, 'DELETE', `/api/stories/${pending.id}`)).status, 204);
    assertEnvelope(await a.client.get(`/api/stories/${pending.id}`), 404, 'NOT_FOUND');
    const live = await posted(a.client, { text: 'เผยแพร่แล้วลบ', photoIds: [photo] });
    await act(live.id, 'publish');
    await send(b.client, 'PUT', `/api/stories/${live.id}/like`);
    await send(b.client, 'POST', `/api/stories/${live.id}/comments`, { body: 'ดีมาก' });
    assertEnvelope(await send(b.client, 'DELETE', `/api/stories/${live.id}`), 404, 'NOT_FOUND');
    assertEnvelope(await send(staff, 'DELETE', `/api/admin/stories/${live.id}`), 403, 'FORBIDDEN');
    assert.equal((await send(editor, 'DELETE', `/api/admin/stories/${live.id}`)).status, 204);
    assertEnvelope(await b.client.get(`/api/stories/${live.id}`), 404, 'NOT_FOUND');
    assert.equal(await count(`SELECT COUNT(*) FROM story_likes WHERE story_id = ${q(live.id)}`), 0);
    assert.equal(await count(`SELECT COUNT(*) FROM story_comments WHERE story_id = ${q(live.id)}`), 0);
    // The kit does not let editors write stories: no create or edit of the author's text.
    assertEnvelope(await send(editor, 'POST', '/api/admin/stories', { text: 'x' }), 405, 'METHOD_NOT_ALLOWED');
    assertEnvelope(await send(editor, 'PATCH', `/api/admin/stories/${pending.id}`, { text: 'x' }), 405, 'METHOD_NOT_ALLOWED');
  });

  it('the demo seed has published stories with photos, likes and comments, one featured, one pending', async () => {
    const items = (await staff.get('/api/stories?limit=30')).json.items;
    assert.ok(items.length >= 10);
    assert.equal(items[0].featured, true);
    assert.ok(items.some((s) => s.photos.length > 1 && s.likes > 0 && s.comments > 0));
    assert.ok((await count("SELECT COUNT(*) FROM stories WHERE status = 'pending'")) >= 1);
  });
});
