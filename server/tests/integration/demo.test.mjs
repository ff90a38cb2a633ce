// The demo company (`seed --demo` with its history, issue 28 item 5) on SQLite and PostgreSQL: one coherent
// company. Every figure of the dashboard and of the reports (actives, learning, club, engagement, voice) is
// worked out again here from the rows of the base tables (SQL over users, telemetry, enrolments, attempts,
// the ledger, redemptions, ballots, plays, stories, registrations, responses, ratings) and compared with
// what the API answers; the area screens' counts (an event's attendees, a poll's votes, a course's
// completions) agree with the reports; the pictures are the demo's drawings (no generated stripes), with a
// video, PDFs, an ebook and a gallery; and a second seed adds nothing.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { useServer, signedInClients, repoRoot, BIN } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';

const HOUR = 3600000;
const DAY = 24 * HOUR;
const dayOf = (ms) => Math.floor((ms + 7 * HOUR) / DAY); // Bangkok days, as the reports count them
const dayStart = (day) => day * DAY - 7 * HOUR;
const dayText = (day) => new Date(day * DAY).toISOString().slice(0, 10);
const round1 = (x) => Math.round(x * 10) / 10;
const percent = (part, whole) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : 0);

describe('the demo company', { timeout: 600_000 }, () => {
  const server = useServer({ seed: ['--demo'] });
  let admin, editor;
  const num = async (sql) => Number((await dbQuery(server, sql))[0]?.[0] || 0);
  const rows = (sql) => dbQuery(server, sql);
  const report = async (name, query = {}) => {
    const r = await admin.get(`/api/admin/reports/${name}?${new URLSearchParams(query)}`);
    assert.equal(r.status, 200, r.text);
    return r.json;
  };
  const fig = (rep, key) => {
    const f = rep.figures.find((x) => x.key === key);
    assert.ok(f, `figure ${key}`);
    return f.value;
  };
  const table = (rep, key) => rep.tables.find((t) => t.key === key);
  const today = dayOf(Date.now());
  // The reports' ranges: the last 30 days (their default) and the history's 90.
  const ranges = [
    { from: today - 29, to: today },
    { from: today - 89, to: today },
  ];
  const between = (col, r) => `${col} >= ${dayStart(r.from)} AND ${col} < ${dayStart(r.to + 1)}`;
  const query = (r) => ({ from: dayText(r.from), to: dayText(r.to) });

  before(async () => {
    [admin, editor] = await signedInClients(server, 'ADMIN01', 'EDIT01');
  });

  it('is a company: 3 regions, 12 stores, ~150 staff around the demo logins, 90 days of their doings', async () => {
    assert.equal(await num('SELECT COUNT(*) FROM regions'), 3);
    assert.equal(await num('SELECT COUNT(*) FROM stores'), 12);
    const staff = await num("SELECT COUNT(*) FROM users WHERE role = 'staff' AND status = 'active'");
    assert.ok(staff >= 140 && staff <= 160, `staff ${staff}`);
    for (const code of ['ADMIN01', 'EDIT01', 'S1001', 'S1002', 'S2001', 'S2002'])
      assert.equal(await num(`SELECT COUNT(*) FROM users WHERE employee_code = '${code}'`), 1, code);
    const [[name, store]] = await rows("SELECT u.name, s.code FROM users u JOIN stores s ON s.id = u.store_id WHERE u.employee_code = 'S1001'");
    assert.deepEqual([name, store], ['สมชาย ใจดี', 'BKK01']);
    // Every store has its people and a manager; the history spans the 90 days.
    assert.equal(await num("SELECT COUNT(*) FROM stores s WHERE (SELECT COUNT(*) FROM users u WHERE u.store_id = s.id) < 9"), 0);
    assert.equal(await num("SELECT COUNT(DISTINCT store_id) FROM users WHERE position = 'Store manager'"), 12);
    const first = await num('SELECT MIN(at) FROM user_activity');
    assert.equal(dayOf(first), today - 89);
    // Every area was lived in.
    for (const [what, sql, min] of [
      ['lessons completed', "SELECT COUNT(*) FROM learning_progress WHERE completed_at IS NOT NULL", 300],
      ['courses completed', 'SELECT COUNT(*) FROM course_enrollments WHERE completed_at IS NOT NULL', 40],
      ['exam attempts', 'SELECT COUNT(*) FROM exam_attempts WHERE submitted_at IS NOT NULL', 60],
      ['check-ins', 'SELECT (SELECT COUNT(*) FROM event_registrations WHERE checked_in_at IS NOT NULL) + (SELECT COUNT(*) FROM social_registrations WHERE checked_in_at IS NOT NULL)', 20],
      ['poll votes', 'SELECT COUNT(*) FROM poll_ballots', 100],
      ['game plays', 'SELECT COUNT(*) FROM game_plays WHERE finished_at IS NOT NULL', 200],
      ['survey responses', 'SELECT COUNT(*) FROM survey_responses', 60],
      ['redemptions', 'SELECT COUNT(*) FROM redemptions', 40],
      ['stories', 'SELECT COUNT(*) FROM stories', 30],
      ['ratings', 'SELECT COUNT(*) FROM satisfaction_ratings', 50],
      ['badges', 'SELECT COUNT(*) FROM badge_awards', 30],
      ['sign-ins', 'SELECT COUNT(*) FROM sign_ins WHERE ok = 1', 140],
    ])
      assert.ok((await num(sql)) >= min, `${what}: ${await num(sql)} < ${min}`);
  });

  it('the dashboard counts what the rows say: today against yesterday, the queues, the people', async () => {
    const o = (await admin.get('/api/admin/overview')).json;
    const figure = (key) => o.figures.find((f) => f.key === key);
    for (const [status, n] of await rows('SELECT status, COUNT(*) FROM users GROUP BY status')) assert.equal(o.users[status], Number(n), status);
    assert.equal(o.users.total, await num('SELECT COUNT(*) FROM users'));
    assert.equal(o.stores, 12);
    assert.equal(o.regions, 3);
    // People seen on a Bangkok day: any telemetry of theirs that day.
    const seen = (day) =>
      num(`SELECT COUNT(DISTINCT user_id) FROM (${['user_activity', 'page_views', 'user_clicks', 'user_page_time', 'user_scroll_time', 'web_vitals', 'item_events']
        .map((t) => `SELECT user_id FROM ${t} WHERE user_id <> 'anonymous' AND at >= ${dayStart(day)} AND at < ${dayStart(day + 1)}`)
        .join(' UNION ALL ')}) x`);
    const completed = (day) => num(`SELECT COUNT(*) FROM course_enrollments WHERE completed_at >= ${dayStart(day)} AND completed_at < ${dayStart(day + 1)}`);
    const earned = (day) => num(`SELECT COALESCE(SUM(delta), 0) FROM points_ledger WHERE delta > 0 AND source <> 'refund' AND created_at >= ${dayStart(day)} AND created_at < ${dayStart(day + 1)}`);
    assert.deepEqual([figure('actives').value, figure('actives').previous], [await seen(today), await seen(today - 1)]);
    // The demo is alive: yesterday (a whole Bangkok day) saw more than 10 people. Today's figure may be small
    // just after Bangkok's midnight, so it is only bounded.
    assert.ok(figure('actives').previous > 10 && figure('actives').value <= o.users.total, JSON.stringify(figure('actives')));
    assert.deepEqual([figure('completions').value, figure('completions').previous], [await completed(today), await completed(today - 1)]);
    assert.deepEqual([figure('points').value, figure('points').previous], [await earned(today), await earned(today - 1)]);
    assert.equal(figure('redemptionsWaiting').value, await num("SELECT COUNT(*) FROM redemptions WHERE status = 'pending'"));
    assert.equal(figure('storiesWaiting').value, await num("SELECT COUNT(*) FROM stories WHERE status = 'pending' OR (status = 'published' AND reported > 0)"));
    assert.equal(o.activeSessions, await num(`SELECT COUNT(DISTINCT user_id) FROM sessions WHERE expires_at > ${Date.now()}`));
  });

  for (const [i, label] of ['the last 30 days', 'the 90 days'].entries()) {
    it(`actives over ${label}: daily, this week, this month, by store and region`, async () => {
      const r = ranges[i];
      const rep = await report('actives', query(r));
      const perDay = await rows(
        `SELECT (at + ${7 * HOUR}) / ${DAY} AS d, COUNT(DISTINCT user_id) FROM user_activity WHERE user_id <> 'anonymous' AND ${between('at', r)} GROUP BY (at + ${7 * HOUR}) / ${DAY}`,
      );
      const daily = new Map(perDay.map(([d, n]) => [Number(d), Number(n)]));
      const peopleDays = [...daily.values()].reduce((a, b) => a + b, 0);
      assert.equal(fig(rep, 'dailyAverage'), Math.round((peopleDays * 100) / (r.to - r.from + 1)) / 100);
      assert.equal(fig(rep, 'lastDay'), daily.get(r.to) ?? 0);
      const chart = rep.charts.find((c) => c.key === 'daily');
      assert.deepEqual(chart.series[0].values, chart.x.map((x) => daily.get(Math.round(Date.parse(x) / DAY)) ?? 0));
      // The ISO week and the month holding `to`: each person once.
      const monday = r.to - ((((r.to % 7) + 7 + 3) % 7));
      assert.equal(fig(rep, 'week'), await num(`SELECT COUNT(DISTINCT user_id) FROM user_activity WHERE at >= ${dayStart(monday)} AND at < ${dayStart(monday + 7)}`));
      const month = new Date(r.to * DAY);
      const monthStart = dayOf(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1) + 7 * HOUR);
      assert.equal(fig(rep, 'month'), await num(`SELECT COUNT(DISTINCT user_id) FROM user_activity WHERE at >= ${dayStart(monthStart)} AND at < ${dayStart(today + 1)}`));
      // People-days by store add up to the whole.
      const byStore = table(rep, 'byStore');
      const storeDays = await rows(
        `SELECT st.name, COUNT(*) FROM (SELECT DISTINCT user_id, (at + ${7 * HOUR}) / ${DAY} AS d FROM user_activity WHERE ${between('at', r)}) x JOIN users u ON u.id = x.user_id JOIN stores st ON st.id = u.store_id GROUP BY st.name`,
      );
      for (const [store, n] of storeDays) assert.equal(byStore.rows.find((row) => row[0] === store)?.[2], Number(n), store);
    });

    it(`learning over ${label}: completions, exams, pass rate, score, mandatory courses and who is late`, async () => {
      const r = ranges[i];
      const rep = await report('learning', query(r));
      const completions = await num(`SELECT COUNT(*) FROM course_enrollments WHERE ${between('completed_at', r)}`);
      assert.equal(fig(rep, 'completions'), completions);
      assert.ok(i === 0 || completions > 40, `completions ${completions}`);
      const [[finished, passed, sum]] = await rows(`SELECT COUNT(*), COALESCE(SUM(passed), 0), COALESCE(SUM(percent), 0) FROM exam_attempts WHERE ${between('submitted_at', r)}`);
      assert.equal(fig(rep, 'examAttempts'), Number(finished));
      assert.equal(fig(rep, 'passRate'), percent(Number(passed), Number(finished)));
      assert.equal(fig(rep, 'averageScore'), Number(finished) ? Math.round((10 * Number(sum)) / Number(finished)) / 10 : 0);
      // Now: the safety course for every active staff member, the service course for BKK01's.
      const staffSql = "FROM users u LEFT JOIN stores s ON s.id = u.store_id WHERE u.role = 'staff' AND u.status = 'active'";
      const everyone = await num(`SELECT COUNT(*) ${staffSql}`);
      const bkk01 = await num(`SELECT COUNT(*) ${staffSql} AND s.code = 'BKK01'`);
      const done = (title, where = '') =>
        num(`SELECT COUNT(*) ${staffSql}${where} AND EXISTS (SELECT 1 FROM course_enrollments e JOIN courses c ON c.id = e.course_id WHERE e.user_id = u.id AND c.title = '${title}' AND e.completed_at IS NOT NULL)`);
      const safetyDone = await done('ความปลอดภัยในร้านค้า'), serviceDone = await done('พื้นฐานการบริการลูกค้า', " AND s.code = 'BKK01'");
      assert.equal(fig(rep, 'assigned'), everyone + bkk01);
      assert.equal(fig(rep, 'completionRate'), percent(safetyDone + serviceDone, everyone + bkk01));
      assert.equal(fig(rep, 'overdue'), everyone - safetyDone, 'the safety course was due last week');
      assert.ok(safetyDone > everyone / 4 && safetyDone < everyone, `safety done ${safetyDone} of ${everyone}`);
      // The course table: completions in the period per course, as the enrolments say.
      const byCourse = table(rep, 'byCourse');
      for (const [title, n] of await rows(`SELECT c.title, COUNT(*) FROM course_enrollments e JOIN courses c ON c.id = e.course_id WHERE ${between('e.completed_at', r)} GROUP BY c.title`))
        assert.equal(byCourse.rows.find((row) => row[0] === title)?.[4], Number(n), title);
      const safetyRow = byCourse.rows.find((row) => row[0] === 'ความปลอดภัยในร้านค้า');
      assert.deepEqual(safetyRow.slice(1, 3), [everyone, safetyDone]);
    });

    it(`club over ${label}: points issued and redeemed, redemptions, coupons, gifts`, async () => {
      const r = ranges[i];
      const rep = await report('club', query(r));
      assert.equal(fig(rep, 'pointsIssued'), await num(`SELECT COALESCE(SUM(delta), 0) FROM points_ledger WHERE delta > 0 AND source <> 'refund' AND ${between('created_at', r)}`));
      const spent = await num(`SELECT COALESCE(-SUM(delta), 0) FROM points_ledger WHERE delta < 0 AND source = 'redemption' AND ${between('created_at', r)}`);
      const refunded = await num(`SELECT COALESCE(SUM(delta), 0) FROM points_ledger WHERE source = 'refund' AND ${between('created_at', r)}`);
      assert.equal(fig(rep, 'pointsRedeemed'), spent - refunded);
      assert.equal(fig(rep, 'redemptions'), await num(`SELECT COUNT(*) FROM redemptions WHERE ${between('created_at', r)}`));
      assert.equal(fig(rep, 'pendingNow'), await num("SELECT COUNT(*) FROM redemptions WHERE status = 'pending'"));
      assert.equal(fig(rep, 'couponClaims'), await num(`SELECT COUNT(*) FROM coupon_codes WHERE ${between('claimed_at', r)}`));
      assert.equal(fig(rep, 'giftPicks'), await num(`SELECT COUNT(*) FROM gift_picks WHERE ${between('created_at', r)}`));
      // Redemptions reaching each status in the period, from the timeline.
      const byStatus = table(rep, 'redemptionsByStatus');
      for (const [status, n] of await rows(`SELECT status, COUNT(*) FROM redemption_events WHERE ${between('created_at', r)} GROUP BY status`))
        assert.equal(byStatus.rows.find((row) => row[0] === status)?.[1], Number(n), status);
    });

    it(`engagement over ${label}: events, polls, campaigns, games, stories, pages and clicks`, async () => {
      const r = ranges[i];
      const rep = await report('engagement', query(r));
      const attended = await num(`SELECT (SELECT COUNT(*) FROM event_registrations WHERE ${between('checked_in_at', r)}) + (SELECT COUNT(*) FROM social_registrations WHERE ${between('checked_in_at', r)})`);
      assert.equal(fig(rep, 'eventsAttended'), attended);
      assert.equal(fig(rep, 'pollVotes'), await num(`SELECT COUNT(*) FROM poll_ballots WHERE ${between('created_at', r)}`));
      assert.equal(fig(rep, 'campaignEntries'), await num(`SELECT COUNT(*) FROM contest_entries WHERE ${between('created_at', r)}`));
      assert.equal(fig(rep, 'campaignWins'), await num(`SELECT COUNT(*) FROM contest_entries e JOIN contests c ON c.id = e.contest_id WHERE e.winner <> 0 AND ${between('c.announced_at', r)}`));
      assert.equal(fig(rep, 'gamePlays'), await num(`SELECT COUNT(*) FROM game_plays WHERE ${between('finished_at', r)}`));
      assert.equal(fig(rep, 'storiesSubmitted'), await num(`SELECT COUNT(*) FROM stories WHERE ${between('created_at', r)}`));
      assert.equal(fig(rep, 'storiesPublished'), await num(`SELECT COUNT(*) FROM stories WHERE ${between('published_at', r)}`));
      assert.equal(fig(rep, 'clicks'), await num(`SELECT COUNT(*) FROM user_clicks WHERE ${between('at', r)}`));
      const [[pages, time]] = await rows(`SELECT COUNT(*), COALESCE(SUM(duration_ms), 0) FROM user_page_time WHERE ${between('at', r)}`);
      assert.equal(fig(rep, 'averagePageTime'), Math.round(Number(time) / Number(pages)));
      const [[scrolls, scrollTime]] = await rows(`SELECT COUNT(*), COALESCE(SUM(duration_ms), 0) FROM user_scroll_time WHERE ${between('at', r)}`);
      assert.equal(fig(rep, 'averageFirstScroll'), Math.round(Number(scrollTime) / Number(scrolls)));
      if (i === 1) {
        assert.ok(attended >= 20 && fig(rep, 'pollVotes') >= 100 && fig(rep, 'gamePlays') >= 200, JSON.stringify(rep.figures));
        assert.ok(fig(rep, 'campaignWins') >= 1, 'last month\'s campaign was announced');
      }
    });

    it(`voice over ${label}: survey responses and NPS, satisfaction ratings`, async () => {
      const r = ranges[i];
      const rep = await report('voice', query(r));
      // Named responses carry their time; anonymous ones none (they are counted when the ballot box opens,
      // all within the last ten days of the history).
      const responses = await num(
        `SELECT COUNT(*) FROM survey_responses x JOIN surveys s ON s.id = x.survey_id WHERE (s.anonymous = 0 AND ${between('x.created_at', r)}) OR s.anonymous <> 0`,
      );
      assert.equal(fig(rep, 'responses'), responses);
      const nps = await rows(
        `SELECT a.value FROM survey_answers a JOIN survey_questions q ON q.id = a.question_id JOIN survey_responses x ON x.id = a.response_id JOIN surveys s ON s.id = x.survey_id WHERE q.kind = 'nps' AND ((s.anonymous = 0 AND ${between('x.created_at', r)}) OR s.anonymous <> 0)`,
      );
      const values = nps.map(([v]) => Number(v));
      const promoters = values.filter((v) => v >= 9).length, detractors = values.filter((v) => v <= 6).length;
      assert.equal(fig(rep, 'npsAnswers'), values.length);
      assert.equal(fig(rep, 'nps'), values.length ? Math.round((100 * (promoters - detractors)) / values.length) : 0);
      const [[ratings, stars]] = await rows(`SELECT COUNT(*), COALESCE(SUM(stars), 0) FROM satisfaction_ratings WHERE ${between('created_at', r)}`);
      assert.equal(fig(rep, 'ratings'), Number(ratings));
      assert.equal(fig(rep, 'averageRating'), Number(ratings) ? Math.round((100 * Number(stars)) / Number(ratings)) / 100 : 0);
    });
  }

  it('the area screens agree with the reports: each event\'s attendees, each poll\'s votes, each course\'s completions', async () => {
    const r = ranges[1];
    const engagement = await report('engagement', query(r));
    const events = table(engagement, 'events');
    assert.ok(events.rows.length >= 4, JSON.stringify(events.rows));
    for (const [i, link] of events.links.entries()) {
      const [, kind, id] = link.match(/^\/admin\/(events|socialclub)\/(.+)$/);
      const a = (await editor.get(`/api/admin/${kind}/${id}/attendees`)).json;
      assert.equal(a.counts.checkedIn, events.rows[i][1], `${a.title}: the attendee list and the report`);
    }
    const polls = table(engagement, 'polls');
    assert.ok(polls.rows.length >= 3);
    for (const [i, link] of polls.links.entries()) {
      const id = link.split('/').pop();
      const results = (await editor.get(`/api/admin/polls/${id}/results`)).json;
      assert.equal(results.total, polls.rows[i][1], 'the poll\'s results and the report');
      assert.equal(results.options.reduce((n, o) => n + o.votes, 0) >= results.total, true);
    }
    // A course's completions: the report's table against the course as its learners see it.
    const learning = await report('learning', query(r));
    const course = table(learning, 'byCourse').rows.find((row) => row[0] === 'ความปลอดภัยในร้านค้า');
    const [[courseId]] = await rows("SELECT id FROM courses WHERE title = 'ความปลอดภัยในร้านค้า'");
    assert.equal(course[4], await num(`SELECT COUNT(*) FROM course_enrollments WHERE course_id = '${courseId}' AND completed_at IS NOT NULL`));
    // The games' plays in the catalogue (plays_count counts starts; every demo play was finished).
    const games = table(engagement, 'games');
    for (const [i, link] of games.links.entries()) {
      const id = link.split('=').pop();
      assert.equal(await num(`SELECT plays_count FROM games WHERE id = '${id}'`), games.rows[i][1]);
    }
    // A contest's entries: its counter, the report's table and the rows.
    for (const [id, n, counted] of await rows('SELECT c.id, (SELECT COUNT(*) FROM contest_entries e WHERE e.contest_id = c.id), c.entries_count FROM contests c'))
      assert.equal(Number(n), Number(counted), id);
    // A survey's responses on its results screen and in the voice report.
    const voice = await report('voice', query(r));
    for (const [i, link] of table(voice, 'surveys').links.entries()) {
      const id = link.split('/').pop();
      const results = (await editor.get(`/api/admin/surveys/${id}/results`)).json;
      assert.equal(results.responses ?? results.total, table(voice, 'surveys').rows[i][2], link);
    }
  });

  it('pictures are the drawings made for the demo, with a video, a PDF lesson, an ebook and a gallery', async () => {
    const drawn = new Set(fs.readdirSync(path.join(repoRoot, 'server', 'demo-media')).map((f) => f.replace(/\.svg$/, '.webp')));
    const media = await rows('SELECT original_name, kind, mime FROM media');
    assert.ok(media.length >= 80, `media ${media.length}`);
    for (const [name, kind, mime] of media) assert.ok(drawn.has(name), `${name} (${kind}, ${mime}) is one of server/demo-media`);
    assert.equal(media.filter(([, kind]) => kind === 'video').length, 1);
    assert.equal(media.filter(([, kind]) => kind === 'pdf').length, 2);
    assert.ok(media.filter(([, , mime]) => mime === 'image/webp').length >= 80);
    // The video lesson knows its length; the ebook and the gallery are there for staff.
    assert.equal(await num("SELECT duration_ms FROM media WHERE kind = 'video'"), 8000);
    const [staff] = await signedInClients(server, 'S1001');
    const galleries = (await staff.get('/api/galleries')).json.items;
    assert.equal(galleries.length, 1);
    assert.equal(galleries[0].itemCount, 6);
    const [[ebook]] = await rows("SELECT id FROM ebooks WHERE status = 'published'");
    assert.equal((await staff.get(`/api/ebooks/${ebook}`)).status, 200);
    // Served as any upload is: the file, and resized WebP through /_image.
    const [[hash, ext]] = await rows("SELECT hash, ext FROM media WHERE original_name = 'reward-tumbler.webp'");
    const file = await staff.get(`/media/${hash}.${ext}`);
    assert.equal(file.status, 200);
    const img = await staff.get(`/_image?url=${encodeURIComponent(`/media/${hash}.${ext}`)}&w=256&q=75`);
    assert.equal(img.status, 200);
  });

  it('a second seed adds nothing', async () => {
    const tables = ['users', 'user_activity', 'points_ledger', 'report_counts', 'media', 'stories', 'poll_ballots', 'exam_attempts', 'game_plays', 'sign_ins', 'redemptions', 'survey_responses', 'event_registrations'];
    const count = async () => Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await num(`SELECT COUNT(*) FROM ${t}`)])));
    const before = await count();
    const sum = await num('SELECT SUM(n) FROM report_counts');
    await server.cli(['seed', '--demo']);
    assert.deepEqual(await count(), before);
    assert.equal(await num('SELECT SUM(n) FROM report_counts'), sum);
  });

  // Last: it deletes most of the history's raw telemetry.
  it('retention deletes only raw telemetry older than TELEMETRY_RETENTION_DAYS, and the reports answer the same; expired sessions and day-old idempotency keys go', async () => {
    const raw = ['user_clicks', 'user_page_time', 'user_scroll_time', 'user_activity', 'page_views', 'item_events', 'web_vitals'];
    const counts = (where) => Promise.all(raw.map((t) => num(`SELECT COUNT(*) FROM ${t} WHERE ${where}`)));
    const names = ['actives', 'learning', 'club', 'engagement', 'voice'];
    const reportRanges = [...ranges, { from: today - 89, to: today - 40 }]; // the last: only pruned days
    const answers = () => Promise.all(reportRanges.flatMap((r) => names.map((n) => report(n, query(r)))));
    const keep = 30 * DAY;
    const t0 = Date.now();
    const safe = t0 - keep + 10 * 60_000; // the prune's cutoff is before this: these rows stay
    const older = await counts(`at < ${t0 - keep}`);
    const newer = await counts(`at >= ${safe}`);
    const reportsBefore = await answers();
    const adminId = (await admin.session()).user.id;
    await dbQuery(server, [
      `INSERT INTO sessions (token_hash, user_id, expires_at, created_at, updated_at) VALUES ('expired-${t0}', '${adminId}', ${t0 - 1000}, ${t0 - DAY}, ${t0 - DAY})`,
      `INSERT INTO idempotency_keys (user_id, scope, idem_key, status, created_at) VALUES ('${adminId}', 'test', 'old-${t0}', 201, ${t0 - 2 * DAY}), ('${adminId}', 'test', 'new-${t0}', 201, ${t0 - HOUR})`,
    ].join(';\n'));
    const liveSessions = await num(`SELECT COUNT(*) FROM sessions WHERE expires_at > ${t0 + HOUR}`);
    assert.ok(older.reduce((a, b) => a + b) > 1000, `old raw rows ${older}`);
    for (const t of ['user_clicks', 'user_page_time', 'user_activity', 'page_views']) assert.ok(older[raw.indexOf(t)] > 0, t);
    const r = await new Promise((resolve) =>
      execFile(BIN, ['retention'], { cwd: server.tmp, env: { ...server.env, TELEMETRY_RETENTION_DAYS: '30' } }, (err, stdout, stderr) =>
        resolve({ code: err ? err.code : 0, stdout, stderr }),
      ),
    );
    assert.equal(r.code, 0, r.stderr);
    assert.ok(Date.now() - t0 < 10 * 60_000, 'the prune ran within ten minutes');
    const deleted = Number(/raw telemetry events older than 30 days deleted: (\d+)/.exec(r.stdout)?.[1]);
    assert.ok(deleted >= older.reduce((a, b) => a + b), r.stdout);
    assert.deepEqual(await counts(`at < ${t0 - keep}`), raw.map(() => 0));
    assert.deepEqual(await counts(`at >= ${safe}`), newer);
    assert.deepEqual(await answers(), reportsBefore);
    assert.ok(await num('SELECT COUNT(*) FROM report_counts') > 0);
    assert.equal(await num(`SELECT COUNT(*) FROM sessions WHERE expires_at < ${t0}`), 0);
    assert.equal(await num(`SELECT COUNT(*) FROM sessions WHERE expires_at > ${t0 + HOUR}`), liveSessions);
    assert.deepEqual(await rows(`SELECT idem_key FROM idempotency_keys WHERE scope = 'test'`), [[`new-${t0}`]]);
  });
});
