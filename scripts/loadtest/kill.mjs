// The node kill: at LOADTEST_KILL_AT of the arrival window node 1 gets SIGKILL (no goodbye to anyone). Then:
// how long its sockets take to come back through nginx (to node 0), and when presence agrees with reality
// for everyone, checked every second for 45 s (past the 20 s dead-node timeout, so that the reaper marking
// the dead node's users offline is seen too): people with an open socket must read online, people who left
// offline. Then node 1 is started again and the sockets opened after that are counted per node.
import { spawn } from 'node:child_process';
import { openSync, writeFileSync } from 'node:fs';
import { request } from './client.mjs';
import { Stats, pct } from './stats.mjs';
import { hellos } from './people.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const shuffle = (a) => a.map((x) => [Math.random(), x]).sort(([x], [y]) => x - y).map(([, x]) => x);

export async function killAndRestart(config, stats, people, admin, started, onRestart) {
  await sleep(Math.max(0, started + config.arrivalS * 1000 * Number(config.killAt) - Date.now()));
  const victimPid = config.nodePids[1];
  const openBefore = people.filter((p) => p.socketOpen);
  const byNodeBefore = tally(openBefore.map((p) => p.node));
  const killedAt = Date.now();
  process.kill(victimPid, 'SIGKILL');
  console.log(`[${new Date().toISOString().slice(11, 19)}] SIGKILL node 1 (pid ${victimPid}); sockets open per node: ${JSON.stringify(byNodeBefore)}`);

  // Presence, every second for 45 s, on a sample of up to 300 people: the ones whose socket was cut and the rest.
  const checks = new Stats();
  const sample = () => {
    const cut = people.filter((p) => p.lastDropAt >= killedAt);
    return shuffle([...shuffle(cut).slice(0, 200), ...shuffle(people.filter((p) => p.arrived && !cut.includes(p))).slice(0, 100)]);
  };
  let lastWrong = killedAt, wrongAtEnd = 0, checked = 0, examples = []; // examples: of the last round with a wrong answer
  while (Date.now() - killedAt < 45000) { // 45 s of wall time, however long a round of checks takes
    await sleep(1000);
    const now = Date.now();
    // Only people in a settled state: a socket open for 5 s, or gone for 5 s.
    // (5 s: under this load a request can wait seconds in a node's queue, the presence write too.)
    const settled = sample().filter((p) => (p.socketOpen && now - p.socketOpenedAt > 5000) || (p.leaving && now - p.leftAt > 5000));
    // The expectation is taken when the question is sent; a person whose state moves while it is in flight
    // (starts leaving, say) is not judged in this round.
    const state = (p) => `${!!p.socketOpen}|${!!p.leaving}`;
    const answers = await Promise.all(settled.map((p) => {
      const before = state(p);
      return request(checks, config.origin, admin, 'GET', `/api/presence/${p.id}`, { name: 'presence' })
        .then((r) => ({ p, online: r.json?.online, expect: p.socketOpen && !p.leaving, moved: state(p) !== before }));
    }));
    const wrong = answers.filter(({ online, expect, moved }) => !moved && online !== expect);
    checked += answers.length;
    if (wrong.length) lastWrong = now;
    wrongAtEnd = wrong.length;
    if (wrong.length) examples = wrong.slice(0, 3).map(({ p, online }) => ({ read: online, socketOpen: !!p.socketOpen, leaving: !!p.leaving, node: p.node?.slice(-4),
      sinceOpenMs: p.socketOpenedAt ? now - p.socketOpenedAt : null, sinceLeftMs: p.leftAt ? now - p.leftAt : null, cutByKill: p.lastDropAt >= killedAt }));
  }
  const cut = people.filter((p) => p.lastDropAt >= killedAt && p.lastDropAt - killedAt < 5000);
  const reconnectMs = cut.map((p) => p.reconnects?.at(-1)).filter((x) => x !== undefined).sort((a, b) => a - b);

  // Back up: node 1 again on its port; new sockets spread over both nodes again (least_conn).
  const log = openSync(`${config.work}/node1.log`, 'a');
  const child = spawn(config.bin, ['serve'], { env: { ...process.env, PORT: String(config.nodePorts[1]) }, detached: true, stdio: ['ignore', log, log] });
  child.unref();
  writeFileSync(`${config.work}/restarted.pid`, String(child.pid));
  onRestart(child.pid);
  const restartAt = Date.now();
  let readyMs = null;
  for (let i = 0; i < 300 && readyMs === null; i++) {
    const ok = await fetch(`http://127.0.0.1:${config.nodePorts[1]}/readyz`).then((r) => r.ok, () => false);
    if (ok) readyMs = Date.now() - restartAt;
    else await sleep(100);
  }
  await sleep(20000);
  const openedAfter = hellos.filter((h) => h.at > restartAt + (readyMs ?? 0));
  // The arrivals may be over by now: 20 probe sockets (the admin's) show where nginx sends new ones.
  const WebSocket = (await import('node:module')).createRequire(new URL('../../server/tests/integration/package.json', import.meta.url))('ws');
  const probes = await Promise.all(Array.from({ length: 20 }, () => new Promise((resolve) => {
    const ws = new WebSocket(config.origin.replace(/^http/, 'ws') + '/api/realtime', { headers: { cookie: admin.cookie, origin: config.origin } });
    const done = (node) => { ws.terminate(); resolve(node); };
    ws.on('message', (d) => { try { const m = JSON.parse(String(d)); if (m.type === 'hello') done(m.node); } catch { /* not JSON */ } });
    ws.on('error', () => done('failed'));
    setTimeout(() => done('timeout'), 10000);
  })));
  return {
    killedAtS: Math.round((killedAt - started) / 1000),
    socketsBefore: byNodeBefore,
    socketsCut: cut.length,
    reconnected: reconnectMs.length,
    reconnectMs: { p50: pct(reconnectMs, 0.5), p95: pct(reconnectMs, 0.95), max: reconnectMs.at(-1) ?? 0 },
    presence: { checked, statuses: checks.rows()[0]?.statuses ?? {}, wrongAtEnd, examples, convergedS: wrongAtEnd ? null : Math.max(0, Math.round((lastWrong - killedAt) / 100) / 10) },
    restart: { readyMs, socketsOpenedAfterPerNode: tally(openedAfter.map((h) => h.node)), probesPerNode: tally(probes) },
  };
}

function tally(list) {
  const t = {};
  for (const x of list) t[x ?? '?'] = (t[x ?? '?'] ?? 0) + 1;
  return t;
}
