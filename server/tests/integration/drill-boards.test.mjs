// Matching games' boards and quiz pictures in the daily drill (issue 32), through the real server (SQLite, or
// PostgreSQL with TEST_DATABASE_URL): a person who played a matching game is asked its board as one "match"
// question (its title, its pairs in the editor's order on the left, shuffled on the right, 8 s a pair), checked on
// the server and counted under the game's topic in the Knowledge report; "not for drill" keeps a board out; a
// deleted board takes its memory states with it; a quiz question's picture comes with the question; nothing of
// the answer is sent before it.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, signedInClients } from './harness.mjs';
import { send, create, upload, png } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';

const PAIRS = [
  ['นมสด', 'ตู้แช่ 2-4 °C'],
  ['ไอศกรีม', 'ตู้แช่แข็ง -18 °C'],
  ['ขนมปัง', 'ชั้นวางอุณหภูมิห้อง'],
  ['ผักสด', 'ตู้แช่ผัก 4-8 °C'],
  ['ไข่ไก่', 'ชั้นวางใกล้ตู้แช่'],
];
const partner = Object.fromEntries(PAIRS);

describe('drill bank: matching games and quiz pictures', () => {
  const server = useServer();
  let editor, admin, a, b, category, board, pairIds, boardGame, picture, quizQuestion;
  const db = (sql) => dbQuery(server, sql);
  const today = (c) => c.request('GET', '/api/drill/today');
  const answer = (c, body) => send(c, 'POST', '/api/drill/today/answers', body);
  const drawnFor = async (id) => {
    const rows = await db(`SELECT question_ids_json FROM drill_days WHERE user_id = '${id}'`);
    return rows.length ? JSON.parse(rows[0][0]) : [];
  };
  // Serves questions (answering those that are not `id` with their first choice) until `id` is served.
  const serveUntil = async (c, id) => {
    for (let i = 0; i < 10; i++) {
      const r = await today(c);
      assert.equal(r.status, 200, r.text);
      const q = r.json.question;
      assert.ok(q, `${id} was never served`);
      if (q.id === id) return r;
      const body = q.kind === 'match' ? { pairs: q.left.map((l, j) => ({ left: l.id, right: q.right[j].id })) } : { choices: [q.choices[0].id] };
      assert.equal((await answer(c, { questionId: q.id, ...body })).status, 200);
    }
    throw new Error(`${id} not served in 10 questions`);
  };
  const boardAnswer = (q, right) => {
    const pairs = q.left.map((l) => ({ left: l.id, right: q.right.find((x) => x.text === partner[l.text]).id }));
    if (!right) [pairs[0].right, pairs[1].right] = [pairs[1].right, pairs[0].right];
    return pairs;
  };

  before(async () => {
    [admin, editor] = await signedInClients(server, 'ADMIN01', 'EDIT01');
    const tag = Math.random().toString(36).slice(2, 7);
    category = await create(editor, 'categories', { name: `การจัดเก็บ ${tag}` });
    board = await create(editor, 'game-matchings', { title: `จับคู่สินค้ากับที่เก็บ ${tag}`, category: category.id });
    assert.deepEqual([board.category, board.notForDrill], [category.id, false]);
    pairIds = [];
    for (const [i, [left, right]] of PAIRS.entries())
      pairIds.push((await create(editor, 'game-matching-pairs', { matching: board.id, left, right, position: i })).id);
    boardGame = await create(editor, 'games', { title: `เกมจับคู่ ${tag}`, kind: 'matching', matching: board.id, status: 'published', attemptsPerDay: 3 });
    // A quiz with a picture on its question.
    picture = await upload(server, editor, png(64, 48, 901), 'image/png', 'shelf.png');
    const quiz = await create(editor, 'game-quizzes', { title: `ควิซชั้นวาง ${tag}`, timerSeconds: 10, category: category.id });
    quizQuestion = await create(editor, 'game-quiz-questions', {
      quiz: quiz.id, kind: 'single', prompt: `สินค้าในภาพควรวางที่ใด ${tag}`, image: picture.id,
      choices: [{ id: 'a', text: 'ระดับสายตา' }, { id: 'b', text: 'ชั้นล่าง' }], correct: ['a'],
    });
    const quizGame = await create(editor, 'games', { title: `เกมควิซ ${tag}`, kind: 'quiz', quiz: quiz.id, status: 'published', attemptsPerDay: 3 });
    [a, b] = await crowd(server, 2, { prefix: 'DB' });
    for (const p of [a, b]) {
      for (const g of [boardGame, quizGame]) assert.equal((await send(p.client, 'POST', `/api/games/${g.id}/plays`, {})).status, 201);
    }
  });

  it("asks a quiz question with its picture, and a played matching game's board, with nothing of their answers", async () => {
    let r = await today(a.client);
    assert.equal(r.status, 200, r.text);
    const drawn = await drawnFor(a.id);
    assert.ok(drawn.includes(board.id) && drawn.includes(quizQuestion.id), JSON.stringify(drawn));

    r = await serveUntil(a.client, quizQuestion.id);
    const quiz = r.json.question;
    assert.equal(quiz.image.id, picture.id);
    assert.match(quiz.image.url, /^\/media\/[0-9a-f]+\.png$/);
    assert.deepEqual([quiz.image.width, quiz.image.height], [64, 48]);
    assert.equal((await answer(a.client, { questionId: quiz.id, choices: ['a'] })).json.correct, true);

    r = await serveUntil(a.client, board.id);
    const q = r.json.question;
    assert.deepEqual([q.kind, q.prompt, q.choices, q.image], ['match', board.title, [], null]);
    assert.equal(q.seconds, 8 * PAIRS.length, '8 s a pair');
    assert.deepEqual(q.left.map((x) => x.text), PAIRS.map((p) => p[0]), "the left side in the editor's order");
    assert.deepEqual(q.right.map((x) => x.text).sort(), PAIRS.map((p) => p[1]).sort());
    assert.deepEqual(q.left.map((x) => x.id), PAIRS.map((_, i) => `l${i + 1}`));
    for (const id of pairIds) assert.ok(!r.text.includes(id), 'no pair id before the answer');
    assert.ok(!/correct|explanation/i.test(r.text));

    const right = boardAnswer(q, true);
    r = await answer(a.client, { questionId: q.id, pairs: right });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual([r.json.correct, r.json.counted, r.json.correctPairs], [true, true, right]);
    const states = await db(`SELECT reps FROM drill_states WHERE user_id = '${a.id}' AND question_id = '${board.id}'`);
    assert.deepEqual(states.map((x) => Number(x[0])), [1], "the board's memory state");
  });

  it("counts a board under its game's topic in the Knowledge report, a wrong one among the most forgotten", async () => {
    const r0 = await serveUntil(b.client, board.id);
    const r = await answer(b.client, { questionId: board.id, pairs: boardAnswer(r0.json.question, false) });
    assert.deepEqual([r.json.correct, r.json.rating], [false, 1]);
    const report = await admin.get('/api/admin/reports/knowledge');
    assert.equal(report.status, 200, report.text);
    const tables = Object.fromEntries(report.json.tables.map((t) => [t.key, t]));
    const rowsOf = (t) => t.rows.map((row) => Object.fromEntries(t.columns.map((c, i) => [c.key, row[i]])));
    assert.ok(rowsOf(tables.byTopic).some((x) => x.topic === category.name), 'the topic of the board (and the quiz)');
    const forgotten = rowsOf(tables.forgotten);
    const at = forgotten.findIndex((x) => x.question === board.title);
    assert.ok(at >= 0, JSON.stringify(forgotten));
    assert.equal(tables.forgotten.links[at], `/admin/games/matching/${board.id}`);
  });

  it('keeps a board marked not for drill out, and deleting a board deletes its memory states', async () => {
    const r = await send(editor, 'PATCH', `/api/admin/game-matchings/${board.id}`, { notForDrill: true, version: board.version });
    assert.equal(r.status, 200, r.text);
    const [c] = await crowd(server, 1, { prefix: 'DN' });
    assert.equal((await send(c.client, 'POST', `/api/games/${boardGame.id}/plays`, {})).status, 201);
    await today(c.client);
    assert.ok(!(await drawnFor(c.id)).includes(board.id));

    assert.deepEqual(await db(`SELECT COUNT(*) FROM drill_states WHERE question_id = '${board.id}'`), [['2']]);
    assert.equal((await send(editor, 'DELETE', `/api/admin/games/${boardGame.id}`)).status, 204);
    await db(`DELETE FROM game_plays WHERE game_id = '${boardGame.id}'`);
    const del = await send(editor, 'DELETE', `/api/admin/game-matchings/${board.id}`);
    assert.equal(del.status, 204, del.text);
    assert.deepEqual(await db(`SELECT COUNT(*) FROM drill_states WHERE question_id = '${board.id}'`), [['0']]);
  });
});
