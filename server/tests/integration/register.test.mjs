// Self-registration (issues 15 and 26) through real HTTP on SQLite and PostgreSQL: a roster account becomes
// active and signed in only with an activation code issued to that person; without one every registration
// answers the same `pending` (a new code waits as a pending account until an admin approves it; a code or
// email that already has an account waits beside it as a claim and takes nothing); bad input → 422 per field;
// every attempt spends the IP's budget (429); concurrent registrations of one code make exactly one account.
// Activation codes themselves: account-codes.test.mjs. Each test is its own client IP (TRUST_PROXY +
// X-Forwarded-For).
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { useServer, assertEnvelope, Client, SESSION_COOKIE } from './harness.mjs';
import { send } from './learning-fixtures.mjs';
import { dbQuery } from './dbquery.mjs';

const STRONG = 'Tiger#Lamp42';
let ipSeq = 0;
const newIp = () => `198.51.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const tag = () => randomBytes(3).toString('hex').toUpperCase();

describe('register', () => {
  const server = useServer({ env: { TRUST_PROXY: '1' } });
  let admin, stores;

  before(async () => {
    admin = server.client();
    await admin.signInOk('ADMIN01');
    await admin.csrf();
    stores = (await new Client(server.origin).get('/api/register/stores')).json.items;
  });

  const storeId = (code) => stores.find((s) => s.code === code).id;

  /** A fresh anonymous client with a CSRF token, posting from its own IP. */
  async function visitor(ip = newIp()) {
    const c = new Client(server.origin);
    await c.request('GET', '/api/auth/csrf', { headers: { 'x-forwarded-for': ip } }).then((r) => {
      c.csrfToken = r.json.csrfToken;
    });
    c.ip = ip;
    return c;
  }
  const register = (c, body) => send(c, 'POST', '/api/register', body, { 'x-forwarded-for': c.ip });
  const form = (over = {}) => ({
    employeeCode: `N${tag()}`,
    name: 'ทดสอบ สมัครใหม่',
    contact: `new${tag().toLowerCase()}@example.test`,
    storeId: storeId('BKK02'),
    password: STRONG,
    ...over,
  });
  const importRoster = async (rows) => {
    const text = 'employee_code,name,email,phone,store_code,position\n' + rows.map((r) => r.join(',')).join('\n') + '\n';
    const r = await admin.request('POST', '/api/admin/users/import', {
      body: text,
      headers: { 'x-csrf-token': admin.csrfToken, 'content-type': 'text/csv' },
    });
    assert.equal(r.status, 200, r.text);
  };

  it('lists the stores anyone may pick', async () => {
    const r = await new Client(server.origin).get('/api/register/stores');
    assert.equal(r.status, 200);
    const bkk = r.json.items.find((s) => s.code === 'BKK01');
    assert.ok(bkk.id && bkk.name);
    assert.equal(bkk.region.code, 'BKK');
  });

  // Issue 26, finding 1: an employee code is not a secret (badges, shift boards). Without an activation
  // code a roster code must answer exactly as an unknown one and take over nothing.
  it('finding 1: a roster code without an activation code answers as an unknown code and claims nothing', async () => {
    const roster = `R${tag()}`;
    await importRoster([[roster, 'ตัวจริง ในรายชื่อ', '', '', 'CNX01', 'Cashier']]);
    const attempt = async (employeeCode) => {
      const c = await visitor();
      const started = performance.now();
      const r = await register(c, form({ employeeCode, name: 'ผู้บุกรุก', contact: `x${tag().toLowerCase()}@example.test` }));
      return { r, ms: performance.now() - started, c };
    };
    const onRoster = await attempt(roster);
    const unknown = await attempt(`U${tag()}`);
    for (const { r, c } of [onRoster, unknown]) {
      assert.equal(r.status, 201, r.text);
      assert.deepEqual(r.json, { status: 'pending' });
      assert.ok(!r.setCookies.some((x) => x.name === SESSION_COOKIE && x.value), 'no session cookie');
      assert.deepEqual(await c.session(), {});
    }
    // Same headers, names and values, but for the ones that differ per response anyway.
    const headers = (r) =>
      [...r.headers.entries()].filter(([k]) => !['date', 'x-request-id'].includes(k)).sort();
    assert.deepEqual(headers(onRoster.r), headers(unknown.r));
    assert.equal(onRoster.r.text, unknown.r.text);
    // About the same time: both hash the password and write one row. The fastest of a few more of each, taken
    // in turns: other work on a busy machine only ever adds time (a CI run's medians differed 2x under load),
    // while a path that does more work is slower at its fastest too.
    const times = { roster: [onRoster.ms], unknown: [unknown.ms] };
    for (let i = 0; i < 6; i++) {
      times.roster.push((await attempt(roster)).ms);
      times.unknown.push((await attempt(`U${tag()}`)).ms);
    }
    const [a, b] = [Math.min(...times.roster), Math.min(...times.unknown)];
    assert.ok(Math.abs(a - b) < Math.max(40, 0.5 * Math.max(a, b)), `roster ${a} ms vs unknown ${b} ms`);
    // The roster account took nothing: no password, no contact, and the typed password does not sign in.
    const rows = await dbQuery(server, `SELECT password_hash IS NULL, email, name FROM users WHERE employee_code = '${roster}'`);
    assert.ok(['1', 't'].includes(rows[0][0]), 'the roster account still has no password');
    assert.equal(rows[0][1] ?? '', '');
    assert.equal(rows[0][2], 'ตัวจริง ในรายชื่อ');
    const signIn = await new Client(server.origin).signIn(roster, STRONG);
    assert.notEqual(signIn.status, 200, 'the typed password does not sign in');
  });

  it('a roster code with its activation code is active at once with the roster store and position, and signed in', async () => {
    const code = `R${tag()}`;
    await importRoster([[code, 'รายชื่อ ในระบบ', '', '', 'CNX01', 'Cashier']]);
    const id = (await dbQuery(server, `SELECT id FROM users WHERE employee_code = '${code}'`))[0][0];
    const issued = await send(admin, 'POST', '/api/admin/account-codes', { purpose: 'activation', userIds: [id] });
    assert.equal(issued.status, 200, issued.text);
    const c = await visitor();
    const r = await register(c, form({ employeeCode: code.toLowerCase(), storeId: storeId('BKK01'), name: 'พิมพ์ เอง', activationCode: issued.json.items[0].code }));
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json.status, 'active');
    assert.equal(r.json.user.name, 'รายชื่อ ในระบบ');
    const cookie = r.setCookies.find((x) => x.name === SESSION_COOKIE);
    assert.ok(cookie?.value, 'session cookie set');
    assert.equal(cookie.attrs.httponly, true, 'HttpOnly');
    const me = (await c.get('/api/me')).json.user;
    assert.equal(me.employeeCode, code, 'the roster account was completed, not a second one made');
    assert.equal(me.status, 'active');
    assert.equal(me.store.code, 'CNX01');
    assert.equal(me.position, 'Cashier');
    const session = await c.session();
    assert.equal(session.user.id, me.id);
    // The CSRF token was renewed: the new one works for writes.
    assert.equal((await send(c, 'PATCH', '/api/me', { nickname: 'ใหม่' })).status, 200);
    // The password now signs in.
    const again = new Client(server.origin);
    await again.signInOk(code, STRONG);
    // Registering the code again (no activation code) → the same pending as anyone, nothing taken.
    const second = await register(await visitor(), form({ employeeCode: code }));
    assert.deepEqual([second.status, second.json], [201, { status: 'pending' }]);
    await new Client(server.origin).signInOk(code, STRONG);
  });

  it('another code waits as pending, cannot sign in, and is in the approval queue until approved', async () => {
    const f = form({ contact: '081-234-5678' });
    const c = await visitor();
    const r = await register(c, f);
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(r.json, { status: 'pending' });
    assert.ok(!r.setCookies.some((x) => x.name === SESSION_COOKIE && x.value), 'no session');
    assert.deepEqual(await c.session(), {});
    const signIn = await new Client(server.origin).signIn(f.employeeCode, STRONG);
    assert.equal(signIn.status, 403);
    assert.equal(signIn.json.error.code, 'AccountPending');
    const queue = await admin.get(`/api/admin/users?status=pending&q=${f.employeeCode}`);
    assert.equal(queue.status, 200, queue.text);
    assert.equal(queue.json.total, 1);
    const item = queue.json.items[0];
    assert.equal(item.phone, '081-234-5678');
    assert.equal(item.email, null);
    assert.equal(item.role, 'staff');
    const approve = await send(admin, 'POST', `/api/admin/users/${item.id}/approve`, {});
    assert.equal(approve.status, 200, approve.text);
    await new Client(server.origin).signInOk(f.employeeCode, STRONG);
  });

  it('a taken code or email answers the same pending, takes nothing and waits in the queue beside the account', async () => {
    const before = await dbQuery(server, "SELECT password_hash, email, name FROM users WHERE employee_code = 'S1001'");
    let r = await register(await visitor(), form({ employeeCode: 's1001' }));
    assert.deepEqual([r.status, r.json], [201, { status: 'pending' }]);
    const fresh = `N${tag()}`;
    r = await register(await visitor(), form({ employeeCode: fresh, contact: 'S1002@shopfloor.example' }));
    assert.deepEqual([r.status, r.json], [201, { status: 'pending' }]);
    assert.deepEqual(await dbQuery(server, "SELECT password_hash, email, name FROM users WHERE employee_code = 'S1001'"), before);
    await new Client(server.origin).signInOk('S1001');
    const rows = await dbQuery(server, "SELECT count(*) FROM users WHERE lower(employee_code) = 's1001'");
    assert.equal(rows[0][0], '1');
    assert.equal((await dbQuery(server, `SELECT count(*) FROM users WHERE employee_code = '${fresh}'`))[0][0], '0');
    const claims = (await admin.get('/api/admin/users/claims')).json.items;
    assert.ok(claims.some((c) => c.typed.employeeCode === 's1001' && c.kind === 'registered'));
    assert.ok(claims.some((c) => c.typed.employeeCode === fresh && c.kind === 'email_taken' && c.account.employeeCode === 'S1002'));
  });

  it('an account made by the roster with a back-office role is not completed without a code', async () => {
    const code = `E${tag()}`;
    const text = `employee_code,name,role\n${code},บรรณาธิการ ใหม่,editor\n`;
    const imp = await admin.request('POST', '/api/admin/users/import', {
      body: text,
      headers: { 'x-csrf-token': admin.csrfToken, 'content-type': 'text/csv' },
    });
    assert.equal(imp.status, 200, imp.text);
    const r = await register(await visitor(), form({ employeeCode: code }));
    assert.deepEqual([r.status, r.json], [201, { status: 'pending' }]);
    const rows = await dbQuery(server, `SELECT password_hash IS NULL FROM users WHERE employee_code = '${code}'`);
    assert.ok(['1', 't'].includes(rows[0][0]), 'still without a password');
  });

  it('bad input → 422 with a stable code per field, nothing written', async () => {
    const cases = [
      [{ employeeCode: '' }, 'employeeCode', 'REQUIRED'],
      [{ employeeCode: 'has space' }, 'employeeCode', 'EMPLOYEE_CODE_FORMAT'],
      [{ employeeCode: 'X'.repeat(41) }, 'employeeCode', 'EMPLOYEE_CODE_FORMAT'],
      [{ name: '   ' }, 'name', 'REQUIRED'],
      [{ name: 'ก'.repeat(201) }, 'name', 'MAX_LENGTH'],
      [{ contact: 'not-an-email@' }, 'contact', 'CONTACT_FORMAT'],
      [{ contact: '12345' }, 'contact', 'CONTACT_FORMAT'],
      [{ contact: 'javascript:alert(1)' }, 'contact', 'CONTACT_FORMAT'],
      [{ storeId: '' }, 'storeId', 'REQUIRED'],
      [{ storeId: '0190f0c2-0000-7000-8000-000000000000' }, 'storeId', 'REGISTER_STORE_UNKNOWN'],
      [{ password: 'Ab1#xyz' }, 'password', 'PASSWORD_TOO_SHORT'],
      [{ password: 'password123' }, 'password', 'PASSWORD_TOO_WEAK'],
      [{ password: '12345678' }, 'password', 'PASSWORD_TOO_WEAK'],
      [{ password: 'aaaaaaaaaaaa' }, 'password', 'PASSWORD_TOO_WEAK'],
      [{ password: 'x'.repeat(201) }, 'password', 'MAX_LENGTH'],
      [{ name: 42 }, 'name', 'MUST_BE_TEXT'],
    ];
    for (const [over, field, code] of cases) {
      const f = form(over);
      const r = await register(await visitor(), f);
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.equal(r.json.error.fieldCodes[field]?.code, code, `${JSON.stringify(over)} → ${r.text}`);
      if (f.employeeCode) {
        const rows = await dbQuery(server, `SELECT count(*) FROM users WHERE employee_code = '${String(f.employeeCode).replaceAll("'", "''")}'`);
        assert.equal(rows[0][0], '0');
      }
    }
    // The person's own code in the password is weak too.
    const f = form({ employeeCode: 'K77123' });
    const r = await register(await visitor(), { ...f, password: 'k77123-Secret!' });
    assert.equal(r.json.error.fieldCodes.password.code, 'PASSWORD_TOO_WEAK');
    // Without the CSRF header → 403, and not JSON → 400.
    const c = await visitor();
    const noCsrf = await c.request('POST', '/api/register', { json: form(), headers: { 'x-forwarded-for': c.ip } });
    assertEnvelope(noCsrf, 403, 'CSRF_FAILED');
    const bad = await c.request('POST', '/api/register', { body: '{', headers: { 'x-csrf-token': c.csrfToken, 'content-type': 'application/json', 'x-forwarded-for': c.ip } });
    assert.equal(bad.status, 400);
  });

  it('every attempt spends the IP budget: the 11th in a row → 429 with Retry-After', async () => {
    const ip = newIp();
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const r = await register(await visitor(ip), form({ password: i % 2 ? STRONG : 'short' }));
      statuses.push(r.status);
      if (i === 10) {
        assertEnvelope(r, 429, 'RATE_LIMITED');
        assert.match(r.headers.get('retry-after'), /^\d+$/);
      }
    }
    assert.deepEqual(statuses.slice(0, 10).sort(), [201, 201, 201, 201, 201, 422, 422, 422, 422, 422]);
    // Another address is not affected.
    assert.equal((await register(await visitor(), form())).status, 201);
  });

  it('20 concurrent registrations of one code (mixed case) make exactly one account, and all answer alike', async () => {
    const code = `C${tag()}`;
    const visitors = await Promise.all(Array.from({ length: 20 }, () => visitor()));
    const runs = await Promise.all(
      visitors.map((v, i) => register(v, form({ employeeCode: i % 2 ? code : code.toLowerCase(), contact: `c${i}${tag()}@example.test` }))),
    );
    for (const r of runs) assert.deepEqual([r.status, r.json], [201, { status: 'pending' }], r.text);
    const rows = await dbQuery(server, `SELECT count(*) FROM users WHERE lower(employee_code) = lower('${code}')`);
    assert.equal(rows[0][0], '1');
    const claims = await dbQuery(server, `SELECT count(*) FROM registration_claims WHERE lower(employee_code) = lower('${code}')`);
    assert.equal(claims[0][0], '19', 'the others wait beside it');
  });

  it('concurrent registrations of one roster code without an activation code all wait and complete nothing', async () => {
    const code = `Q${tag()}`;
    await importRoster([[code, 'คนเดียว', '', '', 'BKK01', 'Sales']]);
    const visitors = await Promise.all(Array.from({ length: 12 }, () => visitor()));
    const runs = await Promise.all(visitors.map((v) => register(v, form({ employeeCode: code, contact: `q${tag()}@example.test` }))));
    for (const r of runs) assert.deepEqual([r.status, r.json], [201, { status: 'pending' }], r.text);
    const rows = await dbQuery(server, `SELECT password_hash IS NULL FROM users WHERE employee_code = '${code}'`);
    assert.ok(['1', 't'].includes(rows[0][0]));
  });
});
