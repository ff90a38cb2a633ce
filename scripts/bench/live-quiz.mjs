// A live quiz with PLAYERS phones on one node (issue 14: "300 simulated players in one game on one node: every
// answer scored and the leaderboard out within 300 ms of the question's end"). Staff with sessions are written
// straight into the database (as rsvp-contention.mjs does), each joins by PIN and holds a real /api/realtime
// WebSocket; the admin hosts a 2-question quiz. Question 1: every phone answers at once (the last answer ends
// it). Question 2: half answer and the host ends it. For each question the figure is the time from the
// question's end (closed_at, the server's clock; same machine) to the last phone and the host screen holding
// the result (their rank, the top 5): `outMs`. Asserts every answer got 200 and is scored in the database,
// every phone got its result, and the podium with the points at the end.
// Usage: node live-quiz.mjs ORIGIN ADMIN_COOKIE ADMIN_CSRF DATABASE [PLAYERS]
import { createRequire } from 'node:module';
import { database as databaseAt, staff } from './staff.mjs';

const WebSocket = createRequire(new URL('../../server/tests/integration/package.json', import.meta.url))('ws');
const [origin, adminCookie, adminCsrf, database, playersArg = '300'] = process.argv.slice(2);
const n = Number(playersArg);
const q = (s) => `'${String(s).replaceAll("'", "''")}'`;
const sql = databaseAt(database);
const now = Date.now();
const people = await staff(origin, sql, { n, prefix: 'LIVE' });

const call = (cookie, csrf, method, path, body) =>
  fetch(origin + path, { method, headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' }, body: body && JSON.stringify(body) }).then(async (r) => ({ status: r.status, json: await r.json() }));
const admin = (method, path, body) => call(adminCookie, adminCsrf, method, path, body);
const must = async (p, status = 201) => {
  const r = await p;
  if (r.status !== status) throw new Error(`${r.status} ${JSON.stringify(r.json)}`);
  return r.json;
};

// The cap out of the way, a 2-question quiz and its game.
const settings = await must(admin('GET', '/api/admin/game-settings/default'), 200);
await must(admin('PATCH', '/api/admin/game-settings/default', { dailyPointsCap: 100000, version: settings.version }), 200);
const quiz = await must(admin('POST', '/api/admin/game-quizzes', { title: `bench live ${now}`, timerSeconds: 60 }));
const choices = [{ id: 'a', text: 'A' }, { id: 'b', text: 'B' }, { id: 'c', text: 'C' }, { id: 'd', text: 'D' }];
for (const prompt of ['one', 'two'])
  await must(admin('POST', '/api/admin/game-quiz-questions', { quiz: quiz.id, kind: 'single', prompt, choices, correct: ['a'] }));
await must(admin('POST', '/api/admin/games', { title: `bench live ${now}`, kind: 'quiz', quiz: quiz.id, status: 'published', attemptsPerDay: 5, scorePerPoint: 100 }));
const host = (await must(admin('POST', '/api/admin/live-quizzes', { quizId: quiz.id }))).session;

// Sockets: each keeps the newest view (by seq) and when it arrived.
const wsUrl = origin.replace(/^http/, 'ws') + '/api/realtime';
const open = (cookie) =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { headers: { origin, cookie } });
    ws.views = [];
    ws.on('message', (m) => {
      const v = JSON.parse(String(m));
      if (v.type === 'live') ws.views.push({ at: Date.now(), s: v.session });
    });
    ws.on('open', () => resolve(ws));
    ws.on('error', reject);
  });
const hostWs = await open(adminCookie);
for (let i = 0; i < n; i += 50) await Promise.all(people.slice(i, i + 50).map(async (p) => (p.ws = await open(p.cookie))));
for (let i = 0; i < n; i += 50)
  await Promise.all(people.slice(i, i + 50).map((p) => must(call(p.cookie, p.csrf, 'POST', '/api/games/live/join', { pin: host.pin }), 200)));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(pred, what, ms = 20000) {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(5);
  }
}
const seen = (ws, pred) => ws.views.find((v) => pred(v.s));
let errors = 0;
const rounds = [];
let lastAnswer = 0;
for (const index of [0, 1]) {
  await must(admin('POST', `/api/admin/live-quizzes/${host.id}/next`, {}), 200);
  await until(() => people.every((p) => seen(p.ws, (s) => s.status === 'question' && s.index === index)), `question ${index + 1} on every phone`);
  const issued = people.map((p) => seen(p.ws, (s) => s.status === 'question' && s.index === index).at);
  const answering = index === 0 ? people : people.slice(0, n / 2);
  const statuses = await Promise.all(
    answering.map((p, i) => call(p.cookie, p.csrf, 'POST', `/api/games/live/${host.id}/answer`, { index, optionIds: [i % 3 === 0 ? 'b' : 'a'] }).then((r) => ((lastAnswer = Date.now()), r.status))),
  );
  errors += statuses.filter((s) => s !== 200).length;
  if (index === 1) await must(admin('POST', `/api/admin/live-quizzes/${host.id}/next`, {}), 200);
  await until(() => people.every((p) => seen(p.ws, (s) => s.status === 'reveal' && s.index === index)) && seen(hostWs, (s) => s.status === 'reveal' && s.index === index), `result ${index + 1} everywhere`);
  const closedAt = Number(sql(`SELECT closed_at FROM game_live_sessions WHERE id = ${q(host.id)};`));
  const out = Math.max(...people.map((p) => seen(p.ws, (s) => s.status === 'reveal' && s.index === index).at), seen(hostWs, (s) => s.status === 'reveal' && s.index === index).at);
  const scored = Number(sql(`SELECT COUNT(*) FROM game_rounds r JOIN game_plays p ON p.id = r.play_id WHERE p.session_id = ${q(host.id)} AND r.position = ${index} AND r.answer_json IS NOT NULL AND r.response_ms IS NOT NULL;`));
  const results = people.filter((p) => seen(p.ws, (s) => s.status === 'reveal' && s.index === index && s.me.result && s.me.rank >= 1)).length;
  rounds.push({ question: index + 1, answers: answering.length, scored, results, questionSpreadMs: Math.max(...issued) - Math.min(...issued), outMs: out - closedAt, lastAnswerHttpMs: lastAnswer - closedAt });
}
const end = await must(admin('POST', `/api/admin/live-quizzes/${host.id}/next`, {}), 200);
await until(() => people.every((p) => seen(p.ws, (s) => s.status === 'finished')), 'the podium on every phone');
const awarded = Number(sql(`SELECT COUNT(*) FROM points_ledger l JOIN game_plays p ON l.idempotency_key = 'game:' || p.id || ':' || p.user_id WHERE p.session_id = ${q(host.id)};`));
for (const p of people) p.ws.close();
hostWs.close();
const exact = errors === 0 && rounds.every((r) => r.scored === r.answers && r.results === n) && end.session.podium.length === 3 && awarded > 0;
const worst = Math.max(...rounds.map((r) => r.outMs));
console.log(JSON.stringify({ players: n, errors, exact, rounds, worstOutMs: worst, within300: worst <= 300, awarded }));
if (!exact) process.exit(1);
