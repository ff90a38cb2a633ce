// The live quiz (issue 14, live part) through real HTTP and real WebSockets on SQLite and PostgreSQL: an editor
// hosts, players join by PIN (a wrong PIN → 404 LIVE_PIN_NOT_FOUND), each question reaches every phone over
// /api/realtime with the same issue time and no answer, answers are timed and scored on the server (one per
// question), nothing tells the answer before the question ends, then the distribution, the top 5, each phone's
// result and rank, the podium and the points (once). On PostgreSQL a game with players on two server processes
// runs to the podium (fan-out through NOTIFY).
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, signedInClients, assertEnvelope, startServer, Client } from './harness.mjs';
import { send, create } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';
import { connect, waitFor } from './realtime.mjs';

const choices = (...texts) => texts.map((text, i) => ({ id: 'abcdefgh'[i], text }));
const kahoot = (ms, timerMs, possible) => (ms < 500 ? possible : Math.round((1 - ms / timerMs / 2) * possible));

// Before a question ends nothing may tell its answer: no correct ids, no per-choice correctness, no result.
function assertNoAnswers(json) {
  const text = JSON.stringify(json);
  for (const leak of ['"correctIds":[', '"correct":', '"distribution":[', '"result":{', 'SECRET'])
    assert.ok(!text.includes(leak), `${leak} leaked: ${text}`);
}

// The newest live view a socket received (by seq), optionally the first satisfying `pred`.
const lastLive = (ws) => ws.messages.filter((m) => m.type === 'live').sort((a, b) => a.session.seq - b.session.seq).at(-1)?.session;
const liveWhere = (ws, pred, what) =>
  waitFor(() => ws.messages.filter((m) => m.type === 'live').map((m) => m.session).find(pred), what, 8000);

async function setup(editor, admin, questions) {
  const s = (await admin.get('/api/admin/game-settings/default')).json;
  assert.equal((await send(admin, 'PATCH', '/api/admin/game-settings/default', { dailyPointsCap: 100000, version: s.version })).status, 200);
  const quiz = await create(editor, 'game-quizzes', { title: `สด ${Math.random().toString(36).slice(2, 6)}`, timerSeconds: 30 });
  for (const q of questions) await create(editor, 'game-quiz-questions', { quiz: quiz.id, kind: 'single', ...q });
  const game = await create(editor, 'games', { title: 'ควิซสด', kind: 'quiz', quiz: quiz.id, status: 'published', attemptsPerDay: 5, scorePerPoint: 100 });
  return { quiz, game };
}

const QUESTIONS = [
  { prompt: 'ข้อหนึ่ง', choices: choices('ก', 'ข', 'ค'), correct: ['a'], explanation: 'SECRET-1' },
  { prompt: 'ข้อสอง', choices: choices('ก', 'ข'), correct: ['b'], explanation: 'SECRET-2' },
];

describe('live quiz', () => {
  const server = useServer();
  let admin, editor;

  before(async () => {
    [admin, editor] = await signedInClients(server, 'ADMIN01', 'EDIT01');
  });

  it('hosts, joins by PIN, fans each question out, scores once, reveals after the end, podium and points', async () => {
    const { quiz, game } = await setup(editor, admin, QUESTIONS);
    const [a, b, c] = await crowd(server, 3, { prefix: 'LQ' });
    // Hosting is for editors; a quiz outside the catalogue has no points rule.
    assertEnvelope(await send(a.client, 'POST', '/api/admin/live-quizzes', { quizId: quiz.id }), 403, 'FORBIDDEN');
    const bare = await create(editor, 'game-quizzes', { title: 'ไม่มีเกม', timerSeconds: 30 });
    assertEnvelope(await send(editor, 'POST', '/api/admin/live-quizzes', { quizId: bare.id }), 409, 'LIVE_NO_GAME');
    let r = await send(editor, 'POST', '/api/admin/live-quizzes', { quizId: quiz.id });
    assert.equal(r.status, 201, r.text);
    const host = r.json.session;
    assert.match(host.pin, /^\d{8}$/);
    assert.equal(host.status, 'lobby');
    assert.equal(host.questionCount, 2);
    const hostWs = await connect(server, editor);
    const sockets = await Promise.all([a, b, c].map((p) => connect(server, p.client)));
    try {
      // A wrong PIN: 404 with its code; not a PIN: 422.
      const wrong = String(((Number(host.pin) - 10000000 + 1) % 90000000) + 10000000);
      assertEnvelope(await send(a.client, 'POST', '/api/games/live/join', { pin: wrong }), 404, 'LIVE_PIN_NOT_FOUND');
      const bad = await send(a.client, 'POST', '/api/games/live/join', { pin: '12a' });
      assertEnvelope(bad, 422, 'VALIDATION_FAILED');
      assert.equal(bad.json.error.fieldCodes.pin.code, 'LIVE_PIN');
      for (const p of [a, b, c]) {
        r = await send(p.client, 'POST', '/api/games/live/join', { pin: host.pin });
        assert.equal(r.status, 200, r.text);
        assert.equal(r.json.session.status, 'lobby');
        assert.equal(r.json.session.id, host.id);
      }
      // Joining twice is the same play.
      assert.equal((await send(a.client, 'POST', '/api/games/live/join', { pin: host.pin })).status, 200);
      const [[plays]] = await dbQuery(server, `SELECT COUNT(*) FROM game_plays WHERE session_id = '${host.id}' AND mode = 'live'`);
      assert.equal(Number(plays), 3);
      // The host screen sees the joined list live.
      await liveWhere(hostWs, (s) => s.players.length === 3, 'three players on the host screen');
      // Only the host runs it; someone else's session is not a phone's.
      const other = server.client();
      await other.signInOk('ADMIN01');
      await other.csrf();
      assertEnvelope(await send(other, 'POST', `/api/admin/live-quizzes/${host.id}/next`, {}), 403, 'LIVE_NOT_HOST');
      assertEnvelope(await other.get(`/api/games/live/${host.id}`), 404, 'NOT_FOUND');

      // Question 1 reaches every phone at the same moment, without its answer.
      r = await send(editor, 'POST', `/api/admin/live-quizzes/${host.id}/next`, {});
      assert.equal(r.status, 200, r.text);
      assert.equal(r.json.session.status, 'question');
      assertNoAnswers(r.json);
      const q0 = await Promise.all(sockets.map((ws) => liveWhere(ws, (s) => s.status === 'question' && s.index === 0, 'question 1 on a phone')));
      for (const s of q0) {
        assertNoAnswers(s);
        assert.deepEqual(s.question.choices.map((x) => x.id), ['a', 'b', 'c']);
        assert.equal(s.question.issuedAt, q0[0].question.issuedAt);
        assert.equal(s.question.timerSeconds, 30);
        assert.ok(s.serverNow);
      }
      // A answers right, B wrong; a second answer is refused; nothing tells the answer yet.
      r = await send(a.client, 'POST', `/api/games/live/${host.id}/answer`, { index: 0, optionIds: ['a'] });
      assert.equal(r.status, 200, r.text);
      assertNoAnswers(r.json);
      assert.equal(r.json.session.me.answered, true);
      assertEnvelope(await send(a.client, 'POST', `/api/games/live/${host.id}/answer`, { index: 0, optionIds: ['b'] }), 409, 'ALREADY_ANSWERED');
      assertEnvelope(await send(b.client, 'POST', `/api/games/live/${host.id}/answer`, { index: 0, optionIds: ['z'] }), 422, 'VALIDATION_FAILED');
      assertEnvelope(await send(a.client, 'POST', `/api/games/live/${host.id}/answer`, { index: 1, optionIds: ['a'] }), 409, 'QUESTION_CLOSED');
      r = await send(b.client, 'POST', `/api/games/live/${host.id}/answer`, { index: 0, optionIds: ['c'] });
      assertNoAnswers(r.json);
      assertNoAnswers((await b.client.get(`/api/games/live/${host.id}`)).json);
      const mid = (await editor.get(`/api/admin/live-quizzes/${host.id}`)).json.session;
      assertNoAnswers(mid);
      assert.equal(mid.answered, 2);
      for (const ws of sockets) for (const m of ws.messages) if (m.type === 'live' && m.session.status !== 'reveal') assertNoAnswers(m.session);
      // C answers last: everyone answered, the question ends. C's answer is the view before the end (no
      // answer in it); the end reaches every phone, C's too, over the socket with a higher seq.
      r = await send(c.client, 'POST', `/api/games/live/${host.id}/answer`, { index: 0, optionIds: ['a'] });
      assert.equal(r.status, 200);
      assert.equal(r.json.session.status, 'question');
      assert.equal(r.json.session.me.answered, true);
      assertNoAnswers(r.json.session);
      const closingSeq = r.json.session.seq;
      assert.ok((await liveWhere(sockets[2], (s) => s.status === 'reveal' && s.index === 0, 'the end on the closing phone')).seq > closingSeq);
      const rows = await dbQuery(server, `SELECT u.id, r.response_ms, r.points FROM game_rounds r JOIN game_plays p ON p.id = r.play_id JOIN users u ON u.id = p.user_id WHERE p.session_id = '${host.id}' AND r.position = 0`);
      const ms = Object.fromEntries(rows.map(([id, t, pts]) => [id, { t: Number(t), pts: Number(pts) }]));
      assert.equal(ms[a.id].pts, kahoot(ms[a.id].t, 30000, 1000));
      assert.equal(ms[b.id].pts, 0);
      const [ra, rb, rc] = await Promise.all(sockets.map((ws) => liveWhere(ws, (s) => s.status === 'reveal' && s.index === 0, 'the result on a phone')));
      assert.deepEqual(ra.correctIds, ['a']);
      assert.equal(ra.me.result.correct, true);
      assert.equal(ra.me.result.points, ms[a.id].pts);
      assert.equal(rb.me.result.correct, false);
      assert.equal(rb.me.result.points, 0);
      assert.equal(rb.me.rank, 3);
      assert.equal(rc.me.result.correct, true);
      assert.equal(Math.min(ra.me.rank, rc.me.rank), 1);
      const hr = await liveWhere(hostWs, (s) => s.status === 'reveal' && s.index === 0, 'the distribution on the host screen');
      assert.deepEqual(hr.distribution.map((d) => [d.id, d.count, d.correct]), [['a', 2, true], ['b', 0, false], ['c', 1, false]]);
      assert.equal(hr.top.length, 3);
      assert.equal(hr.top[2].userId, b.id);
      // Too late for question 1 now.
      assertEnvelope(await send(b.client, 'POST', `/api/games/live/${host.id}/answer`, { index: 0, optionIds: ['a'] }), 409, 'QUESTION_CLOSED');

      // Question 2: only A answers (right: a streak of 2 → +100); the host moves on, the others score 0.
      await send(editor, 'POST', `/api/admin/live-quizzes/${host.id}/next`, {});
      await Promise.all(sockets.map((ws) => liveWhere(ws, (s) => s.status === 'question' && s.index === 1, 'question 2')));
      r = await send(a.client, 'POST', `/api/games/live/${host.id}/answer`, { index: 1, optionIds: ['b'] });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.json.session.status, 'question');
      r = await send(editor, 'POST', `/api/admin/live-quizzes/${host.id}/next`, {});
      assert.equal(r.json.session.status, 'reveal');
      const [ra2, rb2] = await Promise.all(sockets.slice(0, 2).map((ws) => liveWhere(ws, (s) => s.status === 'reveal' && s.index === 1, 'result 2')));
      assert.equal(ra2.me.result.bonus, 100);
      assert.equal(ra2.me.rank, 1);
      assert.equal(rb2.me.result.answered, false);
      assert.equal(rb2.me.result.points, 0);

      // The end: the podium, and points by the game's rule (floor(score ÷ 100)), once per player.
      r = await send(editor, 'POST', `/api/admin/live-quizzes/${host.id}/next`, {});
      assert.equal(r.status, 200, r.text);
      const end = r.json.session;
      assert.equal(end.status, 'finished');
      assert.equal(end.podium[0].userId, a.id);
      assert.equal(end.podium.length, 3);
      const fa = await liveWhere(sockets[0], (s) => s.status === 'finished', 'the podium on a phone');
      assert.equal(fa.me.rank, 1);
      assert.equal(fa.me.pointsAwarded, Math.floor(end.podium[0].score / 100));
      assert.equal(fa.podium[0].name, end.podium[0].name);
      const ledger = await dbQuery(server, `SELECT l.user_id, l.delta FROM points_ledger l JOIN game_plays p ON l.idempotency_key = 'game:' || p.id || ':' || p.user_id WHERE p.session_id = '${host.id}'`);
      assert.equal(ledger.length, 2, 'A and C scored; B has 0 points');
      assert.equal(Number(ledger.find(([u]) => u === a.id)[1]), Math.floor(end.podium[0].score / 100));
      assertEnvelope(await send(editor, 'POST', `/api/admin/live-quizzes/${host.id}/next`, {}), 409, 'LIVE_FINISHED');
      assertEnvelope(await send(c.client, 'POST', '/api/games/live/join', { pin: host.pin }), 404, 'LIVE_PIN_NOT_FOUND');
      // The game's leaderboard counts the live plays.
      const board = (await a.client.get(`/api/games/${game.id}/leaderboard?period=today`)).json;
      assert.equal(board.items[0].userId, a.id);
    } finally {
      hostWs.close();
      for (const ws of sockets) ws.close();
    }
  });

  it('joining after the start is refused; a session with no players cannot start', async () => {
    const { quiz } = await setup(editor, admin, QUESTIONS);
    const s = (await send(editor, 'POST', '/api/admin/live-quizzes', { quizId: quiz.id })).json.session;
    assertEnvelope(await send(editor, 'POST', `/api/admin/live-quizzes/${s.id}/next`, {}), 409, 'GAME_NOT_READY');
    const [a, b] = await crowd(server, 2, { prefix: 'LR' });
    assert.equal((await send(a.client, 'POST', '/api/games/live/join', { pin: s.pin })).status, 200);
    assert.equal((await send(editor, 'POST', `/api/admin/live-quizzes/${s.id}/next`, {})).status, 200);
    assertEnvelope(await send(b.client, 'POST', '/api/games/live/join', { pin: s.pin }), 409, 'LIVE_STARTED');
  });

  it('the timer ends an unanswered question: 0 points, the streak lost, answers refused after', async () => {
    const quiz = await create(editor, 'game-quizzes', { title: 'จับเวลา', timerSeconds: 5 });
    await create(editor, 'game-quiz-questions', { quiz: quiz.id, kind: 'single', prompt: 'เร็ว', choices: choices('ก', 'ข'), correct: ['a'] });
    await create(editor, 'games', { title: 'จับเวลา', kind: 'quiz', quiz: quiz.id, status: 'published' });
    const s = (await send(editor, 'POST', '/api/admin/live-quizzes', { quizId: quiz.id })).json.session;
    const [a] = await crowd(server, 1, { prefix: 'LT' });
    const ws = await connect(server, a.client);
    try {
      assert.equal((await send(a.client, 'POST', '/api/games/live/join', { pin: s.pin })).status, 200);
      const t0 = Date.now();
      assert.equal((await send(editor, 'POST', `/api/admin/live-quizzes/${s.id}/next`, {})).status, 200);
      // Closed by the server's timer (5 s + 1.5 s grace), with nobody moving on.
      const r = await waitFor(() => ws.messages.filter((m) => m.type === 'live').map((m) => m.session).find((v) => v.status === 'reveal'), 'the timer to end the question', 10000);
      assert.ok(Date.now() - t0 >= 6400, `closed after ${Date.now() - t0} ms`);
      assert.equal(r.me.result.answered, false);
      assert.equal(r.me.result.points, 0);
      assertEnvelope(await send(a.client, 'POST', `/api/games/live/${s.id}/answer`, { index: 0, optionIds: ['a'] }), 409, 'QUESTION_CLOSED');
    } finally {
      ws.close();
    }
  });
});

describe('a live quiz across two server processes on one PostgreSQL', { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL' }, () => {
  it('players on both nodes get every question and the podium', async () => {
    const a = await startServer();
    let b;
    const sockets = [];
    try {
      b = await startServer({ env: { DATABASE_URL: a.databaseUrl } });
      const admin = a.client();
      const editor = a.client();
      await admin.signInOk('ADMIN01');
      await editor.signInOk('EDIT01');
      await Promise.all([admin.csrf(), editor.csrf()]);
      const { quiz } = await setup(editor, admin, QUESTIONS);
      const [p1, p2] = await crowd(a, 2, { prefix: 'LN' });
      // p2 lives on node B.
      const onB = new Client(b.origin, p2.client.jar.clone());
      await onB.csrf();
      const host = (await send(editor, 'POST', '/api/admin/live-quizzes', { quizId: quiz.id })).json.session;
      sockets.push(await connect(a, p1.client), await connect(b, onB));
      await Promise.all(sockets.map((ws) => waitFor(() => ws.messages.some((m) => m.type === 'hello'), 'hello')));
      assert.equal((await send(p1.client, 'POST', '/api/games/live/join', { pin: host.pin })).status, 200);
      assert.equal((await send(onB, 'POST', '/api/games/live/join', { pin: host.pin })).status, 200);
      for (let i = 0; i < 2; i++) {
        assert.equal((await send(editor, 'POST', `/api/admin/live-quizzes/${host.id}/next`, {})).status, 200);
        const views = await Promise.all(sockets.map((ws) => liveWhere(ws, (s) => s.status === 'question' && s.index === i, `question ${i + 1} on both nodes`)));
        for (const v of views) assertNoAnswers(v);
        const right = i === 0 ? 'a' : 'b';
        assert.equal((await send(p1.client, 'POST', `/api/games/live/${host.id}/answer`, { index: i, optionIds: [right] })).status, 200);
        // B's answer goes to node B; being the last, it ends the question there.
        assert.equal((await send(onB, 'POST', `/api/games/live/${host.id}/answer`, { index: i, optionIds: ['a'] })).status, 200);
        const [r1, r2] = await Promise.all(sockets.map((ws) => liveWhere(ws, (s) => s.status === 'reveal' && s.index === i, `result ${i + 1} on both nodes`)));
        assert.equal(r1.me.result.correct, true);
        assert.equal(r2.me.result.correct, i === 0);
      }
      const end = (await send(editor, 'POST', `/api/admin/live-quizzes/${host.id}/next`, {})).json.session;
      assert.equal(end.status, 'finished');
      const [f1, f2] = await Promise.all(sockets.map((ws) => liveWhere(ws, (s) => s.status === 'finished', 'the podium on both nodes')));
      assert.equal(f1.podium[0].userId, p1.id);
      assert.equal(f2.podium.length, 2);
      assert.equal(f1.me.rank, 1);
      assert.equal(f2.me.rank, 2);
    } finally {
      for (const ws of sockets) ws.close();
      if (b) await b.stop();
      await a.stop();
    }
  });
});
