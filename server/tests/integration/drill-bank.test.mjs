// The daily drill's question bank beyond exams (issue 32), through the real server (SQLite, or PostgreSQL with
// TEST_DATABASE_URL): quiz-game questions of quizzes a person played, drill-only questions (for everyone, or for
// the people enrolled in their course) and matching pairs, each drawn into a drill, answered right and wrong and
// checked on the server; "not for drill" questions of every kind are never drawn; no payload before the answer
// tells it (the right side of a board is shuffled per person, its ids are positions); bad input → the envelope.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, assertEnvelope, signedInClients } from './harness.mjs';
import { send, create } from './learning-fixtures.mjs';
import { dbQuery } from './dbquery.mjs';

const MARK = 'BANKEXPLAIN';
const PAIRS = [
  { id: 'pairfire', left: 'ผงเคมีแห้ง', right: 'ไฟทั่วไป A B C' },
  { id: 'pairco2', left: 'CO2', right: 'ไฟจากอุปกรณ์ไฟฟ้า' },
  { id: 'pairwater', left: 'น้ำ', right: 'ไฟจากกระดาษและไม้' },
  { id: 'pairfoam', left: 'โฟม', right: 'ไฟจากน้ำมัน' },
];
const partner = Object.fromEntries(PAIRS.map((p) => [p.left, p.right]));
const choices = (tag) => ['a', 'b', 'c'].map((id) => ({ id, text: `${tag} ${id}` }));

// A served question: its own fields only (a board's two sides as {id, text} with position ids), nothing of the
// answer: no correct ids or explanation, no pair ids, and no key that could carry them.
function assertNoLeak(r) {
  assert.ok(!r.text.includes(MARK), `explanation leaked: ${r.text}`);
  assert.ok(!/correct|explanation|pairfire|pairco2|pairwater|pairfoam/i.test(r.text), `answer data before answering: ${r.text}`);
  const q = r.json.question;
  if (!q) return;
  const keys = ['choices', 'deadlineAt', 'id', 'image', 'kind', 'position', 'prompt', 'seconds', 'shownAt'];
  assert.deepEqual(Object.keys(q).sort(), q.kind === 'match' ? [...keys, 'left', 'right'].sort() : keys);
  if (q.kind === 'match') {
    assert.deepEqual(q.choices, []);
    assert.deepEqual(q.left.map((x) => x.id), PAIRS.map((_, i) => `l${i + 1}`));
    assert.deepEqual(q.right.map((x) => x.id), PAIRS.map((_, i) => `r${i + 1}`));
    assert.deepEqual(q.left.map((x) => x.text), PAIRS.map((p) => p.left), 'the left side in the editor order');
    assert.deepEqual(q.right.map((x) => x.text).sort(), PAIRS.map((p) => p.right).sort());
    assert.notDeepEqual(q.right.map((x) => x.text), PAIRS.map((p) => p.right), 'the right side shuffled');
    for (const x of [...q.left, ...q.right]) assert.deepEqual(Object.keys(x).sort(), ['id', 'text']);
  } else for (const ch of q.choices) assert.deepEqual(Object.keys(ch).sort(), ['id', 'text']);
}

// The answer to a served board, right (every left with its partner) or with the first two partners swapped.
function boardAnswer(q, right) {
  const idOf = (text) => q.right.find((x) => x.text === text).id;
  const pairs = q.left.map((l) => ({ left: l.id, right: idOf(partner[l.text]) }));
  if (!right) [pairs[0].right, pairs[1].right] = [pairs[1].right, pairs[0].right];
  return pairs;
}

describe('drill bank: quiz games, drill-only questions, matching pairs', () => {
  const server = useServer();
  let admin, editor, s1, s2, s3;
  let category, quizQuestions, flaggedQuiz, game, match, single, hidden, course, courseQuestion;
  const db = (sql) => dbQuery(server, sql);
  const uid = async (code) => (await db(`SELECT id FROM users WHERE employee_code = '${code}'`))[0][0];
  const today = (c) => c.request('GET', '/api/drill/today');
  const answer = (c, body) => send(c, 'POST', '/api/drill/today/answers', body);
  const drawnFor = async (code) => {
    const rows = await db(`SELECT question_ids_json FROM drill_days WHERE user_id = '${await uid(code)}'`);
    return rows.length ? JSON.parse(rows[0][0]) : [];
  };
  const shownAgo = async (code, qid, ms) =>
    db(`UPDATE drill_answers SET shown_at = shown_at - ${ms} WHERE user_id = '${await uid(code)}' AND question_id = '${qid}'`);

  before(async () => {
    [admin, editor, s1, s2, s3] = await signedInClients(server, 'ADMIN01', 'EDIT01', 'S1001', 'S1002', 'S2001');
    category = await create(admin, 'categories', { name: 'ความปลอดภัย' });
    // A quiz under a category, played by s1 in a published game; one of its questions is not for the drill.
    const quiz = await create(editor, 'game-quizzes', { title: 'ควิซความปลอดภัย', timerSeconds: 10, category: category.id });
    assert.equal(quiz.category, category.id);
    quizQuestions = [
      await create(editor, 'game-quiz-questions', { quiz: quiz.id, kind: 'single', prompt: 'ควิซข้อหนึ่ง', choices: choices('ควิซ'), correct: ['b'], explanation: `${MARK} ควิซ` }),
      await create(editor, 'game-quiz-questions', { quiz: quiz.id, kind: 'truefalse', prompt: 'ควิซข้อสอง', correct: ['false'] }),
    ];
    flaggedQuiz = await create(editor, 'game-quiz-questions', { quiz: quiz.id, kind: 'single', prompt: 'ควิซโปรเดือนนี้', choices: choices('โปร'), correct: ['a'], notForDrill: true });
    assert.equal(flaggedQuiz.notForDrill, true);
    game = await create(editor, 'games', { title: 'เกมความปลอดภัย', kind: 'quiz', quiz: quiz.id, status: 'published', attemptsPerDay: 3 });
    const play = await send(s1, 'POST', `/api/games/${game.id}/plays`, {});
    assert.equal(play.status, 201, play.text);
    // Drill-only questions for everyone: a board of four pairs with a minute to answer, a single choice, and one
    // kept out of the drill; one tied to a course, asked only to the people enrolled in it (s1).
    match = await create(editor, 'drill-questions', { kind: 'match', prompt: 'จับคู่ถังดับเพลิงกับไฟ', pairs: PAIRS, explanation: `${MARK} ถัง`, seconds: 60, category: category.id });
    assert.deepEqual(match.pairs, PAIRS);
    assert.deepEqual([match.choices, match.correct], [[], []]);
    single = await create(editor, 'drill-questions', { kind: 'single', prompt: 'ทางหนีไฟต้องเป็นอย่างไร', choices: choices('ทาง'), correct: ['c'], explanation: `${MARK} ทาง` });
    assert.equal(single.seconds, 30);
    hidden = await create(editor, 'drill-questions', { kind: 'single', prompt: 'ข้อที่ไม่ใช้ในแบบฝึก', choices: choices('ซ่อน'), correct: ['a'], notForDrill: true });
    course = await create(admin, 'courses', { title: 'หลักสูตรดับเพลิง', status: 'published', points: 0 });
    courseQuestion = await create(editor, 'drill-questions', { kind: 'multiple', prompt: 'อุปกรณ์ใดใช้ดับไฟได้', choices: choices('อุปกรณ์'), correct: ['a', 'b'], course: course.id });
    const enrol = await send(s1, 'POST', `/api/courses/${course.id}/start`, {});
    assert.ok(enrol.status === 200 || enrol.status === 201, enrol.text);
  });

  it('checks drill-only questions on write: pairs, kinds, roles', async () => {
    const bad = (body) => send(editor, 'POST', '/api/admin/drill-questions', { prompt: 'x', ...body });
    let r = await bad({ kind: 'match', pairs: [{ left: 'a', right: 'b' }] });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.ok(r.json.error.fields.pairs, r.text);
    r = await bad({ kind: 'match', pairs: [{ left: 'a', right: '' }, { left: 'b', right: 'c' }] });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.ok(r.json.error.fields.pairs, r.text);
    r = await bad({ kind: 'match', pairs: [{ left: 'a', right: 'x' }, { left: 'a', right: 'y' }] });
    assert.ok(r.json.error.fields.pairs, 'two equal left items');
    r = await bad({ kind: 'match' });
    assert.ok(r.json.error.fields.pairs, 'a board needs pairs');
    r = await bad({ kind: 'single', choices: choices('x'), correct: ['z'] });
    assert.ok(r.json.error.fields.correct, r.text);
    r = await bad({ kind: 'quiz', choices: choices('x'), correct: ['a'] });
    assert.ok(r.json.error.fields.kind, r.text);
    r = await bad({ kind: 'single', choices: choices('x'), correct: ['a'], seconds: 5 });
    assert.ok(r.json.error.fields.seconds, r.text);
    assertEnvelope(await send(s1, 'POST', '/api/admin/drill-questions', { prompt: 'x', kind: 'single', choices: choices('x'), correct: ['a'] }), 403, 'FORBIDDEN');
    // A pair without an id gets one, kept on later edits.
    r = await send(editor, 'POST', '/api/admin/drill-questions', { prompt: 'ชั่วคราว', kind: 'match', pairs: [{ left: 'a', right: 'b' }, { left: 'c', right: 'd' }] });
    assert.equal(r.status, 201, r.text);
    assert.ok(r.json.pairs.every((p) => /^[A-Za-z0-9_-]+$/.test(p.id)));
    assert.equal((await send(editor, 'DELETE', `/api/admin/drill-questions/${r.json.id}`)).status, 204);
  });

  it('draws quiz, course and everyone questions in turn; never what is not for the drill', async () => {
    let r = await today(s1);
    assert.equal(r.status, 200, r.text);
    assertNoLeak(r);
    assert.equal(r.json.total, 5);
    const drawn = await drawnFor('S1001');
    // In turn from each place: the quiz's first, the course's, the first for everyone, then the next of each.
    assert.deepEqual(drawn, [quizQuestions[0].id, courseQuestion.id, match.id, quizQuestions[1].id, single.id]);
    // s2 played nothing and is enrolled in nothing: only the questions for everyone.
    r = await today(s2);
    assertNoLeak(r);
    assert.deepEqual(await drawnFor('S1002'), [match.id, single.id]);
    for (const id of [...(await drawnFor('S1001')), ...(await drawnFor('S1002'))]) assert.ok(![flaggedQuiz.id, hidden.id].includes(id));
  });

  it('answers quiz and course questions with choices, checked here', async () => {
    let r = await today(s1);
    assert.equal(r.json.question.id, quizQuestions[0].id);
    assert.equal(r.json.question.seconds, 30);
    r = await answer(s1, { questionId: quizQuestions[0].id, choices: ['b'] });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual([r.json.correct, r.json.rating, r.json.correctChoices], [true, 4, ['b']]);
    assert.ok(r.json.explanation.includes(MARK));
    r = await today(s1);
    assertNoLeak(r);
    assert.equal(r.json.question.id, courseQuestion.id);
    assertEnvelope(await answer(s1, { questionId: courseQuestion.id, choices: ['a', 'z'] }), 422, 'VALIDATION_FAILED');
    r = await answer(s1, { questionId: courseQuestion.id, choices: ['a'] });
    assert.deepEqual([r.json.correct, r.json.rating, r.json.correctChoices], [false, 1, ['a', 'b']]);
    const u = await uid('S1001');
    const states = await db(`SELECT question_id FROM drill_states WHERE user_id = '${u}' ORDER BY question_id`);
    assert.deepEqual(states.map((x) => x[0]), [quizQuestions[0].id, courseQuestion.id].sort(), 'memory states of any kind of question');
  });

  it('serves a board on one screen and checks the pairs on the server', async () => {
    let r = await today(s1);
    assertNoLeak(r);
    const q = r.json.question;
    assert.equal(q.id, match.id);
    assert.equal(q.kind, 'match');
    assert.equal(q.seconds, 60);
    assert.equal(Date.parse(q.deadlineAt) - Date.parse(q.shownAt), 60_000);
    // A reload shows the same board.
    const again = await today(s1);
    assert.deepEqual(again.json.question.right, q.right);
    // Bad answers: the envelope with fields.pairs, nothing recorded.
    const bad = async (body) => {
      const x = await answer(s1, { questionId: q.id, ...body });
      assertEnvelope(x, 422, 'VALIDATION_FAILED');
      assert.ok(x.json.error.fields.pairs || x.json.error.fields.choices, x.text);
      return x;
    };
    const right = boardAnswer(q, true);
    await bad({});
    await bad({ pairs: 'l1-r1' });
    await bad({ pairs: right.slice(0, 3) });
    await bad({ pairs: [...right.slice(0, 3), { left: 'l4', right: right[0].right }] });
    await bad({ pairs: [...right.slice(0, 3), { left: 'l9', right: 'r9' }] });
    await bad({ pairs: [...right.slice(0, 3), { left: 'l4', right: 'pairfoam' }] });
    await bad({ choices: ['a'] });
    assert.deepEqual(await db(`SELECT COUNT(*) FROM drill_answers WHERE question_id = '${q.id}' AND user_id = '${await uid('S1001')}' AND answered_at IS NULL`), [['1']]);
    // 50 s: late for a 30 s question, in time for this one's minute, and Hard (past half of it).
    await shownAgo('S1001', q.id, 50_000);
    r = await answer(s1, { questionId: q.id, pairs: right });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual([r.json.correct, r.json.counted, r.json.rating], [true, true, 2]);
    assert.deepEqual(r.json.correctPairs, right);
    assert.ok(r.json.explanation.includes(MARK));
    // A repeat answers the first result.
    r = await answer(s1, { questionId: q.id, pairs: boardAnswer(q, false) });
    assert.deepEqual([r.json.repeat, r.json.correct], [true, true]);
  });

  it('marks a wrong board Again and shows the right pairs; another person sees their own shuffle', async () => {
    let r = await today(s2);
    const q = r.json.question;
    assert.equal(q.id, match.id);
    assertNoLeak(r);
    r = await answer(s2, { questionId: q.id, pairs: boardAnswer(q, false) });
    assert.deepEqual([r.json.correct, r.json.counted, r.json.rating], [false, true, 1]);
    assert.deepEqual(r.json.correctPairs, boardAnswer(q, true));
    // The board kept for each person: their right side in its own order (stored, never sent as pair ids).
    const layouts = await db(`SELECT layout_json FROM drill_answers WHERE question_id = '${match.id}' ORDER BY user_id`);
    assert.equal(layouts.length, 2);
    for (const [l] of layouts) assert.deepEqual(JSON.parse(l).left, PAIRS.map((p) => p.id));
    // The drill-only single choice: late (40 s of 30) → recorded, not counted.
    r = await today(s2);
    assert.equal(r.json.question.id, single.id);
    await shownAgo('S1002', single.id, 40_000);
    r = await answer(s2, { questionId: single.id, choices: ['c'] });
    assert.deepEqual([r.json.correct, r.json.counted, r.json.rating, r.json.memory], [true, false, null, null]);
    assert.equal(r.json.finished, true);
  });

  it('keeps a question marked not for drill out from then on, and deleting a question deletes its states', async () => {
    const u = await uid('S1001');
    // Mark the quiz's second question (drawn for s1 today, not answered yet): it is passed over when served.
    const q2 = quizQuestions[1];
    const r = await send(editor, 'PATCH', `/api/admin/game-quiz-questions/${q2.id}`, { notForDrill: true, version: q2.version });
    assert.equal(r.status, 200, r.text);
    const served = await today(s1);
    assertNoLeak(served);
    assert.equal(served.json.question.id, single.id, 'the flagged quiz question is passed over');
    // s3 (no play, no course) starts a day: only the questions for everyone.
    await today(s3);
    assert.deepEqual(await drawnFor('S2001'), [match.id, single.id]);
    const before = await db(`SELECT COUNT(*) FROM drill_states WHERE question_id = '${match.id}'`);
    assert.deepEqual(before, [['2']]);
    assert.equal((await send(editor, 'DELETE', `/api/admin/drill-questions/${match.id}`)).status, 204);
    assert.deepEqual(await db(`SELECT COUNT(*) FROM drill_states WHERE question_id = '${match.id}'`), [['0']]);
    assert.deepEqual(await db(`SELECT COUNT(*) FROM drill_states WHERE user_id = '${u}'`), [['2']]);
  });
});
