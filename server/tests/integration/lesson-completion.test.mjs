// Lessons complete on what the server saw (issue 28, docs/LEARNING.md "Lesson completion"), per kind and
// against the server's clock: opened and at once "finished" is refused with 422 and the seconds left; after
// the reading time it counts, with its points once, even under 20 parallel completions; pictures, pages and
// the link must be seen or opened. The reading clock runs at 5 % (LESSON_TIME_PERCENT) so a short text needs
// 1 s open instead of 10 s; the required times below are computed from the rules' constants.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, assertEnvelope } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';
import { send, upload, create, png, pdf, sleep } from './learning-fixtures.mjs';

const PERCENT = 5;
// learning/completion.hpp: 1,000 characters a minute, 6 s a picture, 20 s a page, between 20 s and 10 min.
const required = ({ chars = 0, pictures = 0, pages = 0 }) =>
  (Math.min(Math.max((chars * 60_000) / 1000 + pictures * 6000 + pages * 20_000, 20_000), 600_000) * PERCENT) / 100;
const thai = (n) => 'ก'.repeat(n);

describe('lesson completion', () => {
  const server = useServer({ env: { LESSON_TIME_PERCENT: String(PERCENT) } });
  let editor, s1001, s1002, s2001;
  const media = {};

  const content = (body) => create(editor, 'contents', { kind: 'article', status: 'published', bodyHtml: '<p>อ่าน</p>', ...body, title: `ครบจริง ${body.title}` });
  const open = async (c, id, type = 'contents') => {
    const r = await send(c, 'POST', `/api/${type}/${id}/open`, {});
    assert.equal(r.status, 200, r.text);
    return r.json.progress;
  };
  const progress = (c, id, body) => send(c, 'POST', `/api/contents/${id}/progress`, body);
  const balance = async (c) => (await c.get('/api/me/points')).json.balance;
  const ledger = async (c, id) => (await c.get('/api/me/points?limit=100')).json.entries.filter((e) => e.sourceId === id);

  /** 422 TOO_EARLY with the seconds left in its message params and Retry-After. */
  const assertTooEarly = (r, seconds) => {
    assertEnvelope(r, 422, 'TOO_EARLY');
    assert.equal(r.json.error.messageCode.code, 'LESSON_COUNTS_IN');
    const left = r.json.error.messageCode.params.seconds;
    if (seconds !== undefined) assert.ok(left >= seconds - 1 && left <= seconds, `seconds left ${left}, expected about ${seconds}`);
    assert.equal(r.headers.get('retry-after'), String(left));
    return left;
  };

  before(async () => {
    editor = server.client();
    [s1001, s1002, s2001] = [server.client(), server.client(), server.client()];
    await editor.signInOk('EDIT01');
    await s1001.signInOk('S1001');
    await s1002.signInOk('S1002');
    await s2001.signInOk('S2001');
    for (const c of [editor, s1001, s1002, s2001]) await c.csrf();
    for (let i = 0; i < 3; i++) media[`image${i}`] = await upload(server, editor, png(30, 20, 40 + i), 'image/png', `p${i}.png`);
    media.pdf = await upload(server, editor, pdf(28), 'application/pdf', 'lesson.pdf');
  });

  it('a text opened and at once reported read to the end is refused; after its reading time it counts, points once', async () => {
    const item = await content({ title: 'บทความสั้น', points: 20 });
    const start = await balance(s1001);
    const opened = await open(s1001, item.id);
    assert.equal(opened.completed, false);
    assert.equal(opened.readyInSeconds, Math.ceil(required({}) / 1000), 'the open tells when the time rule is met');

    const at = Date.now();
    let r = await progress(s1001, item.id, { percent: 100 });
    assertTooEarly(r, required({}) / 1000);
    const d = (await s1001.get(`/api/contents/${item.id}`)).json.content;
    assert.deepEqual([d.progress.completed, d.progress.percent], [false, 99], 'the end reached is kept, short of 100 until it counts');
    assert.equal(await balance(s1001), start, 'no points before completion');
    assert.deepEqual(await ledger(s1001, item.id), []);

    await sleep(Math.max(required({}) - (Date.now() - at), 0) + 150);
    r = await progress(s1001, item.id, { percent: 100 });
    assert.equal(r.status, 200, r.text);
    assert.ok(r.json.progress.completedAt);
    assert.deepEqual([r.json.progress.percent, r.json.pointsAwarded, r.json.balance], [100, 20, start + 20]);
    r = await progress(s1001, item.id, { percent: 100 });
    assert.deepEqual([r.status, r.json.pointsAwarded], [200, 0], 'a second completion pays nothing');
    assert.equal((await ledger(s1001, item.id)).length, 1);
  });

  it('without a server-stamped open nothing counts; the required time follows the text length, up to the cap', async () => {
    const short = await content({ title: 'ไม่ได้เปิด' });
    assertTooEarly(await progress(s1002, short.id, { percent: 100 }), required({}) / 1000);
    const chars = 3000;
    const long = await content({ title: 'บทความยาว', bodyHtml: `<p>${thai(chars / 2)}</p><p>${thai(chars / 2)}</p>` });
    await open(s1002, long.id);
    assertTooEarly(await progress(s1002, long.id, { percent: 100 }), required({ chars }) / 1000);
    const huge = await content({ title: 'บทความยาวมาก', bodyHtml: `<p>${thai(40_000)}</p>` });
    const p = await open(s1002, huge.id);
    assert.equal(p.readyInSeconds, (600_000 * PERCENT) / 100 / 1000, 'capped at 10 minutes of reading');
  });

  it('a sitting that ends counts up to its last report when the lesson is opened again', async () => {
    const item = await content({ title: 'อ่านสองรอบ' });
    await open(s2001, item.id);
    await sleep(700);
    assert.equal((await progress(s2001, item.id, { percent: 40 })).status, 200); // the last sign of reading
    await sleep(400); // not counted: nothing reported after the percent 40
    const again = await open(s2001, item.id);
    assert.ok(again.readyInSeconds === 1, `0.3 s still to go of 1 s: ${JSON.stringify(again)}`);
    assertTooEarly(await progress(s2001, item.id, { percent: 100 }), 1);
    await sleep(450);
    const r = await progress(s2001, item.id, { percent: 100 });
    assert.equal(r.status, 200, r.text);
    assert.ok(r.json.progress.completedAt);
  });

  it('20 parallel completions after the reading time: one completion, its points and their notice once', async () => {
    const item = await content({ title: 'พร้อมกันยี่สิบ', points: 13 });
    const start = await balance(s2001);
    await open(s2001, item.id);
    await sleep(required({}) + 150);
    const results = await Promise.all(Array.from({ length: 20 }, () => progress(s2001, item.id, { percent: 100 })));
    for (const r of results) assert.equal(r.status, 200, r.text);
    assert.equal(results.filter((r) => r.json.pointsAwarded === 13).length, 1);
    assert.equal(results.reduce((s, r) => s + r.json.pointsAwarded, 0), 13);
    assert.equal(await balance(s2001), start + 13);
    assert.equal((await ledger(s2001, item.id)).length, 1);
    const rows = await dbQuery(server, `SELECT COUNT(*) FROM learning_progress WHERE item_id = '${item.id}' AND completed_at IS NOT NULL`);
    assert.equal(Number(rows[0][0]), 1);
    const notices = (await s2001.get('/api/notifications?limit=100')).json.items.filter((n) => n.type === 'points_received' && n.params.reason === item.title);
    assert.equal(notices.length, 1);
    assert.deepEqual(notices[0].params, { points: 13, source: 'lesson', reason: item.title });
  });

  it('an image set counts once every picture was seen and its time has passed', async () => {
    const text = 'ดูภาพให้ครบ';
    const item = await content({ kind: 'images', title: 'ชุดภาพ', bodyHtml: `<p>${text}</p>`, images: [media.image0.id, media.image1.id, media.image2.id], points: 5 });
    const need = required({ chars: text.length, pictures: 3 });
    const opened = await open(s1001, item.id);
    assert.deepEqual(opened.seen, []);
    const at = Date.now();
    let r = await progress(s1001, item.id, { percent: 33, seen: [0] });
    assert.deepEqual([r.status, r.json.progress.completed, r.json.progress.seen], [200, false, [0]]);
    r = await progress(s1001, item.id, { percent: 100, seen: [0, 7] });
    assertEnvelope(r, 422, 'NOT_ALL_SEEN');
    assert.deepEqual([r.json.error.messageCode.code, r.json.error.messageCode.params], ['SEE_EVERY_PICTURE', { left: 2 }], 'a picture the set does not have does not count');
    r = await progress(s1001, item.id, { percent: 100, seen: [1, 2] });
    assertTooEarly(r, Math.ceil((need - (Date.now() - at)) / 1000));
    await sleep(Math.max(need - (Date.now() - at), 0) + 150);
    // All seen before: any later report completes it, no claim needed.
    r = await progress(s1001, item.id, { position: 2 });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual([!!r.json.progress.completedAt, r.json.pointsAwarded, r.json.progress.seen], [true, 5, [0, 1, 2]]);
  });

  it('a link counts once it was opened and the reader came back after a while', async () => {
    const item = await content({ kind: 'link', title: 'ลิงก์', linkUrl: 'https://example.com/read', points: 2 });
    await open(s1002, item.id);
    let r = await progress(s1002, item.id, { percent: 100 });
    assertEnvelope(r, 422, 'LINK_NOT_OPENED');
    assert.equal(r.json.error.messageCode.code, 'OPEN_THE_LINK');
    r = await progress(s1002, item.id, { linkOpened: true });
    assert.deepEqual([r.status, r.json.progress.completed], [200, false]);
    const at = Date.now();
    assertTooEarly(await progress(s1002, item.id, { percent: 100 }), required({}) / 1000);
    await sleep(Math.max(required({}) - (Date.now() - at), 0) + 150);
    r = await progress(s1002, item.id, { percent: 100 });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual([!!r.json.progress.completedAt, r.json.pointsAwarded], [true, 2]);
  });

  it('a PDF counts once the last page and half of the pages were seen, after its reading time', async () => {
    const item = await content({ kind: 'pdf', title: 'พีดีเอฟ', media: media.pdf.id, points: 4 });
    const need = required({ pages: 4 });
    await open(s2001, item.id);
    const at = Date.now();
    let r = await progress(s2001, item.id, { position: 4, percent: 100, seen: [4], pages: 4 });
    assertEnvelope(r, 422, 'NOT_ALL_SEEN');
    assert.deepEqual([r.json.error.messageCode.code, r.json.error.messageCode.params], ['SEE_MORE_PAGES', { needed: 2, seen: 1 }]);
    r = await progress(s2001, item.id, { position: 2, percent: 50, seen: [2], pages: 4 });
    assert.deepEqual([r.status, r.json.progress.completed, r.json.progress.seen], [200, false, [2, 4]], 'seen, but not yet open long enough');
    assert.equal(r.json.progress.readyInSeconds, Math.ceil((need - (Date.now() - at)) / 1000));
    r = await progress(s2001, item.id, { position: 4, percent: 100, seen: [9], pages: 4 });
    assertTooEarly(r);
    await sleep(Math.max(need - (Date.now() - at), 0) + 150);
    r = await progress(s2001, item.id, { position: 4, percent: 100 });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual([!!r.json.progress.completedAt, r.json.pointsAwarded], [true, 4]);
  });

  it('an ebook counts the same way: the last page, half of the pages, its reading time', async () => {
    const ebook = await create(editor, 'ebooks', { title: 'ครบจริง คู่มือ', status: 'published', pdf: media.pdf.id });
    const need = required({ pages: 3 });
    assertEnvelope(await send(s1002, 'POST', '/api/ebooks/01890000-0000-7000-8000-000000000000/open', {}), 404, 'NOT_FOUND');
    await open(s1002, ebook.id, 'ebooks');
    const at = Date.now();
    let r = await send(s1002, 'POST', `/api/ebooks/${ebook.id}/progress`, { page: 3, pages: 3 });
    assertEnvelope(r, 422, 'NOT_ALL_SEEN');
    assert.deepEqual(r.json.error.messageCode.params, { needed: 2, seen: 1 });
    r = await send(s1002, 'POST', `/api/ebooks/${ebook.id}/progress`, { page: 1, pages: 3 });
    assert.deepEqual([r.status, r.json.progress.completed, r.json.progress.position], [200, false, 1]);
    await sleep(Math.max(need - (Date.now() - at), 0) + 150);
    r = await send(s1002, 'POST', `/api/ebooks/${ebook.id}/progress`, { page: 2, pages: 3 });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.progress.completed, true, 'the last page was seen before: enough pages now complete it');
  });

  it('refuses bad seen, pages and linkOpened values', async () => {
    const item = await content({ title: 'ค่าผิด' });
    for (const [body, field] of [[{ seen: 'all' }, 'seen'], [{ seen: [-1] }, 'seen'], [{ seen: [1.5] }, 'seen'],
      [{ seen: Array.from({ length: 1001 }, (_, i) => i) }, 'seen'], [{ pages: 0 }, 'pages'], [{ linkOpened: false }, 'linkOpened']]) {
      const r = await progress(s1001, item.id, body);
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.ok(r.json.error.fields[field], `${field}: ${r.text}`);
    }
    assertEnvelope(await s1001.post(`/api/contents/${item.id}/open`, { json: {} }), 403, 'CSRF_FAILED');
    assertEnvelope(await server.client().post(`/api/contents/${item.id}/open`, { json: {} }), 401);
  });
});
