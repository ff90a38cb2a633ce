// Parallel admin writes that set passwords (issue 26, finding 4), through real HTTP on SQLite and PostgreSQL:
// Argon2 runs before the write transaction, so 60 user creations (8 at a time, then all 60 at once) and 60
// password resets at once all succeed: no 500 "database is locked", every user created once, every new
// password signs in.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, signedInClients } from './harness.mjs';
import { send } from './learning-fixtures.mjs';
import { dbQuery } from './dbquery.mjs';

// Runs `tasks` (functions returning promises) with at most `width` under way at once.
async function pool(tasks, width) {
  const out = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]();
      }
    }),
  );
  return out;
}

describe('parallel admin writes that set passwords', () => {
  const server = useServer();
  let admin;

  before(async () => {
    [admin] = await signedInClients(server, 'ADMIN01');
  });

  const createUsers = (tag, n, width) =>
    pool(
      Array.from({ length: n }, (_, i) => () =>
        send(admin, 'POST', '/api/admin/users', { employeeCode: `${tag}${i}`, name: `พนักงาน ${tag}${i}`, password: `Pw-${tag}-${i}-2026`, role: 'staff', status: 'active', locale: 'th' }),
      ),
      width,
    );

  const assertCreated = async (tag, answers) => {
    const failed = answers.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.text.slice(0, 200)}`);
    assert.deepEqual(failed, [], `${failed.length} of ${answers.length} creations failed`);
    const [[n]] = await dbQuery(server, `SELECT COUNT(*) FROM users WHERE employee_code LIKE '${tag}%' AND password_hash LIKE '$argon2id$%'`);
    assert.equal(Number(n), answers.length);
  };

  it('60 users created 8 at a time: no 5xx, 60 users', async () => {
    const started = Date.now();
    await assertCreated('PA', await createUsers('PA', 60, 8));
    console.log(`# 60 creations, 8 at a time: ${Date.now() - started} ms`);
  });

  it('60 users created all at once: no 5xx, 60 users, and their passwords sign in', async () => {
    const started = Date.now();
    await assertCreated('PB', await createUsers('PB', 60, 60));
    console.log(`# 60 creations at once: ${Date.now() - started} ms`);
    for (const i of [0, 31, 59]) {
      const c = server.client();
      await c.signInOk(`PB${i}`, `Pw-PB-${i}-2026`);
    }
  });

  it('60 password resets at once: no 5xx, each new password signs in', async () => {
    const ids = (await dbQuery(server, "SELECT id, employee_code FROM users WHERE employee_code LIKE 'PA%' ORDER BY employee_code")).slice(0, 60);
    assert.equal(ids.length, 60);
    const answers = await Promise.all(
      ids.map(([id], i) => send(admin, 'POST', `/api/admin/users/${id}/reset-password`, i % 2 ? { password: `New-${i}-password` } : {})),
    );
    const failed = answers.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.text.slice(0, 200)}`);
    assert.deepEqual(failed, []);
    for (const i of [0, 1, 58, 59]) {
      const password = i % 2 ? `New-${i}-password` : answers[i].json.password;
      assert.ok(password, 'a generated password is shown once');
      const c = server.client();
      await c.signInOk(ids[i][1], password);
    }
  });
});
