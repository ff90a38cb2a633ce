// Search (issue 31; server/src/search/, resources/search.hpp) through the front door, on SQLite and (with
// TEST_DATABASE_URL) PostgreSQL: the same Thai corpus (search-corpus.mjs, over 200 items of nine kinds) and
// the same expected answers on both. Staff search GET /api/search: several words in any order, unspaced
// Thai, whole words or their start but never the inside of a word, quoted phrases, folding and typos, the
// ranking, highlights, what staff may not open (never shown, never counted), bad input; the learning search
// and the back office's top bar on the same engine; and writes outside the kit keeping the index current.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, assertEnvelope } from './harness.mjs';
import { send, create, upload, png, pdf } from './learning-fixtures.mjs';
import { dbQuery } from './dbquery.mjs';
import { items as handWritten, filler, iso, DAY_MS } from './search-corpus.mjs';
import { postPhoto } from './photos.mjs';

const HOUR = 3_600_000;

describe('search', () => {
  const server = useServer();
  let admin, editor, s1001, s2001, s2002;
  const stores = {};
  const corpus = { ...handWritten, ...filler(190) };
  const idOf = {}; // corpus key → item id
  const keyOf = new Map(); // item id → corpus key

  const photo = async (c) => {
    const body = png(32, 32, Math.floor(Math.random() * 1000));
    const r = await postPhoto(server, c, body);
    assert.equal(r.status, 201, r.text);
    return r.json.photo.id;
  };

  const audienceOf = (a) => a && { ...a, stores: (a.stores ?? []).map((code) => stores[code]) };
  const windowOf = (it) => ({
    status: it.status ?? 'published',
    ...(it.startAt !== undefined ? { startAt: iso(it.startAt) } : {}),
    ...(it.endAt !== undefined ? { endAt: iso(it.endAt) } : {}),
    ...(it.audience ? { audience: audienceOf(it.audience) } : {}),
  });

  let pdfId;
  async function createItem(key, it) {
    const w = windowOf(it);
    let made;
    switch (it.kind) {
      case 'content':
        made = await create(editor, 'contents', { kind: 'article', title: it.title, summary: it.summary, bodyHtml: it.body, ...w });
        break;
      case 'article':
        made = await create(editor, 'articles', { title: it.title, summary: it.summary, bodyHtml: it.body, ...w });
        break;
      case 'course':
        made = await create(editor, 'courses', { title: it.title, summary: it.summary, descriptionHtml: it.body, ...w });
        break;
      case 'ebook':
        made = await create(editor, 'ebooks', { title: it.title, author: it.author, description: it.description, pdf: pdfId, ...w });
        break;
      case 'exam':
        made = await create(editor, 'examinations', { title: it.title, description: it.description ?? it.body, passPercent: 60, ...w });
        break;
      case 'event':
        made = await create(editor, 'events', {
          title: it.title, description: it.description, startsAt: iso(3 * DAY_MS), endsAt: iso(3 * DAY_MS + 2 * HOUR),
          placeKind: 'address', address: 'สำนักงานใหญ่', ...w,
        });
        break;
      case 'reward':
        made = await create(admin, 'rewards', { title: it.title, description: it.description, cost: 100, stock: 10, ...w });
        break;
      case 'poll':
        made = await create(editor, 'polls', { title: it.title, description: it.description, ...w });
        break;
      case 'survey':
        made = await create(editor, 'surveys', { title: it.title, description: it.description, ...w });
        break;
      case 'story': {
        const r = await send(s1001, 'POST', '/api/stories', { text: it.text, photoIds: [await photo(s1001)] });
        assert.equal(r.status, 201, r.text);
        made = r.json.story;
        if (!it.pending) assert.equal((await send(editor, 'POST', `/api/admin/stories/${made.id}/publish`, {})).status, 200);
        break;
      }
      default:
        throw new Error(`unknown kind ${it.kind}`);
    }
    idOf[key] = made.id;
    keyOf.set(made.id, key);
  }

  /** One page of staff search. */
  const searchPage = (c, q, params = {}) => {
    const qs = new URLSearchParams({ q, ...params });
    return c.get(`/api/search?${qs}`);
  };
  /** Every hit of a staff search (all pages), as returned. */
  async function allHits(c, q, params = {}) {
    const hits = [];
    for (let page = 1; ; page += 1) {
      const r = await searchPage(c, q, { ...params, page: String(page), pageSize: '50' });
      assert.equal(r.status, 200, r.text);
      hits.push(...r.json.items);
      if (!r.json.hasMore) return hits;
    }
  }
  /** The corpus keys of a staff search, best first (the demo's own items left out). */
  const found = async (c, q, params) => (await allHits(c, q, params)).filter((h) => keyOf.has(h.id)).map((h) => keyOf.get(h.id));
  const sorted = (a) => [...a].sort();

  before(async () => {
    admin = server.client();
    editor = server.client();
    s1001 = server.client(); // BKK01, Sales
    s2001 = server.client(); // CNX01, Sales
    s2002 = server.client(); // CNX01, Store manager
    await admin.signInOk('ADMIN01');
    await editor.signInOk('EDIT01');
    await s1001.signInOk('S1001');
    await s2001.signInOk('S2001');
    await s2002.signInOk('S2002');
    for (const c of [admin, editor, s1001, s2001, s2002]) await c.csrf();
    for (const s of (await admin.get('/api/admin/stores?pageSize=100')).json.items) stores[s.code] = s.id;
    pdfId = (await upload(server, editor, pdf(31), 'application/pdf', 'pos.pdf')).id;
    for (const [key, it] of Object.entries(corpus)) await createItem(key, it);
  });

  it('indexes a corpus of more than 200 items of ten kinds, in the writes’ transactions', async () => {
    assert.ok(Object.keys(idOf).length >= 200, `${Object.keys(idOf).length} items`);
    assert.equal(new Set(Object.values(corpus).map((it) => it.kind)).size, 10, 'content, article, course, ebook, exam, event, reward, poll, survey, story');
    // Every item was searchable as soon as its write answered: each hand-written visible title finds it.
    for (const key of ['pro', 'relations', 'cs101', 'pos', 'promo', 'cafe', 'shirt', 'happy', 'quiz'])
      assert.ok((await found(s1001, `"${corpus[key].title.replace(/"/g, '')}"`)).includes(key), key);
  });

  it('finds every word in any order, typed with or without spaces', async () => {
    const expected = ['quiz', 'cs101', 'pro']; // all three have both words in the title: the newest first
    assert.deepEqual(await found(s1001, 'บริการ ลูกค้า'), expected);
    assert.deepEqual(await found(s1001, 'ลูกค้า บริการ'), expected);
    assert.deepEqual(await found(s1001, 'บริการลูกค้า'), expected, 'unspaced Thai is two words');
    assert.deepEqual(await found(s1001, 'ลูกค้า   บริการ  '), expected);
    assert.deepEqual(await found(s1001, 'บริการลูกค้า', { kinds: 'course' }), ['cs101']);
    assert.deepEqual(await found(s1001, 'บริการลูกค้า', { kinds: 'exam,content' }), ['quiz', 'pro']);
    assert.deepEqual(await found(s1001, 'service บริการ'), ['cs101'], 'Thai and English together');
  });

  it('matches whole words or their start, never from inside a word', async () => {
    // มือ is a word of มืออาชีพ and มือถือ (ICU splits them) but not of รับมือ or คู่มือ (single words).
    assert.deepEqual(sorted(await found(s1001, 'มือ')), sorted(['pro', 'phone', 'story']));
    assert.deepEqual(await found(s1001, 'รับมือ'), ['cope']);
    assert.deepEqual(sorted(await found(s1001, 'คู่มือ')), sorted(['manual', 'pos']));
    assert.deepEqual(sorted(await found(s1001, 'คู่')), sorted(['manual', 'pos']), 'the start of คู่มือ');
    assert.ok((await found(s1001, 'ลูกค้า')).includes('relations'), 'ลูกค้า finds ลูกค้าสัมพันธ์');
    assert.deepEqual(await found(s1001, 'promo'), ['promo'], 'promo finds Promotion');
    // ค้า is a word only in ร้าน|ค้า|ปลีก (retail): never the end of ลูกค้า or สินค้า.
    assert.deepEqual(await found(s1001, 'ค้า'), ['relations'], 'not the end of ลูกค้า or สินค้า');
    assert.deepEqual(await found(s1001, 'hone'), [], 'not the inside of iPhone');
  });

  it('ranks title over summary over body, a whole word over a longer one, then the newest', async () => {
    assert.deepEqual(await found(s1001, 'ชั้นวาง'), ['shelfTitleNew', 'shelfTitleOld', 'shelfSummary', 'shelfBody']);
    // รับ: the whole word in a title, then รับมือ (a title word starting with it), then รับ in a summary.
    assert.deepEqual(await found(s1001, 'รับ'), ['returns', 'cope', 'iphone']);
  });

  it('keeps a quoted phrase together and in order', async () => {
    assert.deepEqual(await found(s1001, '"บริการลูกค้า"'), ['quiz', 'cs101', 'pro']);
    assert.deepEqual(await found(s1001, '"ลูกค้า บริการ"'), []);
    assert.deepEqual(sorted(await found(s1001, '"มือ ถือ"')), sorted(['phone', 'story']), 'not มือ อาชีพ');
    assert.deepEqual(await found(s1001, '"ลูกค้า'), await found(s1001, '"ลูกค้า"'), 'an unclosed quote runs to the end');
    assert.ok(!(await found(s1001, '"ลูก"')).includes('pro'), 'one quoted word is matched whole');
  });

  it('folds case, width and accents, and forgives one typo in a long Latin word', async () => {
    assert.deepEqual(await found(s1001, 'cafe'), ['cafe']);
    assert.deepEqual(await found(s1001, 'CAFÉ amazon'), ['cafe']);
    assert.deepEqual(await found(s1001, 'ＣＡＦＥ'), ['cafe'], 'full-width letters');
    assert.deepEqual(await found(s1001, 'IPHONE'), ['iphone']);
    assert.deepEqual(await found(s1001, 'Promotoin'), ['promo'], 'two letters swapped');
    assert.deepEqual(await found(s1001, 'planing'), ['promo'], 'one letter missing');
    assert.deepEqual(await found(s1001, 'customar servise'), ['cs101']);
    assert.deepEqual(await found(s1001, 'promoshun'), [], 'more than one edit');
    assert.deepEqual(await found(s1001, 'caf amazon'), ['cafe'], 'a start is not a typo');
  });

  it('highlights the matched words of the title and a snippet as ranges, and sends text, not HTML', async () => {
    const [hit] = (await allHits(s1001, 'ลูกค้าสัมพันธ์')).filter((h) => h.id === idOf.relations);
    assert.equal(hit.kind, 'article');
    assert.equal(hit.link, `/main/articles/${idOf.relations}`);
    assert.equal(hit.title, 'ลูกค้าสัมพันธ์ในร้านค้าปลีก');
    assert.deepEqual(hit.titleMarks, [[0, 14]], 'ลูกค้า and สัมพันธ์, next to each other: one range');
    const [markup] = (await allHits(s1001, 'โปรแกรม ลูกค้า')).filter((h) => h.id === idOf.markup);
    assert.equal(markup.title, 'โปรแกรม <b>ลูกค้า</b> & "สมาชิก"', 'the title as typed: the web escapes it');
    const marked = markup.titleMarks.map(([b, e]) => markup.title.slice(b, e));
    assert.deepEqual(marked, ['โปรแกรม', 'ลูกค้า']);
    const [body] = (await allHits(s1001, 'ชั้นวาง')).filter((h) => h.id === idOf.shelfBody);
    assert.equal(body.snippet, 'สาขาใหม่เปลี่ยนชั้นวางทั้งหมด');
    assert.deepEqual(body.snippetMarks.map(([b, e]) => body.snippet.slice(b, e)), ['ชั้นวาง']);
    const [story] = (await allHits(s1001, 'มือ', { kinds: 'story' })).filter((h) => h.id === idOf.story);
    assert.equal(story.link, `/stores/${idOf.story}`);
    assert.ok(story.snippet.includes('มือถือ'), story.snippet);
  });

  it('never shows nor counts what staff may not open: status, window, audience', async () => {
    const hiddenIds = Object.entries(corpus).filter(([, it]) => it.hidden).map(([k]) => idOf[k]);
    const hiddenTitles = Object.values(corpus).filter((it) => it.hidden).map((it) => it.title ?? it.text);
    const r = await searchPage(s1001, 'กระเช้า');
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.json.items.filter((h) => keyOf.has(h.id)).map((h) => keyOf.get(h.id)), ['basket']);
    assert.equal(r.json.hasMore, false);
    assert.equal(r.json.total, undefined, 'no count of anything');
    for (const id of hiddenIds) assert.ok(!r.text.includes(id), 'no hidden id');
    for (const title of hiddenTitles) assert.ok(!r.text.includes(title), `no hidden title: ${title}`);
    // One per page: still only the one visible, and no further page.
    const one = await searchPage(s1001, 'กระเช้า', { pageSize: '1' });
    assert.deepEqual(one.json.items.map((h) => h.id).filter((id) => keyOf.has(id)), [idOf.basket]);
    assert.equal(one.json.hasMore, (await allHits(s1001, 'กระเช้า')).length > 1);
    // The same words, other people: each sees what their audience allows.
    assert.deepEqual(sorted(await found(s2001, 'กระเช้า')), sorted(['basket', 'basketNorth']));
    assert.deepEqual(sorted(await found(s2002, 'กระเช้า')), sorted(['basket', 'basketNorth', 'basketManagers', 'basketCourse']));
    // Status changes are seen at once: published → found; archived → gone; deleted → gone.
    const draft = (await editor.get(`/api/admin/contents/${idOf.basketDraft}`)).json;
    assert.equal((await send(editor, 'POST', `/api/admin/contents/${draft.id}/publish`, {})).status, 200);
    assert.ok((await found(s1001, 'กระเช้า')).includes('basketDraft'));
    assert.equal((await send(editor, 'POST', `/api/admin/contents/${draft.id}/archive`, {})).status, 200);
    assert.ok(!(await found(s1001, 'กระเช้า')).includes('basketDraft'));
    assert.equal((await send(editor, 'DELETE', `/api/admin/contents/${draft.id}`)).status, 204);
    assert.ok(!(await found(editor, 'กระเช้า')).includes('basketDraft'));
  });

  it('is what the learning search uses, with its filters and counts', async () => {
    const r = await s1001.get(`/api/learning/search?q=${encodeURIComponent('มือ')}&pageSize=50`);
    assert.equal(r.status, 200, r.text);
    const ours = r.json.items.filter((i) => keyOf.has(i.id)).map((i) => keyOf.get(i.id));
    assert.deepEqual(sorted(ours), sorted(['pro', 'phone']), 'learning kinds only, whole words only');
    assert.equal(r.json.total, r.json.items.length);
    const c = await s1001.get(`/api/learning/search?q=${encodeURIComponent('บริการลูกค้า')}&type=course`);
    assert.ok(c.json.items.every((i) => i.type === 'course'));
    assert.ok(c.json.items.some((i) => i.id === idOf.cs101));
    const hidden = await s1001.get(`/api/learning/search?q=${encodeURIComponent('กระเช้า')}`);
    assert.deepEqual(hidden.json.items.map((i) => i.id).filter((id) => keyOf.has(id)), [idOf.basket]);
    assert.equal(hidden.json.total, hidden.json.items.length);
  });

  it('finds people, courses, events and every searchable area in the top bar, for the roles that may read them', async () => {
    const top = async (c, q) => {
      const r = await c.get(`/api/admin/search?q=${encodeURIComponent(q)}`);
      assert.equal(r.status, 200, r.text);
      return r.json.results;
    };
    const course = (await top(editor, 'customer service')).find((h) => h.id === idOf.cs101);
    assert.equal(course.resource, 'courses');
    assert.equal(course.title, corpus.cs101.title);
    assert.ok(course.titleMarks.length >= 2);
    assert.ok((await top(editor, 'Promotion Planning')).some((h) => h.resource === 'events' && h.id === idOf.promo));
    assert.ok((await top(editor, 'กระเช้า')).some((h) => h.id === idOf.basketCourse), 'drafts and every audience: the back office sees all');
    // People: admins only, by name, nickname, employee code or email.
    assert.ok(!(await top(editor, 'สมชาย')).some((h) => h.resource === 'users'), 'editors do not read users');
    const byName = (await top(admin, 'สมชาย')).filter((h) => h.resource === 'users');
    assert.equal(byName.length, 1);
    assert.equal(byName[0].title, 'สมชาย ใจดี');
    assert.equal(byName[0].subtitle, 'S1001');
    assert.ok((await top(admin, 'S2001')).some((h) => h.resource === 'users' && h.subtitle === 'S2001'));
    assert.ok((await top(admin, 's2002@shopfloor.example')).some((h) => h.resource === 'users' && h.subtitle === 'S2002'));
    const me = await send(s1001, 'PATCH', '/api/me', { nickname: 'น้องฟ้าใส' });
    assert.equal(me.status, 200, me.text);
    assert.ok((await top(admin, 'ฟ้าใส')).some((h) => h.resource === 'users' && h.subtitle === 'S1001'), 'a new nickname at once');
    // At most five of one area.
    const many = await top(editor, 'สินค้าคงคลัง');
    const perArea = {};
    for (const h of many) perArea[h.resource] = (perArea[h.resource] ?? 0) + 1;
    assert.ok(Object.values(perArea).every((n) => n <= 5), JSON.stringify(perArea));
    assertEnvelope(await s1001.get('/api/admin/search?q=x'), 403, 'FORBIDDEN');
  });

  it('answers bad input with a clean 400 or nothing, never a 500 nor everything', async () => {
    assertEnvelope(await searchPage(s1001, 'ก'.repeat(1000)), 400, 'BAD_REQUEST');
    assertEnvelope(await editor.get(`/api/admin/search?q=${'a'.repeat(1000)}`), 400, 'BAD_REQUEST');
    assertEnvelope(await s1001.get(`/api/learning/search?q=${'a'.repeat(1000)}`), 400, 'BAD_REQUEST');
    for (const q of ['', '   ', '%', '_', '%%', '*', '"', '""', "'", '\\', 'NEAR(', ')', ':', '^', '-', '<->', '!', '&|',
      '"unclosed', "' OR 1=1 --", 'title:*', '{title_words}:x', 'ลูกค้า*', '%ลูกค้า%', '\u0000', '\u200B', '\uFFFD']) {
      const r = await searchPage(s1001, q);
      if (r.status === 400 && q === '\u0000') continue; // a control character may be refused at the door
      assert.equal(r.status, 200, `${JSON.stringify(q)} → ${r.status} ${r.text}`);
      const ours = r.json.items.filter((h) => keyOf.has(h.id)).map((h) => keyOf.get(h.id));
      const words = q.replace(/[^\p{L}\p{M}\p{N}]/gu, ''); // Thai vowels and tone marks are marks (\p{M})
      if (words === 'ลูกค้า') assert.deepEqual(ours, await found(s1001, 'ลูกค้า'), `${q}: its word, nothing more`);
      else if (!/^[A-Za-z]+$/.test(words)) assert.deepEqual(ours, [], `${JSON.stringify(q)} finds nothing`);
    }
    assert.equal((await s1001.get('/api/search?q=%FF%FE%E0%B8')).status, 200, 'ill-formed UTF-8 is no word');
    assertEnvelope(await searchPage(s1001, 'ลูกค้า', { kinds: 'content,planet' }), 400, 'BAD_REQUEST');
    assertEnvelope(await searchPage(s1001, 'ลูกค้า', { pageSize: '0' }), 400, 'BAD_REQUEST');
    assertEnvelope(await searchPage(s1001, 'ลูกค้า', { page: '51' }), 400, 'BAD_REQUEST');
    const anonymous = server.client();
    assertEnvelope(await anonymous.get('/api/search?q=ลูกค้า'), 401, 'UNAUTHENTICATED');
  });

  it('keeps the index current for writes outside the kit: a story edited by its author', async () => {
    const r = await send(s1001, 'POST', '/api/stories', { text: 'ร้านเราจัดโต๊ะโชว์สินค้าใหม่', photoIds: [await photo(s1001)] });
    assert.equal(r.status, 201, r.text);
    const id = r.json.story.id;
    assert.equal((await send(s1001, 'PATCH', `/api/stories/${id}`, { text: 'ร้านเราจัดบูธชิมกาแฟฟรี' })).status, 200);
    assert.equal((await send(editor, 'POST', `/api/admin/stories/${id}/publish`, {})).status, 200);
    assert.ok((await allHits(s2001, 'บูธ กาแฟ')).some((h) => h.id === id), 'the edited text is found');
    assert.ok(!(await allHits(s2001, 'โต๊ะโชว์')).some((h) => h.id === id), 'the old text is not');
    assert.equal((await send(s1001, 'DELETE', `/api/stories/${id}`)).status, 204);
    assert.ok(!(await allHits(s2001, 'บูธ กาแฟ')).some((h) => h.id === id), 'a deleted story is gone');
  });

  it('forgets, in bounded batches, the words no document holds any more, and keeps those still held', async () => {
    const held = async (word) => (await dbQuery(server, `SELECT count(*) FROM search_words WHERE word = '${word}'`))[0][0];
    const story = async (text) => {
      const r = await send(s1001, 'POST', '/api/stories', { text, photoIds: [await photo(s1001)] });
      assert.equal(r.status, 201, r.text);
      return r.json.story.id;
    };
    const id = await story('โต๊ะลูกค้า zanzibarquokka marimbatoucan');
    assert.equal(await held('zanzibarquokka'), '1');
    assert.equal((await send(s1001, 'PATCH', `/api/stories/${id}`, { text: 'โต๊ะลูกค้า' })).status, 200);
    assert.equal((await send(editor, 'POST', `/api/admin/stories/${id}/publish`, {})).status, 200);
    assert.equal(await held('zanzibarquokka'), '1', 'an edit leaves the word to the prune');
    const one = await server.cli(['search-prune-words', '--batch', '1']);
    const pruned = Number(/search words pruned: (\d+)/.exec(one.stdout)?.[1]);
    assert.ok(pruned <= 1, `a batch of 1 looks at one word (${pruned} removed)`);
    // From wherever that batch stopped to the end, then from the start again: every word is looked at.
    for (let i = 0; i < 2; i++) await server.cli(['search-prune-words', '--batch', '100000']);
    assert.equal(await held('zanzibarquokka'), '0', 'a word no document holds is gone');
    assert.equal(await held('marimbatoucan'), '0');
    assert.equal(await held('ลูกค้า'), '1', 'a word documents hold stays');
    assert.ok((await allHits(s2001, 'โต๊ะ ลูกค้า')).some((h) => h.id === id), 'the edited story is still found');
    assert.deepEqual(await allHits(s2001, 'zanzibarquokka'), []);
    // A word written again after its prune is numbered anew and found, whole and by its start.
    const again = await story('zanzibarquokka โต๊ะ');
    assert.equal((await send(editor, 'POST', `/api/admin/stories/${again}/publish`, {})).status, 200);
    assert.deepEqual((await allHits(s2001, 'zanzibarquokka')).map((h) => h.id), [again]);
    assert.deepEqual((await allHits(s2001, 'zanzibar')).map((h) => h.id), [again]);
  });

  it('finds the same, in the same order, once the database has statistics on the index', async () => {
    // PostgreSQL orders the terms' tests from the element frequencies ANALYZE (autovacuum) keeps for
    // search_match (rarest first): the results must not depend on it. On SQLite the same statement only
    // refreshes its planner's tables.
    const queries = ['บริการ ลูกค้า', 'ลูกค้าบริการ', 'ลูกค้า', 'มือ', 'คู่', 'รับ', 'ชั้นวาง', 'service บริการ', '"บริการลูกค้า"',
      '"มือ ถือ"', 'customar servise', 'promo', 'ลูกค้า สินค้า พนักงาน', 'การ'];
    const results = async () => {
      const out = [];
      for (const q of queries) out.push(await found(s1001, q), await found(s2002, q, { kinds: 'content,course,event' }));
      return out;
    };
    const without = await results();
    await dbQuery(server, server.databaseUrl.startsWith('sqlite') ? 'ANALYZE' : 'ANALYZE search_docs, search_match');
    assert.deepEqual(await results(), without);
    assert.ok(without.some((r) => r.length > 0));
  });
});
