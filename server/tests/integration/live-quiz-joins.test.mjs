// Joining a live quiz as an attacker would (issue 26, finding 2), through real HTTP on SQLite and PostgreSQL:
// PINs are 8 digits; a join needs a signed-in person in the game's audience (anyone else gets the answer of an
// unknown PIN and no play); guesses are rate-limited per person and per client IP, 429 with Retry-After, and a
// wrong PIN costs the guesser ten times what a right one costs a player, so 200 guesses meet 429 long before
// the end while a room of players still gets in; a lobby idle for LIVE_LOBBY_IDLE_MINUTES closes (its PIN
// answers as unknown, the host cannot start it).
//
// Each test sends from loopback addresses of its own (127.0.0.x), so one test's spent IP budget is not the
// next one's.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, signedInClients, assertEnvelope, rawRequest } from './harness.mjs';
import { send, create } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';

const choices = (...texts) => texts.map((text, i) => ({ id: 'abcdefgh'[i], text }));

// POST /api/games/live/join as `p` (a crowd person) from the loopback address `from`.
const join = (server, p, pin, from) =>
  rawRequest(server.origin, {
    method: 'POST',
    path: '/api/games/live/join',
    localAddress: from,
    headers: { cookie: p.client.jar.header(), 'x-csrf-token': p.client.csrfToken, 'content-type': 'application/json' },
    body: JSON.stringify({ pin }),
  });

function assertLimited(r) {
  assert.equal(r.status, 429, `expected 429, got ${r.status} ${r.text}`);
  assert.equal(r.json.error.code, 'RATE_LIMITED');
  assert.match(String(r.headers['retry-after']), /^[1-9]\d*$/, 'Retry-After in whole seconds');
}

// Another PIN of the same length as `pin` (the i-th guess), not `pin` itself.
const otherPin = (pin, i) => {
  const low = 10 ** (pin.length - 1);
  return String(((Number(pin) - low + 1 + i * 7919) % (9 * low)) + low);
};

describe('live quiz joins', () => {
  const server = useServer();
  let editor, admin;

  before(async () => {
    [admin, editor] = await signedInClients(server, 'ADMIN01', 'EDIT01');
  });

  const hostGame = async (gameOver = {}) => {
    const quiz = await create(editor, 'game-quizzes', { title: `ควิซ ${Math.random().toString(36).slice(2, 6)}`, timerSeconds: 30 });
    await create(editor, 'game-quiz-questions', { quiz: quiz.id, kind: 'single', prompt: 'ข้อหนึ่ง', choices: choices('ก', 'ข'), correct: ['a'] });
    const game = await create(editor, 'games', { title: 'ควิซสด', kind: 'quiz', quiz: quiz.id, status: 'published', ...gameOver });
    const r = await send(editor, 'POST', '/api/admin/live-quizzes', { quizId: quiz.id, gameId: game.id });
    assert.equal(r.status, 201, r.text);
    return { quiz, game, session: r.json.session };
  };

  it('PINs are 8 digits; a 6-digit PIN is not a PIN', async () => {
    const pins = [];
    for (let i = 0; i < 3; i++) pins.push((await hostGame()).session.pin);
    for (const pin of pins) assert.match(pin, /^\d{8}$/);
    assert.equal(new Set(pins).size, 3);
    const [p] = await crowd(server, 1, { prefix: 'LP' });
    const r = await join(server, p, '123456', '127.0.0.41');
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(r.json.error.fieldCodes.pin.code, 'LIVE_PIN');
    // The right PIN, typed with a space in the middle as the big screen shows it, joins.
    const ok = await join(server, p, `${pins[0].slice(0, 4)} ${pins[0].slice(4)}`, '127.0.0.41');
    assert.equal(ok.status, 200, ok.text);
  });

  it('only people in the game\'s audience join: anyone else gets the unknown PIN\'s answer and no play', async () => {
    const { session } = await hostGame({ audience: { stores: [(await admin.get('/api/admin/stores?q=BKK01')).json.items.find((s) => s.code === 'BKK01').id] } });
    const [inside] = await crowd(server, 1, { prefix: 'LI', store: 'BKK01' });
    const [outside] = await crowd(server, 1, { prefix: 'LO', store: 'CNX01' });
    const refused = await join(server, outside, session.pin, '127.0.0.42');
    const unknown = await join(server, outside, otherPin(session.pin, 0), '127.0.0.42');
    assert.equal(refused.status, 404, refused.text);
    assert.equal(refused.json.error.code, 'LIVE_PIN_NOT_FOUND');
    assert.equal(refused.json.error.message, unknown.json.error.message);
    assert.equal(refused.status, unknown.status);
    const [[plays]] = await dbQuery(server, `SELECT COUNT(*) FROM game_plays WHERE session_id = '${session.id}' AND user_id = '${outside.id}'`);
    assert.equal(Number(plays), 0);
    const ok = await join(server, inside, session.pin, '127.0.0.42');
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json.session.id, session.id);
  });

  it('one person guessing 200 PINs meets 429 with Retry-After within the first handful; their right PIN waits too', async () => {
    const { session } = await hostGame();
    const [guesser] = await crowd(server, 1, { prefix: 'LG' });
    const answers = [];
    for (let i = 0; i < 200; i++) answers.push(await join(server, guesser, otherPin(session.pin, i), '127.0.0.43'));
    const first429 = answers.findIndex((r) => r.status === 429);
    assert.ok(first429 >= 0, `no 429 in 200 guesses: ${[...new Set(answers.map((r) => r.status))]}`);
    assert.ok(first429 <= 5, `the first 429 came after ${first429} guesses`);
    assertLimited(answers[first429]);
    const answered = answers.filter((r) => r.status === 404).length;
    assert.ok(answered <= 6, `${answered} of 200 guesses were answered`);
    // Over budget, even the right PIN is refused before it is looked up: 429 tells nothing about a PIN.
    assertLimited(await join(server, guesser, session.pin, '127.0.0.43'));
    const [[plays]] = await dbQuery(server, `SELECT COUNT(*) FROM game_plays WHERE session_id = '${session.id}'`);
    assert.equal(Number(plays), 0);
  });

  it('50 people behind one address guessing 4 PINs each meet the address\'s 429; a room of 40 players behind another joins, and rejoining is cheap', async () => {
    const { session } = await hostGame();
    const guessers = await crowd(server, 50, { prefix: 'LH' });
    const answers = [];
    for (let round = 0; round < 4; round++)
      answers.push(...(await Promise.all(guessers.map((g, i) => join(server, g, otherPin(session.pin, round * 50 + i), '127.0.0.44')))));
    assert.equal(answers.length, 200);
    const limited = answers.filter((r) => r.status === 429);
    assert.ok(limited.length > 0, 'no 429 for 200 guesses from one address');
    for (const r of limited) assertLimited(r);
    // No person guessed more than 4 times (within their own budget): the address's budget refused these.
    const answered = answers.filter((r) => r.status === 404).length;
    assert.equal(answered + limited.length, 200);
    assert.ok(answered <= 110, `${answered} of 200 guesses from one address were answered`);
    // Players in a room: 40 people join at once from one address, each twice (a reconnect), all admitted.
    const players = await crowd(server, 40, { prefix: 'LR' });
    const joins = await Promise.all(players.map((p) => join(server, p, session.pin, '127.0.0.45')));
    for (const r of joins) assert.equal(r.status, 200, r.text);
    const again = await Promise.all(players.map((p) => join(server, p, session.pin, '127.0.0.45')));
    for (const r of again) assert.equal(r.status, 200, r.text);
    const [[plays]] = await dbQuery(server, `SELECT COUNT(*) FROM game_plays WHERE session_id = '${session.id}'`);
    assert.equal(Number(plays), 40);
  });

  it('a player who mistypes twice still joins at once: a wrong PIN costs more, not everything', async () => {
    const { session } = await hostGame();
    const [p] = await crowd(server, 1, { prefix: 'LM' });
    assert.equal((await join(server, p, otherPin(session.pin, 1), '127.0.0.46')).status, 404);
    assert.equal((await join(server, p, otherPin(session.pin, 2), '127.0.0.46')).status, 404);
    const r = await join(server, p, session.pin, '127.0.0.46');
    assert.equal(r.status, 200, r.text);
  });

  it('a lobby idle for the set time closes: its PIN is unknown, the host cannot start it, and the host sees it closed', async () => {
    const { session } = await hostGame();
    const [early, late] = await crowd(server, 2, { prefix: 'LL' });
    assert.equal((await join(server, early, session.pin, '127.0.0.47')).status, 200);
    // 31 minutes of nothing (the default idle limit is 30).
    await dbQuery(server, `UPDATE game_live_sessions SET active_at = active_at - 31 * 60000 WHERE id = '${session.id}'`);
    const r = await join(server, late, session.pin, '127.0.0.47');
    assert.equal(r.status, 404, r.text);
    assert.equal(r.json.error.code, 'LIVE_PIN_NOT_FOUND');
    assertEnvelope(await send(editor, 'POST', `/api/admin/live-quizzes/${session.id}/next`, {}), 409, 'LIVE_FINISHED');
    const host = (await editor.get(`/api/admin/live-quizzes/${session.id}`)).json.session;
    assert.equal(host.status, 'finished');
    assert.equal(host.expired, true);
    const phone = (await early.client.get(`/api/games/live/${session.id}`)).json.session;
    assert.equal(phone.status, 'finished');
    assert.equal(phone.expired, true);
    // A lobby with something happening in it stays open: one joined 29 minutes after the last join.
    const fresh = await hostGame();
    await dbQuery(server, `UPDATE game_live_sessions SET active_at = active_at - 29 * 60000 WHERE id = '${fresh.session.id}'`);
    assert.equal((await join(server, late, fresh.session.pin, '127.0.0.47')).status, 200);
    const [[closed]] = await dbQuery(server, `SELECT status FROM game_live_sessions WHERE id = '${session.id}'`);
    assert.equal(closed, 'finished');
  });
});
