// Games (issue 14, solo part) through real HTTP on SQLite and PostgreSQL: Kahoot's scoring judged by the
// server's clock (full points under 0.5 s, 2 s of 30 s → 967, a late answer 0, the streak bonus), one answer per
// round, no answer or pair information in any response before it is played, matching boards, attempts per day
// (also under parallel starts), the daily points cap under parallel finishes, audience/window → 404, bad input.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, signedInClients, assertEnvelope, sleep } from './harness.mjs';
import { send, create, iso, HOUR } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';

const choices = (...texts) => texts.map((text, i) => ({ id: 'abcdefgh'[i], text }));

// A response carries nothing that tells the answer: no `correct`/`correctIds`/`explanation` key anywhere, no
// explanation text, and no board `pair` index.
function assertNoAnswers(json, secrets = []) {
  const text = JSON.stringify(json);
  for (const key of ['"correct"', '"correctIds"', '"explanation"', '"outcome"']) assert.ok(!text.includes(key), `${key} leaked: ${text}`);
  assert.doesNotMatch(text, /"pair":\s*\d/, 'a card carries its pair index');
  for (const s of secrets) assert.ok(!text.includes(s), `${s} leaked`);
}

describe('games', () => {
  const server = useServer();
  let admin, editor, staff;

  before(async () => {
    [admin, editor, staff] = await signedInClients(server, 'ADMIN01', 'EDIT01', 'S2002');
    await setCap(100000);
  });

  const setCap = async (cap) => {
    const s = (await admin.get('/api/admin/game-settings/default')).json;
    const r = await send(admin, 'PATCH', '/api/admin/game-settings/default', { dailyPointsCap: cap, version: s.version });
    assert.equal(r.status, 200, r.text);
  };
  const quizWith = async (questions, over = {}) => {
    const quiz = await create(editor, 'game-quizzes', { title: `ควิซ ${Math.random().toString(36).slice(2, 6)}`, timerSeconds: 5, ...over });
    const qs = [];
    for (const q of questions) qs.push(await create(editor, 'game-quiz-questions', { quiz: quiz.id, kind: 'single', ...q }));
    return { quiz, qs };
  };
  const game = (over) => create(editor, 'games', { title: `เกม ${Math.random().toString(36).slice(2, 6)}`, status: 'published', attemptsPerDay: 5, scorePerPoint: 100, ...over });
  const boardWith = async (n) => {
    const m = await create(editor, 'game-matchings', { title: 'จับคู่' });
    for (let i = 0; i < n; i++) await create(editor, 'game-matching-pairs', { matching: m.id, left: `L${i}`, right: `R${i}` });
    return m;
  };
  const start = (c, g) => send(c, 'POST', `/api/games/${g.id}/plays`, {});
  const answer = (c, play, roundId, optionIds) => send(c, 'POST', `/api/game-plays/${play.id}/answer`, { roundId, optionIds });
  const next = (c, play) => send(c, 'POST', `/api/game-plays/${play.id}/next`, {});
  const finish = (c, play) => send(c, 'POST', `/api/game-plays/${play.id}/finish`, {});
  const pairOf = (c, play, cardIds) => send(c, 'POST', `/api/game-plays/${play.id}/pair`, { cardIds });
  // The board's pairs as the server keeps them (the browser never sees them): [[cardId, cardId]].
  const pairsOf = async (play) => {
    const [[board]] = await dbQuery(server, `SELECT board_json FROM game_plays WHERE id = '${play.id}'`);
    const by = new Map();
    for (const c of JSON.parse(board)) by.set(c.pair, [...(by.get(c.pair) ?? []), c.id]);
    return [...by.values()];
  };
  const kahoot = (ms, timerMs, possible) => (ms < 500 ? possible : Math.round((1 - ms / timerMs / 2) * possible));

  it('a solo quiz: Kahoot points on the server clock, the streak bonus, one answer per round, late = 0, no answers before', async () => {
    const { quiz } = await quizWith([
      { prompt: 'ข้อหนึ่ง', choices: choices('ก', 'ข', 'ค'), correct: ['a'], explanation: 'SECRET-ONE' },
      { kind: 'multiple', prompt: 'ข้อสอง', choices: choices('ก', 'ข', 'ค'), correct: ['a', 'c'], explanation: 'SECRET-TWO' },
      { kind: 'truefalse', prompt: 'ข้อสาม', correct: ['false'], explanation: 'SECRET-THREE' },
    ]);
    const g = await game({ kind: 'quiz', quiz: quiz.id });
    const [x] = await crowd(server, 1, { prefix: 'GQ' });
    const secrets = ['SECRET-ONE', 'SECRET-TWO', 'SECRET-THREE'];
    const seen = [];
    let r = await start(x.client, g);
    assert.equal(r.status, 201, r.text);
    seen.push(r.json);
    const play = r.json.play;
    assert.equal(play.questionCount, 3);
    assert.equal(play.round.index, 0);
    assert.deepEqual(play.round.choices.map((c) => c.id), ['a', 'b', 'c']);
    assertNoAnswers(r.json, secrets);
    seen.push((await x.client.get(`/api/game-plays/${play.id}`)).json);
    assertNoAnswers(seen.at(-1), secrets);
    // The next question only once this one is answered.
    assertEnvelope(await next(x.client, play), 409, 'ROUND_OPEN');

    // At once (< 0.5 s → full points), three times in parallel: one answer counts, the others are refused.
    const racing = await Promise.all([1, 2, 3].map(() => answer(x.client, play, play.round.id, ['a'])));
    assert.equal(racing.filter((a) => a.status === 200).length, 1, racing.map((a) => a.status).join(','));
    for (const a of racing.filter((y) => y.status !== 200)) assertEnvelope(a, 409, 'ALREADY_ANSWERED');
    r = racing.find((a) => a.status === 200);
    let o = r.json.outcome;
    assert.ok(o.responseMs < 500, `answered in ${o.responseMs} ms`);
    assert.deepEqual([o.correct, o.points, o.bonus, o.streak, o.late], [true, 1000, 0, 1, false]);
    assert.deepEqual(o.correctIds, ['a']);
    assert.equal(o.explanation, 'SECRET-ONE');
    assertNoAnswers(r.json.play, ['SECRET-TWO', 'SECRET-THREE']);
    assertEnvelope(await answer(x.client, play, play.round.id, ['b']), 409, 'ALREADY_ANSWERED');

    r = await next(x.client, play);
    assert.equal(r.status, 200, r.text);
    assertNoAnswers(r.json, ['SECRET-TWO', 'SECRET-THREE']);
    const second = r.json.play.round;
    assert.equal(second.index, 1);
    assert.equal(second.kind, 'multiple');
    await sleep(1000);
    r = await answer(x.client, play, second.id, ['c', 'a']);
    o = r.json.outcome;
    assert.ok(o.responseMs >= 1000 && o.responseMs < 5000, `${o.responseMs}`);
    assert.equal(o.points, kahoot(o.responseMs, 5000, 1000), 'points = round((1 − (t ÷ T) ÷ 2) × possible)');
    assert.deepEqual([o.correct, o.streak, o.bonus], [true, 2, 100], 'a streak of 2 earns 100');
    const secondPoints = o.points;

    r = await next(x.client, play);
    const third = r.json.play.round;
    assert.deepEqual(third.choices.map((c) => c.id), ['true', 'false']);
    await sleep(5000 + 1500 + 150);  // past the 5 s timer and the 1.5 s network grace
    r = await answer(x.client, play, third.id, ['false']);
    o = r.json.outcome;
    assert.deepEqual([o.correct, o.late, o.points, o.bonus, o.streak], [true, true, 0, 0, 0], 'late: 0, streak lost');

    assertEnvelope(await next(x.client, play), 409, 'NO_MORE_ROUNDS');
    r = await finish(x.client, play);
    assert.equal(r.status, 200, r.text);
    const result = r.json.play.result;
    assert.equal(result.score, 1000 + secondPoints + 100);
    assert.equal(result.correctCount, 3);
    assert.equal(result.points, Math.floor(result.score / 100));
    assert.equal(result.rank, 1);
    assert.deepEqual(result.answers.map((a) => a.explanation), secrets);
    assert.deepEqual(result.answers[1].myIds.sort(), ['a', 'c']);
    // Finishing twice answers the same result and awards once.
    const twice = await Promise.all([finish(x.client, play), finish(x.client, play)]);
    for (const t of twice) assert.equal(t.json.play.result.points, result.points);
    const ledger = await dbQuery(server, `SELECT SUM(delta), COUNT(*) FROM points_ledger WHERE user_id = '${x.id}'`);
    assert.deepEqual(ledger[0].map(Number), [result.points, 1]);
    assertEnvelope(await answer(x.client, play, third.id, ['true']), 409, 'PLAY_FINISHED');
    // Someone else's play does not exist for them.
    assertEnvelope(await staff.get(`/api/game-plays/${play.id}`), 404, 'NOT_FOUND');
    assertEnvelope(await answer(staff, play, third.id, ['true']), 404, 'NOT_FOUND');

    const lb = await x.client.get(`/api/games/${g.id}/leaderboard?period=today`);
    assert.equal(lb.status, 200, lb.text);
    assert.deepEqual(lb.json.me, { rank: 1, score: result.score });
    assert.equal(lb.json.items[0].userId, x.id);
    for (const period of ['week', 'all']) assert.equal((await x.client.get(`/api/games/${g.id}/leaderboard?period=${period}`)).json.items.length, 1);
    assertEnvelope(await x.client.get(`/api/games/${g.id}/leaderboard?period=year`), 400, 'BAD_REQUEST');
    const card = (await x.client.get(`/api/games/${g.id}`)).json.game;
    assert.deepEqual([card.best, card.rank, card.attemptsLeft], [result.score, 1, 4]);
  });

  it("Kahoot's example: 2 s on a 30 s timer with 1000 possible → 967 (± the network's milliseconds); double points; no bonus when off", async () => {
    const { quiz } = await quizWith(
      [
        { prompt: 'หนึ่ง', choices: choices('ก', 'ข'), correct: ['b'] },
        { prompt: 'สอง', choices: choices('ก', 'ข'), correct: ['a'] },
      ],
      { timerSeconds: 30, pointsPossible: 2000, streakBonus: false },
    );
    const g = await game({ kind: 'quiz', quiz: quiz.id });
    const [x] = await crowd(server, 1, { prefix: 'GK' });
    const play = (await start(x.client, g)).json.play;
    await sleep(2000);
    let o = (await answer(x.client, play, play.round.id, ['b'])).json.outcome;
    assert.equal(o.points, kahoot(o.responseMs, 30000, 2000));
    assert.ok(o.points <= 2 * 967 && o.points >= 2 * 962, `${o.points} for ${o.responseMs} ms`);
    const round = (await next(x.client, play)).json.play.round;
    o = (await answer(x.client, play, round.id, ['a'])).json.outcome;
    assert.deepEqual([o.points, o.streak, o.bonus], [2000, 2, 0], 'full double points, streak counted, bonus off');
    // A wrong answer: 0 and the streak back to 0.
    const { quiz: q2 } = await quizWith([{ prompt: 'x', choices: choices('ก', 'ข'), correct: ['a'] }]);
    const g2 = await game({ kind: 'quiz', quiz: q2.id });
    const p2 = (await start(x.client, g2)).json.play;
    o = (await answer(x.client, p2, p2.round.id, ['b'])).json.outcome;
    assert.deepEqual([o.correct, o.points, o.streak], [false, 0, 0]);
  });

  it('questions drawn from an exam bank, after the quiz’s own', async () => {
    const exam = await create(admin, 'examinations', { title: 'คลังข้อสอบ', status: 'published', passPercent: 60, points: 0 });
    for (let i = 0; i < 4; i++)
      await create(admin, 'exam-questions', { exam: exam.id, kind: 'single', prompt: `คลัง ${i}`, choices: choices('ก', 'ข'), correct: ['a'], explanation: `BANK-${i}`, points: 1 });
    assertEnvelope(await send(editor, 'POST', '/api/admin/game-quizzes', { title: 'x', bank: exam.id }), 422, 'VALIDATION_FAILED');
    const { quiz } = await quizWith([{ prompt: 'ของตัวเอง', choices: choices('ก', 'ข'), correct: ['a'] }], { bank: exam.id, bankCount: 2 });
    const g = await game({ kind: 'quiz', quiz: quiz.id });
    const [x] = await crowd(server, 1, { prefix: 'GB' });
    const play = (await start(x.client, g)).json.play;
    assert.equal(play.questionCount, 3);
    assert.equal(play.round.prompt, 'ของตัวเอง');
    await answer(x.client, play, play.round.id, ['a']);
    const r = await next(x.client, play);
    assert.match(r.json.play.round.prompt, /^คลัง \d$/);
    assertNoAnswers(r.json, ['BANK-0', 'BANK-1', 'BANK-2', 'BANK-3']);
  });

  it('a matching board: opaque shuffled cards, moves counted, scored when done, not replayable', async () => {
    const m = await boardWith(4);
    const g = await game({ kind: 'matching', matching: m.id });
    const [x] = await crowd(server, 1, { prefix: 'GM' });
    let r = await start(x.client, g);
    assert.equal(r.status, 201, r.text);
    const play = r.json.play;
    assert.equal(play.board.cards.length, 8);
    assert.equal(play.board.pairs, 4);
    assertNoAnswers(r.json);
    const pairs = await pairsOf(play);
    const text = new Map(play.board.cards.map((c) => [c.id, c.text]));
    for (const [a, b] of pairs) assert.equal(text.get(a).slice(1), text.get(b).slice(1), 'the server pairs L<i> with R<i>');
    // Ids say nothing: not in pair order, and a new play gets new ones.
    r = await pairOf(x.client, play, [pairs[0][0], pairs[1][0]]);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual([r.json.match, r.json.play.board.moves], [false, 1]);
    assertNoAnswers(r.json);
    assertEnvelope(await pairOf(x.client, play, [pairs[0][0], pairs[0][0]]), 422, 'VALIDATION_FAILED');
    assertEnvelope(await pairOf(x.client, play, [pairs[0][0], 'nope']), 422, 'VALIDATION_FAILED');
    for (const [i, p] of pairs.entries()) {
      r = await pairOf(x.client, play, p);
      assert.equal(r.json.match, true);
      if (i < 3) assertNoAnswers(r.json.play);
    }
    r.json.play.board.found.forEach((f) => assert.equal(f.length, 2));
    const result = r.json.play.result;
    assert.equal(r.json.play.status, 'finished');
    assert.equal(result.moves, 5);
    assert.equal(result.score, Math.max(400, 4000 - 50 * 1 - 5 * result.seconds));
    assert.equal(result.points, Math.floor(result.score / 100));
    // A found pair again is refused (its cards are matched); the finished board takes no more moves.
    assertEnvelope(await pairOf(x.client, play, pairs[0]), 409, 'PLAY_FINISHED');
    const again = (await start(x.client, g)).json.play;
    const ids = new Set(play.board.cards.map((c) => c.id));
    assert.ok(again.board.cards.every((c) => !ids.has(c.id)), 'a new play has new card ids');
    const [[moves]] = await dbQuery(server, `SELECT moves FROM game_plays WHERE id = '${play.id}'`);
    assert.equal(Number(moves), 5, 'refused attempts are not moves');
  });

  it('a crowd plays one board at once: every play scored, the leaderboard ranks best scores per person', async () => {
    const m = await boardWith(4);
    const g = await game({ kind: 'matching', matching: m.id });
    const people = await crowd(server, 12, { prefix: 'GL' });
    // Each person plays; the first half misses once per pair, so scores differ.
    const plays = await Promise.all(people.map(async (x, i) => {
      const play = (await start(x.client, g)).json.play;
      const pairs = await pairsOf(play);
      for (const [k, p] of pairs.entries()) {
        if (i < 6 && k < 3) assert.equal((await pairOf(x.client, play, [p[0], pairs[k + 1][1]])).json.match, false);
        await pairOf(x.client, play, p);
      }
      return (await x.client.get(`/api/game-plays/${play.id}`)).json.play;
    }));
    for (const p of plays) assert.equal(p.status, 'finished');
    const lb = (await people[0].client.get(`/api/games/${g.id}/leaderboard?period=all`)).json;
    assert.equal(lb.items.length, 12);
    const scores = lb.items.map((r) => r.score);
    assert.deepEqual(scores, [...scores].sort((a, b) => b - a));
    for (const [i, r] of lb.items.entries()) assert.equal(r.rank, 1 + scores.findIndex((s) => s === r.score), `rank of row ${i}`);
    for (const [i, x] of people.entries()) {
      const me = (await x.client.get(`/api/games/${g.id}/leaderboard?period=week`)).json.me;
      assert.equal(me.score, plays[i].score);
      assert.equal(me.rank, 1 + scores.filter((s) => s > plays[i].score).length);
    }
    assert.ok(Math.min(...plays.slice(0, 6).map((p) => p.score)) < Math.max(...plays.slice(6).map((p) => p.score)));
  });

  it('attempts per day hold under parallel starts', async () => {
    const m = await boardWith(4);
    const g = await game({ kind: 'matching', matching: m.id, attemptsPerDay: 2 });
    const [x] = await crowd(server, 1, { prefix: 'GA' });
    const runs = await Promise.all(Array.from({ length: 6 }, () => start(x.client, g)));
    assert.equal(runs.filter((r) => r.status === 201).length, 2, runs.map((r) => r.status).join(','));
    for (const r of runs.filter((y) => y.status !== 201)) assertEnvelope(r, 409, 'ATTEMPTS_USED');
    assert.equal((await x.client.get(`/api/games/${g.id}`)).json.game.attemptsLeft, 0);
  });

  it('the daily points cap holds when one person finishes several plays at once; the ledger agrees', async () => {
    const m = await boardWith(4);
    const g = await game({ kind: 'matching', matching: m.id, attemptsPerDay: 10, scorePerPoint: 40 });  // ~95-100 points a board
    const [x] = await crowd(server, 1, { prefix: 'GC' });
    await setCap(150);
    try {
      const plays = [];
      for (let i = 0; i < 5; i++) {
        const play = (await start(x.client, g)).json.play;
        const pairs = await pairsOf(play);
        for (const p of pairs.slice(0, 3)) assert.equal((await pairOf(x.client, play, p)).json.match, true);
        plays.push({ play, last: pairs[3] });
      }
      const done = await Promise.all(plays.map(({ play, last }) => pairOf(x.client, play, last)));
      for (const d of done) assert.equal(d.status, 200, d.text);
      const awarded = done.map((d) => d.json.play.result.points);
      assert.equal(awarded.reduce((a, b) => a + b, 0), 150, `awarded ${awarded}`);
      assert.ok(done.some((d) => d.json.play.result.capped));
      const [[sum, n]] = await dbQuery(server, `SELECT SUM(delta), COUNT(*) FROM points_ledger WHERE user_id = '${x.id}' AND source = 'game'`);
      assert.equal(Number(sum), 150);
      assert.equal(Number(n), awarded.filter((p) => p > 0).length);
      const [[balance]] = await dbQuery(server, `SELECT balance FROM points_balances WHERE user_id = '${x.id}'`);
      assert.equal(Number(balance), 150);
      assert.equal((await x.client.get(`/api/games/${g.id}`)).json.pointsToday, 150);
    } finally {
      await setCap(100000);
    }
  });

  it('audience, window and drafts → 404; bad input and roles get their codes', async () => {
    const m = await boardWith(4);
    const draft = await game({ kind: 'matching', matching: m.id, status: 'draft' });
    const later = await game({ kind: 'matching', matching: m.id, startAt: iso(HOUR) });
    const over = await game({ kind: 'matching', matching: m.id, endAt: iso(-1000), startAt: iso(-HOUR) });
    const elsewhere = await game({ kind: 'matching', matching: m.id, audience: { stores: ['BKK01'] } });  // S2002 is in CNX01
    for (const g of [draft, later, over, elsewhere]) {
      assertEnvelope(await staff.get(`/api/games/${g.id}`), 404, 'NOT_FOUND');
      assertEnvelope(await start(staff, g), 404, 'NOT_FOUND');
      assertEnvelope(await staff.get(`/api/games/${g.id}/leaderboard`), 404, 'NOT_FOUND');
    }
    const list = (await staff.get('/api/games')).json.items.map((x) => x.id);
    assert.ok(![draft, later, over, elsewhere].some((g) => list.includes(g.id)));
    assertEnvelope(await staff.get('/api/games/not-an-id'), 404, 'NOT_FOUND');
    assertEnvelope(await staff.get('/api/game-plays/00000000-0000-0000-0000-000000000000'), 404, 'NOT_FOUND');

    // Not ready: a board of 3 pairs, a quiz without questions.
    const small = await boardWith(3);
    assertEnvelope(await start(staff, await game({ kind: 'matching', matching: small.id })), 409, 'GAME_NOT_READY');
    const empty = await create(editor, 'game-quizzes', { title: 'ว่าง' });
    assertEnvelope(await start(staff, await game({ kind: 'quiz', quiz: empty.id })), 409, 'GAME_NOT_READY');

    // Bad input on play routes.
    const { quiz } = await quizWith([{ prompt: 'x', choices: choices('ก', 'ข'), correct: ['a'] }]);
    const g = await game({ kind: 'quiz', quiz: quiz.id });
    const [x] = await crowd(server, 1, { prefix: 'GI' });
    const play = (await start(x.client, g)).json.play;
    const raw = (p, body) => x.client.request('POST', p, { body, headers: { 'content-type': 'application/json', 'x-csrf-token': x.client.csrfToken } });
    assertEnvelope(await raw(`/api/game-plays/${play.id}/answer`, '{"roundId":'), 400, 'BAD_JSON');
    let r = await answer(x.client, play, play.round.id, 'a');
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(r.json.error.fieldCodes.optionIds.code, 'GAME_OPTIONS');
    r = await answer(x.client, play, play.round.id, ['zz']);
    assert.equal(r.json.error.fieldCodes.optionIds.code, 'GAME_OPTIONS');
    r = await answer(x.client, play, play.round.id, ['a', 'a']);
    assert.equal(r.json.error.fieldCodes.optionIds.code, 'GAME_OPTIONS');
    r = await send(x.client, 'POST', `/api/game-plays/${play.id}/answer`, { optionIds: ['a'] });
    assert.equal(r.json.error.fieldCodes.roundId.code, 'REQUIRED');
    assertEnvelope(await answer(x.client, play, '00000000-0000-0000-0000-000000000000', ['a']), 404, 'NOT_FOUND');
    assertEnvelope(await pairOf(x.client, play, ['a', 'b']), 404, 'NOT_FOUND');  // not a board
    r = await send(x.client, 'POST', `/api/game-plays/${play.id}/pair`, { cardIds: [1, 2] });
    assert.equal(r.json.error.fieldCodes.cardIds.code, 'CARD_IDS');
    assertEnvelope(await finish(x.client, play), 409, 'PLAY_NOT_DONE');
    assertEnvelope(await x.client.request('POST', `/api/game-plays/${play.id}/answer`, { json: { roundId: play.round.id, optionIds: ['a'] } }), 403, 'CSRF_FAILED');
    // The answer is still open after all the refused tries.
    assert.equal((await answer(x.client, play, play.round.id, ['a'])).json.outcome.correct, true);

    // Admin routes: staff 403; the games' own rules 422.
    assertEnvelope(await send(staff, 'POST', '/api/admin/game-quizzes', { title: 'x' }), 403, 'FORBIDDEN');
    assertEnvelope(await staff.get('/api/admin/games'), 403, 'FORBIDDEN');
    assertEnvelope(await send(editor, 'PATCH', '/api/admin/game-settings/default', { dailyPointsCap: 5, version: 1 }), 403, 'FORBIDDEN');
    r = await send(editor, 'POST', '/api/admin/game-quizzes', { title: 'x', pointsPossible: 500, timerSeconds: 3 });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(r.json.error.fieldCodes.pointsPossible.code, 'NOT_ALLOWED_VALUE');
    assert.ok(r.json.error.fieldCodes.timerSeconds);
    r = await send(editor, 'POST', '/api/admin/game-quizzes', { title: 'x', bank: (await create(admin, 'examinations', { title: 'e', passPercent: 60, points: 0 })).id });
    assert.equal(r.json.error.fieldCodes.bankCount.code, 'QUIZ_BANK_COUNT');
    r = await send(editor, 'POST', '/api/admin/games', { title: 'x', kind: 'quiz' });
    assert.equal(r.json.error.fieldCodes.quiz.code, 'GAME_TARGET');
    r = await send(editor, 'POST', '/api/admin/game-quiz-questions', { quiz: quiz.id, kind: 'single', prompt: 'y', choices: choices('ก', 'ข'), correct: ['c'] });
    assert.equal(r.json.error.fieldCodes.correct.code, 'CORRECT_IN_CHOICES');
    assertEnvelope(await send(admin, 'POST', '/api/admin/game-settings', { dailyPointsCap: 1 }), 405, 'METHOD_NOT_ALLOWED');
  });
});
