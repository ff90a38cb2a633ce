// The people of the morning shift: LOADTEST_PEOPLE of the seeded staff (RP000001...). One in
// LOADTEST_SIGNIN_EVERY signs in with the password; the others open the app with a session the load test wrote
// into the database beforehand (as a phone that stayed signed in does). Every tenth redeems a reward: the admin
// grants them 5 points first. Each person then plays the routine below with think times spread over
// LOADTEST_STAY seconds, holding a realtime socket (presence) from Home until they leave.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { request, signIn, sql } from './client.mjs';
import { Stats } from './stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../../server/tests/integration/package.json'));
const WebSocket = require('ws');
const q = (s) => `'${String(s).replaceAll("'", "''")}'`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Every socket the nodes accepted: {at, node} (the kill's report counts the ones after the restart). */
export const hellos = [];

export async function preparePeople(config, admin, world) {
  const rows = (await sql(config.dbUrl, `SELECT id, employee_code FROM users WHERE employee_code LIKE 'RP%' AND status = 'active' ORDER BY employee_code LIMIT ${config.people}`)).split('\n');
  const people = rows.map((r, i) => {
    const [id, code] = r.split('|');
    return { i, id, code, token: i % config.signInEvery === 0 ? null : randomBytes(32).toString('base64url'), redeems: i % 10 === 5, drops: 0 };
  });
  const now = Date.now();
  for (let i = 0; i < people.length; i += 2000) {
    const chunk = people.slice(i, i + 2000);
    const withSession = chunk.filter((p) => p.token);
    await sql(config.dbUrl, [
      'BEGIN;',
      withSession.length ? `INSERT INTO sessions (token_hash, user_id, expires_at, created_at, updated_at) VALUES ${withSession
        .map((p) => `(${q(createHash('sha256').update(p.token).digest('hex'))}, ${q(p.id)}, ${now + 86400000}, ${now}, ${now})`).join(', ')};` : '',
      // They answered the privacy notice with yes: their telemetry is kept, as a staff member's is.
      `INSERT INTO privacy_consents (user_id, choice, notice_version, answered_at) VALUES ${chunk
        .map((p) => `(${q(p.id)}, 'accepted', 1, ${now})`).join(', ')} ON CONFLICT DO NOTHING;`,
      'COMMIT;',
    ].join('\n'));
  }
  for (const p of people) if (p.token) p.cookie = `next-auth.session-token=${p.token}`;
  // Points for the redeemers, through the admin API (the ledger, the balance row and the standings together).
  const setup = new Stats();
  const redeemers = people.filter((p) => p.redeems);
  for (let i = 0; i < redeemers.length; i += 16)
    await Promise.all(redeemers.slice(i, i + 16).map(async (p) => {
      const r = await request(setup, config.origin, admin, 'POST', `/api/admin/users/${p.id}/points`, { body: { delta: 5, reason: 'กะเช้า', idempotencyKey: `loadtest-${world.tag}-${p.id}` } });
      if (r.status !== 200 && r.status !== 201) throw new Error(`grant points: ${r.status} ${JSON.stringify(r.json)}`);
    }));
  return people;
}

/** The realtime socket of `p`, reopened through nginx whenever it drops while the person is still here. */
function openSocket(config, p, cookie) {
  const url = config.origin.replace(/^http/, 'ws') + '/api/realtime';
  const ws = new WebSocket(url, { headers: { cookie, origin: config.origin } });
  p.ws = ws;
  ws.on('message', (data) => {
    let m;
    try { m = JSON.parse(String(data)); } catch { return; }
    if (m.type !== 'hello') return;
    p.node = m.node;
    p.socketOpen = true;
    hellos.push({ at: Date.now(), node: m.node });
    p.socketOpenedAt = Date.now();
    p.failStreak = 0;
    if (p.droppedAt) { p.reconnects = [...(p.reconnects ?? []), Date.now() - p.droppedAt]; p.droppedAt = null; }
    ws.send(JSON.stringify({ type: 'status', online: true }));
  });
  ws.on('error', () => { p.socketErrors = (p.socketErrors ?? 0) + 1; });
  ws.on('close', () => {
    if (p.ws !== ws) return;
    const wasOpen = p.socketOpen;
    p.socketOpen = false;
    if (p.leaving) return;
    if (wasOpen) { p.nodeBeforeDrop = p.node; p.lastDropAt = Date.now(); }
    p.drops++;
    p.droppedAt ??= Date.now();
    // As the app does (web/src/lib/presence.ts backoffDelay): 1 s, doubling to 30 s while no node takes the
    // socket, each ±25 % jittered, so a killed node's sockets come back spread over half a second, not at once.
    const delay = Math.min(30000, 1000 * 2 ** Math.min(p.failStreak ?? 0, 16)) * (0.75 + Math.random() * 0.5);
    p.failStreak = (p.failStreak ?? 0) + 1;
    setTimeout(() => { if (!p.leaving) openSocket(config, p, cookie); }, delay);
  });
}

function telemetry(p, urls) {
  return {
    events: urls.flatMap((url, i) => [
      { type: 'page_view', userId: p.id, url },
      { type: 'click', userId: p.id, element: `<a class="tab" data-i="${i}">${url}</a>`, url },
      { type: 'page_time', userId: p.id, url, duration: 2000 + i * 300 },
      { type: 'web_vital', userId: p.id, name: 'LCP', value: 900 + i * 40, rating: 'good', url },
    ]),
  };
}

/** One person's morning; the acknowledged writes are kept on `p` for the integrity check. */
export async function person(config, stats, world, p) {
  p.arrived = true;
  const o = config.origin;
  let who;
  if (p.cookie) {
    const r = await request(stats, o, { cookie: p.cookie }, 'GET', '/api/auth/csrf');
    who = { cookie: `${p.cookie}; ${(r.setCookie ?? []).map((x) => x.split(';')[0]).join('; ')}`, csrf: r.json?.csrfToken };
  } else {
    for (let attempt = 1; !who; attempt++) {
      const t0 = performance.now();
      try {
        who = await signIn(o, p.code, 'Bench#2026');
        stats.record('POST /api/auth/callback/credentials (password)', performance.now() - t0, 200);
      } catch {
        if (attempt >= 8) { stats.record('POST /api/auth/callback/credentials (password)', performance.now() - t0, 0); p.done = true; return; }
        stats.inFlightFailure('POST /api/auth/callback/credentials (password)');
        await sleep(200 * attempt);
      }
    }
  }
  const think = () => sleep((config.stayS * 1000 / 12) * (0.5 + Math.random()));
  const leaveAt = Date.now() + config.stayS * 1000;
  await request(stats, o, who, 'GET', '/api/auth/session');
  await request(stats, o, who, 'GET', '/api/home');
  openSocket(config, p, who.cookie);
  await think();
  await request(stats, o, who, 'GET', '/api/learning');
  await request(stats, o, who, 'POST', '/api/telemetry', { body: telemetry(p, ['/main', '/learning']) });
  await think();
  await request(stats, o, who, 'GET', `/api/courses/${world.course.id}`, { name: 'GET /api/courses/:id' });
  await request(stats, o, who, 'POST', `/api/contents/${world.content.id}/open`, { name: 'POST /api/contents/:id/open', body: {} });
  await think();
  const progress = await request(stats, o, who, 'POST', `/api/contents/${world.content.id}/progress`, { name: 'POST /api/contents/:id/progress', body: { percent: 40 } });
  if (progress.status === 200) p.progressAcked = true;
  await think();
  await request(stats, o, who, 'GET', '/api/club');
  await request(stats, o, who, 'GET', '/api/leaderboards?scope=store&period=week', { name: 'GET /api/leaderboards?scope=store' });
  await request(stats, o, who, 'POST', '/api/telemetry', { body: telemetry(p, ['/club', '/leaderboard']) });
  await think();
  await request(stats, o, who, 'GET', '/api/polls');
  const vote = await request(stats, o, who, 'POST', `/api/polls/${world.poll.id}/vote`, { name: 'POST /api/polls/:id/vote', body: { optionIds: [world.option.id] } });
  // A vote whose first attempt landed on the dying node and is retried answers ALREADY_VOTED: it counted.
  if (vote.status === 200 || (vote.status === 409 && vote.json?.error?.code === 'ALREADY_VOTED')) p.voteAcked = true;
  if (p.redeems) {
    await think();
    p.redeemKey = randomUUID();
    const r = await request(stats, o, who, 'POST', `/api/club/rewards/${world.reward.id}/redeem`, { name: 'POST /api/club/rewards/:id/redeem', body: { method: 'pickup' }, idempotencyKey: p.redeemKey });
    if (r.status === 201) p.redemptionId = r.json.redemption.id;
    else p.redeemStatus = r.status;
  }
  await sleep(Math.max(0, leaveAt - Date.now()));
  p.leaving = true;
  p.leftAt = Date.now();
  p.ws?.close();
  p.done = true;
}
