// Work for a whole audience (a mandatory course's notices) is written by a background job after the save
// answers (issue 33, jobs/audience_jobs.hpp): tests that read its results wait for the jobs to finish.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dbQuery } from './dbquery.mjs';
import { freePort, sleep, BIN } from './harness.mjs';
import { waitFor } from './realtime.mjs';

export const jobsWaiting = async (server) => Number((await dbQuery(server, 'SELECT COUNT(*) FROM audience_jobs'))[0][0]);

/** Resolves once no audience job is waiting (every one started has finished); fails after timeoutMs. */
export const audienceJobsDone = (server, timeoutMs = 30_000) =>
  waitFor(async () => (await jobsWaiting(server)) === 0, 'the audience jobs to finish', timeoutMs);

/**
 * `n` active staff in a store of their own (written straight into the database): the store's id, which is also
 * the start of each person's id (`prefix` chooses where they sort among other ids).
 */
export async function staffStore(server, n, prefix = 'AJ') {
  const tag = `${prefix}${randomBytes(3).toString('hex')}`;
  const now = Date.now();
  const region = (await dbQuery(server, 'SELECT id FROM regions ORDER BY code LIMIT 1'))[0][0];
  await dbQuery(
    server,
    `INSERT INTO stores (id, code, name, region_id, created_at, updated_at) VALUES ('${tag}', '${tag}', 'ร้าน ${tag}', '${region}', ${now}, ${now});` +
      `INSERT INTO users (id, employee_code, name, role, status, store_id, position, joined_at, created_at, updated_at) ` +
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n}) ` +
      `SELECT '${tag}-' || (100000 + i), '${tag}-' || (100000 + i), 'พนักงาน ' || i, 'staff', 'active', '${tag}', 'Sales', ${now}, ${now}, ${now} FROM n;`,
  );
  return tag;
}

/** A second `shopfloor serve` on the server's database and DATA_DIR, with env overrides; resolves once ready. */
export async function anotherNode(server, env = {}) {
  const port = await freePort();
  const proc = spawn(BIN, ['serve'], { cwd: server.tmp, env: { ...server.env, ...env, PORT: String(port) }, stdio: 'ignore' });
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status === 200, () => false);
    if (up) break;
    if (i > 150) throw new Error('the other node did not start');
    await sleep(100);
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await exited;
    },
  };
}
