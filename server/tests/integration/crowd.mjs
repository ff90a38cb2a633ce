// Many staff at once, for the races the club must win (100 people, one reward): the people and their
// sessions are written straight into the test database (signing 100 people in through the API would only
// measure password hashing), each with a CSRF token from the real /api/auth/csrf, and given points through
// the ledger and balance row exactly as the server keeps them.
import { randomBytes, randomUUID, createHash } from 'node:crypto';
import { Client, SESSION_COOKIE } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';

const q = (s) => `'${String(s).replaceAll("'", "''")}'`;

/** n signed-in staff clients with `points` each: [{client, id, code}]. */
export async function crowd(server, n, { prefix = 'C', points = 0, store = 'BKK01' } = {}) {
  const now = Date.now();
  const tag = `${prefix}${randomBytes(3).toString('hex')}`;
  const people = Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    code: `${tag}-${i}`,
    token: randomBytes(32).toString('base64url'),
  }));
  const storeId = `(SELECT id FROM stores WHERE code = ${q(store)})`;
  const sql = [
    `INSERT INTO users (id, employee_code, name, role, status, store_id, position, joined_at, created_at, updated_at) VALUES ${people
      .map((p) => `(${q(p.id)}, ${q(p.code)}, ${q(`พนักงาน ${p.code}`)}, 'staff', 'active', ${storeId}, 'Sales', ${now - 86400000 * 400}, ${now}, ${now})`)
      .join(', ')};`,
    `INSERT INTO sessions (token_hash, user_id, expires_at, created_at, updated_at) VALUES ${people
      .map((p) => `(${q(createHash('sha256').update(p.token).digest('hex'))}, ${q(p.id)}, ${now + 86400000}, ${now}, ${now})`)
      .join(', ')};`,
  ];
  if (points > 0) {
    sql.push(
      `INSERT INTO points_ledger (id, user_id, delta, reason, source, idempotency_key, created_at) VALUES ${people
        .map((p) => `(${q(randomUUID())}, ${q(p.id)}, ${points}, 'test', 'manual', ${q(`crowd:${p.id}`)}, ${now})`)
        .join(', ')};`,
      `INSERT INTO points_balances (user_id, balance, updated_at) VALUES ${people.map((p) => `(${q(p.id)}, ${points}, ${now})`).join(', ')};`,
    );
  }
  await dbQuery(server, sql.join('\n'));
  return Promise.all(
    people.map(async (p) => {
      const client = new Client(server.origin);
      client.jar.set(SESSION_COOKIE, p.token);
      await client.csrf();
      return { client, id: p.id, code: p.code };
    }),
  );
}
