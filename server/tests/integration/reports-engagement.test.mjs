// The engagement report (issue 17) on SQLite and PostgreSQL: a store of our own with three people who vote,
// attend, enter a campaign, play, post stories and send telemetry through real HTTP; every figure and table
// checked against hand-computed values filtered to that store (and one position), past rollups for the date
// range and the previous period, admins only, CSV and XLSX exports equal to the JSON, bad input.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { useServer, signedInClients, assertEnvelope, rawRequest, sleep } from './harness.mjs';
import { send, create, iso, HOUR, png } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';
import { addCounts } from './rollups.mjs';
import { readXlsx } from './xlsx.mjs';

const DAY = 86400000;
const bangkokDay = (ms = Date.now()) => Math.floor((ms + 7 * HOUR) / DAY);
const dayText = (day) => new Date(day * DAY).toISOString().slice(0, 10);
const q = (s) => `'${String(s).replaceAll("'", "''")}'`;
const monthStart = (day) => {
  const d = new Date(day * DAY);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY;
};

describe('reports: engagement', () => {
  const server = useServer({ env: { TELEMETRY_FLUSH_MS: '100' } });
  let admin, editor, staff, store, region, A, B, C, tag;
  const ids = {};
  const today = bangkokDay();

  const report = (c, query) => c.get(`/api/admin/reports/engagement?${new URLSearchParams(query)}`);
  const ours = (extra = {}) => report(admin, { store: store.id, ...extra });
  const figure = (r, key) => r.json.figures.find((f) => f.key === key);
  const table = (r, key) => r.json.tables.find((t) => t.key === key);
  const col = (t, key) => t.columns.findIndex((c) => c.key === key);
  const telemetry = (p, events) =>
    send(p.client, 'POST', '/api/telemetry', { events: events.map((e) => ({ userId: p.id, time: Date.now(), ...e })) });

  before(async () => {
    [admin, editor, staff] = await signedInClients(server, 'ADMIN01', 'EDIT01', 'S1001');
    tag = Math.random().toString(36).slice(2, 7);
    region = (await admin.get('/api/admin/reports/options')).json.regions[0];
    store = await create(admin, 'stores', { code: `EG${tag}`.toUpperCase(), name: `สาขาทดสอบ ${tag}`, region: region.id });
    [A, B, C] = await crowd(server, 3, { prefix: 'EG', store: store.code });
    // New people: tracking waits for their consent (privacy-consent.test.mjs); these three accepted.
    for (const p of [A, B, C]) assert.equal((await send(p.client, 'PUT', '/api/me/privacy/consent', { choice: 'accepted' })).status, 200);
    await dbQuery(server, `UPDATE users SET position = 'Cashier' WHERE id = ${q(C.id)}`);
  });

  it('polls, events, campaigns, games and stories happen through HTTP', async () => {
    // Polls: A, B and C vote in the first, A in the second.
    const polls = [];
    for (const n of [1, 2]) {
      const p = await create(editor, 'polls', { title: `โหวต ${tag} ${n}`, status: 'published' });
      const o = await create(editor, 'poll-options', { poll: p.id, text: 'ก' });
      polls.push({ p, o });
    }
    for (const x of [A, B, C]) assert.equal((await send(x.client, 'POST', `/api/polls/${polls[0].p.id}/vote`, { optionIds: [polls[0].o.id] })).status, 200);
    assert.equal((await send(A.client, 'POST', `/api/polls/${polls[1].p.id}/vote`, { optionIds: [polls[1].o.id] })).status, 200);
    // A vote refused (twice) counts nothing.
    assertEnvelope(await send(A.client, 'POST', `/api/polls/${polls[1].p.id}/vote`, { optionIds: [polls[1].o.id] }), 409, 'ALREADY_VOTED');
    ids.polls = polls.map((x) => x.p.id);

    // An event: all three go, A and B are checked in.
    const e = await create(editor, 'events', {
      title: `อีเว้นท์ ${tag}`, startsAt: iso(48 * HOUR), endsAt: iso(50 * HOUR), placeKind: 'address', address: 'ชั้น 3', status: 'published',
    });
    for (const x of [A, B, C]) assert.equal((await send(x.client, 'POST', `/api/events/${e.id}/rsvp`, {})).status, 200);
    for (const x of [A, B]) {
      const code = (await x.client.get(`/api/events/${e.id}`)).json.item.mine.code;
      assert.equal((await send(editor, 'POST', `/api/admin/events/${e.id}/checkin`, { code })).status, 200);
    }
    ids.event = e.id;

    // A campaign: A enters twice, B once; a refused entry (over the limit) counts nothing.
    const k = await create(editor, 'campaigns', {
      title: `แคมเปญ ${tag}`, status: 'published', kind: 'campaign', entryType: 'text', entryLimit: 2,
      entriesStart: iso(-HOUR), entriesEnd: iso(HOUR), votingStart: iso(2 * HOUR), votingEnd: iso(3 * HOUR),
    });
    for (const [x, text] of [[A, 'หนึ่ง'], [A, 'สอง'], [B, 'สาม']]) assert.equal((await send(x.client, 'POST', `/api/contests/${k.id}/entries`, { text })).status, 201);
    assertEnvelope(await send(A.client, 'POST', `/api/contests/${k.id}/entries`, { text: 'สี่' }), 409, 'ENTRY_LIMIT');
    ids.campaign = k.id;

    // A one-question quiz game: A and B finish a play each (C starts one and leaves it).
    const quiz = await create(editor, 'game-quizzes', { title: `ควิซ ${tag}`, timerSeconds: 20 });
    await create(editor, 'game-quiz-questions', { quiz: quiz.id, kind: 'single', prompt: 'ข้อ', choices: [{ id: 'a', text: 'ก' }, { id: 'b', text: 'ข' }], correct: ['a'] });
    const g = await create(editor, 'games', { title: `เกม ${tag}`, status: 'published', kind: 'quiz', quiz: quiz.id, attemptsPerDay: 5, scorePerPoint: 100 });
    ids.scores = [];
    for (const [x, pick] of [[A, 'a'], [B, 'b'], [C, null]]) {
      const play = (await send(x.client, 'POST', `/api/games/${g.id}/plays`, {})).json.play;
      if (!pick) continue;
      assert.equal((await send(x.client, 'POST', `/api/game-plays/${play.id}/answer`, { roundId: play.round.id, optionIds: [pick] })).status, 200);
      const done = await send(x.client, 'POST', `/api/game-plays/${play.id}/finish`, {});
      assert.equal(done.status, 200, done.text);
      ids.scores.push(done.json.play.score);
    }
    ids.game = g.id;

    // Stories: A and B post one each; A's is published.
    const stories = [];
    for (const [i, x] of [A, B].entries()) {
      const body = png(40, 30, 900 + i);
      const up = await rawRequest(server.origin, {
        method: 'POST', path: '/api/media/photos',
        headers: { cookie: x.client.jar.header(), 'x-csrf-token': x.client.csrfToken, 'content-type': 'image/png', 'content-length': body.length },
        body,
      });
      assert.equal(up.status, 201, up.text);
      const r = await send(x.client, 'POST', '/api/stories', { text: `เรื่อง ${tag} ${i}`, photoIds: [up.json.photo.id] });
      assert.equal(r.status, 201, r.text);
      stories.push(r.json.story);
    }
    assert.equal((await send(editor, 'POST', `/api/admin/stories/${stories[0].id}/publish`)).status, 200);
  });

  it('telemetry from the three lands in the rollups at the flush', async () => {
    const long = `<div class="${'x'.repeat(400)}">ยาว</div>`;
    const ok = async (r) => assert.equal(r.status, 202, r.text);
    await ok(await telemetry(A, [
      { type: 'page_time', duration: 10000, url: `/learn/courses/${randomUUID()}?tab=1` },
      { type: 'page_time', duration: 5000, url: `/eg${tag}/home#top` },
      { type: 'scroll_time', duration: 300, url: `/eg${tag}/feed` },
      { type: 'click', element: '<button class="like">ถูกใจ</button>', url: '/main' },
      { type: 'click', element: '<button class="like">ถูกใจ</button>', url: '/stores' },
      { type: 'click', element: long, url: '/main' },
      { type: 'web_vital', name: 'LCP', value: 1000, url: '/main' },
      { type: 'web_vital', name: 'LCP', value: 3000, url: '/main?x=1' },
      { type: 'web_vital', name: 'CLS', value: 0.05, url: '/main' },
      { type: 'web_vital', name: 'TTFB', value: 0, url: '/main' },
    ]));
    await ok(await telemetry(B, [
      { type: 'page_time', duration: 20000, url: `/learn/courses/${randomUUID()}` },
      { type: 'scroll_time', duration: 500, url: `/eg${tag}/feed?sort=new` },
      { type: 'click', element: '<button class="like">ถูกใจ</button>', url: '/main' },
      { type: 'web_vital', name: 'LCP', value: 1200, url: '/main' },
      { type: 'web_vital', name: 'CLS', value: 0.3, url: '/main' },
      { type: 'web_vital', name: 'INP', value: 150, url: '/main' },
    ]));
    await ok(await telemetry(C, [
      { type: 'page_time', duration: 4000, url: `/learn/courses/${randomUUID()}` },
      { type: 'click', element: '<a href="/x">\n    Go   </a>', url: '/main' },
      { type: 'web_vital', name: 'LCP', value: 1900, url: '/main' },
    ]));
    // Wait for the flush: 5 clicks in our store.
    const deadline = Date.now() + 10000;
    let r;
    do {
      await sleep(100);
      r = await ours();
      assert.equal(r.status, 200, r.text);
    } while (figure(r, 'clicks').value < 5 && Date.now() < deadline);
    assert.equal(figure(r, 'clicks').value, 5);
    // The raw events were stored as they came.
    const [[n]] = await dbQuery(server, `SELECT COUNT(*) FROM user_clicks WHERE user_id IN (${[A, B, C].map((x) => q(x.id)).join(', ')})`);
    assert.equal(Number(n), 5);
  });

  it('figures: each against its hand-computed value in our store, with the previous period', async () => {
    const r = await ours();
    assert.equal(r.json.report, 'engagement');
    assert.deepEqual(r.json.filters, { from: dayText(today - 29), to: dayText(today), store: store.id, region: null, position: null });
    const want = {
      eventsAttended: 2, pollVotes: 4, campaignEntries: 3, campaignWins: 0, gamePlays: 2, storiesSubmitted: 2, storiesPublished: 1,
      averagePageTime: (10000 + 5000 + 20000 + 4000) / 4, averageFirstScroll: (300 + 500) / 2, clicks: 5,
    };
    assert.deepEqual(Object.fromEntries(r.json.figures.map((f) => [f.key, f.value])), want);
    for (const f of r.json.figures) assert.equal(f.previous, 0, `${f.key} previous`);
    assert.equal(figure(r, 'averagePageTime').unit, 'ms');
    assert.equal(figure(r, 'eventsAttended').link, '/admin/events');
    // The daily chart: 30 days, today's values last.
    const daily = r.json.charts.find((c) => c.key === 'daily');
    assert.equal(daily.type, 'line');
    assert.equal(daily.x.length, 30);
    assert.equal(daily.x.at(-1), dayText(today));
    const last = Object.fromEntries(daily.series.map((s) => [s.key, s.values.at(-1)]));
    assert.deepEqual(last, { eventsAttended: 2, pollVotes: 4, campaignEntries: 3, gamePlays: 2, storiesSubmitted: 2 });
    for (const s of daily.series) assert.equal(s.values.slice(0, -1).reduce((a, b) => a + b, 0), 0, s.key);
  });

  it('tables: events, polls, campaigns, games and stories with links to the rows behind', async () => {
    const r = await ours();
    const events = table(r, 'events');
    assert.deepEqual(events.columns.map((c) => c.label), ['Event', 'Attended']);
    assert.deepEqual(events.rows, [[`อีเว้นท์ ${tag}`, 2]]);
    assert.deepEqual(events.links, [`/admin/events/${ids.event}`]);
    const polls = table(r, 'polls');
    assert.deepEqual(polls.rows, [[`โหวต ${tag} 1`, 3], [`โหวต ${tag} 2`, 1]]);
    assert.deepEqual(polls.links, ids.polls.map((id) => `/admin/votes/${id}`));
    const campaigns = table(r, 'campaigns');
    assert.deepEqual(campaigns.columns.map((c) => c.label), ['Campaign', 'Entries', 'Winners']);
    assert.deepEqual(campaigns.rows, [[`แคมเปญ ${tag}`, 3, 0]]);
    assert.deepEqual(campaigns.links, [`/admin/campaigns/${ids.campaign}`]);
    const games = table(r, 'games');
    assert.deepEqual(games.rows, [[`เกม ${tag}`, 2, Math.round((ids.scores[0] + ids.scores[1]) / 2)]]);
    assert.ok(ids.scores[0] > 0 && ids.scores[1] === 0, `scores ${ids.scores}`);
    assert.deepEqual(games.links, [`/admin/games/games?view=${ids.game}`]);
    const stories = table(r, 'stories');
    assert.deepEqual(stories.rows, [[store.name, 2, 1]]);
  });

  it('telemetry tables: page time and first scroll per route, clicked elements, Web Vitals p75 from buckets', async () => {
    const r = await ours();
    const pageTime = table(r, 'pageTime');
    assert.deepEqual(pageTime.columns.map((c) => c.label), ['Page', 'Visits', 'Average time (s)']);
    // Ids and queries are gone from the routes: three course pages are one row.
    assert.deepEqual(pageTime.rows, [['/learn/courses/:id', 3, 11.3], [`/eg${tag}/home`, 1, 5]]);
    const chart = r.json.charts.find((c) => c.key === 'pageTime');
    assert.deepEqual(chart.x, ['/learn/courses/:id', `/eg${tag}/home`]);
    assert.deepEqual(chart.series[0].values, [11.3, 5]);
    assert.deepEqual(table(r, 'firstScroll').rows, [[`/eg${tag}/feed`, 2, 0.4]]);
    const clicks = table(r, 'clicks');
    assert.equal(clicks.links, undefined, 'clicks are not rows of people');
    assert.deepEqual(clicks.rows.slice(0, 1), [['<button class="like">ถูกใจ</button>', 3]]);
    const rest = new Map(clicks.rows.slice(1));
    assert.equal(rest.get('<a href="/x"> Go </a>'), 1, 'whitespace collapsed');
    const cut = [...rest.keys()].find((k) => k.startsWith('<div'));
    assert.equal(Buffer.byteLength(cut), 160, 'the key is cut to 160 bytes');
    assert.equal(rest.get(cut), 1);
    // /main: LCP 1000, 1200, 1900, 3000 → the 3rd smallest (ceil 0.75 × 4) lies in [1600, 2000) → 2000.
    // CLS 0.05, 0.3 → the 2nd: 300 thousandths in [250, 315) → 0.315. INP 150 in [125, 160) → 160.
    // TTFB 0 in [0, 1) → 1. No FCP → null. 8 samples.
    const vitals = table(r, 'vitals');
    assert.deepEqual(vitals.columns.map((c) => c.key), ['page', 'samples', 'lcp', 'inp', 'cls', 'fcp', 'ttfb']);
    assert.deepEqual(vitals.rows, [['/main', 8, 2000, 160, 0.315, null, 1]]);
  });

  it('filters: position and region; another store sees none of it', async () => {
    const cashier = await ours({ position: 'Cashier' });
    const v = Object.fromEntries(cashier.json.figures.map((f) => [f.key, f.value]));
    assert.deepEqual(
      [v.pollVotes, v.eventsAttended, v.campaignEntries, v.gamePlays, v.averagePageTime, v.clicks, v.averageFirstScroll],
      [1, 0, 0, 0, 4000, 1, 0],
    );
    assert.deepEqual(table(cashier, 'vitals').rows, [['/main', 1, 2000, null, null, null, null]]);
    assert.deepEqual(table(cashier, 'polls').rows, [[`โหวต ${tag} 1`, 1]]);
    const inRegion = await report(admin, { region: region.id });
    assert.ok(figure(inRegion, 'pollVotes').value >= 4);
    assert.equal(figure(inRegion, 'clicks').value, 5, 'the region rollup');
    assert.equal(figure(inRegion, 'averagePageTime').value, 9750);
    assert.deepEqual(table(inRegion, 'vitals').rows, [['/main', 8, 2000, 160, 0.315, null, 1]]);
    const regionCashiers = await report(admin, { region: region.id, position: 'Cashier' });
    assert.equal(figure(regionCashiers, 'clicks').value, 1);
    const otherRegion = (await admin.get('/api/admin/reports/options')).json.regions.find((x) => x.id !== region.id);
    assert.equal(figure(await report(admin, { region: otherRegion.id }), 'clicks').value, 0);
    // Without a store or region filter the telemetry comes from the all-places and per-position rollups: only
    // this file's people send any, so they hold exactly ours.
    const all = await report(admin, {});
    assert.equal(figure(all, 'clicks').value, 5);
    assert.equal(figure(all, 'averagePageTime').value, 9750);
    assert.deepEqual(table(all, 'vitals').rows, [['/main', 8, 2000, 160, 0.315, null, 1]]);
    assert.deepEqual(table(all, 'firstScroll').rows, [[`/eg${tag}/feed`, 2, 0.4]]);
    const cashiers = await report(admin, { position: 'Cashier' });
    assert.equal(figure(cashiers, 'clicks').value, 1);
    assert.equal(figure(cashiers, 'averagePageTime').value, 4000);
    assert.deepEqual(table(cashiers, 'vitals').rows, [['/main', 1, 2000, null, null, null, null]]);
    assert.deepEqual(table(await report(admin, { position: 'Sales' }), 'clicks').rows[0], ['<button class="like">ถูกใจ</button>', 3]);
    const rows = await dbQuery(server, "SELECT metric, store_id, position, n, total FROM report_counts WHERE metric LIKE 'page.time%' AND key = '/learn/courses/:id' ORDER BY metric, position");
    // Each level also per month (the same counts while the test runs within one month).
    assert.deepEqual(rows, [
      ['page.time', store.id, 'Cashier', '1', '4000'],
      ['page.time', store.id, 'Sales', '2', '30000'],
      ['page.time@all', '', '', '3', '34000'],
      ['page.time@all@month', '', '', '3', '34000'],
      ['page.time@position', '', 'Cashier', '1', '4000'],
      ['page.time@position', '', 'Sales', '2', '30000'],
      ['page.time@position@month', '', 'Cashier', '1', '4000'],
      ['page.time@position@month', '', 'Sales', '2', '30000'],
      ['page.time@region', region.id, 'Cashier', '1', '4000'],
      ['page.time@region', region.id, 'Sales', '2', '30000'],
      ['page.time@region@month', region.id, 'Cashier', '1', '4000'],
      ['page.time@region@month', region.id, 'Sales', '2', '30000'],
      ['page.time@store', store.id, '', '3', '34000'],
      ['page.time@store@month', store.id, '', '3', '34000'],
    ]);
    // The happenings' cubes: the first poll's 3 ballots in our region, on today and on this month's first day.
    const cubes = await dbQuery(server, `SELECT metric, day, SUM(n) FROM report_counts WHERE metric LIKE 'poll.voted@region%' AND store_id = ${q(region.id)} AND key = ${q(ids.polls[0])} GROUP BY metric, day ORDER BY metric`);
    assert.deepEqual(cubes, [['poll.voted@region', String(today), '3'], ['poll.voted@region@month', String(monthStart(today)), '3']]);
    const other = (await admin.get('/api/admin/reports/options')).json.stores.find((s) => s.id !== store.id);
    const elsewhere = await report(admin, { store: other.id });
    assert.equal(figure(elsewhere, 'pollVotes').value, 0);
    assert.equal(table(elsewhere, 'vitals').rows.length, 0);
  });

  it('date range and previous period from past rollups', async () => {
    const row = (metric, day, key, n, total = 0) => ({ metric, day, store: store.id, position: 'Sales', key, n, total });
    await addCounts(server, [
      row('poll.voted', today - 40, ids.polls[0], 7),
      row('poll.voted', today - 35, ids.polls[1], 2),
      row('page.time', today - 35, '/learn/courses/:id', 2, 3000),
      row('page.vitals', today - 35, '/main', 2),
      row('page.vital', today - 35, '/main|LCP|36', 2, 7000),
    ]);
    const r = await ours({ from: dayText(today - 45), to: dayText(today - 31) });
    assert.deepEqual(r.json.previous, { from: dayText(today - 60), to: dayText(today - 46) });
    assert.equal(figure(r, 'pollVotes').value, 9);
    assert.equal(figure(r, 'pollVotes').previous, 0);
    assert.equal(figure(r, 'averagePageTime').value, 1500);
    assert.equal(figure(r, 'clicks').value, 0);
    assert.deepEqual(table(r, 'polls').rows, [[`โหวต ${tag} 1`, 7], [`โหวต ${tag} 2`, 2]]);
    assert.deepEqual(table(r, 'pageTime').rows, [['/learn/courses/:id', 2, 1.5]]);
    // Bucket 36 is [3150, 4000): its upper edge.
    assert.deepEqual(table(r, 'vitals').rows, [['/main', 2, 4000, null, null, null, null]]);
    // The default range's previous period (60..31 days ago) holds them.
    const now = await ours();
    assert.equal(figure(now, 'pollVotes').value, 4);
    assert.equal(figure(now, 'pollVotes').previous, 9);
    assert.equal(figure(now, 'averagePageTime').previous, 1500);
    // Both periods in one range: the histograms add up (LCP 1000..3000 and two in [3150, 4000) → 6 samples,
    // the 5th smallest is in [3150, 4000)).
    const both = await ours({ from: dayText(today - 40), to: dayText(today) });
    assert.equal(figure(both, 'pollVotes').value, 13);
    assert.deepEqual(table(both, 'vitals').rows[0].slice(0, 3), ['/main', 10, 4000]);

    // Without a store filter a long range reads its whole months from the cubes' month rows, the days around
    // them from the daily rows: a month row counts, a daily row inside a whole month is not read again.
    const year = { from: dayText(today - 365), to: dayText(today) };
    const month = monthStart(today - 100);
    const before = figure(await report(admin, year), 'pollVotes').value;
    await dbQuery(server, `INSERT INTO report_counts (metric, day, store_id, position, key, n, total) VALUES
      ('poll.voted@all@month', ${month}, '', '', ${q(ids.polls[0])}, 11, 0), ('poll.voted@all', ${month + 3}, '', '', ${q(ids.polls[0])}, 5, 0)`);
    const after = await report(admin, year);
    assert.equal(figure(after, 'pollVotes').value, before + 11);
    assert.equal(table(after, 'polls').rows.find((r) => r[0] === `โหวต ${tag} 1`)[1], 3 + 7 + 11, 'today\'s 3, the 7 of 40 days ago, the month row\'s 11');
    const oneDay = await report(admin, { from: dayText(month + 3), to: dayText(month + 3) });
    assert.equal(figure(oneDay, 'pollVotes').value, 5);
  });

  it('admins only; exports equal the JSON; bad input', async () => {
    for (const c of [editor, staff]) assertEnvelope(await report(c, {}), 403, 'FORBIDDEN');
    assertEnvelope(await editor.get('/api/admin/reports/engagement/export?format=csv'), 403, 'FORBIDDEN');
    const r = await ours();
    for (const key of ['polls', 'clicks', 'vitals', 'pageTime']) {
      const t = table(r, key);
      // As the export writes a cell: whole numbers plain, others to two places, null empty.
      const asText = (v) => (v === null ? '' : typeof v === 'number' && !Number.isInteger(v) ? String(Number(v.toFixed(4))) : String(v));
      const csv = await admin.get(`/api/admin/reports/engagement/export?format=csv&table=${key}&store=${store.id}`);
      assert.equal(csv.status, 200, csv.text);
      assert.match(csv.headers.get('content-disposition'), new RegExp(`filename="engagement-${key}-${dayText(today - 29)}-${dayText(today)}[-\\d]*\\.csv"`));
      const lines = csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
      assert.equal(lines[0], t.columns.map((c) => c.label).join(','));
      assert.equal(lines.length, t.rows.length + 1);
      const res = await fetch(`${server.origin}/api/admin/reports/engagement/export?format=xlsx&table=${key}&store=${store.id}`, { headers: { cookie: admin.jar.header() } });
      assert.equal(res.status, 200);
      const rows = readXlsx(Buffer.from(await res.arrayBuffer()));
      assert.deepEqual(rows[0], t.columns.map((c) => c.label));
      assert.deepEqual(rows.slice(1), t.rows.map((row) => row.map(asText)));
    }
    assertEnvelope(await ours({ from: '2026-13-01' }), 422, 'VALIDATION_FAILED');
    assert.equal((await ours({ from: '2026-13-01' })).json.error.fieldCodes.from.code, 'REPORT_DATE');
    assert.equal((await ours({ from: dayText(today), to: dayText(today - 1) })).json.error.fieldCodes.from.code, 'REPORT_RANGE');
    assert.equal((await ours({ from: dayText(today - 400) })).json.error.fieldCodes.from.code, 'REPORT_RANGE');
    const badTable = await admin.get('/api/admin/reports/engagement/export?format=csv&table=nope');
    assertEnvelope(badTable, 422, 'VALIDATION_FAILED');
    assert.equal(badTable.json.error.fieldCodes.table.code, 'REPORT_TABLE');
    const pdf = await admin.get('/api/admin/reports/engagement/export?format=pdf');
    assertEnvelope(pdf, 400, 'BAD_REQUEST');
    assert.equal(pdf.json.error.messageCode.code, 'EXPORT_FORMAT');
    assertEnvelope(await admin.get('/api/admin/reports/engagements'), 404, 'NOT_FOUND');
    // Telemetry that fails validation is refused whole and counts nothing.
    const bad = await telemetry(A, [{ type: 'click', element: '<b>x</b>' }, { type: 'web_vital', name: 'XYZ', value: 1, url: '/main' }]);
    assertEnvelope(bad, 422, 'VALIDATION_FAILED');
    await sleep(400);
    assert.equal(figure(await ours(), 'clicks').value, 5);
  });
});
