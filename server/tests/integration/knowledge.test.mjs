// The Knowledge report and the dashboard's weakest topics (issue 32) on SQLite and PostgreSQL: two stores of
// our own (one in a region of our own), three people with known memory states and drill answers written into
// the database, every figure, chart and table checked against values computed here with FSRS-6's forgetting
// curve; the store, region and position filters; the previous period; admins only; CSV and XLSX exports.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, signedInClients, assertEnvelope } from './harness.mjs';
import { create, HOUR } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';
import { readXlsx } from './xlsx.mjs';

const DAY = 86_400_000;
const bangkokDay = (ms = Date.now()) => Math.floor((ms + 7 * HOUR) / DAY);
const dayText = (day) => new Date(day * DAY).toISOString().slice(0, 10);
const weekStart = (day) => day - ((day + 3) % 7); // day 4 (1970-01-05) was a Monday
const q = (s) => `'${String(s).replaceAll("'", "''")}'`;

// FSRS-6 with its default w20: R(t, S) = (1 + factor·t/S)^decay, decay = −w20, factor = 0.9^(1/decay) − 1.
const W20 = 0.1542;
const DECAY = -W20;
const FACTOR = 0.9 ** (1 / DECAY) - 1;
const recall = (days, stability) => (1 + (FACTOR * days) / stability) ** DECAY;
const pct = (x) => Math.round(1000 * x) / 10;
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('reports: knowledge', () => {
  const server = useServer();
  let admin, editor, staff, tag, region, storeA, storeB, cat1, cat2, course, A1, A2, B1;
  const qs = {};
  const now = Date.now();
  const today = bangkokDay(now);
  // [person, question, stability, days since the last review, due in days (negative = overdue)]
  let states;

  const report = (query = {}) => admin.get(`/api/admin/reports/knowledge?${new URLSearchParams(query)}`);
  const byKey = (xs) => Object.fromEntries(xs.map((x) => [x.key, x]));
  const rowsOf = (t) => t.rows.map((row) => Object.fromEntries(t.columns.map((c, i) => [c.key, row[i]])));

  before(async () => {
    [admin, editor, staff] = await signedInClients(server, 'ADMIN01', 'EDIT01', 'S1001');
    tag = Math.random().toString(36).slice(2, 7);
    region = await create(admin, 'regions', { code: `KR${tag}`.toUpperCase(), name: `ภาคความรู้ ${tag}` });
    const other = (await admin.get('/api/admin/reports/options')).json.regions.find((r) => r.id !== region.id);
    storeA = await create(admin, 'stores', { code: `KA${tag}`.toUpperCase(), name: `สาขาเอ ${tag}`, region: region.id });
    storeB = await create(admin, 'stores', { code: `KB${tag}`.toUpperCase(), name: `สาขาบี ${tag}`, region: other.id });
    [A1, A2] = await crowd(server, 2, { prefix: 'KA', store: storeA.code });
    [B1] = await crowd(server, 1, { prefix: 'KB', store: storeB.code });
    await dbQuery(server, `UPDATE users SET position = 'Cashier' WHERE id = ${q(A2.id)}`);

    cat1 = await create(editor, 'categories', { name: `ความปลอดภัย ${tag}` });
    cat2 = await create(editor, 'categories', { name: `สินค้า ${tag}` });
    const exam1 = await create(admin, 'examinations', { title: `ปลอดภัย ${tag}`, status: 'published', category: cat1.id });
    const exam2 = await create(admin, 'examinations', { title: `สินค้า ${tag}`, status: 'published', category: cat2.id });
    const question = (exam, n) =>
      create(admin, 'exam-questions', {
        exam: exam.id, kind: 'single', prompt: `คำถาม ${n} ${tag}`, position: n,
        choices: [{ id: 'a', text: 'ก' }, { id: 'b', text: 'ข' }], correct: ['a'], points: 1,
      });
    qs.q1 = await question(exam1, 1);
    qs.q2 = await question(exam1, 2);
    qs.q3 = await question(exam2, 3);
    // The refresher of cat1: a published course in the category.
    course = await create(admin, 'courses', { title: `ทบทวนความปลอดภัย ${tag}`, status: 'published', category: cat1.id });

    states = [
      [A1, 'q1', 10, 5, 5],
      [A1, 'q2', 2, 10, -8],
      [A2, 'q1', 30, 1, 20],
      [A2, 'q3', 5, 20, -15],
      [B1, 'q3', 1, 3, -2],
      [B1, 'q1', 100, 0, 90],
    ];
    await dbQuery(
      server,
      `INSERT INTO drill_states (user_id, question_id, stability, difficulty, reps, lapses, scheduled_days, last_review_at, due_at) VALUES ${states
        .map(([p, k, s, ago, due]) => `(${q(p.id)}, ${q(qs[k].id)}, ${s}, 5, 3, 1, 4, ${now - ago * DAY}, ${now + due * DAY})`)
        .join(', ')};`,
    );
    // [person, question, days ago, rating, counted]
    const answers = [
      [A1, 'q1', 1, 3, 1],
      [A1, 'q2', 1, 1, 1],
      [A2, 'q3', 1, 3, 1],
      [A2, 'q3', 8, 1, 1],
      [A2, 'q1', 8, 4, 1],
      [A2, 'q1', 1, 2, 0], // late: counts nothing
      [B1, 'q3', 1, 1, 1],
      [A1, 'q2', 40, 1, 1], // the previous period
    ];
    await dbQuery(
      server,
      `INSERT INTO drill_answers (user_id, day, question_id, shown_at, answered_at, choices_json, correct, rating, counted) VALUES ${answers
        .map(([p, k, ago, rating, counted]) => `(${q(p.id)}, ${q(dayText(today - ago))}, ${q(qs[k].id)}, ${now - ago * DAY}, ${now - ago * DAY + 5000}, '["a"]', ${rating > 1 ? 1 : 0}, ${rating}, ${counted})`)
        .join(', ')};`,
    );
  });

  // The expected retention of the states kept by `keep`, and its people and overdue people.
  const expected = (keep) => {
    const kept = states.filter(keep);
    return {
      retention: pct(mean(kept.map(([, , s, ago]) => recall(ago, s)))),
      people: new Set(kept.map(([p]) => p.id)).size,
      states: kept.length,
      overduePeople: new Set(kept.filter(([, , , , due]) => due < 0).map(([p]) => p.id)).size,
    };
  };
  const inA = ([p]) => p === A1 || p === A2;

  it('computes retention now, recall, forgetting and overdue people for one store', async () => {
    const r = await report({ store: storeA.id });
    assert.equal(r.status, 200, r.text);
    const f = byKey(r.json.figures);
    const e = expected(inA);
    assert.equal(f.retention.value, e.retention);
    assert.equal(f.retention.unit, 'percent');
    assert.equal(f.people.value, 2);
    assert.equal(f.overduePeople.value, 2);
    // Counted answers of store A in the 30 days: 5, of which 2 rated Again; before: 1, rated Again.
    assert.equal(f.recall.value, 60);
    assert.equal(f.recall.previous, 0);
    assert.equal(f.forgotten.value, 2);
    assert.equal(f.forgotten.previous, 1);

    const charts = byKey(r.json.charts);
    const weeks = [...new Set([today - 8, today - 1].map(weekStart))];
    assert.deepEqual(charts.trend.x, weeks.map(dayText));
    // Week of today−8: A2's q3 (Again) and q1 (Easy) = 50%; week of today−1: q1 Good, q2 Again, q3 Good = 66.7%.
    assert.deepEqual(charts.trend.series[0].values, weeks.length === 2 ? [50, 66.7] : [60]);

    const t = byKey(r.json.tables);
    const topics = rowsOf(t.byTopic);
    const c1 = expected((s) => inA(s) && s[1] !== 'q3'), c2 = expected((s) => inA(s) && s[1] === 'q3');
    const want = [
      { topic: cat1.name, ...c1 },
      { topic: cat2.name, ...c2 },
    ].sort((a, b) => a.retention - b.retention);
    assert.deepEqual(topics, want);
    // The topic with a course in its category links to it.
    assert.equal(t.byTopic.links[topics.findIndex((x) => x.topic === cat1.name)], `/admin/courses/${course.id}`);
    assert.deepEqual(rowsOf(t.byStore), [{ store: storeA.name, ...e }]);
    assert.deepEqual(rowsOf(t.byRegion), [{ region: region.name, ...e }]);
    const positions = rowsOf(t.byPosition).sort((a, b) => a.position.localeCompare(b.position));
    assert.deepEqual(positions, [
      { position: 'Cashier', ...expected(([p]) => p === A2) },
      { position: 'Sales', ...expected(([p]) => p === A1) },
    ]);

    const forgotten = rowsOf(t.forgotten).sort((a, b) => a.question.localeCompare(b.question));
    assert.deepEqual(forgotten, [
      { question: qs.q2.prompt, topic: cat1.name, forgotten: 1, answers: 1, forgottenShare: 100 },
      { question: qs.q3.prompt, topic: cat2.name, forgotten: 1, answers: 2, forgottenShare: 50 },
    ]);
    // Most overdue questions first, then the oldest due: A2 (due 15 days ago) before A1 (8 days ago).
    assert.deepEqual(rowsOf(t.overdue), [
      { person: `พนักงาน ${A2.code}`, store: storeA.name, overdueQuestions: 1, dueDate: dayText(bangkokDay(now - 15 * DAY)) },
      { person: `พนักงาน ${A1.code}`, store: storeA.name, overdueQuestions: 1, dueDate: dayText(bangkokDay(now - 8 * DAY)) },
    ]);
    assert.deepEqual(t.overdue.links, [`/admin/users?view=${A2.id}`, `/admin/users?view=${A1.id}`]);
  });

  it('filters by region and position, and the range moves recall', async () => {
    let r = await report({ region: region.id });
    assert.equal(byKey(r.json.figures).retention.value, expected(inA).retention);
    assert.deepEqual(rowsOf(byKey(r.json.tables).byStore).map((x) => x.store), [storeA.name]);

    r = await report({ region: region.id, position: 'Cashier' });
    const f = byKey(r.json.figures);
    assert.equal(f.retention.value, expected(([p]) => p === A2).retention);
    assert.equal(f.people.value, 1);
    // A2's counted answers: q3 Good, q3 Again, q1 Easy (the late q1 answer does not count).
    assert.equal(f.recall.value, 66.7);

    r = await report({ store: storeB.id });
    assert.equal(byKey(r.json.figures).retention.value, expected(([p]) => p === B1).retention);
    assert.equal(byKey(r.json.figures).recall.value, 0);
    // Nothing answered in the previous period: no comparison.
    assert.equal(byKey(r.json.figures).recall.previous, undefined);

    // Only the last week: store A's answers of today−1 (q1 Good, q2 Again, q3 Good).
    r = await report({ store: storeA.id, from: dayText(today - 6), to: dayText(today) });
    assert.equal(byKey(r.json.figures).recall.value, 66.7);
    assert.equal(byKey(r.json.figures).forgotten.value, 1);
  });

  it('names the weakest topics with their refresher and the stores below the desired retention', async () => {
    const r = await admin.get('/api/admin/knowledge/weakest');
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.desiredRetention, 90);
    const ours = r.json.topics.filter((t) => t.id === cat1.id || t.id === cat2.id);
    assert.ok(ours.length >= 1 && r.json.topics.length <= 3);
    const values = r.json.topics.map((t) => t.retention);
    assert.deepEqual(values, [...values].sort((a, b) => a - b));
    for (const t of ours) {
      const isCat1 = t.id === cat1.id;
      const topicStates = (s) => (isCat1 ? s[1] !== 'q3' : s[1] === 'q3');
      assert.equal(t.name, isCat1 ? cat1.name : cat2.name);
      assert.equal(t.retention, expected(topicStates).retention);
      assert.deepEqual(t.course, isCat1 ? { id: course.id, title: course.title } : null);
      const want = [
        [storeA, expected((s) => topicStates(s) && inA(s)).retention],
        [storeB, expected((s) => topicStates(s) && s[0] === B1).retention],
      ]
        .filter(([, v]) => v < 90)
        .sort((a, b) => a[1] - b[1])
        .map(([s, v]) => ({ id: s.id, name: s.name, retention: v }));
      assert.deepEqual(t.stores.filter((s) => s.id === storeA.id || s.id === storeB.id), want);
    }
  });

  it('is for admins only', async () => {
    for (const c of [editor, staff]) {
      assertEnvelope(await c.get('/api/admin/reports/knowledge'), 403, 'FORBIDDEN');
      assertEnvelope(await c.get('/api/admin/reports/knowledge/export?format=csv'), 403, 'FORBIDDEN');
      assertEnvelope(await c.get('/api/admin/knowledge/weakest'), 403, 'FORBIDDEN');
    }
  });

  it('exports a table as CSV and XLSX exactly as shown', async () => {
    const query = { store: storeA.id, from: dayText(today - 29), to: dayText(today) };
    const shown = byKey((await report(query)).json.tables).byTopic;
    const csv = await admin.get(`/api/admin/reports/knowledge/export?${new URLSearchParams({ ...query, format: 'csv', table: 'byTopic' })}`);
    assert.equal(csv.status, 200, csv.text);
    assert.match(csv.headers.get('content-disposition'), new RegExp(`filename="knowledge-byTopic-${query.from}-${query.to}\\.csv"`));
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    assert.equal(lines[0], 'Topic,Retention now (%),People,Questions learnt,People overdue');
    assert.deepEqual(lines.slice(1), shown.rows.map((row) => row.join(',')));
    const res = await fetch(`${server.origin}/api/admin/reports/knowledge/export?${new URLSearchParams({ ...query, format: 'xlsx', table: 'overdue' })}`, { headers: { cookie: admin.jar.header() } });
    assert.equal(res.status, 200);
    const overdue = byKey((await report(query)).json.tables).overdue;
    assert.deepEqual(readXlsx(Buffer.from(await res.arrayBuffer())), [overdue.columns.map((c) => c.label), ...overdue.rows.map((row) => row.map(String))]);
  });
});

// The summary the report reads (server/src/knowledge/summary.hpp): kept in the drill answer's transaction,
// additive under parallel answers, moved with a person who changes store, and equal to a rebuild from the
// memory states (`shopfloor knowledge rebuild`).
describe('knowledge summary', () => {
  const server = useServer();
  let admin, people, storeX, storeY, exam, topic;
  const db = (sql) => dbQuery(server, sql);
  const send = (c, method, p, json) => c.request(method, p, { json, headers: { 'x-csrf-token': c.csrfToken } });
  const ids = () => people.map((p) => q(p.id)).join(', ');
  // The summary as rows of text, recall sums rounded (a rebuild adds them in another order).
  const snapshot = async () => ({
    groups: (await db('SELECT topic_id, store_id, position, states, recall_sum, overdue_states, people, overdue_people FROM knowledge_groups WHERE states > 0 ORDER BY topic_id, store_id, position'))
      .map((r) => [...r.slice(0, 4), Number(r[4]).toFixed(9), ...r.slice(5)]),
    people: (await db('SELECT user_id, topic_id, store_id, position, states, recall_sum, overdue_states, min_due_at, day FROM knowledge_people ORDER BY user_id, topic_id'))
      .map((r) => [...r.slice(0, 5), Number(r[5]).toFixed(9), ...r.slice(6)]),
  });
  const group = async (topic, store) =>
    (await db(`SELECT states, people, overdue_people FROM knowledge_groups WHERE topic_id = ${q(topic)} AND store_id = ${q(store)} AND position = 'Sales'`))[0]?.map(Number) ?? [0, 0, 0];
  const statesOf = async (where) => Number((await db(`SELECT COUNT(*) FROM drill_states ds JOIN users u ON u.id = ds.user_id WHERE ${where}`))[0][0]);

  before(async () => {
    [admin] = await signedInClients(server, 'ADMIN01');
    const tag = Math.random().toString(36).slice(2, 7);
    const region = (await admin.get('/api/admin/reports/options')).json.regions[0];
    storeX = await create(admin, 'stores', { code: `SX${tag}`.toUpperCase(), name: `สาขาเอ็กซ์ ${tag}`, region: region.id });
    storeY = await create(admin, 'stores', { code: `SY${tag}`.toUpperCase(), name: `สาขาวาย ${tag}`, region: region.id });
    const cat = await create(admin, 'categories', { name: `สรุป ${tag}` });
    topic = cat.id;
    exam = await create(admin, 'examinations', { title: `สรุป ${tag}`, status: 'published', category: cat.id, passPercent: 0 });
    for (let n = 0; n < 6; n++)
      await create(admin, 'exam-questions', {
        exam: exam.id, kind: 'single', prompt: `ข้อ ${n} ${tag}`, position: n,
        choices: [{ id: 'a', text: 'ก' }, { id: 'b', text: 'ข' }], correct: ['a'], points: 1,
      });
    people = await crowd(server, 6, { prefix: 'KS', store: storeX.code });
    // Each meets the questions in the exam: their drills draw them.
    for (const { client } of people) {
      let r = await send(client, 'POST', `/api/exams/${exam.id}/attempts`);
      assert.ok(r.status === 201 || r.status === 200, r.text);
      r = await send(client, 'POST', `/api/exam-attempts/${r.json.attempt.id}/submit`, { answers: {} });
      assert.equal(r.status, 200, r.text);
    }
  });

  it('keeps every count when everyone answers at the same time', async () => {
    // Rounds of one answer per person, all at once: each answer changes the same groups (store X, Sales).
    for (let round = 0; ; round++) {
      const served = await Promise.all(people.map(({ client }) => client.get('/api/drill/today')));
      const open = served.map((r, i) => [people[i], r.json.question]).filter(([, question]) => question);
      if (!open.length) break;
      const answers = await Promise.all(
        open.map(([p, question], i) =>
          send(p.client, 'POST', '/api/drill/today/answers', { questionId: question.id, choices: [(i + round) % 3 ? 'a' : 'b'] })),
      );
      for (const r of answers) assert.equal(r.status, 200, r.text);
    }
    const states = await statesOf(`u.id IN (${ids()})`);
    assert.equal(states, 30); // 6 people x 5 new questions
    // In the answers' transactions, before any report refreshed anything: nobody is left stale.
    assert.deepEqual(await db(`SELECT user_id FROM knowledge_stale WHERE user_id IN (${ids()})`), []);
    assert.deepEqual(await group('*', storeX.id), [30, 6, 0]);
    assert.deepEqual(await group(topic, storeX.id), [30, 6, 0]);
  });

  it('equals a rebuild from the memory states after answers and direct changes', async () => {
    // Changes outside the drill (as an import or a fix by hand would): marked stale, refreshed by the report.
    await db(`UPDATE drill_states SET stability = stability * 3, due_at = due_at - ${40 * DAY} WHERE user_id = ${q(people[0].id)}`);
    await db(`DELETE FROM drill_states WHERE user_id = ${q(people[1].id)} AND question_id IN (SELECT question_id FROM drill_states WHERE user_id = ${q(people[1].id)} ORDER BY question_id LIMIT 2)`);
    const r = await admin.get(`/api/admin/reports/knowledge?store=${storeX.id}`);
    assert.equal(r.status, 200, r.text);
    assert.equal(byKeyOf(r.json.figures).people.value, 6);
    assert.equal(byKeyOf(r.json.figures).overduePeople.value, 1);
    const kept = await snapshot();
    assert.deepEqual(await group('*', storeX.id), [28, 6, 1]);
    await server.cli(['knowledge', 'rebuild']);
    assert.deepEqual(await snapshot(), kept);
  });

  it('moves a person who changes store, with their figures', async () => {
    const [mover] = people;
    const moved = await statesOf(`u.id = ${q(mover.id)}`);
    const before = byKeyOf((await admin.get(`/api/admin/reports/knowledge?store=${storeX.id}`)).json.figures);
    const user = await admin.get(`/api/admin/users/${mover.id}`);
    const r = await send(admin, 'PATCH', `/api/admin/users/${mover.id}`, { store: storeY.id, version: user.json.version });
    assert.equal(r.status, 200, r.text);
    const inY = await admin.get(`/api/admin/reports/knowledge?store=${storeY.id}`);
    const fy = byKeyOf(inY.json.figures);
    assert.equal(fy.people.value, 1);
    assert.equal(fy.overduePeople.value, 1);
    assert.deepEqual(rowsOfTable(byKeyOf(inY.json.tables).byStore).map((x) => [x.store, x.people, x.states]), [[storeY.name, 1, moved]]);
    const fx = byKeyOf((await admin.get(`/api/admin/reports/knowledge?store=${storeX.id}`)).json.figures);
    assert.equal(fx.people.value, before.people.value - 1);
    assert.equal(fx.overduePeople.value, 0);
    assert.deepEqual(await group('*', storeY.id), [moved, 1, 1]);
    assert.deepEqual(await group('*', storeX.id), [28 - moved, 5, 0]);
    const kept = await snapshot();
    await server.cli(['knowledge', 'rebuild']);
    assert.deepEqual(await snapshot(), kept);
  });

  it('brings shares of an earlier day to the new day a batch at a time, as the daily job does', async () => {
    const today = Number((await db(`SELECT MAX(day) FROM knowledge_people WHERE user_id IN (${ids()})`))[0][0]);
    const kept = await snapshot();
    // As if the shares were written yesterday: the new day's job computes each of them again.
    await db(`UPDATE knowledge_people SET day = day - 1 WHERE user_id IN (${ids()})`);
    const { stdout } = await server.cli(['knowledge', 'new-day', '--batch', '2']);
    const [, done, batches] = /: (\d+) people in (\d+) transactions/.exec(stdout) ?? [];
    assert.equal(Number(done), people.length, stdout); // only the people of an earlier day
    assert.equal(Number(batches), people.length / 2, stdout);
    assert.equal(Number((await db(`SELECT COUNT(*) FROM knowledge_people WHERE day < ${today}`))[0][0]), 0);
    assert.deepEqual(await snapshot(), kept);
  });
});

const byKeyOf = (xs) => Object.fromEntries(xs.map((x) => [x.key, x]));
const rowsOfTable = (t) => t.rows.map((row) => Object.fromEntries(t.columns.map((c, i) => [c.key, row[i]])));
