// Examinations through the real server: admin resources and validation, the staff flow (draw, shuffle,
// save, submit, grade), deadlines and auto-submit, attempt limits under concurrency, idempotent submits,
// points once, audience/published rules, and that nothing about the answers leaks before submission.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, assertEnvelope, signedInClients, sleep } from './harness.mjs';
import { readFileSync } from 'node:fs';
import { dbQuery } from './dbquery.mjs';

const send = (c, method, p, json, headers = {}) =>
  c.request(method, p, { json, headers: { 'x-csrf-token': c.csrfToken, ...headers } });

const MARK = 'EXPLMARKER';
const choices4 = (tag) => [
  { id: 'a', text: `ตัวเลือก ก ${tag}` },
  { id: 'b', text: `ตัวเลือก ข ${tag}` },
  { id: 'c', text: `ตัวเลือก ค ${tag}` },
  { id: 'd', text: `ตัวเลือก ง ${tag}` },
];

// Every staff response before submission: no correct answers, no explanations, nothing graded.
function assertNoLeak(r) {
  const where = `${r.res?.url} -> ${r.text.slice(0, 300)}`;
  assert.ok(!r.text.includes(MARK), `explanation marker leaked: ${where}`);
  assert.ok(!/correct/i.test(r.text), `"correct" in a pre-submission body: ${where}`);
  assert.ok(!/explanation/i.test(r.text), `"explanation" in a pre-submission body: ${where}`);
  assert.ok(!/"(review|score|maxScore|isCorrect)"/.test(r.text), `grading data before submission: ${where}`);
  const attempt = r.json?.attempt;
  if (attempt) {
    for (const q of attempt.questions) {
      assert.deepEqual(Object.keys(q).sort(), ['choices', 'id', 'kind', 'prompt']);
      for (const c of q.choices) assert.deepEqual(Object.keys(c).sort(), ['id', 'text']);
    }
  }
}

describe('examinations', () => {
  const server = useServer();
  let admin, s1, s2, s3; // s1, s2: store BKK01; s3: CNX01

  const createExam = async (fields = {}) => {
    const r = await send(admin, 'POST', '/api/admin/examinations', {
      title: 'แบบทดสอบ ' + Math.random().toString(36).slice(2, 8),
      description: '<p>คำอธิบาย <strong>สำคัญ</strong></p>',
      status: 'published',
      passPercent: 60,
      points: 10,
      shuffleQuestions: false,
      shuffleChoices: false,
      ...fields,
    });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  const addQuestion = async (exam, fields = {}) => {
    const r = await send(admin, 'POST', '/api/admin/exam-questions', {
      exam: exam.id,
      kind: 'single',
      prompt: 'คำถามข้อหนึ่ง',
      choices: choices4('x'),
      correct: ['a'],
      explanation: `${MARK} เพราะข้อ ก ถูก`,
      points: 1,
      ...fields,
    });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  // An exam with n single-choice questions whose correct choice is 'a' (1 point each).
  const examWith = async (n, fields = {}) => {
    const exam = await createExam(fields);
    const questions = [];
    for (let i = 0; i < n; i++)
      questions.push(await addQuestion(exam, { prompt: `คำถามที่ ${i + 1}`, position: i, choices: choices4(`q${i}`) }));
    return { exam, questions };
  };
  const start = (c, examId) => send(c, 'POST', `/api/exams/${examId}/attempts`);
  const allCorrect = (attempt) => Object.fromEntries(attempt.questions.map((q) => [q.id, ['a']]));
  const allWrong = (attempt) => Object.fromEntries(attempt.questions.map((q) => [q.id, ['b']]));

  before(async () => {
    [admin, s1, s2, s3] = await signedInClients(server, 'ADMIN01', 'S1001', 'S1002', 'S2001');
  });

  describe('back office', () => {
    it('validates examinations field by field (422)', async () => {
      const bad = async (fields, field) => {
        const r = await send(admin, 'POST', '/api/admin/examinations', { title: 'x', ...fields });
        assertEnvelope(r, 422, 'VALIDATION_FAILED');
        assert.ok(r.json.error.fields[field], `${field} in ${r.text}`);
      };
      await bad({ drawMode: 'random' }, 'drawCount');
      await bad({ drawMode: 'random', drawCount: 0 }, 'drawCount');
      await bad({ passPercent: 101 }, 'passPercent');
      await bad({ passPercent: -1 }, 'passPercent');
      await bad({ timeLimitSeconds: 29 }, 'timeLimitSeconds');
      await bad({ timeLimitSeconds: 14401 }, 'timeLimitSeconds');
      await bad({ maxAttempts: 0 }, 'maxAttempts');
      await bad({ maxAttempts: 101 }, 'maxAttempts');
      await bad({ points: -1 }, 'points');
      await bad({ points: 100001 }, 'points');
      await bad({ audience: { stores: 'x' } }, 'audience');
      await bad({ title: '' }, 'title');
      // null time limit and attempts are fine (no limit)
      const ok = await createExam({ timeLimitSeconds: null, maxAttempts: null });
      assert.equal(ok.timeLimitSeconds, null);
      // switching an existing exam to random needs a count
      const r = await send(admin, 'PATCH', `/api/admin/examinations/${ok.id}`, { drawMode: 'random', version: ok.version });
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.ok(r.json.error.fields.drawCount);
    });

    it('sanitises the description and keeps its search document current', async () => {
      const exam = await createExam({ title: 'ความปลอดภัยในร้าน', description: '<p onclick="x()">ดับเพลิง<script>alert(1)</script></p>' });
      assert.equal(exam.description, '<p>ดับเพลิง</p>');
      const doc = `SELECT title, body FROM search_docs WHERE kind = 'examinations' AND item_id = '${exam.id}'`;
      let [[title, body]] = await dbQuery(server, doc);
      assert.equal(title, 'ความปลอดภัยในร้าน');
      assert.equal(body, 'ดับเพลิง');
      const r = await send(admin, 'PATCH', `/api/admin/examinations/${exam.id}`, { title: 'Fire SAFETY drill', version: exam.version });
      assert.equal(r.status, 200, r.text);
      [[title, body]] = await dbQuery(server, doc);
      assert.equal(title, 'Fire SAFETY drill');
      assert.equal(body, 'ดับเพลิง');
    });

    it('validates questions field by field (422) and forces true/false choices', async () => {
      const exam = await createExam();
      const bad = async (fields, field) => {
        const r = await send(admin, 'POST', '/api/admin/exam-questions', {
          exam: exam.id, kind: 'single', prompt: 'ข้อ', choices: choices4('v'), correct: ['a'], ...fields,
        });
        assertEnvelope(r, 422, 'VALIDATION_FAILED');
        assert.ok(r.json.error.fields[field], `${field} in ${r.text}`);
      };
      await bad({ prompt: 'ก'.repeat(2001) }, 'prompt');
      await bad({ prompt: '' }, 'prompt');
      await bad({ choices: [{ id: 'a', text: 'one' }] }, 'choices');
      await bad({ choices: Array.from({ length: 9 }, (_, i) => ({ id: `c${i}`, text: 't' })) }, 'choices');
      await bad({ choices: [{ id: 'a', text: 'x' }, { id: 'a', text: 'y' }] }, 'choices');
      await bad({ choices: [{ id: 'a', text: '' }, { id: 'b', text: 'y' }] }, 'choices');
      await bad({ choices: [{ id: 'a', text: 'ข'.repeat(501) }, { id: 'b', text: 'y' }] }, 'choices');
      await bad({ choices: 'a,b' }, 'choices');
      await bad({ correct: ['z'] }, 'correct');
      await bad({ correct: ['a', 'b'] }, 'correct');
      await bad({ correct: [] }, 'correct');
      await bad({ kind: 'multiple', correct: [] }, 'correct');
      await bad({ kind: 'truefalse', correct: ['a'] }, 'correct');
      await bad({ kind: 'essay' }, 'kind');
      await bad({ points: 0 }, 'points');
      await bad({ points: 101 }, 'points');
      await bad({ exam: '0190aaaa-0000-7000-8000-000000000000' }, 'exam');
      const tf = await addQuestion(exam, { kind: 'truefalse', choices: undefined, correct: ['false'] });
      // The ids are keys the apps name in the reader's language; the text is one language, never "ถูก / True".
      assert.deepEqual(tf.choices, [{ id: 'true', text: 'ถูก' }, { id: 'false', text: 'ผิด' }]);
      const multi = await addQuestion(exam, { kind: 'multiple', correct: ['a', 'c'] });
      assert.deepEqual(multi.correct, ['a', 'c']);
      // exam is create-only
      const other = await createExam();
      const r = await send(admin, 'PATCH', `/api/admin/exam-questions/${multi.id}`, { exam: other.id, version: multi.version });
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
    });

    it('migration 0060 leaves a true/false question one language, in the bank and in attempts taken before', async () => {
      const exam = await createExam();
      const tf = await addQuestion(exam, { kind: 'truefalse', choices: undefined, correct: ['true'] });
      const r = await start(s1, exam.id);
      assert.equal(r.status, 201, r.text);
      assert.deepEqual(r.json.attempt.questions[0].choices, [{ id: 'true', text: 'ถูก' }, { id: 'false', text: 'ผิด' }]);
      // What the server wrote before: both languages in one text, in the bank and in the attempt's snapshot.
      const old = JSON.stringify([{ id: 'true', text: 'ถูก / True' }, { id: 'false', text: 'ผิด / False' }]);
      await dbQuery(server, `UPDATE exam_questions SET choices_json = '${old}' WHERE id = '${tf.id}'`);
      await dbQuery(server, `UPDATE exam_attempts SET questions_json = REPLACE(REPLACE(questions_json, '"ถูก"', '"ถูก / True"'), '"ผิด"', '"ผิด / False"') WHERE id = '${r.json.attempt.id}'`);
      const before = await s1.get(`/api/exam-attempts/${r.json.attempt.id}`);
      assert.match(before.text, /ถูก \/ True/);
      const sql = readFileSync(new URL('../../migrations/0060_truefalse_choice_texts.sql', import.meta.url), 'utf8');
      await dbQuery(server, sql.replace(/^--.*$/gm, ''));
      const after = await s1.get(`/api/exam-attempts/${r.json.attempt.id}`);
      assert.equal(after.status, 200, after.text);
      assert.deepEqual(after.json.attempt.questions[0].choices, [{ id: 'true', text: 'ถูก' }, { id: 'false', text: 'ผิด' }]);
      const bank = await admin.get(`/api/admin/exam-questions/${tf.id}`);
      assert.deepEqual(bank.json.choices, [{ id: 'true', text: 'ถูก' }, { id: 'false', text: 'ผิด' }]);
    });

    it('reorders questions in one audited call', async () => {
      const { exam, questions } = await examWith(3);
      const ids = questions.map((q) => q.id).reverse();
      const r = await send(admin, 'PUT', `/api/admin/examinations/${exam.id}/questions/order`, { ids });
      assert.equal(r.status, 200, r.text);
      const list = await admin.get(`/api/admin/exam-questions?exam=${exam.id}&sort=position`);
      assert.deepEqual(list.json.items.map((q) => q.id), ids);
      const audit = await dbQuery(server, `SELECT action FROM audit_log WHERE resource_id = '${exam.id}' AND action = 'reorder'`);
      assert.equal(audit.length, 1);
      assertEnvelope(await send(admin, 'PUT', `/api/admin/examinations/${exam.id}/questions/order`, { ids: ids.slice(1) }), 422, 'VALIDATION_FAILED');
      assertEnvelope(await send(admin, 'PUT', `/api/admin/examinations/${exam.id}/questions/order`, { ids: [...ids, ids[0]] }), 422, 'VALIDATION_FAILED');
      assertEnvelope(await send(admin, 'PUT', `/api/admin/examinations/${exam.id}/questions/order`, { ids: 'x' }), 422, 'VALIDATION_FAILED');
      assertEnvelope(await send(s1, 'PUT', `/api/admin/examinations/${exam.id}/questions/order`, { ids }), 403, 'FORBIDDEN');
    });

    it('refuses staff (403), missing CSRF (403) and bad JSON (400)', async () => {
      assertEnvelope(await s1.get('/api/admin/examinations'), 403, 'FORBIDDEN');
      assertEnvelope(await s1.get('/api/admin/exam-questions'), 403, 'FORBIDDEN');
      assertEnvelope(await send(s1, 'POST', '/api/admin/examinations', { title: 'x' }), 403, 'FORBIDDEN');
      assertEnvelope(await admin.post('/api/admin/examinations', { json: { title: 'x' } }), 403, 'CSRF_FAILED');
      const { exam } = await examWith(1);
      assertEnvelope(await s1.post(`/api/exams/${exam.id}/attempts`), 403, 'CSRF_FAILED');
      const bodyBad = { body: '{bad', headers: { 'x-csrf-token': admin.csrfToken, 'content-type': 'application/json' } };
      assertEnvelope(await admin.request('POST', '/api/admin/examinations', bodyBad), 400, 'BAD_JSON');
      const a = (await start(s1, exam.id)).json.attempt;
      const staffBad = { body: '{bad', headers: { 'x-csrf-token': s1.csrfToken, 'content-type': 'application/json' } };
      assertEnvelope(await s1.request('PUT', `/api/exam-attempts/${a.id}/answers`, staffBad), 400, 'BAD_JSON');
      assertEnvelope(await s1.request('POST', `/api/exam-attempts/${a.id}/submit`, staffBad), 400, 'BAD_JSON');
      assertEnvelope(await server.client().get(`/api/exams/${exam.id}`), 401, 'UNAUTHENTICATED');
    });
  });

  describe('taking an exam', () => {
    it('draws all questions in order and leaks nothing before submission', async () => {
      const { exam, questions } = await examWith(4, { timeLimitSeconds: 600, maxAttempts: 3, showAnswers: 'immediately' });
      const detail = await s1.get(`/api/exams/${exam.id}`);
      assert.equal(detail.status, 200, detail.text);
      assertNoLeak(detail);
      const e = detail.json.exam;
      assert.equal(e.type, 'exam');
      assert.equal(e.questionCount, 4);
      assert.equal(e.timeLimitSeconds, 600);
      assert.equal(e.maxAttempts, 3);
      assert.equal(e.attemptsUsed, 0);
      assert.equal(e.openAttempt, null);
      assert.equal(e.durationMinutes, 10);

      const first = await start(s1, exam.id);
      assert.equal(first.status, 201, first.text);
      assertNoLeak(first);
      const a = first.json.attempt;
      assert.deepEqual(a.questions.map((q) => q.id), questions.map((q) => q.id));
      assert.deepEqual(a.questions[0].choices.map((c) => c.id), ['a', 'b', 'c', 'd']);
      const deadline = Date.parse(a.deadlineAt) - Date.parse(a.startedAt);
      assert.equal(deadline, 600_000);
      assert.equal(a.submittedAt, null);

      const resumed = await start(s1, exam.id);
      assert.equal(resumed.status, 200);
      assert.equal(resumed.json.attempt.id, a.id);
      assertNoLeak(resumed);
      const saved = await send(s1, 'PUT', `/api/exam-attempts/${a.id}/answers`, { answers: { [a.questions[0].id]: ['a'] } });
      assert.equal(saved.status, 200, saved.text);
      assert.equal(saved.json.saved, true);
      assertNoLeak(saved);
      await send(s1, 'PUT', `/api/exam-attempts/${a.id}/answers`, { answers: { [a.questions[1].id]: ['b'] } });
      const got = await s1.get(`/api/exam-attempts/${a.id}`);
      assertNoLeak(got);
      assert.deepEqual(got.json.attempt.answers, { [a.questions[0].id]: ['a'], [a.questions[1].id]: ['b'] }); // merged
      const d2 = await s1.get(`/api/exams/${exam.id}`);
      assertNoLeak(d2);
      assert.equal(d2.json.exam.openAttempt.id, a.id);
      assert.equal(d2.json.exam.attemptsUsed, 1);

      // 1 of 4 right → 25 % < 60 %
      const sub = await send(s1, 'POST', `/api/exam-attempts/${a.id}/submit`, {});
      assert.equal(sub.status, 200, sub.text);
      const done = sub.json.attempt;
      assert.equal(done.score, 1);
      assert.equal(done.maxScore, 4);
      assert.equal(done.percent, 25);
      assert.equal(done.passed, false);
      assert.equal(sub.json.pointsAwarded, 0);
      // after submission the review shows correct answers and explanations
      assert.equal(done.review.length, 4);
      assert.deepEqual(done.review[0].correct, ['a']);
      assert.equal(done.review[0].isCorrect, true);
      assert.ok(done.review[0].explanation.includes(MARK));
    });

    it('draws N distinct random questions from the bank', async () => {
      const { exam, questions } = await examWith(10, { drawMode: 'random', drawCount: 3 });
      const bank = new Set(questions.map((q) => q.id));
      const d = await s1.get(`/api/exams/${exam.id}`);
      assert.equal(d.json.exam.questionCount, 3);
      const sets = new Set();
      for (let i = 0; i < 6; i++) {
        const a = (await start(s1, exam.id)).json.attempt;
        assert.equal(a.questions.length, 3);
        assert.equal(new Set(a.questions.map((q) => q.id)).size, 3);
        for (const q of a.questions) assert.ok(bank.has(q.id));
        sets.add(a.questions.map((q) => q.id).sort().join());
        await send(s1, 'POST', `/api/exam-attempts/${a.id}/submit`, {});
      }
      assert.ok(sets.size > 1, 'six random draws were all the same');
    });

    it('shuffles questions and choices per attempt when set', async () => {
      const exam = await createExam({ shuffleQuestions: true, shuffleChoices: true });
      const eight = Array.from({ length: 8 }, (_, i) => ({ id: `c${i}`, text: `ตัวเลือก ${i}` }));
      for (let i = 0; i < 8; i++) await addQuestion(exam, { prompt: `ข้อ ${i}`, position: i, choices: eight, correct: ['c0'] });
      const orders = new Set();
      const choiceOrders = new Set();
      for (const c of [s1, s2, s3]) {
        const a = (await start(c, exam.id)).json.attempt;
        orders.add(a.questions.map((q) => q.id).join());
        choiceOrders.add(a.questions[0].choices.map((x) => x.id).join());
        for (const q of a.questions) assert.deepEqual(q.choices.map((x) => x.id).sort(), eight.map((x) => x.id));
      }
      assert.ok(orders.size > 1, 'question order identical for three users');
      assert.ok(choiceOrders.size > 1, 'choice order identical for three users');
    });

    it('grades all-or-nothing per question, multiple choice and true/false', async () => {
      const exam = await createExam({ passPercent: 100, points: 0 });
      const m = await addQuestion(exam, { kind: 'multiple', correct: ['a', 'c'], points: 3, position: 0 });
      const t = await addQuestion(exam, { kind: 'truefalse', choices: undefined, correct: ['true'], points: 1, position: 1 });
      let a = (await start(s2, exam.id)).json.attempt;
      assert.deepEqual(a.questions[1].choices.map((c) => c.id), ['true', 'false']);
      let r = await send(s2, 'POST', `/api/exam-attempts/${a.id}/submit`, { answers: { [m.id]: ['a'], [t.id]: ['true'] } });
      assert.equal(r.json.attempt.score, 1);
      assert.equal(r.json.attempt.percent, 25);
      a = (await start(s2, exam.id)).json.attempt;
      r = await send(s2, 'POST', `/api/exam-attempts/${a.id}/submit`, { answers: { [m.id]: ['c', 'a'], [t.id]: ['true'] } });
      assert.equal(r.json.attempt.percent, 100);
      assert.equal(r.json.attempt.passed, true);
    });

    it('shows correct answers but no explanations after submission when explanations are off', async () => {
      const { exam } = await examWith(1, { showExplanations: false, showAnswers: 'immediately' });
      const a = (await start(s1, exam.id)).json.attempt;
      const r = await send(s1, 'POST', `/api/exam-attempts/${a.id}/submit`, { answers: allWrong(a) });
      assert.deepEqual(r.json.attempt.review[0].correct, ['a']);
      assert.deepEqual(r.json.attempt.review[0].selected, ['b']);
      assert.equal(r.json.attempt.review[0].isCorrect, false);
      assert.equal(r.json.attempt.review[0].explanation, null);
      assert.ok(!r.text.includes(MARK));
    });

    it('validates saved answers (422) and closes the attempt after submit (409)', async () => {
      const { exam } = await examWith(2);
      const a = (await start(s1, exam.id)).json.attempt;
      const put = (answers) => send(s1, 'PUT', `/api/exam-attempts/${a.id}/answers`, { answers });
      let r = await put({ nope: ['a'] });
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.ok(r.json.error.fields['answers.nope']);
      r = await put({ [a.questions[0].id]: ['z'] });
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.ok(r.json.error.fields[`answers.${a.questions[0].id}`]);
      assertEnvelope(await put({ [a.questions[0].id]: ['a', 'b'] }), 422, 'VALIDATION_FAILED'); // single choice
      assertEnvelope(await put({ [a.questions[0].id]: 'a' }), 422, 'VALIDATION_FAILED');
      assertEnvelope(await put(['a']), 422, 'VALIDATION_FAILED');
      assertEnvelope(await send(s1, 'PUT', `/api/exam-attempts/${a.id}/answers`, {}), 422, 'VALIDATION_FAILED');
      assertEnvelope(await send(s1, 'POST', `/api/exam-attempts/${a.id}/submit`, { answers: { nope: ['a'] } }), 422, 'VALIDATION_FAILED');
      assert.equal((await s1.get(`/api/exam-attempts/${a.id}`)).json.attempt.submittedAt, null); // nothing graded
      await send(s1, 'POST', `/api/exam-attempts/${a.id}/submit`, {});
      assertEnvelope(await put({ [a.questions[0].id]: ['a'] }), 409, 'ATTEMPT_CLOSED');
    });

    it("hides another person's attempt (404)", async () => {
      const { exam } = await examWith(1);
      const a = (await start(s1, exam.id)).json.attempt;
      assertEnvelope(await s2.get(`/api/exam-attempts/${a.id}`), 404, 'NOT_FOUND');
      assertEnvelope(await send(s2, 'PUT', `/api/exam-attempts/${a.id}/answers`, { answers: {} }), 404, 'NOT_FOUND');
      assertEnvelope(await send(s2, 'POST', `/api/exam-attempts/${a.id}/submit`, {}), 404, 'NOT_FOUND');
      assertEnvelope(await s2.get('/api/exam-attempts/0190aaaa-0000-7000-8000-000000000000'), 404, 'NOT_FOUND');
      assert.equal((await s1.get(`/api/exam-attempts/${a.id}`)).json.attempt.submittedAt, null);
    });

    it('enforces audience and the published window (404)', async () => {
      const stores = await admin.get('/api/admin/stores?q=CNX01');
      const cnx = stores.json.items.find((s) => s.code === 'CNX01').id;
      const { exam } = await examWith(1, { audience: { stores: [cnx] } });
      assertEnvelope(await s1.get(`/api/exams/${exam.id}`), 404, 'NOT_FOUND');
      assertEnvelope(await start(s1, exam.id), 404, 'NOT_FOUND');
      assert.equal((await s3.get(`/api/exams/${exam.id}`)).status, 200);
      const draft = (await examWith(1, { status: 'draft' })).exam;
      assertEnvelope(await s1.get(`/api/exams/${draft.id}`), 404, 'NOT_FOUND');
      assertEnvelope(await start(s1, draft.id), 404, 'NOT_FOUND');
      const later = (await examWith(1, { startAt: new Date(Date.now() + 86400_000).toISOString() })).exam;
      assertEnvelope(await s1.get(`/api/exams/${later.id}`), 404, 'NOT_FOUND');
      const ended = (await examWith(1, { endAt: new Date(Date.now() - 1000).toISOString() })).exam;
      assertEnvelope(await start(s1, ended.id), 404, 'NOT_FOUND');
      const empty = await createExam();
      assertEnvelope(await start(s1, empty.id), 409, 'EXAM_EMPTY');
    });

    it('an open attempt cannot be saved or submitted once the exam is unpublished (404); results stay', async () => {
      const { exam, questions } = await examWith(2);
      const started = await start(s2, exam.id);
      assert.equal(started.status, 201, started.text);
      const attempt = started.json.attempt;
      const archived = await send(admin, 'PATCH', `/api/admin/examinations/${exam.id}`, { status: 'archived', version: exam.version });
      assert.equal(archived.status, 200, archived.text);
      const answers = { [questions[0].id]: ['a'] };
      assertEnvelope(await send(s2, 'PUT', `/api/exam-attempts/${attempt.id}/answers`, { answers }), 404, 'NOT_FOUND');
      assertEnvelope(await send(s2, 'POST', `/api/exam-attempts/${attempt.id}/submit`, { answers }), 404, 'NOT_FOUND');
      const read = await s2.request('GET', `/api/exam-attempts/${attempt.id}`);
      assert.equal(read.status, 200, read.text);
      assert.equal(read.json.attempt.submittedAt, null);
      const [[open]] = await dbQuery(server, `SELECT COUNT(*) FROM exam_attempts WHERE id = '${attempt.id}' AND submitted_at IS NULL`);
      assert.equal(open, '1');
    });

    it('five concurrent first starts make one attempt', async () => {
      const { exam } = await examWith(2, { maxAttempts: 1 });
      const racing = await Promise.all(Array.from({ length: 5 }, () => start(s3, exam.id)));
      for (const r of racing) assert.ok([200, 201].includes(r.status), r.text);
      assert.equal(new Set(racing.map((r) => r.json.attempt.id)).size, 1);
      const [[n]] = await dbQuery(server, `SELECT COUNT(*) FROM exam_attempts WHERE exam_id = '${exam.id}'`);
      assert.equal(Number(n), 1);
    });

    it('enforces maxAttempts, also for five concurrent starts', async () => {
      const { exam } = await examWith(2, { maxAttempts: 2 });
      const a1 = (await start(s2, exam.id)).json.attempt;
      await send(s2, 'POST', `/api/exam-attempts/${a1.id}/submit`, {});
      const racing = await Promise.all(Array.from({ length: 5 }, () => start(s2, exam.id)));
      for (const r of racing) assert.ok([200, 201].includes(r.status), r.text);
      assert.equal(new Set(racing.map((r) => r.json.attempt.id)).size, 1, 'five starts made several attempts');
      assert.equal(racing.filter((r) => r.status === 201).length, 1);
      const a2 = racing[0].json.attempt;
      assert.equal(a2.number, 2);
      await send(s2, 'POST', `/api/exam-attempts/${a2.id}/submit`, {});
      const over = await Promise.all(Array.from({ length: 5 }, () => start(s2, exam.id)));
      for (const r of over) assertEnvelope(r, 409, 'MAX_ATTEMPTS');
      const [[n]] = await dbQuery(server, `SELECT COUNT(*) FROM exam_attempts WHERE exam_id = '${exam.id}'`);
      assert.equal(Number(n), 2);
      assert.equal((await s2.get(`/api/exams/${exam.id}`)).json.exam.attemptsUsed, 2);
    });

    it('a second submit (sequential or concurrent) returns the same result and changes nothing', async () => {
      const { exam } = await examWith(3, { points: 7, passPercent: 50 });
      const a = (await start(s3, exam.id)).json.attempt;
      const first = await send(s3, 'POST', `/api/exam-attempts/${a.id}/submit`, { answers: allCorrect(a) });
      assert.equal(first.json.attempt.percent, 100);
      assert.equal(first.json.pointsAwarded, 7);
      const again = await send(s3, 'POST', `/api/exam-attempts/${a.id}/submit`, { answers: allWrong(a) });
      assert.equal(again.status, 200);
      assert.equal(again.json.pointsAwarded, 0);
      assert.deepEqual(again.json.attempt.answers, first.json.attempt.answers);
      assert.equal(again.json.attempt.submittedAt, first.json.attempt.submittedAt);
      assert.equal(again.json.attempt.percent, 100);
      assert.equal(again.json.balance, first.json.balance);

      // concurrent: five submits of one attempt grade once
      const { exam: e2 } = await examWith(2, { points: 5, passPercent: 50 });
      const b = (await start(s3, e2.id)).json.attempt;
      await send(s3, 'PUT', `/api/exam-attempts/${b.id}/answers`, { answers: allCorrect(b) });
      const all = await Promise.all(Array.from({ length: 5 }, () => send(s3, 'POST', `/api/exam-attempts/${b.id}/submit`, {})));
      for (const r of all) assert.equal(r.status, 200, r.text);
      assert.equal(new Set(all.map((r) => r.json.attempt.submittedAt)).size, 1);
      assert.equal(all.reduce((s, r) => s + r.json.pointsAwarded, 0), 5);
      const rows = await dbQuery(server, `SELECT delta FROM points_ledger WHERE source = 'exam' AND source_id = '${e2.id}'`);
      assert.equal(rows.length, 1);
    });

    it('awards points once, on the first pass only (fail, pass, pass)', async () => {
      const { exam } = await examWith(2, { points: 20, passPercent: 60 });
      const before = (await s1.get('/api/me/points')).json.balance;
      let a = (await start(s1, exam.id)).json.attempt;
      let r = await send(s1, 'POST', `/api/exam-attempts/${a.id}/submit`, { answers: allWrong(a) });
      assert.equal(r.json.attempt.passed, false);
      assert.equal(r.json.pointsAwarded, 0);
      a = (await start(s1, exam.id)).json.attempt;
      r = await send(s1, 'POST', `/api/exam-attempts/${a.id}/submit`, { answers: allCorrect(a) });
      assert.equal(r.json.attempt.passed, true);
      assert.equal(r.json.pointsAwarded, 20);
      assert.equal(r.json.balance, before + 20);
      a = (await start(s1, exam.id)).json.attempt;
      r = await send(s1, 'POST', `/api/exam-attempts/${a.id}/submit`, { answers: allCorrect(a) });
      assert.equal(r.json.attempt.passed, true);
      assert.equal(r.json.pointsAwarded, 0);
      assert.equal(r.json.balance, before + 20);
      const me = (await s1.get('/api/me/points?limit=100')).json;
      assert.equal(me.entries.filter((e) => e.source === 'exam' && e.sourceId === exam.id).length, 1);
      const d = (await s1.get(`/api/exams/${exam.id}`)).json.exam;
      assert.equal(d.passed, true);
      assert.equal(d.bestPercent, 100);
      assert.equal(d.attempts.length, 3);
      assert.deepEqual(d.progress, { percent: 100, completed: true });
    });

    it('passing completes a course whose last lesson is the exam', async () => {
      const { exam } = await examWith(1, { points: 0 });
      const now = Date.now();
      const course = '0190bbbb-0000-7000-8000-00000000c001';
      await dbQuery(server, `INSERT INTO courses (id, title, points, status, created_at, updated_at) VALUES ('${course}', 'คอร์สทดสอบ', 15, 'published', ${now}, ${now})`);
      await dbQuery(server, `INSERT INTO course_lessons (id, course_id, position, kind, exam_id, created_at, updated_at) VALUES ('0190bbbb-0000-7000-8000-00000000c002', '${course}', 0, 'exam', '${exam.id}', ${now}, ${now})`);
      const a = (await start(s2, exam.id)).json.attempt;
      const r = await send(s2, 'POST', `/api/exam-attempts/${a.id}/submit`, { answers: allCorrect(a) });
      assert.deepEqual(r.json.completedCourses, [{ id: course, title: 'คอร์สทดสอบ', pointsAwarded: 15 }]);
    });

    it('auto-submits past the deadline with the saved answers', { timeout: 90_000 }, async () => {
      const { exam } = await examWith(2, { timeLimitSeconds: 30, points: 9, passPercent: 50 });
      const a = (await start(s1, exam.id)).json.attempt; // touched by GET after the deadline
      const b = (await start(s2, exam.id)).json.attempt; // touched by saving after the deadline
      const c = (await start(s3, exam.id)).json.attempt; // touched by submitting new answers after the deadline
      assert.equal(Date.parse(a.deadlineAt) - Date.parse(a.startedAt), 30_000);
      await send(s1, 'PUT', `/api/exam-attempts/${a.id}/answers`, { answers: allCorrect(a) });
      await send(s2, 'PUT', `/api/exam-attempts/${b.id}/answers`, { answers: { [b.questions[0].id]: ['a'] } });
      await send(s3, 'PUT', `/api/exam-attempts/${c.id}/answers`, { answers: allWrong(c) });
      await sleep(33_000);
      const ga = await s1.get(`/api/exam-attempts/${a.id}`);
      assert.equal(ga.json.attempt.autoSubmitted, true);
      assert.equal(ga.json.attempt.percent, 100);
      assert.equal(ga.json.attempt.passed, true);
      const ledger = await dbQuery(server, `SELECT delta FROM points_ledger WHERE source_id = '${exam.id}'`);
      assert.equal(ledger.length, 1); // points for the auto-submitted pass

      assertEnvelope(await send(s2, 'PUT', `/api/exam-attempts/${b.id}/answers`, { answers: allCorrect(b) }), 409, 'ATTEMPT_CLOSED');
      const gb = (await s2.get(`/api/exam-attempts/${b.id}`)).json.attempt;
      assert.equal(gb.autoSubmitted, true);
      assert.equal(gb.percent, 50); // the saved answer only

      const sc = await send(s3, 'POST', `/api/exam-attempts/${c.id}/submit`, { answers: allCorrect(c) });
      assert.equal(sc.status, 200);
      assert.equal(sc.json.attempt.autoSubmitted, true);
      assert.equal(sc.json.attempt.percent, 0); // late answers ignored
      // the exam detail no longer shows an open attempt
      assert.equal((await s3.get(`/api/exams/${exam.id}`)).json.exam.openAttempt, null);
    });
  });

  describe('correct answers in the review (showAnswers)', () => {
    const submit = (c, a, answers) => send(c, 'POST', `/api/exam-attempts/${a.id}/submit`, answers === undefined ? {} : { answers });
    const attempt = async (c, exam, answers) => {
      const a = (await start(c, exam.id)).json.attempt;
      const r = await submit(c, a, typeof answers === 'function' ? answers(a) : answers);
      assert.equal(r.status, 200, r.text);
      return r;
    };
    // The review shows right/wrong per question always; correct choices and explanations only when shown.
    const assertHidden = (r, where) => {
      const a = r.json.attempt;
      assert.equal(a.answersShown, false, where);
      assert.ok(a.review.length > 0, where);
      for (const item of a.review) {
        assert.equal(item.correct, null, `${where}: ${r.text}`);
        assert.equal(item.explanation, null, where);
        assert.equal(typeof item.isCorrect, 'boolean', where);
      }
      assert.ok(!r.text.includes(MARK), `explanation in ${where}`);
    };
    const assertShown = (r, where) => {
      const a = r.json.attempt;
      assert.equal(a.answersShown, true, `${where}: ${r.text.slice(0, 300)}`);
      for (const item of a.review) {
        assert.deepEqual(item.correct, ['a'], where);
        assert.ok(item.explanation.includes(MARK), where);
      }
    };
    const reread = (c, r) => c.get(`/api/exam-attempts/${r.json.attempt.id}`);

    it('defaults to "after passing or the last attempt" and refuses unknown values (422)', async () => {
      const exam = await createExam();
      assert.equal(exam.showAnswers, 'passed_or_last');
      const bad = await send(admin, 'POST', '/api/admin/examinations', { title: 'x', showAnswers: 'sometimes' });
      assertEnvelope(bad, 422, 'VALIDATION_FAILED');
      assert.ok(bad.json.error.fields.showAnswers, bad.text);
      const schema = (await admin.get('/api/admin/schema')).json;
      const field = schema.resources.find((x) => x.name === 'examinations').fields.find((f) => f.name === 'showAnswers');
      assert.deepEqual(field.options.map((o) => o.value), ['never', 'passed', 'last_attempt', 'passed_or_last', 'immediately']);
      const d = await s1.get(`/api/exams/${exam.id}`);
      assert.equal(d.json.exam.showAnswers, 'passed_or_last');
    });

    it('the exploit: an empty attempt\'s review does not give the answers for the next one (default)', async () => {
      const { exam } = await examWith(3, { maxAttempts: 3, points: 15 });
      const empty = await attempt(s1, exam, undefined);
      assert.equal(empty.json.attempt.passed, false);
      assertHidden(empty, 'submit of an empty attempt');
      assertHidden(await reread(s1, empty), 'GET of the past attempt');
      const detail = await s1.get(`/api/exams/${exam.id}`);
      assert.ok(!/"correct"/.test(detail.text) && !detail.text.includes(MARK), detail.text);
      // Copying the review into attempt 2 gives nothing to copy: it fails and earns nothing.
      const copied = await attempt(s1, exam, (a) => Object.fromEntries(empty.json.attempt.review.filter((x) => x.correct).map((x) => [x.questionId, x.correct])));
      assert.equal(copied.json.attempt.passed, false);
      assert.equal(copied.json.pointsAwarded, 0);
      assertHidden(copied, 'second failed attempt');
      // The third (last) attempt, passed: now every review of theirs shows the answers.
      const passed = await attempt(s1, exam, allCorrect);
      assert.equal(passed.json.attempt.passed, true);
      assertShown(passed, 'passed attempt');
      assertShown(await reread(s1, empty), 'first attempt after passing');
    });

    it('default: shown once no attempts are left, even without passing; never with unlimited attempts before a pass', async () => {
      const { exam } = await examWith(2, { maxAttempts: 2 });
      const first = await attempt(s2, exam, allWrong);
      assertHidden(first, 'attempt 1 of 2');
      // An open last attempt keeps them hidden.
      const open = (await start(s2, exam.id)).json.attempt;
      assertHidden(await reread(s2, first), 'attempt 1 while the last is open');
      const last = await submit(s2, open, allWrong(open));
      assertShown(last, 'attempt 2 of 2, failed');
      assertShown(await reread(s2, first), 'attempt 1 after the last');
      const unlimited = (await examWith(1, { maxAttempts: null })).exam;
      for (let i = 0; i < 3; i++) assertHidden(await attempt(s2, unlimited, allWrong), `unlimited, failed ${i + 1}`);
      assertShown(await attempt(s2, unlimited, allCorrect), 'unlimited, passed');
    });

    it('never: not after the last attempt, not after passing (explanations neither)', async () => {
      const { exam } = await examWith(1, { maxAttempts: 1, showAnswers: 'never' });
      assertHidden(await attempt(s1, exam, allWrong), 'never, failed last attempt');
      const passed = await attempt(s2, exam, allCorrect);
      assert.equal(passed.json.attempt.passed, true);
      assertHidden(passed, 'never, passed');
      assertHidden(await reread(s2, passed), 'never, GET');
    });

    it('passed: only once the person has passed, not when attempts run out', async () => {
      const { exam } = await examWith(1, { maxAttempts: 2, showAnswers: 'passed' });
      const f1 = await attempt(s1, exam, allWrong);
      assertHidden(f1, 'passed, attempt 1 failed');
      assertHidden(await attempt(s1, exam, allWrong), 'passed, last attempt failed');
      assertHidden(await reread(s1, f1), 'passed, GET after running out');
      const f2 = await attempt(s2, exam, allWrong);
      assertShown(await attempt(s2, exam, allCorrect), 'passed, attempt 2 passed');
      assertShown(await reread(s2, f2), 'passed, earlier attempt after passing');
    });

    it('last attempt: not after a pass with attempts left, then after the last one', async () => {
      const { exam } = await examWith(1, { maxAttempts: 2, showAnswers: 'last_attempt' });
      const p = await attempt(s1, exam, allCorrect);
      assert.equal(p.json.attempt.passed, true);
      assertHidden(p, 'last_attempt, passed with one left');
      assertShown(await attempt(s1, exam, allWrong), 'last_attempt, the last one');
      assertShown(await reread(s1, p), 'last_attempt, GET of the first');
      const unlimited = (await examWith(1, { showAnswers: 'last_attempt' })).exam;
      assertHidden(await attempt(s1, unlimited, allCorrect), 'last_attempt, unlimited');
    });

    it('immediately: every submitted attempt, passed or not', async () => {
      const { exam } = await examWith(2, { maxAttempts: 3, showAnswers: 'immediately' });
      const f = await attempt(s3, exam, undefined);
      assert.equal(f.json.attempt.passed, false);
      assertShown(f, 'immediately, empty attempt');
      assertShown(await reread(s3, f), 'immediately, GET');
    });
  });

  it('seeds the demo exam (5 questions, pass 60 %, 10 minutes, 3 attempts, 20 points)', async () => {
    const r = await s1.get('/api/admin/examinations');
    assert.equal(r.status, 403);
    const list = await admin.get(`/api/admin/examinations?q=${encodeURIComponent('แบบทดสอบการบริการลูกค้า')}`);
    const demo = list.json.items.find((e) => e.title === 'แบบทดสอบการบริการลูกค้า');
    assert.ok(demo, list.text);
    assert.equal(demo.passPercent, 60);
    assert.equal(demo.timeLimitSeconds, 600);
    assert.equal(demo.maxAttempts, 3);
    assert.equal(demo.points, 20);
    const d = await s1.get(`/api/exams/${demo.id}`);
    assert.equal(d.status, 200);
    assert.equal(d.json.exam.questionCount, 5);
    const a = await start(s1, demo.id);
    assertNoLeak(a);
    assert.deepEqual(new Set(a.json.attempt.questions.map((q) => q.kind)), new Set(['single', 'multiple', 'truefalse']));
    // seeding again changes nothing
    await server.cli(['seed', '--demo', '--no-history']);
    const [[n]] = await dbQuery(server, `SELECT COUNT(*) FROM exams WHERE title = 'แบบทดสอบการบริการลูกค้า'`);
    assert.equal(Number(n), 1);
  });
});
