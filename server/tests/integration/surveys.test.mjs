// Surveys (issue 16) through real HTTP on SQLite and PostgreSQL: the question engine's checks per kind (422
// with a code per question), one response per person under 30 concurrent submits, running totals equal to a
// recount after concurrent submits, 200 texts in results but all in the export, drafts across two
// sessions of one person, anonymity in the stored rows, NPS / CSAT / averages against figures worked out by
// hand, the group-of-5 rule of anonymous breakdowns (and its export), audience and window → 404, and the
// builder's own rules.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, signedInClients, assertEnvelope } from './harness.mjs';
import { send, create, iso, HOUR } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';

describe('surveys', () => {
  const server = useServer();
  let editor, staff;

  before(async () => {
    [editor, staff] = await signedInClients(server, 'EDIT01', 'S2002');
  });

  // A published survey with one section and the given questions ({kind, text?, required?, options?,
  // maxChoices?}); returns {s, q: [question]}.
  const survey = async (over = {}, questions = []) => {
    const s = await create(editor, 'surveys', { title: `แบบสำรวจ ${Math.random().toString(36).slice(2, 6)}`, status: 'published', ...over });
    const section = await create(editor, 'survey-sections', { survey: s.id, title: 'ส่วนที่ 1' });
    const q = [];
    for (const [i, x] of questions.entries()) q.push(await create(editor, 'survey-questions', { section: section.id, text: `คำถาม ${i + 1}`, ...x }));
    return { s, section, q };
  };
  const every = [
    { kind: 'single', required: true, options: ['เช้า', 'บ่าย', 'ดึก'] },
    { kind: 'multiple', options: ['ก', 'ข', 'ค', 'ง'], maxChoices: 2 },
    { kind: 'short_text' },
    { kind: 'long_text' },
    { kind: 'rating', required: true },
    { kind: 'nps', required: true },
  ];
  const submit = (c, id, answers) => send(c, 'POST', `/api/surveys/${id}/responses`, { answers });
  // PostgreSQL stamps each row with the id of the transaction that wrote it (xmin): no participation may share
  // its stamp with a response or an answer of the same survey.
  const stampLinks = async (s) => {
    if (server.databaseUrl.startsWith('sqlite')) return 0;
    const [[n]] = await dbQuery(server, `SELECT (SELECT COUNT(*) FROM survey_participations p JOIN survey_answers a ON a.xmin = p.xmin WHERE p.survey_id = '${s.id}' AND a.survey_id = '${s.id}') + (SELECT COUNT(*) FROM survey_participations p JOIN survey_responses r ON r.xmin = p.xmin WHERE p.survey_id = '${s.id}' AND r.survey_id = '${s.id}')`);
    return Number(n);
  };
  const codes = (r) => Object.fromEntries(Object.entries(r.json.error.fieldCodes).map(([k, v]) => [k, v.code]));

  it('checks each kind of answer and names the question', async () => {
    const { s, q } = await survey({}, every);
    const [x] = await crowd(server, 1, { prefix: 'SV' });
    let r = await submit(x.client, s.id, {});
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.deepEqual(codes(r), { [q[0].id]: 'ANSWER_REQUIRED', [q[4].id]: 'ANSWER_REQUIRED', [q[5].id]: 'ANSWER_REQUIRED' });
    r = await submit(x.client, s.id, { [q[0].id]: 3, [q[1].id]: [0, 1, 2], [q[2].id]: 'x'.repeat(201), [q[3].id]: 5, [q[4].id]: 6, [q[5].id]: 11, 'f0000000-0000-4000-8000-000000000000': 1 });
    assert.deepEqual(codes(r), {
      [q[0].id]: 'ANSWER_RANGE', [q[1].id]: 'ANSWER_TOO_MANY', [q[2].id]: 'MAX_LENGTH', [q[3].id]: 'ANSWER_TYPE',
      [q[4].id]: 'ANSWER_RANGE', [q[5].id]: 'ANSWER_RANGE', 'f0000000-0000-4000-8000-000000000000': 'ANSWER_UNKNOWN',
    });
    assert.deepEqual(r.json.error.fieldCodes[q[4].id].params, { min: 1, max: 5 });
    assert.deepEqual(r.json.error.fieldCodes[q[5].id].params, { min: 0, max: 10 });
    assert.deepEqual(r.json.error.fieldCodes[q[1].id].params, { max: 2 });
    r = await submit(x.client, s.id, { [q[0].id]: [0], [q[1].id]: [1, 1], [q[2].id]: 'two\nlines', [q[4].id]: 0, [q[5].id]: '9' });
    assert.deepEqual(codes(r), { [q[0].id]: 'ANSWER_TYPE', [q[1].id]: 'ANSWER_DUPLICATE', [q[2].id]: 'MUST_BE_PLAIN_TEXT', [q[4].id]: 'ANSWER_RANGE', [q[5].id]: 'ANSWER_TYPE' });
    r = await submit(x.client, s.id, { [q[0].id]: 1.5, [q[1].id]: 2, [q[4].id]: 4.5, [q[5].id]: -1 });
    assert.deepEqual(codes(r), { [q[0].id]: 'ANSWER_TYPE', [q[1].id]: 'ANSWER_TYPE', [q[4].id]: 'ANSWER_TYPE', [q[5].id]: 'ANSWER_RANGE' });
    assertEnvelope(await send(x.client, 'POST', `/api/surveys/${s.id}/responses`, { answers: [1] }), 400, 'BAD_REQUEST');
    assertEnvelope(await x.client.request('POST', `/api/surveys/${s.id}/responses`, { json: { answers: {} } }), 403, 'CSRF_FAILED');
    // Nothing was stored by the refused ones; a good one (empty optional answers skipped) is.
    assert.equal((await editor.get(`/api/admin/surveys/${s.id}`)).json.responsesCount, 0);
    r = await submit(x.client, s.id, { [q[0].id]: 2, [q[1].id]: [], [q[2].id]: '  ', [q[3].id]: 'ดีมาก\nค่ะ', [q[4].id]: 5, [q[5].id]: 10 });
    assert.equal(r.status, 201, r.text);
    const rows = await dbQuery(server, `SELECT question_id, value FROM survey_answers WHERE survey_id = '${s.id}' ORDER BY question_id, value`);
    assert.deepEqual(rows.map(([qid, v]) => [q.findIndex((y) => y.id === qid), Number(v)]).sort((a, b) => a[0] - b[0]), [[0, 2], [3, 0], [4, 5], [5, 10]]);
  });

  it('one response per person under 30 concurrent submits; 20 people at once all count', async () => {
    const { s, q } = await survey({}, [{ kind: 'nps', required: true }]);
    const [x] = await crowd(server, 1, { prefix: 'SR' });
    const runs = await Promise.all(Array.from({ length: 30 }, (_, i) => submit(x.client, s.id, { [q[0].id]: i % 11 })));
    assert.equal(runs.filter((r) => r.status === 201).length, 1, runs.map((r) => r.status).join(','));
    for (const r of runs.filter((y) => y.status !== 201)) {
      assertEnvelope(r, 409, 'CONFLICT');
      assert.equal(r.json.error.messageCode.code, 'SURVEY_ALREADY_ANSWERED');
    }
    const many = await crowd(server, 20, { prefix: 'SM' });
    const all = await Promise.all(many.map((p, i) => submit(p.client, s.id, { [q[0].id]: i % 11 })));
    assert.deepEqual(all.map((r) => r.status), Array(20).fill(201));
    const [[responses, participations, answers]] = await dbQuery(server,
      `SELECT (SELECT COUNT(*) FROM survey_responses WHERE survey_id = '${s.id}'), (SELECT COUNT(*) FROM survey_participations WHERE survey_id = '${s.id}'), (SELECT COUNT(*) FROM survey_answers WHERE survey_id = '${s.id}')`);
    assert.deepEqual([responses, participations, answers].map(Number), [21, 21, 21]);
    assert.equal((await editor.get(`/api/admin/surveys/${s.id}`)).json.responsesCount, 21);
    const mine = (await x.client.get(`/api/surveys/${s.id}`)).json.survey;
    assert.equal(mine.submitted, true);
  });

  it('running totals (what results read) equal a recount of the stored answers after concurrent submits', async () => {
    const { s, q } = await survey({}, every);
    const people = [
      ...(await crowd(server, 14, { prefix: 'ST', store: 'BKK01' })),
      ...(await crowd(server, 9, { prefix: 'SU', store: 'CNX01' })),
    ];
    const runs = await Promise.all(
      people.map((p, i) =>
        submit(p.client, s.id, {
          [q[0].id]: i % 3,
          [q[1].id]: i % 3 === 0 ? [] : i % 2 ? [i % 4] : [0, 3],
          [q[2].id]: i % 5 === 0 ? `คำ ${i}` : '',
          [q[4].id]: (i % 5) + 1,
          [q[5].id]: i % 11,
        }),
      ),
    );
    assert.deepEqual(runs.map((r) => r.status), Array(people.length).fill(201));
    const totals = await dbQuery(server, `SELECT dim, group_key, question_id, value, count FROM survey_totals WHERE survey_id = '${s.id}'`);
    const recount = [];
    for (const [dim, col] of [['', "''"], ['store', 'r.store_id'], ['region', 'r.region_id'], ['position', 'r.position']]) {
      const g = `COALESCE(${col}, '')`;
      recount.push(
        ...(await dbQuery(server, `SELECT '${dim}', ${g}, '', 0, COUNT(*) FROM survey_responses r WHERE r.survey_id = '${s.id}' GROUP BY ${g}`)),
        ...(await dbQuery(server, `SELECT '${dim}', ${g}, a.question_id, a.value, COUNT(*) FROM survey_answers a JOIN survey_responses r ON r.id = a.response_id WHERE a.survey_id = '${s.id}' AND a.text IS NULL GROUP BY ${g}, a.question_id, a.value`)),
        ...(await dbQuery(server, `SELECT '${dim}', ${g}, a.question_id, -1, COUNT(DISTINCT a.response_id) FROM survey_answers a JOIN survey_responses r ON r.id = a.response_id WHERE a.survey_id = '${s.id}' GROUP BY ${g}, a.question_id`)),
      );
    }
    const norm = (rows) => rows.map((r) => r.map(String).join('|')).sort();
    assert.deepEqual(norm(totals), norm(recount));
    assert.ok(totals.length > 50, `totals: ${totals.length}`);
    // And the results read from them: 23 responses, BKK01 14 and CNX01 9, the multiple choice answered by 15.
    const res = (await editor.get(`/api/admin/surveys/${s.id}/results?by=store`)).json;
    assert.equal(res.responses, 23);
    assert.deepEqual(res.groups.map((g) => g.responses).sort((a, b) => a - b), [9, 14]);
    assert.equal(res.questions[1].answered, 15);
    assert.equal(res.questions[2].answered, 5);
    assert.equal(res.questions[2].texts.length, 5);
    assert.deepEqual(res.questions[0].counts, [8, 8, 7]);
  });

  it('results list the first 200 texts of a question (answered counts them all); the export lists every one', async () => {
    const { s, q } = await survey({}, [{ kind: 'short_text', required: true }]);
    const [x] = await crowd(server, 1, { prefix: 'SX' });
    assert.equal((await submit(x.client, s.id, { [q[0].id]: 'คำแรก' })).status, 201);
    // 204 more written straight into the tables, with the running totals moved as a submit moves them.
    const ids = Array.from({ length: 204 }, (_, i) => `bench-${s.id.slice(0, 8)}-${String(i).padStart(4, '0')}`);
    await dbQuery(server, `
      INSERT INTO survey_responses (id, survey_id) VALUES ${ids.map((id) => `('${id}', '${s.id}')`).join(', ')};
      INSERT INTO survey_answers (response_id, survey_id, question_id, value, text) VALUES ${ids.map((id, i) => `('${id}', '${s.id}', '${q[0].id}', 0, 'คำ ${i}')`).join(', ')};
      UPDATE survey_totals SET count = count + 204 WHERE survey_id = '${s.id}' AND ((question_id = '' AND value = 0) OR value = -1) AND dim IN ('', 'store', 'region', 'position');
      UPDATE surveys SET responses_count = responses_count + 204 WHERE id = '${s.id}';`);
    const res = (await editor.get(`/api/admin/surveys/${s.id}/results`)).json;
    assert.equal(res.responses, 205);
    assert.equal(res.questions[0].answered, 205);
    assert.equal(res.questions[0].texts.length, 200);
    const csv = await editor.get(`/api/admin/surveys/${s.id}/results/export?format=csv`);
    assert.equal(csv.status, 200);
    assert.equal(csv.text.split('\n').filter((l) => /,text,/.test(l)).length, 205);
    assert.ok(csv.text.includes('คำแรก') && csv.text.includes('คำ 203'));
  });

  it('named surveys list who answered what, page by page and as CSV; anonymous ones have no such list', async () => {
    const { s, q } = await survey({}, [
      { kind: 'single', options: ['เช้า', 'บ่าย'] },
      { kind: 'multiple', options: ['ก', 'ข', 'ค'] },
      { kind: 'short_text' },
      { kind: 'nps' },
    ]);
    const [a, b] = await crowd(server, 2, { prefix: 'SN' });
    assert.equal((await submit(a.client, s.id, { [q[0].id]: 1, [q[1].id]: [2, 0], [q[2].id]: 'ขยัน', [q[3].id]: 9 })).status, 201);
    assert.equal((await submit(b.client, s.id, { [q[0].id]: 0 })).status, 201);
    const page = (await editor.get(`/api/admin/surveys/${s.id}/responses?limit=1`)).json;
    assert.equal(page.total, 2);
    assert.deepEqual(page.questions.map((x) => x.kind), ['single', 'multiple', 'short_text', 'nps']);
    assert.equal(page.items.length, 1);
    const all = (await editor.get(`/api/admin/surveys/${s.id}/responses`)).json.items;
    const mine = all.find((x) => x.user.employeeCode === a.code);
    assert.deepEqual(mine.answers, { [q[0].id]: 1, [q[1].id]: [0, 2], [q[2].id]: 'ขยัน', [q[3].id]: 9 });
    assert.equal(mine.user.id, a.id);
    assert.ok(Date.parse(mine.submittedAt) > 0);
    assert.deepEqual(all.find((x) => x.user.employeeCode === b.code).answers, { [q[0].id]: 0 });
    assert.equal((await editor.get(`/api/admin/surveys/${s.id}/responses?offset=1&limit=1`)).json.items[0].id !== page.items[0].id, true);
    const csv = await editor.get(`/api/admin/surveys/${s.id}/responses/export?format=csv`);
    assert.equal(csv.status, 200);
    const line = csv.text.split('\n').find((l) => l.includes(a.code));
    assert.ok(line.includes('บ่าย') && line.includes('ก; ค') && line.includes('ขยัน') && line.includes(',9'), line);
    assert.ok(csv.text.split('\n')[0].includes('คำถาม 1'));
    // Anonymous: no person to list (404), and staff cannot read the list at all.
    const anon = await survey({ anonymous: true }, [{ kind: 'nps' }]);
    assertEnvelope(await editor.get(`/api/admin/surveys/${anon.s.id}/responses`), 404, 'NOT_FOUND');
    assertEnvelope(await editor.get(`/api/admin/surveys/${anon.s.id}/responses/export?format=csv`), 404, 'NOT_FOUND');
    assert.equal((await staff.get(`/api/admin/surveys/${s.id}/responses`)).status, 403);
  });

  it('pays the points of a survey once per person, in the submitting transaction, under concurrent submits', async () => {
    const { s, q } = await survey({ points: 15 }, [{ kind: 'rating', required: true }]);
    assert.equal((await editor.get(`/api/admin/surveys/${s.id}`)).json.points, 15);
    const [x] = await crowd(server, 1, { prefix: 'SP' });
    assert.equal((await x.client.get(`/api/surveys/${s.id}`)).json.survey.points, 15);
    const runs = await Promise.all(Array.from({ length: 12 }, () => submit(x.client, s.id, { [q[0].id]: 4 })));
    assert.equal(runs.filter((r) => r.status === 201).length, 1);
    const ledger = await dbQuery(server, `SELECT delta, source, source_id FROM points_ledger WHERE user_id = '${x.id}'`);
    assert.deepEqual(ledger, [['15', 'survey', s.id]]);
    const [[balance]] = await dbQuery(server, `SELECT balance FROM points_balances WHERE user_id = '${x.id}'`);
    assert.equal(Number(balance), 15);
    // A refused submission (missing a required answer) pays nothing; no points field → none paid.
    const [y] = await crowd(server, 1, { prefix: 'SQ' });
    assert.equal((await submit(y.client, s.id, {})).status, 422);
    const free = await survey({}, [{ kind: 'nps' }]);
    assert.equal((await submit(y.client, free.s.id, { [free.q[0].id]: 7 })).status, 201);
    assert.deepEqual(await dbQuery(server, `SELECT delta FROM points_ledger WHERE user_id = '${y.id}'`), []);
  });

  it('keeps a draft across two sessions of one person until it is submitted', async () => {
    const { s, q } = await survey({}, every);
    const phone = server.client();
    const desk = server.client();
    await phone.signInOk('S2001');
    await desk.signInOk('S2001');
    await Promise.all([phone.csrf(), desk.csrf()]);
    const put = (c, answers) => send(c, 'PUT', `/api/surveys/${s.id}/draft`, { answers });
    let r = await put(phone, { [q[4].id]: 9 });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(codes(r)[q[4].id], 'ANSWER_RANGE');
    r = await put(phone, { [q[0].id]: 1, [q[1].id]: [3, 0] });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.json.draft.answers, { [q[0].id]: 1, [q[1].id]: [0, 3] });
    let seen = (await desk.get(`/api/surveys/${s.id}`)).json.survey;
    assert.deepEqual(seen.draft.answers, { [q[0].id]: 1, [q[1].id]: [0, 3] }, 'the other device resumes');
    assert.equal(seen.submitted, false);
    assert.deepEqual(seen.sections[0].questions.map((y) => y.kind), every.map((y) => y.kind));
    assert.equal(seen.sections[0].questions[1].maxChoices, 2);
    const listed = (await desk.get('/api/surveys')).json.items.find((y) => y.id === s.id);
    assert.deepEqual([listed.started, listed.submitted, listed.questionsCount], [true, false, 6]);
    r = await put(desk, { ...seen.draft.answers, [q[4].id]: 4, [q[2].id]: 'ทีมดี' });
    assert.equal(r.status, 200, r.text);
    r = await submit(phone, s.id, { ...r.json.draft.answers, [q[5].id]: 8 });
    assert.equal(r.status, 201, r.text);
    seen = (await desk.get(`/api/surveys/${s.id}`)).json.survey;
    assert.equal(seen.submitted, true);
    assert.equal(seen.draft, null);
    const [[drafts]] = await dbQuery(server, `SELECT COUNT(*) FROM survey_drafts WHERE survey_id = '${s.id}'`);
    assert.equal(Number(drafts), 0);
    assertEnvelope(await put(desk, { [q[0].id]: 0 }), 409, 'CONFLICT');
    assertEnvelope(await submit(desk, s.id, { [q[0].id]: 0, [q[4].id]: 1, [q[5].id]: 1 }), 409, 'CONFLICT');
    // A named survey keeps who answered.
    const [[who]] = await dbQuery(server, `SELECT u.employee_code FROM survey_responses r JOIN users u ON u.id = r.user_id WHERE r.survey_id = '${s.id}'`);
    assert.equal(who, 'S2001');
  });

  it('an anonymous survey stores nothing that joins a person to their answers', async () => {
    const { s, q } = await survey({ anonymous: true }, [{ kind: 'nps', required: true }, { kind: 'short_text' }]);
    const people = await crowd(server, 10, { prefix: 'SA' });
    for (const [i, p] of people.slice(0, 6).entries()) {
      await send(p.client, 'PUT', `/api/surveys/${s.id}/draft`, { answers: { [q[0].id]: i } });
      const r = await submit(p.client, s.id, { [q[0].id]: i, [q[1].id]: `คำตอบ ${p.code}` });
      assert.equal(r.status, 201, r.text);
    }
    const ids = new Set(people.map((p) => p.id));
    // Counted five at a time: the sixth waits in the ballot box, sealed (no answer, store or person readable).
    assert.equal((await dbQuery(server, `SELECT * FROM survey_responses WHERE survey_id = '${s.id}'`)).length, 5);
    const ballots = await dbQuery(server, `SELECT box, sealed FROM ballots WHERE box = 'survey:${s.id}'`);
    assert.equal(ballots.length, 1);
    for (const p of people) assert.ok(!ballots[0][1].includes(p.code) && !ballots[0][1].includes(p.id));
    assert.equal((await editor.get(`/api/admin/surveys/${s.id}/results`)).json.waiting, 1);
    assert.equal(await stampLinks(s), 0, 'no participation shares its transaction with an answer');
    // Four more make five waiting: counted together (never fewer: survey-anonymity.test.mjs).
    for (const [i, p] of people.slice(6).entries())
      assert.equal((await submit(p.client, s.id, { [q[0].id]: i, [q[1].id]: `คำตอบ ${p.code}` })).status, 201);
    const counted = (await editor.get(`/api/admin/surveys/${s.id}/results`)).json;
    assert.deepEqual([counted.responses, counted.waiting], [10, 0]);
    assert.equal(await stampLinks(s), 0);
    const responses = await dbQuery(server, `SELECT * FROM survey_responses WHERE survey_id = '${s.id}'`);
    assert.equal(responses.length, 10);
    const [cols] = [await dbQuery(server, server.databaseUrl.startsWith('sqlite')
      ? "SELECT name FROM pragma_table_info('survey_participations')"
      : "SELECT column_name FROM information_schema.columns WHERE table_name = 'survey_participations' ORDER BY ordinal_position")];
    assert.deepEqual(cols.map(([c]) => c).sort(), ['survey_id', 'user_id'], 'a participation is only who and which survey');
    for (const row of responses) {
      for (const v of row) assert.ok(!ids.has(v), 'no user id on a response');
    }
    const [[withUser, withTime, v7]] = await dbQuery(server,
      `SELECT COUNT(user_id), COUNT(created_at), SUM(CASE WHEN substr(id, 15, 1) = '7' THEN 1 ELSE 0 END) FROM survey_responses WHERE survey_id = '${s.id}'`);
    assert.deepEqual([withUser, withTime, v7].map(Number), [0, 0, 0], 'no user, no time, no time-ordered id');
    const answers = await dbQuery(server, `SELECT * FROM survey_answers WHERE survey_id = '${s.id}'`);
    for (const row of answers) for (const v of row) assert.ok(!ids.has(v));
    const [[drafts]] = await dbQuery(server, `SELECT COUNT(*) FROM survey_drafts WHERE survey_id = '${s.id}'`);
    assert.equal(Number(drafts), 0, 'drafts do not outlive the submission');
    const [[taken]] = await dbQuery(server, `SELECT COUNT(*) FROM survey_participations WHERE survey_id = '${s.id}'`);
    assert.equal(Number(taken), 10);
    // Anonymity cannot be switched off afterwards.
    const cur = (await editor.get(`/api/admin/surveys/${s.id}`)).json;
    const r = await send(editor, 'PATCH', `/api/admin/surveys/${s.id}`, { anonymous: false, version: cur.version });
    assert.notEqual(r.status, 200);
  });

  it('NPS, CSAT, averages and counts match the figures worked out by hand', async () => {
    const { s, q } = await survey({}, [
      { kind: 'nps', required: true }, { kind: 'rating', required: true },
      { kind: 'multiple', options: ['ก', 'ข', 'ค'] }, { kind: 'single', options: ['ใช่', 'ไม่'] }, { kind: 'long_text' },
    ]);
    const nps = [10, 9, 6, 8, 10, 0, 7]; // promoters 3, passives 2, detractors 2 → (3 − 2) / 7 = 14.3
    const rating = [5, 4, 3, 5, 1, 2, 4]; // 4s and 5s: 4 of 7 = 57.1; average 24 / 7 = 3.43
    const multi = [[0, 1], [1], [], [0, 1, 2], [2], [1], []]; // answered 5; counts 2, 4, 2
    const people = await crowd(server, 7, { prefix: 'SN' });
    for (const [i, p] of people.entries()) {
      const r = await submit(p.client, s.id, { [q[0].id]: nps[i], [q[1].id]: rating[i], [q[2].id]: multi[i], [q[3].id]: i % 2, [q[4].id]: i < 2 ? `ข้อเสนอ ${i}` : '' });
      assert.equal(r.status, 201, r.text);
    }
    const res = (await editor.get(`/api/admin/surveys/${s.id}/results`)).json;
    assert.equal(res.responses, 7);
    assert.equal(res.withheld, false);
    const [n, rt, m, sg, t] = res.questions;
    assert.deepEqual([n.answered, n.promoters, n.passives, n.detractors, n.nps, n.average], [7, 3, 2, 2, 14.3, 7.14]);
    assert.deepEqual(n.counts, [1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2]);
    assert.deepEqual([rt.answered, rt.csat, rt.average, rt.counts], [7, 57.1, 3.43, [1, 1, 1, 2, 2]]);
    assert.deepEqual([m.answered, m.counts], [5, [2, 4, 2]]);
    assert.deepEqual([sg.answered, sg.counts], [7, [4, 3]]);
    assert.deepEqual(t.texts.sort(), ['ข้อเสนอ 0', 'ข้อเสนอ 1']);
    // A named survey shows every group, however small.
    const byStore = (await editor.get(`/api/admin/surveys/${s.id}/results?by=store`)).json;
    assert.deepEqual(byStore.groups.map((g) => g.responses), [7]);
    assert.equal(byStore.groups[0].questions[0].nps, 14.3);
    assert.equal(byStore.groups[0].questions[0].texts, undefined, 'texts are never broken down');
    assertEnvelope(await editor.get(`/api/admin/surveys/${s.id}/results?by=name`), 422, 'VALIDATION_FAILED');
    assertEnvelope(await staff.get(`/api/admin/surveys/${s.id}/results`), 403, 'FORBIDDEN');
    assertEnvelope(await editor.get('/api/admin/surveys/0190aaaa-0000-7000-8000-000000000000/results'), 404, 'NOT_FOUND');
    // Kind and options are fixed once there are responses.
    const cur = (await editor.get(`/api/admin/survey-questions/${q[3].id}`)).json;
    let r = await send(editor, 'PATCH', `/api/admin/survey-questions/${q[3].id}`, { options: ['ไม่', 'ใช่'], version: cur.version });
    assertEnvelope(r, 409, 'CONFLICT');
    r = await send(editor, 'PATCH', `/api/admin/survey-questions/${q[3].id}`, { text: 'ถามใหม่', version: cur.version });
    assert.equal(r.status, 200, r.text);
  });

  it('anonymous results: withheld under 5, small groups merged so none can be subtracted out', async () => {
    const { s, q } = await survey({ anonymous: true }, [{ kind: 'rating', required: true }, { kind: 'short_text' }]);
    const a = await crowd(server, 6, { prefix: 'SB', store: 'BKK01' });
    const b = await crowd(server, 5, { prefix: 'SC', store: 'BKK02' });
    const c = await crowd(server, 4, { prefix: 'SD', store: 'CNX01' });
    for (const [i, p] of a.slice(0, 4).entries()) assert.equal((await submit(p.client, s.id, { [q[0].id]: 5, [q[1].id]: `t${i}` })).status, 201);
    const few = (await editor.get(`/api/admin/surveys/${s.id}/results?by=store`)).json;
    assert.deepEqual([few.responses, few.waiting, few.withheld, few.questions, few.groups], [0, 4, true, [], undefined]);
    for (const p of [...a.slice(4), ...b, ...c]) assert.equal((await submit(p.client, s.id, { [q[0].id]: 3 })).status, 201);
    // 15 submitted: three batches of five counted.
    const all = (await editor.get(`/api/admin/surveys/${s.id}/results`)).json;
    assert.deepEqual([all.responses, all.waiting], [15, 0]);
    assert.deepEqual(all.questions[0].counts, [0, 0, 11, 0, 4]);
    assert.equal(all.questions[1].texts.length, 4);
    // CNX01 (4) alone would be under 5: the smallest shown group (BKK02, 5) joins it.
    const byStore = (await editor.get(`/api/admin/surveys/${s.id}/results?by=store`)).json;
    const groups = byStore.groups.map((g) => [g.label, g.responses]).sort();
    assert.deepEqual(groups, [['other', 9], ['เซ็นทรัลเวิลด์', 6]]);
    assert.ok(byStore.groups.every((g) => g.responses >= 5));
    const other = byStore.groups.find((g) => g.key === null);
    assert.deepEqual(other.questions[0].counts, [0, 0, 9, 0, 0]);
    // By region: Bangkok 11, the north 4 → nothing can be shown apart.
    const byRegion = (await editor.get(`/api/admin/surveys/${s.id}/results?by=region`)).json;
    assert.deepEqual(byRegion.groups.map((g) => [g.key, g.responses]), [[null, 15]]);
    const csv = await editor.get(`/api/admin/surveys/${s.id}/results/export?format=csv&by=store`);
    assert.equal(csv.status, 200);
    assert.match(csv.text, /^\uFEFF?group,question,kind,answer,count\r\n/);
    assert.ok(!csv.text.includes('เชียงใหม่'), 'the small store is not named in the export');
    assert.match(csv.text, /\r\nother,/);
    const xlsx = await editor.get(`/api/admin/surveys/${s.id}/results/export?format=xlsx&by=store`);
    assert.match(xlsx.headers.get('content-type'), /spreadsheetml/);
  });

  it('outside the audience, unpublished or outside the window → 404; the builder checks options', async () => {
    const one = [{ kind: 'rating', required: true }];
    const draft = await survey({ status: 'draft' }, one);
    const later = await survey({ startAt: iso(HOUR) }, one);
    const ended = await survey({ startAt: iso(-2 * HOUR), endAt: iso(-HOUR) }, one);
    const elsewhere = await survey({ audience: { stores: ['BKK01'] } }, one); // S2002 is in CNX01
    for (const { s, q } of [draft, later, ended, elsewhere]) {
      assertEnvelope(await staff.get(`/api/surveys/${s.id}`), 404, 'NOT_FOUND');
      assertEnvelope(await send(staff, 'PUT', `/api/surveys/${s.id}/draft`, { answers: { [q[0].id]: 3 } }), 404, 'NOT_FOUND');
      assertEnvelope(await submit(staff, s.id, { [q[0].id]: 3 }), 404, 'NOT_FOUND');
    }
    const open = await survey({}, one);
    const list = (await staff.get('/api/surveys')).json.items.map((x) => x.id);
    assert.ok(list.includes(open.s.id));
    assert.ok(![draft, later, ended, elsewhere].some((x) => list.includes(x.s.id)));
    assertEnvelope(await staff.get('/api/surveys/not-an-id!'), 404, 'NOT_FOUND');
    // Builder: choice kinds need 2-20 options, others none; maxChoices within the options.
    const section = open.section.id;
    let r = await send(editor, 'POST', '/api/admin/survey-questions', { section, text: 'x', kind: 'single', options: ['only'] });
    assert.equal(r.json.error.fieldCodes.options.code, 'SURVEY_OPTIONS');
    r = await send(editor, 'POST', '/api/admin/survey-questions', { section, text: 'x', kind: 'rating', options: ['a', 'b'] });
    assert.equal(r.json.error.fieldCodes.options.code, 'SURVEY_OPTIONS');
    r = await send(editor, 'POST', '/api/admin/survey-questions', { section, text: 'x', kind: 'multiple', options: ['a', 'b'], maxChoices: 3 });
    assert.equal(r.json.error.fieldCodes.maxChoices.code, 'ANSWER_RANGE');
    assertEnvelope(await send(staff, 'POST', '/api/admin/surveys', { title: 'x' }), 403, 'FORBIDDEN');
  });
});
