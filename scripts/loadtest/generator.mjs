// The load generator of `make loadtest` (scripts/loadtest.sh starts the cluster, the nodes and nginx):
// LOADTEST_PEOPLE people arrive over LOADTEST_ARRIVAL seconds through nginx, each playing the morning
// routine (people.mjs), an admin works meanwhile (admin.mjs), one node is SIGKILLed mid-run and restarted
// (kill.mjs), then the integrity check runs against the database (integrity.mjs) and the table is printed
// (report.mjs). Usage: node generator.mjs LB_ORIGIN DATABASE_URL. Exit status 1 when the integrity check fails.
import { readFileSync } from 'node:fs';
import { Stats } from './stats.mjs';
import { signIn, sql } from './client.mjs';
import { preparePeople, person } from './people.mjs';
import { prepareAdmin, adminAtWork } from './admin.mjs';
import { killAndRestart } from './kill.mjs';
import { integrity } from './integrity.mjs';
import { printReport } from './report.mjs';

const [origin, dbUrl] = process.argv.slice(2);
const env = (name, fallback) => process.env[name] ?? fallback;
const config = {
  origin,
  dbUrl,
  people: Number(env('LOADTEST_PEOPLE', 10000)),
  arrivalS: Number(env('LOADTEST_ARRIVAL', 300)),
  stayS: Number(env('LOADTEST_STAY', 90)),
  signInEvery: Number(env('LOADTEST_SIGNIN_EVERY', 20)),
  killAt: env('LOADTEST_KILL_AT', '0.5'),
  nodePids: env('LOADTEST_NODE_PIDS', '').split(' ').map(Number),
  nodePorts: env('LOADTEST_NODE_PORTS', '').split(' ').map(Number),
  bin: env('LOADTEST_BIN', ''),
  work: env('LOADTEST_WORK', ''),
};
const stats = new Stats();
const stamp = (s) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${s}`);

const admin = await signIn(origin, 'ADMIN01', 'Demo#2026');
const world = await prepareAdmin(config, admin); // the course, the content, the poll and the reward everyone uses
const people = await preparePeople(config, admin, world);
stamp(`${people.length} people ready (${people.filter((p) => !p.cookie).length} sign in with the password); ` +
  `arriving over ${config.arrivalS} s, each staying ${config.stayS} s`);

// Samples while the run lasts: node memory, sockets held, PostgreSQL connections.
const samples = { rss: config.nodePids.map(() => 0), sockets: 0, pg: { total: 0, byState: {} } };
const rssKb = (pid) => { try { return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]); } catch { return 0; } };
let sampling = true;
const sampler = (async () => {
  while (sampling) {
    config.nodePids.forEach((pid, i) => { samples.rss[i] = Math.max(samples.rss[i], rssKb(pid)); });
    const open = people.filter((p) => p.socketOpen).length;
    samples.sockets = Math.max(samples.sockets, open);
    const rows = (await sql(dbUrl, "SELECT coalesce(state, 'none'), count(*) FROM pg_stat_activity WHERE datname = current_database() GROUP BY 1")).split('\n').filter(Boolean);
    const total = rows.reduce((n, r) => n + Number(r.split('|')[1]), 0);
    if (total > samples.pg.total) samples.pg = { total, byState: Object.fromEntries(rows.map((r) => r.split('|'))) };
    await new Promise((r) => setTimeout(r, 2000));
  }
})();

await sql(dbUrl, 'SELECT pg_stat_statements_reset()'); // the run's statements only, not the seed's
const started = Date.now();
stats.started = started;
const arrivals = people.map((p, i) =>
  new Promise((r) => setTimeout(r, (i * config.arrivalS * 1000) / people.length)).then(() => person(config, stats, world, p)));
const adminWork = adminAtWork(config, stats, admin, world, started);
const kill = config.killAt === 'none' ? null : killAndRestart(config, stats, people, admin, started, (pid) => { config.nodePids[1] = pid; });
let lastLog = 0;
const progress = setInterval(() => {
  const s = Math.round((Date.now() - started) / 1000);
  if (s - lastLog < 30) return;
  lastLog = s;
  stamp(`${s} s: ${people.filter((p) => p.arrived).length} arrived, ${people.filter((p) => p.socketOpen).length} sockets open, ${stats.requests()} requests`);
}, 1000);
await Promise.all(arrivals);
const killResult = kill ? await kill : null;
const adminResult = await adminWork;
clearInterval(progress);
sampling = false;
await sampler;
const wallS = (Date.now() - started) / 1000;
stamp(`load done in ${wallS.toFixed(0)} s; the integrity check`);
const check = await integrity(config, people, world);
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const statements = await sql(dbUrl, `
  SELECT calls, round(mean_exec_time::numeric, 2), round(total_exec_time::numeric), left(regexp_replace(query, '\\s+', ' ', 'g'), 110)
  FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
  ORDER BY mean_exec_time DESC LIMIT 10;
  SELECT calls, round(mean_exec_time::numeric, 2), round(total_exec_time::numeric), left(regexp_replace(query, '\\s+', ' ', 'g'), 110)
  FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
  ORDER BY total_exec_time DESC LIMIT 10;`);
printReport({ config, stats, samples, killResult, adminResult, check, statements, wallS, load, people });
process.exit(check.ok ? 0 : 1);
