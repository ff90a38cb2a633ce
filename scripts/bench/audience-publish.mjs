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
  const notices = (id) => Number(sql(`SELECT COUNT(*) FROM notifications WHERE dedupe_key = 'course_assigned:${id}'`));
  const people = (id) => Number(sql(`SELECT COUNT(DISTINCT user_id) FROM notifications WHERE dedupe_key = 'course_assigned:${id}'`));
  const results = [];
  for (let r = 0; r < runs; r++) {
    const course = await create(editor, 'courses', { title: `ทุกคน ${r}`, status: 'published' });
    const t0 = performance.now();
    const assignment = await create(admin, 'course-assignments', { course: course.id, audience: {} });
    const saveMs = performance.now() - t0;
    for (;;) {
      if (notices(assignment.id) >= everyone) break;
      if (performance.now() - t0 > 900_000) throw new Error('the notices did not all appear in 15 minutes');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const notifiedMs = performance.now() - t0;
    if (notices(assignment.id) !== everyone || people(assignment.id) !== everyone)
      throw new Error(`run ${r}: ${notices(assignment.id)} notices for ${people(assignment.id)} of ${everyone} people`);
    results.push({ saveMs: Math.round(saveMs), notifiedMs: Math.round(notifiedMs) });
  }
  // The broadcast to everyone (POST /api/admin/broadcasts/:id/send): `sendMs`, the admin's send; `deliveredMs`,
  // from the send to the last person's delivery row (the audience job "broadcast", messages/internal.hpp).
  const rows = (id) => Number(sql(`SELECT COUNT(*) FROM broadcast_deliveries WHERE broadcast_id = '${id}'`));
  const recipients = (id) => Number(sql(`SELECT COUNT(DISTINCT user_id) FROM broadcast_deliveries WHERE broadcast_id = '${id}'`));
  const broadcasts = [];
  for (let r = 0; r < runs; r++) {
    const b = await create(editor, 'broadcasts', { title: `ประกาศ ${r}`, body: '<p>ถึงทุกคน</p>', audience: {} });
    const t0 = performance.now();
    const sent = await send(editor, 'POST', `/api/admin/broadcasts/${b.id}/send`, {});
    const sendMs = performance.now() - t0;
    if (sent.status !== 200 || sent.json.recipients !== everyone) throw new Error(`broadcast ${r}: ${sent.status} ${sent.text}`);
    for (;;) {
      if (rows(b.id) >= everyone) break;
      if (performance.now() - t0 > 900_000) throw new Error('the deliveries did not all appear in 15 minutes');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const deliveredMs = performance.now() - t0;
    if (rows(b.id) !== everyone || recipients(b.id) !== everyone)
      throw new Error(`broadcast ${r}: ${rows(b.id)} deliveries for ${recipients(b.id)} of ${everyone} people`);
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
