// The learning, club and voice reports (issue 17) on SQLite and PostgreSQL: real things done through the HTTP
// API by people of a store and region made for this file (courses completed, exams passed and failed, points
// earned and redeemed, redemptions moved, a coupon claimed, gifts picked and changed, surveys answered named and
// anonymously, satisfaction rated), then each figure, chart and table checked against numbers worked out by
// hand under the store / region / position filters; date ranges and `previous` with rollup rows of past days;
// the small-group rule of anonymous surveys; role rules; each table's CSV and XLSX export equal to the JSON;
// bad input.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { useServer, signedInClients, assertEnvelope } from './harness.mjs';
import { send, create, iso, HOUR, learnLesson } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';
import { addCounts } from './rollups.mjs';
import { readXlsx } from './xlsx.mjs';

const TAG = randomBytes(3).toString('hex');
const DAY = 86400000;
// Bangkok day numbers and texts, as the reports count days.
const dayOf = (ms) => Math.floor((ms + 7 * HOUR) / DAY);
const dayText = (day) => new Date(day * DAY).toISOString().slice(0, 10);
const today = () => dayOf(Date.now());

// A cell as the exports write it (reports.cpp cell_text).
const cellText = (v) =>
  v === null ? '' : typeof v === 'number' ? (Number.isInteger(v) ? String(v) : String(Number(v.toFixed(4)))) : typeof v === 'boolean' ? String(v) : v;

function parseCsv(text) {
  const rows = [];
  let row = [], cell = '', quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(cell), (cell = '');
    else if (ch === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    else if (ch === '\n') row.push(cell), rows.push(row), (row = []), (cell = '');
    else cell += ch;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
}

describe('reports: learning, club and voice', () => {
  const server = useServer();
  let admin, editor, staff;
  let region, store, store2;
  let learners, members; // crowd people: 5 in `store`, 3 in `store2`
  const POS = `RP-${TAG}`;
  const made = {};

  const report = async (name, query = {}) => {
    const r = await admin.get(`/api/admin/reports/${name}?${new URLSearchParams(query)}`);
    assert.equal(r.status, 200, r.text);
    return r.json;
  };
  const fig = (rep, key) => rep.figures.find((f) => f.key === key);
  const table = (rep, key) => rep.tables.find((t) => t.key === key);
  const q = (s) => `'${String(s).replaceAll("'", "''")}'`;

  before(async () => {
    [admin, editor, staff] = await signedInClients(server, 'ADMIN01', 'EDIT01', 'S1001');
    region = await create(admin, 'regions', { code: `RG${TAG}`, name: `ภาค ${TAG}` });
    store = await create(admin, 'stores', { code: `ST${TAG}`, name: `สาขา ${TAG}`, region: region.id });
    store2 = await create(admin, 'stores', { code: `SU${TAG}`, name: `สาขาสอง ${TAG}`, region: region.id });
    learners = await crowd(server, 5, { prefix: 'L', store: store.code });
    members = await crowd(server, 3, { prefix: 'M', points: 1000, store: store2.code });
    // One learner holds a position of this file's own (where the rollups count them from now on).
    await dbQuery(server, `UPDATE users SET position = ${q(POS)} WHERE id = ${q(learners[0].id)}`);
    await dbQuery(server, `UPDATE users SET name = ${q(`คนที่ ${TAG}`)} || employee_code WHERE id IN (${learners.map((l) => q(l.id)).join(', ')})`);

    // ---- learning: a mandatory course for the store, overdue; 2 of 5 complete it ----
    const lesson = await create(editor, 'contents', { kind: 'article', status: 'published', bodyHtml: '<p>x</p>', title: `บท ${TAG}`, points: 5 });
    const course = await create(editor, 'courses', { title: `หลักสูตร ${TAG}`, status: 'published', points: 10 });
    await create(editor, 'course-lessons', { course: course.id, kind: 'content', content: lesson.id });
    const due = Date.now() - 2 * HOUR;
    await create(editor, 'course-assignments', { course: course.id, audience: { stores: [store.id] }, dueAt: new Date(due).toISOString() });
    for (const l of learners.slice(0, 2)) {
      const r = await learnLesson(l.client, lesson);
      assert.equal(r.status, 200, r.text);
    }
    // ---- an exam: scores 100 (pass), 50, 0, 50; question 2 is the hard one, 'b' its favourite wrong answer ----
    const exam = await create(editor, 'examinations', { title: `สอบ ${TAG}`, status: 'published', passPercent: 60, points: 10, shuffleQuestions: false, shuffleChoices: false });
    const choices = (n) => ['a', 'b', 'c', 'd'].map((id) => ({ id, text: `ข้อ ${n}${id}` }));
    const q1 = await create(editor, 'exam-questions', { exam: exam.id, kind: 'single', prompt: `คำถามง่าย ${TAG}`, choices: choices(1), correct: ['a'], position: 0 });
    const q2 = await create(editor, 'exam-questions', { exam: exam.id, kind: 'single', prompt: `คำถามยาก ${TAG}`, choices: choices(2), correct: ['a'], position: 1 });
    const answers = [['a', 'a'], ['a', 'b'], ['c', 'c'], ['a', 'b']];
    for (const [i, [x, y]] of answers.entries()) {
      const a = await send(learners[i].client, 'POST', `/api/exams/${exam.id}/attempts`);
      assert.ok(a.status === 201 || a.status === 200, a.text);
      const r = await send(learners[i].client, 'POST', `/api/exam-attempts/${a.json.attempt.id}/submit`, { answers: { [q1.id]: [x], [q2.id]: [y] } });
      assert.equal(r.status, 200, r.text);
    }
    Object.assign(made, { lesson, course, due, exam, q1, q2 });

    // ---- club: points by hand, redemptions moved, a coupon, gift picks ----
    let r = await send(admin, 'POST', `/api/admin/users/${members[0].id}/points`, { delta: 7, reason: 'ทดสอบ' });
    assert.ok(r.status === 200 || r.status === 201, r.text);
    const r1 = await create(admin, 'rewards', { title: `รางวัลหนึ่ง ${TAG}`, cost: 100, stock: 10, pickup: true, delivery: false, status: 'published' });
    const r2 = await create(admin, 'rewards', { title: `รางวัลสอง ${TAG}`, cost: 50, stock: 10, pickup: true, delivery: false, status: 'published' });
    const redeem = async (m, reward) => {
      const x = await send(m.client, 'POST', `/api/club/rewards/${reward.id}/redeem`, { method: 'pickup' });
      assert.equal(x.status, 201, x.text);
      return x.json.redemption.id;
    };
    const d0 = await redeem(members[0], r1), d1 = await redeem(members[1], r1);
    await redeem(members[2], r2);
    assert.equal((await send(admin, 'POST', `/api/admin/redemptions/${d0}/approve`, {})).status, 200);
    assert.equal((await send(admin, 'POST', `/api/admin/redemptions/${d1}/reject`, { reason: 'หมด' })).status, 200);
    const batch = await create(admin, 'coupon-batches', { partner: 'ร้าน', title: `คูปอง ${TAG}`, status: 'published', limit: 1 });
    await send(admin, 'POST', `/api/admin/coupon-batches/${batch.id}/codes/generate`, { count: 5 });
    for (const m of members.slice(0, 2)) assert.equal((await send(m.client, 'POST', `/api/club/coupons/${batch.id}/claim`)).status, 201);
    const period = await create(admin, 'gift-periods', { name: `ปีใหม่ ${TAG}`, status: 'published', startAt: iso(-HOUR), endAt: iso(24 * HOUR) });
    const g1 = await create(admin, 'gift-options', { period: period.id, title: 'กระเช้า', stock: 5 });
    const g2 = await create(admin, 'gift-options', { period: period.id, title: 'หม้อทอด', stock: 5 });
    const pick = (m, g) => send(m.client, 'PUT', `/api/club/gifts/${period.id}/pick`, { optionId: g.id });
    for (const [m, g] of [[members[0], g1], [members[1], g1], [members[1], g2]]) assert.equal((await pick(m, g)).status, 200);
    Object.assign(made, { r1, r2, batch, period, g1, g2 });

    // ---- voice: a named survey (3 answers: 10, 8, 3) and an anonymous one (5 answers: 9, 9, 10, 6, 7) ----
    const survey = async (anonymous) => {
      const s = await create(editor, 'surveys', { title: `แบบสำรวจ ${anonymous ? 'นิรนาม' : 'ระบุชื่อ'} ${TAG}`, status: 'published', anonymous });
      const section = await create(editor, 'survey-sections', { survey: s.id, title: 'ส่วนที่ 1' });
      const question = await create(editor, 'survey-questions', { section: section.id, text: 'แนะนำไหม', kind: 'nps', required: true });
      return { s, question };
    };
    const named = await survey(false), anon = await survey(true);
    const answer = async (l, sv, v) => {
      const x = await send(l.client, 'POST', `/api/surveys/${sv.s.id}/responses`, { answers: { [sv.question.id]: v } });
      assert.equal(x.status, 201, x.text);
    };
    for (const [i, v] of [10, 8, 3].entries()) await answer(learners[i], named, v);
    for (const [i, v] of [9, 9, 10, 6, 7].entries()) await answer(learners[i], anon, v);
    // Satisfaction: 4 stars, and 2 changed to 5 (the rollup takes the 2 back out).
    const rate = (l, stars) => send(l.client, 'PUT', `/api/satisfaction/content/${lesson.id}`, { stars });
    for (const [l, stars] of [[learners[0], 4], [learners[1], 2], [learners[1], 5]]) assert.equal((await rate(l, stars)).status, 200);
    Object.assign(made, { named, anon });
  });

  describe('learning', () => {
    it('completion, assigned vs completed, overdue people, exams and the hardest question, for the store', async () => {
      const rep = await report('learning', { store: store.id });
      assert.equal(rep.report, 'learning');
      const v = Object.fromEntries(rep.figures.map((f) => [f.key, f.value]));
      assert.deepEqual(v, { completions: 2, assigned: 5, completionRate: 40, overdue: 3, examAttempts: 4, passRate: 25, averageScore: 50 });
      assert.equal(fig(rep, 'completions').previous, 0);
      assert.equal(fig(rep, 'assigned').previous, undefined);
      const daily = rep.charts.find((c) => c.key === 'daily');
      assert.equal(daily.x.length, 30);
      assert.equal(daily.x.at(-1), dayText(today()));
      assert.deepEqual(daily.series.map((s) => [s.key, s.values.at(-1)]), [['completions', 2], ['examAttempts', 4], ['examsPassed', 1]]);

      const byCourse = table(rep, 'byCourse');
      assert.deepEqual(byCourse.columns.map((c) => c.label), ['Course', 'Assigned', 'Completed', 'Completion rate', 'Completions in period']);
      assert.deepEqual(byCourse.rows, [[made.course.title, 5, 2, 40, 2]]);
      assert.deepEqual(byCourse.links, [`/admin/courses/${made.course.id}`]);
      assert.deepEqual(table(rep, 'byStore').rows, [[store.name, 5, 2, 40, 2]]);
      assert.deepEqual(table(rep, 'byStore').links, [`/admin/users?store=${store.id}`]);
      assert.deepEqual(table(rep, 'byRegion').rows, [[region.name, 5, 2, 40, 2]]);

      const overdue = table(rep, 'overdue');
      assert.deepEqual(overdue.columns.map((c) => c.label), ['Person', 'Store', 'Course', 'Due date']);
      const late = learners.slice(2);
      const names = new Map((await dbQuery(server, `SELECT id, name FROM users WHERE id IN (${late.map((l) => q(l.id)).join(', ')})`)).map(([id, n]) => [id, n]));
      assert.deepEqual(
        overdue.rows,
        late.map((l) => [names.get(l.id), store.name, made.course.title, dayText(dayOf(made.due))]).sort((a, b) => a[0].localeCompare(b[0])),
      );
      assert.deepEqual(overdue.links.sort(), late.map((l) => `/admin/users?view=${l.id}`).sort());

      assert.deepEqual(table(rep, 'exams').rows, [[made.exam.title, 4, 1, 25, 50]]);
      assert.deepEqual(table(rep, 'exams').links, [`/admin/examinations/${made.exam.id}`]);
      const hardest = table(rep, 'hardestQuestions');
      assert.deepEqual(hardest.rows, [
        [made.exam.title, made.q2.prompt, 4, 25, 'ข้อ 2b', 2],
        [made.exam.title, made.q1.prompt, 4, 75, 'ข้อ 1c', 1],
      ]);
    });

    it('region and position filters', async () => {
      const byRegion = await report('learning', { region: region.id });
      const byStore = await report('learning', { store: store.id });
      assert.deepEqual(byRegion.figures, byStore.figures);
      const other = await report('learning', { store: store2.id });
      assert.deepEqual(other.figures.map((f) => f.value), [0, 0, 0, 0, 0, 0, 0]);
      // Only learners[0]: completed, scored 100.
      const pos = await report('learning', { store: store.id, position: POS });
      assert.deepEqual(Object.fromEntries(pos.figures.map((f) => [f.key, f.value])), {
        completions: 1, assigned: 1, completionRate: 100, overdue: 0, examAttempts: 1, passRate: 100, averageScore: 100,
      });
      assert.deepEqual(pos.filters, { from: dayText(today() - 29), to: dayText(today()), store: store.id, region: null, position: POS });
      assert.deepEqual(table(pos, 'overdue').rows, []);
      // The hardest questions follow the range, store and region, not the position; company-wide without a place.
      const hardest = table(byStore, 'hardestQuestions').rows;
      assert.equal(hardest.length, 2);
      assert.deepEqual(table(pos, 'hardestQuestions').rows, hardest);
      assert.deepEqual(table(byRegion, 'hardestQuestions').rows, hardest);
      assert.deepEqual(table(await report('learning'), 'hardestQuestions').rows, hardest);
      assert.deepEqual(table(other, 'hardestQuestions').rows, []);
    });

    it('date ranges and the previous period from rollups of past days', async () => {
      const t = today();
      await addCounts(server, [
        { metric: 'course.completed', day: t - 40, store: store.id, position: 'Sales', key: made.course.id, n: 3 },
        { metric: 'exam.finished', day: t - 40, store: store.id, position: 'Sales', key: made.exam.id, n: 2, total: 150 },
        { metric: 'exam.passed', day: t - 40, store: store.id, position: 'Sales', key: made.exam.id, n: 1 },
      ]);
      let rep = await report('learning', { store: store.id });
      assert.deepEqual(rep.previous, { from: dayText(t - 59), to: dayText(t - 30) });
      assert.equal(fig(rep, 'completions').previous, 3);
      assert.equal(fig(rep, 'examAttempts').previous, 2);
      assert.equal(fig(rep, 'passRate').previous, 50);
      assert.equal(fig(rep, 'averageScore').previous, 75);
      rep = await report('learning', { store: store.id, from: dayText(t - 40), to: dayText(t - 40) });
      assert.deepEqual(rep.filters.from, dayText(t - 40));
      assert.equal(fig(rep, 'completions').value, 3);
      assert.equal(fig(rep, 'examAttempts').value, 2);
      assert.equal(fig(rep, 'averageScore').value, 75);
      assert.deepEqual(rep.charts[0].x, [dayText(t - 40)]);
      assert.deepEqual(table(rep, 'exams').rows, [[made.exam.title, 2, 1, 50, 75]]);
      // Assigned vs completed is "now": the same whatever the range.
      assert.equal(fig(rep, 'assigned').value, 5);
      rep = await report('learning', { store: store.id, from: dayText(t - 40), to: dayText(t) });
      assert.equal(fig(rep, 'completions').value, 5);
      assert.equal(rep.charts[0].x.length, 41);
      assert.deepEqual(table(rep, 'byCourse').rows, [[made.course.title, 5, 2, 40, 5]]);
    });
  });

  describe('club', () => {
    it('points by source and redeemed, redemptions by item and status, coupons, gifts, for the store', async () => {
      const rep = await report('club', { store: store2.id });
      const v = Object.fromEntries(rep.figures.map((f) => [f.key, f.value]));
      // Issued: the manual 7 (crowd points are written straight to the ledger, not through it). Redeemed:
      // 100 + 100 + 50 spent, 100 refunded (the rejected one).
      assert.deepEqual(v, { pointsIssued: 7, pointsRedeemed: 150, redemptions: 3, pendingNow: 1, couponClaims: 2, giftPicks: 2 });
      assert.equal(fig(rep, 'pendingNow').link, '/admin/redeem/redemptions?status=pending');
      assert.equal(fig(rep, 'pendingNow').previous, undefined);
      assert.equal(fig(rep, 'pointsIssued').previous, 0);
      assert.deepEqual(table(rep, 'pointsBySource').rows, [['manual', 1, 7]]);
      assert.deepEqual(
        table(rep, 'redemptionsByItem').rows,
        [[made.r1.title, 2, 200], [made.r2.title, 1, 50]],
      );
      const status = table(rep, 'redemptionsByStatus');
      assert.deepEqual(status.rows, [['pending', 3], ['approved', 1], ['rejected', 1]]);
      assert.deepEqual(status.links, ['pending', 'approved', 'rejected'].map((s) => `/admin/redeem/redemptions?status=${s}`));
      assert.deepEqual(table(rep, 'couponClaims').rows, [[made.batch.title, 2]]);
      assert.deepEqual(table(rep, 'couponClaims').links, [`/admin/coupons/${made.batch.id}`]);
      const gifts = table(rep, 'giftPicks');
      assert.deepEqual(gifts.rows.sort(), [[`กระเช้า (ปีใหม่ ${TAG})`, 1], [`หม้อทอด (ปีใหม่ ${TAG})`, 1]]);
      assert.deepEqual(gifts.links, [`/admin/gifts/${made.period.id}`, `/admin/gifts/${made.period.id}`]);
      const daily = rep.charts.find((c) => c.key === 'daily');
      assert.deepEqual(daily.series.map((s) => [s.key, s.values.at(-1)]), [['pointsIssued', 7], ['pointsRedeemed', 150]]);
      const pie = rep.charts.find((c) => c.key === 'pointsBySource');
      assert.deepEqual([pie.type, pie.x, pie.series[0].values], ['pie', ['manual'], [7]]);
    });

    it('learning points by their source in the region; previous from past rollups', async () => {
      // learners: 2 × lesson 5, 2 × course 10, 1 × exam 10.
      const inStore = await report('club', { store: store.id });
      assert.deepEqual(table(inStore, 'pointsBySource').rows, [['course', 2, 20], ['lesson', 2, 10], ['exam', 1, 10]]);
      const rep = await report('club', { region: region.id });
      assert.equal(fig(rep, 'pointsIssued').value, 47);
      assert.equal(fig(rep, 'redemptions').value, 3);
      const t = today();
      await addCounts(server, [{ metric: 'points.issued', day: t - 31, store: store2.id, key: 'game', n: 4, total: 40 }]);
      const again = await report('club', { region: region.id });
      assert.equal(fig(again, 'pointsIssued').previous, 40);
      const past = await report('club', { store: store2.id, from: dayText(t - 31), to: dayText(t - 31) });
      assert.deepEqual(table(past, 'pointsBySource').rows, [['game', 4, 40]]);
      assert.equal(fig(past, 'redemptions').value, 0);
      assert.equal(fig(past, 'pendingNow').value, 1, 'waiting now, whatever the range');
    });
  });

  describe('voice', () => {
    it('responses and NPS of named and anonymous surveys, satisfaction ratings, for the store', async () => {
      const rep = await report('voice', { store: store.id });
      const v = Object.fromEntries(rep.figures.map((f) => [f.key, f.value]));
      // 8 answers: promoters 10, 9, 9, 10 = 4, detractors 3, 6 = 2 → (4 - 2) / 8 = 25.
      assert.deepEqual(v, { responses: 8, nps: 25, npsAnswers: 8, ratings: 2, averageRating: 4.5 });
      assert.equal(fig(rep, 'nps').previous, 0);
      const surveys = table(rep, 'surveys');
      const rows = Object.fromEntries(surveys.rows.map((r, i) => [r[0], [r, surveys.links[i]]]));
      assert.deepEqual(rows[made.named.s.title], [[made.named.s.title, false, 3, 1, 1, 1, 0, false], `/admin/survey/${made.named.s.id}`]);
      assert.deepEqual(rows[made.anon.s.title], [[made.anon.s.title, true, 5, 3, 1, 1, 40, false], `/admin/survey/${made.anon.s.id}`]);
      assert.deepEqual(table(rep, 'satisfaction').rows, [['content', 2, 4.5]]);
      const daily = rep.charts.find((c) => c.key === 'surveys');
      assert.deepEqual(daily.series.map((s) => [s.key, s.values.at(-1)]), [['responses', 8], ['nps', 25]]);
      const sat = rep.charts.find((c) => c.key === 'satisfaction');
      assert.deepEqual(sat.series.map((s) => [s.key, s.values.at(-1)]), [['ratings', 2], ['averageRating', 4.5]]);
    });

    it('an anonymous survey narrowed below 5 responses shows no numbers and counts in nothing', async () => {
      const rep = await report('voice', { store: store.id, position: POS });
      // learners[0] alone: named 10 (a promoter); their anonymous 9 is hidden.
      assert.deepEqual(Object.fromEntries(rep.figures.map((f) => [f.key, f.value])), { responses: 1, nps: 100, npsAnswers: 1, ratings: 1, averageRating: 4 });
      const surveys = table(rep, 'surveys');
      const i = surveys.rows.findIndex((r) => r[0] === made.anon.s.title);
      assert.deepEqual(surveys.rows[i], [made.anon.s.title, true, null, null, null, null, null, true]);
      assert.equal(surveys.links[i], '');
      assert.deepEqual(rep.charts.find((c) => c.key === 'surveys').series.map((s) => s.values.at(-1)), [1, 100]);
      // The region holds the same 5: shown.
      const wide = await report('voice', { region: region.id });
      assert.equal(fig(wide, 'responses').value, 8);
      // Nothing in the other store.
      const none = await report('voice', { store: store2.id });
      assert.deepEqual(table(none, 'surveys').rows, []);
    });
  });

  it('exports every table as CSV and XLSX, exactly as the JSON shows it', async () => {
    const cases = [['learning', { store: store.id }], ['club', { store: store2.id }], ['voice', { store: store.id }], ['voice', { store: store.id, position: POS }]];
    for (const [name, query] of cases) {
      const rep = await report(name, query);
      for (const t of rep.tables) {
        const expected = [t.columns.map((c) => c.label), ...t.rows.map((r) => r.map(cellText))];
        const params = new URLSearchParams({ ...query, table: t.key });
        const csv = await admin.get(`/api/admin/reports/${name}/export?format=csv&${params}`);
        assert.equal(csv.status, 200, csv.text);
        assert.match(csv.headers.get('content-type'), /text\/csv/);
        assert.match(csv.headers.get('content-disposition'), new RegExp(`filename="${name}-${t.key}-${rep.filters.from}-${rep.filters.to}[-0-9]*\\.csv"`));
        assert.deepEqual(parseCsv(csv.text.replace(/^\uFEFF/, '')), expected, `${name}/${t.key} csv`);
        const xlsx = await fetch(`${server.origin}/api/admin/reports/${name}/export?format=xlsx&${params}`, { headers: { cookie: admin.jar.header() } });
        assert.equal(xlsx.status, 200);
        const sheet = readXlsx(Buffer.from(await xlsx.arrayBuffer()));
        assert.deepEqual(sheet.map((r) => r.concat(Array(expected[0].length - r.length).fill(''))), expected, `${name}/${t.key} xlsx`);
      }
    }
  });

  it('admins only; bad dates, ranges, tables and reports are refused', async () => {
    for (const name of ['learning', 'club', 'voice']) {
      assertEnvelope(await editor.get(`/api/admin/reports/${name}`), 403, 'FORBIDDEN');
      assertEnvelope(await staff.get(`/api/admin/reports/${name}`), 403, 'FORBIDDEN');
      assertEnvelope(await editor.get(`/api/admin/reports/${name}/export?format=csv`), 403, 'FORBIDDEN');
      let r = await admin.get(`/api/admin/reports/${name}?from=2026-02-30`);
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.equal(r.json.error.fieldCodes.from.code, 'REPORT_DATE');
      r = await admin.get(`/api/admin/reports/${name}?from=2026-05-02&to=2026-05-01`);
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.equal(r.json.error.fieldCodes.from.code, 'REPORT_RANGE');
      r = await admin.get(`/api/admin/reports/${name}/export?format=csv&table=nope`);
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.equal(r.json.error.fieldCodes.table.code, 'REPORT_TABLE');
    }
    assertEnvelope(await admin.get('/api/admin/reports/nope'), 404, 'NOT_FOUND');
  });
});
