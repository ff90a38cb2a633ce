// Pulse surveys (issue 16) through real HTTP on SQLite and PostgreSQL: Asia/Bangkok periods, once per period
// (30 concurrent submits → one 201), asked again the next period, no question repeated within the cooldown,
// the survey engine's validation codes, audience / window / unpublished → 404, trends against figures worked
// out by hand, anonymous periods under 5 withheld, "you said, we did" updates, roles and CSRF.
//
// The server has no movable clock. A period is stored as a number with each claim, asked question and answer,
// so "a week later" is the data moved one period back (UPDATE … SET period = period - 1): the server then
// computes this period's questions from that history exactly as it would next week.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, signedInClients, assertEnvelope } from './harness.mjs';
import { send, create, iso, HOUR } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';

// The period keys the server should give, worked out here independently: Bangkok is UTC+7 all year.
const bangkok = (ms) => new Date(ms + 7 * HOUR);
function isoWeekKey(ms) {
  const d = bangkok(ms);
  const day = (d.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day + 3));
  const y = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday - Date.UTC(y, 0, 1)) / 86400000 / 7);
  return `${y}-W${String(week).padStart(2, '0')}`;
}
const monthKey = (ms) => bangkok(ms).toISOString().slice(0, 7);

describe('pulse surveys', () => {
  const server = useServer();
  let editor, admin, staff;

  before(async () => {
    [editor, admin, staff] = await signedInClients(server, 'EDIT01', 'ADMIN01', 'S2002');
  });

  // A published pulse with the given questions ({kind, text?, required?, options?}); returns {p, q}.
  const pulse = async (over = {}, questions = []) => {
    const p = await create(editor, 'pulses', { title: `พัลส์ ${Math.random().toString(36).slice(2, 6)}`, status: 'published', ...over });
    const q = [];
    for (const [i, x] of questions.entries()) q.push(await create(editor, 'pulse-questions', { pulse: p.id, text: `คำถาม ${i + 1}`, ...x }));
    return { p, q };
  };
  const submit = (c, id, answers) => send(c, 'POST', `/api/pulses/${id}/responses`, { answers });
  const mine = async (c, id) => (await c.get('/api/pulses')).json.items.find((x) => x.id === id);
  const codes = (r) => Object.fromEntries(Object.entries(r.json.error.fieldCodes).map(([k, v]) => [k, v.code]));
  const messageCode = (r) => r.json.error.messageCode?.code;
  // "One period later": everything stored for the pulse moves one period into the past.
  const nextPeriod = async (id) => {
    // Through negatives: PostgreSQL checks the keys row by row, so period p moved onto p - 1 before the
    // old p - 1 has moved on would collide (it did, depending on the rows' order).
    for (const t of ['pulse_claims', 'pulse_asks', 'pulse_answers']) {
      await dbQuery(server, `UPDATE ${t} SET period = -(period - 1) WHERE pulse_id = '${id}'`);
      await dbQuery(server, `UPDATE ${t} SET period = -period WHERE pulse_id = '${id}' AND period < 0`);
    }
    // Ballots not counted yet wait in a box named after their period ("pulse:<id>:<period>").
    for (const [ballot, box] of await dbQuery(server, `SELECT id, box FROM ballots WHERE box LIKE 'pulse:${id}:%'`)) {
      const period = Number(box.split(':')[2]);
      await dbQuery(server, `UPDATE ballots SET box = 'pulse:${id}:${period - 1}' WHERE id = '${ballot}'`);
    }
  };
  const waitingBallots = async (id) => Number((await dbQuery(server, `SELECT COUNT(*) FROM ballots WHERE box LIKE 'pulse:${id}:%'`))[0][0]);

  it('asks once per Bangkok week or month, and again the next period', async () => {
    const { p, q } = await pulse({ recurrence: 'weekly' }, [{ kind: 'rating', required: true }, { kind: 'nps' }]);
    const [x] = await crowd(server, 1, { prefix: 'PW' });
    let seen = await mine(x.client, p.id);
    assert.equal(seen.period, isoWeekKey(Date.now()));
    assert.equal(seen.recurrence, 'weekly');
    assert.equal(seen.answered, false);
    assert.deepEqual(seen.questions.map((y) => [y.id, y.kind, y.required]), [[q[0].id, 'rating', true], [q[1].id, 'nps', false]]);
    // The period ends next Monday 00:00 Bangkok = Sunday 17:00 UTC.
    const ends = new Date(seen.periodEndsAt);
    assert.deepEqual([ends.getUTCDay(), ends.getUTCHours(), ends.getUTCMinutes()], [0, 17, 0]);
    assert.ok(ends - Date.now() > 0 && ends - Date.now() <= 7 * 24 * HOUR);
    let r = await submit(x.client, p.id, { [q[0].id]: 4 });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(r.json, { submitted: true, period: isoWeekKey(Date.now()) });
    seen = await mine(x.client, p.id);
    assert.deepEqual([seen.answered, seen.questions], [true, []]);
    r = await submit(x.client, p.id, { [q[0].id]: 5 });
    assertEnvelope(r, 409, 'CONFLICT');
    assert.equal(messageCode(r), 'PULSE_ALREADY_ANSWERED');
    await nextPeriod(p.id);
    seen = await mine(x.client, p.id);
    assert.equal(seen.answered, false, 'a new week asks again');
    assert.equal(seen.questions.length, 2);
    assert.equal((await submit(x.client, p.id, { [q[0].id]: 3, [q[1].id]: 8 })).status, 201);
    const claims = await dbQuery(server, `SELECT COUNT(*), COUNT(DISTINCT period) FROM pulse_claims WHERE pulse_id = '${p.id}'`);
    assert.deepEqual(claims[0].map(Number), [2, 2]);
    assert.equal((await editor.get(`/api/admin/pulses/${p.id}`)).json.responsesCount, 2);

    const monthly = await pulse({ recurrence: 'monthly' }, [{ kind: 'rating', required: true }]);
    seen = await mine(x.client, monthly.p.id);
    assert.equal(seen.period, monthKey(Date.now()));
    const monthEnds = new Date(seen.periodEndsAt);
    assert.deepEqual([monthEnds.getUTCHours(), bangkok(monthEnds.getTime()).getUTCDate()], [17, 1], 'the 1st, 00:00 Bangkok');
  });

  it('does not ask a question again within the cooldown', async () => {
    // Three questions, one a week, cooldown 2: Q1, Q2, Q3, then Q1 again (its last ask 3 weeks ago).
    const { p, q } = await pulse({ questionsPerPeriod: 1, cooldown: 2 }, [{ kind: 'rating' }, { kind: 'nps' }, { kind: 'single', options: ['ใช่', 'ไม่'] }]);
    const [x, y] = await crowd(server, 2, { prefix: 'PC' });
    const asked = [];
    for (let week = 0; week < 5; week++) {
      const seen = await mine(x.client, p.id);
      assert.equal(seen.questions.length, 1);
      asked.push(q.findIndex((z) => z.id === seen.questions[0].id));
      // An answer to a question not asked this week is refused with the engine's code.
      const other = q.find((z) => z.id !== seen.questions[0].id);
      const refused = await submit(x.client, p.id, { [other.id]: 1 });
      assertEnvelope(refused, 422, 'VALIDATION_FAILED');
      assert.equal(codes(refused)[other.id], 'ANSWER_UNKNOWN');
      assert.equal((await submit(x.client, p.id, { [seen.questions[0].id]: 1 })).status, 201);
      await nextPeriod(p.id);
    }
    assert.deepEqual(asked, [0, 1, 2, 0, 1]);
    // Another person has their own history: y never answered, so Q1 first.
    assert.deepEqual((await mine(y.client, p.id)).questions.map((z) => z.id), [q[0].id]);
    // Skipping a week does not reset it: y answers Q1, two weeks pass without answering, Q1 comes back only
    // after the cooldown.
    assert.equal((await submit(y.client, p.id, { [q[0].id]: 2 })).status, 201);
    await nextPeriod(p.id);
    await nextPeriod(p.id);
    assert.deepEqual((await mine(y.client, p.id)).questions.map((z) => z.id), [q[1].id], 'Q1 was asked 2 weeks ago');
    await nextPeriod(p.id);
    assert.deepEqual((await mine(y.client, p.id)).questions.map((z) => z.id), [q[0].id], '3 weeks later it may come back');
    const asks = await dbQuery(server, `SELECT COUNT(*) FROM pulse_asks WHERE pulse_id = '${p.id}'`);
    assert.equal(Number(asks[0][0]), 6);

    // Every question cooling down: nothing is waiting and a submit is a conflict.
    const all = await pulse({ questionsPerPeriod: 2, cooldown: 1 }, [{ kind: 'rating' }, { kind: 'nps' }]);
    assert.equal((await submit(x.client, all.p.id, { [all.q[0].id]: 5, [all.q[1].id]: 9 })).status, 201);
    await nextPeriod(all.p.id);
    const seen = await mine(x.client, all.p.id);
    assert.deepEqual([seen.answered, seen.questions], [false, []]);
    const r = await submit(x.client, all.p.id, {});
    assertEnvelope(r, 409, 'CONFLICT');
    assert.equal(messageCode(r), 'PULSE_NOTHING_TO_ASK');
  });

  it('one submission per period under 30 concurrent submits; 20 people at once all count', async () => {
    const { p, q } = await pulse({}, [{ kind: 'nps', required: true }]);
    const [x] = await crowd(server, 1, { prefix: 'PR' });
    const runs = await Promise.all(Array.from({ length: 30 }, (_, i) => submit(x.client, p.id, { [q[0].id]: i % 11 })));
    assert.equal(runs.filter((r) => r.status === 201).length, 1, runs.map((r) => r.status).join(','));
    for (const r of runs.filter((z) => z.status !== 201)) {
      assertEnvelope(r, 409, 'CONFLICT');
      assert.equal(messageCode(r), 'PULSE_ALREADY_ANSWERED');
    }
    const many = await crowd(server, 20, { prefix: 'PM' });
    const all = await Promise.all(many.map((m, i) => submit(m.client, p.id, { [q[0].id]: i % 11 })));
    assert.deepEqual(all.map((r) => r.status), Array(20).fill(201));
    const [[claims, asks, answers]] = await dbQuery(server,
      `SELECT (SELECT COUNT(*) FROM pulse_claims WHERE pulse_id = '${p.id}'), (SELECT COUNT(*) FROM pulse_asks WHERE pulse_id = '${p.id}'), (SELECT COUNT(*) FROM pulse_answers WHERE pulse_id = '${p.id}')`);
    // Answers are counted five ballots at a time at least; the rest wait in the box, none lost.
    const waiting = await waitingBallots(p.id);
    assert.ok(waiting < 5, `${waiting} ballots left waiting`);
    assert.deepEqual([claims, asks, Number(answers) + waiting].map(Number), [21, 21, 21]);
    assert.equal((await editor.get(`/api/admin/pulses/${p.id}`)).json.responsesCount, 21);
  });

  it('checks answers with the survey engine and stores nothing when refused', async () => {
    const { p, q } = await pulse({}, [{ kind: 'rating', required: true }, { kind: 'nps', required: true }, { kind: 'single', options: ['ก', 'ข', 'ค'] }]);
    const texts = await pulse({}, [{ kind: 'short_text' }, { kind: 'long_text' }]);
    const [x] = await crowd(server, 1, { prefix: 'PV' });
    let r = await submit(x.client, p.id, {});
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.deepEqual(codes(r), { [q[0].id]: 'ANSWER_REQUIRED', [q[1].id]: 'ANSWER_REQUIRED' });
    r = await submit(x.client, p.id, { [q[0].id]: 6, [q[1].id]: '9', [q[2].id]: 3, 'f0000000-0000-4000-8000-000000000000': 1 });
    assert.deepEqual(codes(r), { [q[0].id]: 'ANSWER_RANGE', [q[1].id]: 'ANSWER_TYPE', [q[2].id]: 'ANSWER_RANGE', 'f0000000-0000-4000-8000-000000000000': 'ANSWER_UNKNOWN' });
    assert.deepEqual(r.json.error.fieldCodes[q[0].id].params, { min: 1, max: 5 });
    assert.deepEqual(r.json.error.fieldCodes[q[2].id].params, { min: 0, max: 2 });
    r = await submit(x.client, p.id, { [q[0].id]: 0, [q[1].id]: 11, [q[2].id]: [1] });
    assert.deepEqual(codes(r), { [q[0].id]: 'ANSWER_RANGE', [q[1].id]: 'ANSWER_RANGE', [q[2].id]: 'ANSWER_TYPE' });
    r = await submit(x.client, texts.p.id, { [texts.q[0].id]: 'x'.repeat(201), [texts.q[1].id]: 5 });
    assert.deepEqual(codes(r), { [texts.q[0].id]: 'MAX_LENGTH', [texts.q[1].id]: 'ANSWER_TYPE' });
    r = await submit(x.client, texts.p.id, { [texts.q[0].id]: 'two\nlines' });
    assert.deepEqual(codes(r), { [texts.q[0].id]: 'MUST_BE_PLAIN_TEXT' });
    assertEnvelope(await send(x.client, 'POST', `/api/pulses/${p.id}/responses`, { answers: [1] }), 400, 'BAD_REQUEST');
    assertEnvelope(await x.client.request('POST', `/api/pulses/${p.id}/responses`, { json: { answers: {} } }), 403, 'CSRF_FAILED');
    const [[stored]] = await dbQuery(server, `SELECT (SELECT COUNT(*) FROM pulse_claims WHERE pulse_id = '${p.id}') + (SELECT COUNT(*) FROM pulse_answers WHERE pulse_id = '${p.id}')`);
    assert.equal(Number(stored), 0, 'nothing stored by refused submissions');
    assert.equal((await mine(x.client, p.id)).answered, false);
    r = await submit(x.client, p.id, { [q[0].id]: 5, [q[1].id]: 10, [q[2].id]: 1 });
    assert.equal(r.status, 201, r.text);
    r = await submit(x.client, texts.p.id, { [texts.q[0].id]: '  ทีมดี  ', [texts.q[1].id]: '' });
    assert.equal(r.status, 201, r.text);
    // One ballot each: counted once their week is over (results read then count a past week's last ones).
    assert.equal((await dbQuery(server, `SELECT COUNT(*) FROM pulse_answers WHERE pulse_id IN ('${p.id}', '${texts.p.id}')`))[0][0] * 1, 0);
    for (const id of [p.id, texts.p.id]) {
      await nextPeriod(id);
      assert.equal((await editor.get(`/api/admin/pulses/${id}/results`)).status, 200);
      assert.equal(await waitingBallots(id), 0);
    }
    const rows = await dbQuery(server, `SELECT question_id, value, text FROM pulse_answers WHERE pulse_id IN ('${p.id}', '${texts.p.id}')`);
    const all = [...q, ...texts.q];
    assert.deepEqual(rows.map(([qid, v, t]) => [all.findIndex((z) => z.id === qid), Number(v), t]).sort(), [[0, 5, ''], [1, 10, ''], [2, 1, ''], [3, 0, 'ทีมดี']]);
    for (const row of rows) assert.ok(!row.includes(x.id), 'no user on an answer');
    const said = (await editor.get(`/api/admin/pulses/${texts.p.id}/results`)).json.questions;
    // Last week's (the text pulse was moved one week on above); this week has none yet.
    assert.deepEqual(said.map((z) => [z.trend.at(-2).answered, z.trend.at(-2).texts]), [[1, ['ทีมดี']], [0, []]]);
    // The builder: single choice needs 2-20 options; others none; kinds outside the pulse's list refused;
    // options are fixed once answered.
    r = await send(editor, 'POST', '/api/admin/pulse-questions', { pulse: p.id, text: 'x', kind: 'single', options: ['only'] });
    assert.equal(r.json.error.fieldCodes.options.code, 'SURVEY_OPTIONS');
    r = await send(editor, 'POST', '/api/admin/pulse-questions', { pulse: p.id, text: 'x', kind: 'multiple', options: ['a', 'b'] });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.ok(r.json.error.fieldCodes.kind);
    const cur = (await editor.get(`/api/admin/pulse-questions/${q[2].id}`)).json;
    r = await send(editor, 'PATCH', `/api/admin/pulse-questions/${q[2].id}`, { options: ['ค', 'ข', 'ก'], version: cur.version });
    assertEnvelope(r, 409, 'CONFLICT');
    assert.equal(messageCode(r), 'PULSE_HAS_RESPONSES');
    r = await send(editor, 'PATCH', `/api/admin/pulse-questions/${q[2].id}`, { text: 'ถามใหม่', version: cur.version });
    assert.equal(r.status, 200, r.text);
    r = await send(editor, 'POST', '/api/admin/pulses', { title: 'x', questionsPerPeriod: 4, cooldown: -1 });
    assert.deepEqual(Object.keys(codes(r)).sort(), ['cooldown', 'questionsPerPeriod']);
  });

  it('outside the audience, unpublished or outside the window → 404', async () => {
    const one = [{ kind: 'rating', required: true }];
    const draft = await pulse({ status: 'draft' }, one);
    const later = await pulse({ startAt: iso(HOUR) }, one);
    const ended = await pulse({ startAt: iso(-2 * HOUR), endAt: iso(-HOUR) }, one);
    const elsewhere = await pulse({ audience: { stores: ['BKK01'] } }, one); // S2002 is in CNX01
    for (const { p, q } of [draft, later, ended, elsewhere]) assertEnvelope(await submit(staff, p.id, { [q[0].id]: 3 }), 404, 'NOT_FOUND');
    const open = await pulse({}, one);
    const list = (await staff.get('/api/pulses')).json.items.map((x) => x.id);
    assert.ok(list.includes(open.p.id));
    assert.ok(![draft, later, ended, elsewhere].some((x) => list.includes(x.p.id)));
    assertEnvelope(await submit(staff, 'not-an-id!', {}), 404, 'NOT_FOUND');
    assertEnvelope(await submit(staff, '0190aaaa-0000-7000-8000-000000000000', {}), 404, 'NOT_FOUND');
  });

  it('trends per question across periods match figures worked out by hand', async () => {
    const { p, q } = await pulse({}, [{ kind: 'rating', required: true }, { kind: 'nps', required: true }, { kind: 'single', options: ['ใช่', 'ไม่'] }]);
    const people = await crowd(server, 4, { prefix: 'PT' });
    // Two weeks ago: ratings 5 4 3 1 (avg 3.25, CSAT 50), NPS 10 9 7 0 (2 promoters, 1 detractor → 25).
    // Last week: ratings 4 4 (avg 4, CSAT 100), NPS 6 6 (−100), the single choice 0 0.  This week: nothing.
    const weeks = [
      [[5, 10, 1], [4, 9, null], [3, 7, 0], [1, 0, 1]],
      [[4, 6, 0], [4, 6, 0]],
    ];
    for (const week of weeks) {
      for (const [i, [rating, nps, single]] of week.entries()) {
        const r = await submit(people[i].client, p.id, { [q[0].id]: rating, [q[1].id]: nps, [q[2].id]: single });
        assert.equal(r.status, 201, r.text);
      }
      await nextPeriod(p.id);
    }
    const now = Date.now();
    const keys = [isoWeekKey(now - 14 * 24 * HOUR), isoWeekKey(now - 7 * 24 * HOUR), isoWeekKey(now)];
    const res = (await editor.get(`/api/admin/pulses/${p.id}/results`)).json;
    assert.deepEqual(res.pulse, { id: p.id, title: p.title, recurrence: 'weekly', anonymous: false, cooldown: 0, questionsPerPeriod: 3 });
    assert.deepEqual(res.periods, [{ key: keys[0], respondents: 4 }, { key: keys[1], respondents: 2 }, { key: keys[2], respondents: 0 }]);
    const [rating, nps, single] = res.questions;
    assert.deepEqual(res.questions.map((x) => [x.id, x.kind]), [[q[0].id, 'rating'], [q[1].id, 'nps'], [q[2].id, 'single']]);
    assert.deepEqual(rating.trend.map((t) => [t.period, t.withheld, t.answered, t.average, t.csat]), [[keys[0], false, 4, 3.25, 50], [keys[1], false, 2, 4, 100], [keys[2], false, 0, null, null]]);
    assert.deepEqual(rating.trend[0].counts, [1, 0, 1, 1, 1]);
    assert.deepEqual(nps.trend.map((t) => [t.answered, t.promoters, t.passives, t.detractors, t.nps, t.average]), [[4, 2, 1, 1, 25, 6.5], [2, 0, 0, 2, -100, 6], [0, 0, 0, 0, null, null]]);
    assert.deepEqual(single.trend.map((t) => [t.answered, t.counts]), [[3, [1, 2]], [2, [2, 0]], [0, [0, 0]]]);
    assert.deepEqual(single.options, ['ใช่', 'ไม่']);
    assertEnvelope(await staff.get(`/api/admin/pulses/${p.id}/results`), 403, 'FORBIDDEN');
    assertEnvelope(await editor.get('/api/admin/pulses/0190aaaa-0000-7000-8000-000000000000/results'), 404, 'NOT_FOUND');
  });

  it('anonymous pulses withhold a period under 5 answers', async () => {
    const { p, q } = await pulse({ anonymous: true }, [{ kind: 'rating', required: true }, { kind: 'short_text' }]);
    const people = await crowd(server, 5, { prefix: 'PA' });
    for (const [i, x] of people.entries()) assert.equal((await submit(x.client, p.id, { [q[0].id]: 5 - (i % 2), [q[1].id]: i < 4 ? `t${i}` : '' })).status, 201);
    await nextPeriod(p.id);
    for (const x of people.slice(0, 4)) assert.equal((await submit(x.client, p.id, { [q[0].id]: 1 })).status, 201);
    const res = (await editor.get(`/api/admin/pulses/${p.id}/results`)).json;
    const [rating, text] = res.questions;
    assert.equal(res.pulse.anonymous, true);
    assert.deepEqual(res.periods.map((x) => x.respondents), [5, 4]);
    assert.deepEqual([rating.trend[0].withheld, rating.trend[0].answered, rating.trend[0].counts, rating.trend[0].csat], [false, 5, [0, 0, 0, 2, 3], 100]);
    assert.deepEqual(rating.trend[1], { withheld: true, period: isoWeekKey(Date.now()) }, 'four answers: no figures');
    assert.deepEqual(text.trend.map((t) => t.withheld), [true, true], 'four texts is under 5 too');
    assert.equal(text.trend[0].texts, undefined);
    // This week's four answers wait in the ballot box; the results say so.
    assert.equal(res.waiting, 4);
    // PostgreSQL stamps rows with their transaction's id (xmin): no claim shares it with an answer.
    if (!server.databaseUrl.startsWith('sqlite')) {
      const [[links]] = await dbQuery(server, `SELECT COUNT(*) FROM pulse_claims c JOIN pulse_answers a ON a.xmin = c.xmin WHERE c.pulse_id = '${p.id}' AND a.pulse_id = '${p.id}'`);
      assert.equal(Number(links), 0);
    }
    // Anonymity is fixed at creation.
    const cur = (await editor.get(`/api/admin/pulses/${p.id}`)).json;
    assert.notEqual((await send(editor, 'PATCH', `/api/admin/pulses/${p.id}`, { anonymous: false, version: cur.version })).status, 200);
  });

  it('"you said, we did": admins publish an update of a question, staff see the latest', async () => {
    const { p, q } = await pulse({ recurrence: 'weekly' }, [{ kind: 'rating', required: true }]);
    const other = await pulse({}, [{ kind: 'nps' }]);
    const hidden = await pulse({ audience: { stores: ['BKK01'] } }, [{ kind: 'nps' }]);
    const body = { pulse: p.id, question: q[0].id, period: isoWeekKey(Date.now() - 7 * 24 * HOUR), text: 'เราเพิ่มพนักงานช่วงเย็นแล้ว', status: 'published' };
    assertEnvelope(await send(editor, 'POST', '/api/admin/pulse-updates', body), 403, 'FORBIDDEN');
    assertEnvelope(await send(staff, 'POST', '/api/admin/pulse-updates', body), 403, 'FORBIDDEN');
    assertEnvelope(await admin.request('POST', '/api/admin/pulse-updates', { json: body }), 403, 'CSRF_FAILED');
    let r = await send(admin, 'POST', '/api/admin/pulse-updates', { ...body, question: other.q[0].id, period: '2026-11' });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.deepEqual(codes(r), { question: 'PULSE_UPDATE_QUESTION', period: 'PULSE_PERIOD' });
    r = await send(admin, 'POST', '/api/admin/pulse-updates', { ...body, period: '2026-W54' });
    assert.equal(codes(r).period, 'PULSE_PERIOD');
    const u = await create(admin, 'pulse-updates', body);
    await create(admin, 'pulse-updates', { ...body, text: 'ยังเป็นฉบับร่าง', status: 'draft' });
    await create(admin, 'pulse-updates', { pulse: hidden.p.id, question: hidden.q[0].id, text: 'เฉพาะ BKK01', status: 'published' });
    assert.equal((await editor.get(`/api/admin/pulse-updates/${u.id}`)).status, 200, 'editors read');
    const seen = (await staff.get('/api/pulses')).json.updates;
    assert.deepEqual(seen[0], { id: u.id, pulseId: p.id, pulseTitle: p.title, questionText: q[0].text, period: body.period, text: body.text, publishedAt: seen[0].publishedAt });
    assert.ok(!seen.some((x) => x.text === 'ยังเป็นฉบับร่าง' || x.text === 'เฉพาะ BKK01'));
    assert.ok(seen.length <= 5);
  });
});
