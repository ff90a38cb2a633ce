// Password hashes: written in OWASP's Argon2id profile (m = 19 MiB, t = 2, p = 1), and a hash of the older
// profile (libsodium "interactive", 64 MiB) rewritten in it by the next successful sign-in, in the sign-in's
// own transaction; a wrong password rewrites nothing, and a rehash the database refuses does not fail the
// sign-in (server/src/auth/passwords.hpp, credentials.hpp).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, DEMO_PASSWORD } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';

// Argon2id of "Demo#2026" at the profile used before session 26 (crypto_pwhash_OPSLIMIT/MEMLIMIT_INTERACTIVE).
const OLD_PROFILE_HASH =
  '$argon2id$v=19$m=65536,t=2,p=1$sorti1vO3N+uld/oO03dmA$OKKk3c1hhrO8XMDOicJ5zmCa7YcpDzHT6HdEyiLT38w';
const CURRENT_PROFILE = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

describe('password hashes and their rehash on sign-in', () => {
  const server = useServer();
  const hashOf = async (code) => (await dbQuery(server, `SELECT password_hash FROM users WHERE employee_code = '${code}'`))[0][0];
  const setHash = (code, hash) => dbQuery(server, `UPDATE users SET password_hash = '${hash}' WHERE employee_code = '${code}'`);

  it('the seed writes hashes in the current profile', async () => {
    assert.match(await hashOf('S1001'), CURRENT_PROFILE);
  });

  it('a wrong password leaves an old-profile hash as it is; the right one rehashes it and still works', async () => {
    await setHash('S1002', OLD_PROFILE_HASH);
    const wrong = await server.client().signIn('S1002', 'Demo#2025');
    assert.equal(wrong.status, 401, wrong.text);
    assert.equal(await hashOf('S1002'), OLD_PROFILE_HASH, 'a failed sign-in writes no hash');

    const first = server.client();
    await first.signInOk('S1002');
    assert.equal((await first.session()).user.name.length > 0, true);
    const after = await hashOf('S1002');
    assert.match(after, CURRENT_PROFILE, `rehashed: ${after}`);

    const again = server.client();
    await again.signInOk('S1002', DEMO_PASSWORD);
    assert.equal(await hashOf('S1002'), after, 'a current-profile hash is not written again');
    const wrongNow = await server.client().signIn('S1002', 'Demo#2025');
    assert.equal(wrongNow.status, 401, 'the new hash refuses a wrong password');
  });

  it('a rehash the database refuses does not fail the sign-in, and the old hash stays', async () => {
    const pg = !server.databaseUrl.startsWith('sqlite');
    await dbQuery(server, pg
      ? `CREATE FUNCTION refuse_rehash() RETURNS trigger LANGUAGE plpgsql AS $$BEGIN RAISE EXCEPTION 'rehash refused'; END$$;
         CREATE TRIGGER refuse_rehash BEFORE UPDATE OF password_hash ON users FOR EACH ROW
           WHEN (OLD.employee_code = 'S2001') EXECUTE FUNCTION refuse_rehash();`
      : `CREATE TRIGGER refuse_rehash BEFORE UPDATE OF password_hash ON users WHEN OLD.employee_code = 'S2001'
         BEGIN SELECT RAISE(ABORT, 'rehash refused'); END;`);
    try {
      await dbQuery(server, "UPDATE users SET password_hash = NULL WHERE employee_code = 'S2001'").then(
        () => assert.fail('the trigger should refuse'), () => {});
      // The trigger refuses every change of S2001's hash: the old one goes in with the trigger dropped for a moment.
      await dbQuery(server, pg ? 'ALTER TABLE users DISABLE TRIGGER refuse_rehash' : 'DROP TRIGGER refuse_rehash');
      await setHash('S2001', OLD_PROFILE_HASH);
      await dbQuery(server, pg
        ? 'ALTER TABLE users ENABLE TRIGGER refuse_rehash'
        : `CREATE TRIGGER refuse_rehash BEFORE UPDATE OF password_hash ON users WHEN OLD.employee_code = 'S2001'
           BEGIN SELECT RAISE(ABORT, 'rehash refused'); END;`);

      const c = server.client();
      await c.signInOk('S2001');
      const s = await c.session();
      assert.ok(s.user?.id, `signed in: ${JSON.stringify(s)}`);
      assert.equal(await hashOf('S2001'), OLD_PROFILE_HASH, 'the refused rehash left the old hash');
      assert.match(server.output(), /password rehash of user \S+ not stored/);
    } finally {
      await dbQuery(server, pg ? 'DROP TRIGGER refuse_rehash ON users; DROP FUNCTION refuse_rehash();' : 'DROP TRIGGER refuse_rehash');
    }
  });
});
