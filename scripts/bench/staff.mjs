// Staff with live sessions for the bench scripts (broadcast, live quiz, RSVPs): N people written straight into the database in one go
// (signing N people in through the API would only measure password hashing), the first `sessions` of them
// with a session token, each of those given a CSRF token by the real /api/auth/csrf. Usage:
//   const db = database(url); const people = await staff(origin, db, { n, sessions, position });
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';

const q = (s) => `'${String(s).replaceAll("'", "''")}'`;

/** A SQL runner on the bench's database (psql for postgres://, else the sqlite3 CLI on a file). */
export function database(url) {
  const pg = url.startsWith('postgres');
  return (text) => {
    const args = pg ? [url, '-qAt', '-F', '|', '-v', 'ON_ERROR_STOP=1'] : ['-cmd', '.timeout 10000', url];
    return String(execFileSync(pg ? 'psql' : 'sqlite3', args, { input: text, maxBuffer: 256 << 20 })).trim();
  };
}

/** n active staff (position `position`, default 'Sales'); the first `sessions` signed in: [{id, code, cookie?, csrf?}]. */
export async function staff(origin, sql, { n, sessions = n, position = 'Sales', prefix = 'BENCH' } = {}) {
  const now = Date.now();
  const tag = `${prefix}${randomBytes(3).toString('hex')}`;
  const people = Array.from({ length: n }, (_, i) => ({ id: randomUUID(), code: `${tag}-${i}`, token: i < sessions ? randomBytes(32).toString('base64url') : null }));
  for (let i = 0; i < n; i += 2000) {
    const chunk = people.slice(i, i + 2000);
    const withSession = chunk.filter((p) => p.token);
    sql(
      [
        'BEGIN;',
        `INSERT INTO users (id, employee_code, name, role, status, store_id, position, joined_at, created_at, updated_at) VALUES ${chunk
          .map((p) => `(${q(p.id)}, ${q(p.code)}, ${q(`bench ${p.code}`)}, 'staff', 'active', (SELECT MIN(id) FROM stores), ${q(position)}, ${now}, ${now}, ${now})`)
          .join(', ')};`,
        withSession.length
          ? `INSERT INTO sessions (token_hash, user_id, expires_at, created_at, updated_at) VALUES ${withSession
              .map((p) => `(${q(createHash('sha256').update(p.token).digest('hex'))}, ${q(p.id)}, ${now + 86400000}, ${now}, ${now})`)
              .join(', ')};`
          : '',
        // They answered the privacy notice with yes (issue 34): their telemetry is kept, as a staff member's is.
        `INSERT INTO privacy_consents (user_id, choice, notice_version, answered_at) VALUES ${chunk
          .map((p) => `(${q(p.id)}, 'accepted', 1, ${now})`)
          .join(', ')};`,
        'COMMIT;',
      ].join('\n'),
    );
  }
  const signed = people.filter((p) => p.token);
  for (let i = 0; i < signed.length; i += 50)
    await Promise.all(
      signed.slice(i, i + 50).map(async (p) => {
        const session = `next-auth.session-token=${p.token}`;
        const r = await fetch(`${origin}/api/auth/csrf`, { headers: { cookie: session } });
        const { csrfToken } = await r.json();
        const csrfCookie = r.headers.getSetCookie().map((x) => x.split(';')[0]).find((x) => x.startsWith('next-auth.csrf-token='));
        p.cookie = `${session}; ${csrfCookie}`;
        p.csrf = csrfToken;
      }),
    );
  return people;
}
