// The whole-company publish (issue 33): a mandatory course assigned to everyone, at 100,000 staff, saved
// through the API as an admin does (POST /api/admin/course-assignments). Figures: `saveMs`, the admin's save
// (median of `RUNS` saves, each a new assignment of its own course); `notifiedMs`, from the save to the last
// person's "course assigned" notice (the background audience job, jobs/audience_jobs.hpp); and the notices
// per second. The server is started here, on SQLite (or PostgreSQL with TEST_DATABASE_URL); SHOPFLOOR_BIN
// picks the binary (an older one measures "before": it wrote every notice inside the save). Exits non-zero
// when a person's notice is missing or repeated. Then the same for a broadcast to everyone: `broadcastSendMs`
// (the admin's send) and `broadcastDeliveredMs` (from the send to the last person's delivery row).
// Usage: node scripts/bench/audience-publish.mjs [STAFF] [RUNS]   (make bench BENCH=audience)
import { startServer, signedInClients } from '../../server/tests/integration/harness.mjs';
import { create, send } from '../../server/tests/integration/learning-fixtures.mjs';
import { database, staff } from './staff.mjs';

const n = Number(process.argv[2] ?? 100000);
const runs = Number(process.argv[3] ?? 3);
const server = await startServer({ env: { LOG_LEVEL: 'warn' } });
try {
  const sql = database(server.databaseUrl.startsWith('sqlite') ? `${server.tmp}/data/shopfloor.db` : server.databaseUrl);
  await staff(server.origin, sql, { n, sessions: 0, prefix: 'AUD' });
  const everyone = Number(sql("SELECT COUNT(*) FROM users WHERE role = 'staff' AND status = 'active'"));
  const [admin, editor] = await signedInClients(server, 'ADMIN01', 'EDIT01');
  // Waits until `table` holds one row per person (`where`: of one assignment, one broadcast); the ms since t0.
  // Throws when rows are still missing after 15 minutes, or someone has two.
  async function everyoneHas(table, where, t0, what) {
    const rows = () => Number(sql(`SELECT COUNT(*) FROM ${table} WHERE ${where}`));
    while (rows() < everyone) {
      if (performance.now() - t0 > 900_000) throw new Error(`the ${what} did not all appear in 15 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const ms = performance.now() - t0;
    const people = Number(sql(`SELECT COUNT(DISTINCT user_id) FROM ${table} WHERE ${where}`));
    if (rows() !== everyone || people !== everyone) throw new Error(`${rows()} ${what} for ${people} of ${everyone} people`);
    return ms;
  }
  const results = [];
  for (let r = 0; r < runs; r++) {
    const course = await create(editor, 'courses', { title: `ทุกคน ${r}`, status: 'published' });
    const t0 = performance.now();
    const assignment = await create(admin, 'course-assignments', { course: course.id, audience: {} });
    const saveMs = performance.now() - t0;
    const notifiedMs = await everyoneHas('notifications', `dedupe_key = 'course_assigned:${assignment.id}'`, t0, 'notices');
    results.push({ saveMs: Math.round(saveMs), notifiedMs: Math.round(notifiedMs) });
  }
  // The broadcast to everyone (POST /api/admin/broadcasts/:id/send): `sendMs`, the admin's send; `deliveredMs`,
  // from the send to the last person's delivery row (the audience job "broadcast", messages/internal.hpp).
  const broadcasts = [];
  for (let r = 0; r < runs; r++) {
    const b = await create(editor, 'broadcasts', { title: `ประกาศ ${r}`, body: '<p>ถึงทุกคน</p>', audience: {} });
    const t0 = performance.now();
    const sent = await send(editor, 'POST', `/api/admin/broadcasts/${b.id}/send`, {});
    const sendMs = performance.now() - t0;
    if (sent.status !== 200 || sent.json.recipients !== everyone) throw new Error(`broadcast ${r}: ${sent.status} ${sent.text}`);
    const deliveredMs = await everyoneHas('broadcast_deliveries', `broadcast_id = '${b.id}'`, t0, 'deliveries');
    broadcasts.push({ sendMs: Math.round(sendMs), deliveredMs: Math.round(deliveredMs) });
  }
  const median = (k, of = results) => of.map((x) => x[k]).sort((a, b) => a - b)[Math.floor(of.length / 2)];
  console.log(
    JSON.stringify({
      database: server.databaseUrl.startsWith('sqlite') ? 'sqlite' : 'postgres',
      staff: everyone,
      runs: results,
      saveMs: median('saveMs'),
      notifiedMs: median('notifiedMs'),
      noticesPerSecond: Math.round(everyone / (median('notifiedMs') / 1000)),
      broadcasts,
      broadcastSendMs: median('sendMs', broadcasts),
      broadcastDeliveredMs: median('deliveredMs', broadcasts),
      loadavg: (await import('node:os')).loadavg().map((x) => Math.round(x * 100) / 100),
    }),
  );
} finally {
  await server.stop();
}
