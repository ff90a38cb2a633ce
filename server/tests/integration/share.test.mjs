// Share pages (issue 15) through real HTTP on SQLite and PostgreSQL: a published article or event for everyone
// answers server-rendered HTML (no session, no JavaScript) with Open Graph and Twitter tags, every text escaped;
// unpublished, outside the window, for a chosen audience, unknown, malformed or of an unknown type → the same
// 404 page, byte for byte. The SPA never answers /share/*.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { useServer, Client } from './harness.mjs';
import { create, upload, png, iso, HOUR } from './learning-fixtures.mjs';
import { metaContent } from './meta.mjs';

// A built web app of one index.html, to prove /share/* does not fall back to it.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'share-web-'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
// The web app's bundled Thai font, which the share pages use too (no font from another site).
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(path.join(webDir, 'assets', 'noto-sans-thai-thai-400-normal-AbC123.woff2'), 'font');

describe('share pages', () => {
  const server = useServer({ webDir });
  let editor, anon, cover;

  before(async () => {
    editor = server.client();
    await editor.signInOk('EDIT01');
    await editor.csrf();
    anon = new Client(server.origin);
    cover = await upload(server, editor, png(120, 63, 7), 'image/png', 'cover.png');
  });

  const article = (over = {}) =>
    create(editor, 'articles', { title: 'ข่าวดี', summary: 'สรุปข่าว', bodyHtml: '<p>เนื้อหา</p>', status: 'published', ...over });
  const event = (over = {}) =>
    create(editor, 'events', {
      title: 'Store opening party',
      description: 'Join us at the new store.',
      startsAt: iso(48 * HOUR),
      endsAt: iso(50 * HOUR),
      placeKind: 'address',
      address: 'Siam Square, Bangkok',
      status: 'published',
      ...over,
    });

  it('a published article: Open Graph and Twitter tags, escaped, absolute image and url, no cookies needed', async () => {
    const title = `<script>alert("x")</script> & 'ข่าว' "ด่วน"`;
    const a = await article({ title, summary: 'สรุป <b>ตัวหนา</b> & "อ้าง"', cover: cover.id });
    const r = await anon.get(`/share/article/${a.id}`);
    assert.equal(r.status, 200, r.text);
    assert.match(r.headers.get('content-type'), /^text\/html/);
    assert.equal(r.headers.get('cache-control'), 'public, max-age=300');
    const html = r.text;
    assert.ok(!html.includes('<script'), 'no script tag, not even the escaped title one');
    assert.ok(!html.includes('<b>'), 'the summary is escaped');
    assert.ok(html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;ข่าว&#39; &quot;ด่วน&quot;') ||
      html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;ข่าว&#x27; &quot;ด่วน&quot;'), html.slice(0, 2000));
    assert.match(html, /^<!doctype html><html lang="th">/);
    assert.ok(html.includes("@font-face{font-family:'Noto Sans Thai';") && html.includes('src:url(/assets/noto-sans-thai-thai-400-normal-AbC123.woff2)'), 'the bundled Thai font');
    assert.ok(!/https?:\/\/(?!127\.0\.0\.1)/.test(html.replaceAll(server.origin, '')), 'nothing from another site');
    assert.equal(metaContent(html, 'og:title'), title);
    assert.equal(metaContent(html, 'og:description'), 'สรุป <b>ตัวหนา</b> & "อ้าง"');
    assert.equal(metaContent(html, 'og:type'), 'article');
    assert.equal(metaContent(html, 'og:url'), `${server.origin}/share/article/${a.id}`);
    assert.equal(metaContent(html, 'twitter:card'), 'summary_large_image');
    assert.equal(metaContent(html, 'twitter:title'), title);
    const image = metaContent(html, 'og:image');
    assert.equal(image, `${server.origin}/_image?url=%2Fmedia%2F${cover.url.split('/').pop()}&w=1200`);
    assert.equal(metaContent(html, 'twitter:image'), image);
    // The image URL really answers an image, anonymously.
    const img = await anon.get(image.slice(server.origin.length));
    assert.equal(img.status, 200);
    assert.match(img.headers.get('content-type'), /^image\//);
    // The "open in app" link goes to the in-app article path.
    assert.ok(html.includes(`href="/main/articles/${a.id}"`));
    assert.ok(!anon.jar.get('next-auth.session-token'));
    // HEAD answers the same headers.
    const head = await anon.request('HEAD', `/share/article/${a.id}`);
    assert.equal(head.status, 200);
  });

  it('a published event in English: lang="en", summary card without a cover', async () => {
    const e = await event();
    const r = await anon.get(`/share/event/${e.id}`);
    assert.equal(r.status, 200, r.text);
    assert.match(r.text, /<html lang="en">/);
    assert.equal(metaContent(r.text, 'og:title'), 'Store opening party');
    assert.equal(metaContent(r.text, 'og:description'), 'Join us at the new store.');
    assert.equal(metaContent(r.text, 'og:image'), undefined);
    assert.equal(metaContent(r.text, 'twitter:card'), 'summary');
    assert.ok(r.text.includes(`href="/club/events/${e.id}"`));
  });

  it('a long summary is clipped; an article without one uses its text', async () => {
    const a = await article({ summary: null, bodyHtml: `<p>${'ยาว'.repeat(150)}</p>` });
    const d = metaContent((await anon.get(`/share/article/${a.id}`)).text, 'og:description');
    assert.equal([...d].length, 201);
    assert.ok(d.endsWith('…'));
  });

  it('unpublished, outside the window, restricted, unknown, malformed → one identical 404 page', async () => {
    const stores = (await anon.get('/api/register/stores')).json.items;
    const draft = await article({ status: 'draft' });
    const future = await article({ startAt: iso(24 * HOUR) });
    const ended = await article({ endAt: iso(-HOUR), startAt: iso(-2 * HOUR) });
    const restricted = await article({ audience: { stores: [stores[0].id] } });
    const byPosition = await event({ audience: { positions: ['Sales'] } });
    const eventDraft = await event({ status: 'draft' });
    const visible = await article();
    const paths = [
      `/share/article/${draft.id}`,
      `/share/article/${future.id}`,
      `/share/article/${ended.id}`,
      `/share/article/${restricted.id}`,
      `/share/event/${byPosition.id}`,
      `/share/event/${eventDraft.id}`,
      `/share/event/${visible.id}`, // an article's id under another type
      '/share/article/0190f0c2-0000-7000-8000-000000000000',
      '/share/article/not-an-id!',
      '/share/article/%3Cscript%3E',
      `/share/article/${visible.id}/extra`,
      `/share/poll/${visible.id}`,
      '/share/article',
      '/share/',
    ];
    const bodies = new Set();
    for (const p of paths) {
      const r = await anon.get(p);
      assert.equal(r.status, 404, `${p}: ${r.status}`);
      assert.match(r.headers.get('content-type'), /^text\/html/, p);
      assert.ok(!r.text.includes('SPA'), `${p} fell back to the SPA`);
      bodies.add(r.text);
    }
    assert.equal(bodies.size, 1, 'every 404 is the same page');
    const [page] = bodies;
    assert.ok(!page.includes('og:title'));
    // A signed-in staff member in the audience still gets the public 404: share pages are for everyone.
    const staff = server.client();
    await staff.signInOk('S1001');
    assert.equal((await staff.get(`/share/article/${restricted.id}`)).status, 404);
    // The visible one, for contrast.
    assert.equal((await anon.get(`/share/article/${visible.id}`)).status, 200);
  });
});
