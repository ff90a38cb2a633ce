// Activation codes (issue 26) through real HTTP on SQLite and PostgreSQL: an admin issues one-time codes for
// roster people (one, a selection, a store, an import's new rows), as JSON, printable PDF cards or CSV; a
// code completes exactly its person's roster account once (parallel uses → one success), expires, is
// revoked by a re-issue or by hand, is tried within per-IP and per-person budgets, is stored only as a hash,
// and every issue, use and revocation is in the audit log. The approval queue keeps registrations without a
// code beside the roster account ("on the roster, unverified"). Each test posts from its own client IPs
// (TRUST_PROXY + X-Forwarded-For).
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { useServer, assertEnvelope, Client, SESSION_COOKIE, rawRequest } from './harness.mjs';
import { send } from './learning-fixtures.mjs';
import { dbQuery } from './dbquery.mjs';

const STRONG = 'Tiger#Lamp42';
const CODE_SHAPE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}$/;
let ipSeq = 0;
const newIp = () => `203.0.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const tag = () => randomBytes(3).toString('hex').toUpperCase();
const truthy = (v) => ['1', 't', 'true'].includes(String(v));

describe('account codes', () => {
  const server = useServer({ env: { TRUST_PROXY: '1' } });
  let admin, stores;

  before(async () => {
    admin = server.client();
    await admin.signInOk('ADMIN01');
    await admin.csrf();
    stores = (await new Client(server.origin).get('/api/register/stores')).json.items;
  });

  const storeId = (code) => stores.find((s) => s.code === code).id;
  async function visitor(ip = newIp()) {
    const c = new Client(server.origin);
    const r = await c.request('GET', '/api/auth/csrf', { headers: { 'x-forwarded-for': ip } });
    c.csrfToken = r.json.csrfToken;
    c.ip = ip;
    return c;
  }
  const post = (c, p, body) => send(c, 'POST', p, body, { 'x-forwarded-for': c.ip });
  const register = (c, body) => post(c, '/api/register', body);
  const importRoster = async (rows) => {
    const text = 'employee_code,name,email,phone,store_code,position\n' + rows.map((r) => r.join(',')).join('\n') + '\n';
    const r = await admin.request('POST', '/api/admin/users/import', {
      body: text,
      headers: { 'x-csrf-token': admin.csrfToken, 'content-type': 'text/csv' },
    });
    assert.equal(r.status, 200, r.text);
    return r.json;
  };
  const userId = async (code) => (await dbQuery(server, `SELECT id FROM users WHERE employee_code = '${code}'`))[0][0];
  const issue = (body, format = 'json') => send(admin, 'POST', `/api/admin/account-codes?format=${format}`, body);
  const activate = async (employeeCode, activationCode, over = {}) =>
    register(await visitor(), { employeeCode, activationCode, contact: `a${tag().toLowerCase()}@example.test`, password: STRONG, ...over });

  it('one person: a short code shown once, stored only as a hash, completes the roster account and signs in', async () => {
    const code = `A${tag()}`;
    await importRoster([[code, 'สมศรี มีบัตร', '', '', 'CNX01', 'Cashier']]);
    const id = await userId(code);
    const r = await issue({ purpose: 'activation', userIds: [id] });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.headers.get('cache-control'), 'no-store');
    assert.equal(r.json.issued, 1);
    const item = r.json.items[0];
    assert.match(item.code, CODE_SHAPE);
    assert.equal(item.userId, id);
    assert.equal(item.name, 'สมศรี มีบัตร');
    assert.equal(item.store.code, 'CNX01');
    assert.equal(item.link, `${server.origin}/register?code=${item.code}&employee=${code}`);
    const days = (Date.parse(item.expiresAt) - Date.now()) / 86400_000;
    assert.ok(days > 13.9 && days <= 14, `expires in ${days} days`);
    // At rest: a keyed hash, never the code.
    const rows = await dbQuery(server, `SELECT code_hash, purpose, issued_by FROM account_codes WHERE id = '${item.id}'`);
    assert.match(rows[0][0], /^[0-9a-f]{64}$/);
    assert.equal(rows[0][1], 'activation');
    const plain = item.code.replace('-', '');
    const anywhere = await dbQuery(server, `SELECT count(*) FROM account_codes WHERE code_hash LIKE '%${plain}%' OR batch_id LIKE '%${plain}%'`);
    assert.equal(anywhere[0][0], '0');
    // The page a card's QR opens learns who the code is for.
    const who = await post(await visitor(), '/api/register/activation', { employeeCode: code, activationCode: item.code });
    assert.equal(who.status, 200, who.text);
    assert.deepEqual(who.json, { employeeCode: code, name: 'สมศรี มีบัตร', position: 'Cashier', positionName: { th: 'แคชเชียร์', en: 'Cashier' }, store: { id: storeId('CNX01'), code: 'CNX01', name: who.json.store.name } });
    // Typed in lower case without the dash, without name or store (the roster's win).
    const c = await visitor();
    const done = await register(c, { employeeCode: code.toLowerCase(), activationCode: plain.toLowerCase(), contact: '081-555-0101', password: STRONG });
    assert.equal(done.status, 201, done.text);
    assert.equal(done.json.status, 'active');
    assert.equal(done.json.user.name, 'สมศรี มีบัตร');
    assert.ok(done.setCookies.find((x) => x.name === SESSION_COOKIE)?.value, 'signed in');
    const me = (await c.get('/api/me')).json.user;
    assert.equal(me.id, id, 'the roster account, not a new one');
    assert.equal(me.store.code, 'CNX01');
    assert.equal(me.phone, '081-555-0101');
    await new Client(server.origin).signInOk(code, STRONG);
    // Once only.
    const again = await activate(code, item.code);
    assertEnvelope(again, 422, 'VALIDATION_FAILED');
    assert.equal(again.json.error.fieldCodes.activationCode.code, 'ACTIVATION_CODE_INVALID');
    const audit = await dbQuery(server, `SELECT action, actor_id FROM audit_log WHERE resource = 'account-codes' AND resource_id = '${item.id}' ORDER BY at`);
    assert.deepEqual(audit.map((a) => a[0]), ['account-code.issue', 'account-code.use']);
    assert.equal(audit[1][1], id, 'the person used it');
    const used = await dbQuery(server, `SELECT used_at IS NOT NULL FROM account_codes WHERE id = '${item.id}'`);
    assert.ok(truthy(used[0][0]));
  });

  it('a selection, a store, an import: only roster accounts nobody completed get activation codes', async () => {
    const [a, b] = [`B${tag()}`, `B${tag()}`];
    const first = await importRoster([[a, 'หนึ่ง ในรายชื่อ', '', '', 'BKK02', ''], [b, 'สอง ในรายชื่อ', '', '', 'BKK02', '']]);
    assert.match(first.importId, /^[0-9a-f-]{36}$/);
    // Selection: S1001 has a password already → skipped.
    const ids = [await userId(a), await userId(b), await userId('S1001')];
    let r = await issue({ purpose: 'activation', userIds: ids });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual([r.json.issued, r.json.skipped], [2, 1]);
    assert.deepEqual(r.json.items.map((i) => i.employeeCode).sort(), [a, b].sort());
    // An import's new rows: the second import adds c and updates a → only c.
    const c = `B${tag()}`;
    const second = await importRoster([[c, 'สาม ใหม่', '', '', 'BKK01', ''], [a, 'หนึ่ง แก้ชื่อ', '', '', 'BKK02', '']]);
    r = await issue({ purpose: 'activation', importId: second.importId });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.json.items.map((i) => i.employeeCode), [c]);
    r = await issue({ purpose: 'activation', importId: first.importId });
    assert.deepEqual(r.json.items.map((i) => i.employeeCode).sort(), [a, b].sort());
    // A store: every roster account of BKK02 that nobody completed (the demo's S3001 among them).
    const expected = (await dbQuery(server, `SELECT u.employee_code FROM users u JOIN stores s ON s.id = u.store_id WHERE s.code = 'BKK02' AND u.password_hash IS NULL AND u.status = 'active' ORDER BY 1`)).map((x) => x[0]);
    r = await issue({ purpose: 'activation', storeId: storeId('BKK02') });
    assert.deepEqual(r.json.items.map((i) => i.employeeCode).sort(), expected);
    assert.ok(expected.includes('S3001') && expected.includes(a));
    // Reset codes go to accounts with a password: BKK01's demo staff, not c.
    r = await issue({ purpose: 'reset', storeId: storeId('BKK01') });
    assert.equal(r.status, 200, r.text);
    const reset = r.json.items.map((i) => i.employeeCode);
    assert.ok(reset.includes('S1001') && reset.includes('S1002') && !reset.includes(c), reset.join(','));
    // Nobody to issue for, and bad requests.
    const cases = [
      [{ purpose: 'activation', userIds: [await userId('S1001')] }, 'json', 'target', 'NO_ONE_TO_ISSUE'],
      [{ purpose: 'activation' }, 'json', 'target', 'ACCOUNT_CODE_TARGET'],
      [{ purpose: 'activation', userIds: ids, storeId: storeId('BKK02') }, 'json', 'target', 'ACCOUNT_CODE_TARGET'],
      [{ purpose: 'login', storeId: storeId('BKK02') }, 'json', 'purpose', 'ACCOUNT_CODE_PURPOSE'],
      [{ purpose: 'reset_link', storeId: storeId('BKK02') }, 'json', 'purpose', 'ACCOUNT_CODE_PURPOSE'],
      [{ purpose: 'activation', userIds: ['x; DROP TABLE users'] }, 'json', 'userIds', 'MUST_BE_ID'],
      [{ purpose: 'activation', storeId: storeId('BKK02'), days: 0 }, 'json', 'days', 'BETWEEN'],
      [{ purpose: 'activation', storeId: storeId('BKK02') }, 'docx', 'format', 'ACCOUNT_CODE_FORMAT'],
    ];
    for (const [body, format, field, code] of cases) {
      const x = await issue(body, format);
      assertEnvelope(x, 422, 'VALIDATION_FAILED');
      assert.equal(x.json.error.fieldCodes[field]?.code, code, `${JSON.stringify(body)} → ${x.text}`);
    }
    // Admins only, with CSRF.
    const [editor] = [server.client()];
    await editor.signInOk('EDIT01');
    await editor.csrf();
    assertEnvelope(await send(editor, 'POST', '/api/admin/account-codes', { purpose: 'activation', storeId: storeId('BKK02') }), 403);
    assertEnvelope(await admin.request('POST', '/api/admin/account-codes', { json: { purpose: 'activation', storeId: storeId('BKK02') } }), 403, 'CSRF_FAILED');
  });

  it('re-issuing revokes the previous code; revoking by hand; the list shows each state; all audited', async () => {
    const code = `C${tag()}`;
    await importRoster([[code, 'ออก ใหม่', '', '', 'BKK01', '']]);
    const id = await userId(code);
    const first = (await issue({ purpose: 'activation', userIds: [id] })).json.items[0];
    const second = (await issue({ purpose: 'activation', userIds: [id] })).json.items[0];
    assert.notEqual(first.code, second.code);
    let r = await activate(code, first.code);
    assert.equal(r.json.error.fieldCodes.activationCode.code, 'ACTIVATION_CODE_INVALID', 'the first was revoked');
    let list = await admin.get(`/api/admin/account-codes?userId=${id}`);
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(list.json.items.map((i) => [i.id, i.state]), [[second.id, 'live'], [first.id, 'revoked']]);
    assert.equal(list.json.items[0].issuedBy.id, (await admin.session()).user.id);
    assert.ok(!JSON.stringify(list.json).includes(second.code), 'the list never holds a code');
    // Revoke by id.
    r = await send(admin, 'POST', '/api/admin/account-codes/revoke', { ids: [second.id] });
    assert.deepEqual(r.json, { revoked: 1 });
    r = await send(admin, 'POST', '/api/admin/account-codes/revoke', { ids: [second.id] });
    assert.deepEqual(r.json, { revoked: 0 }, 'nothing live is left');
    r = await activate(code, second.code);
    assert.equal(r.json.error.fieldCodes.activationCode.code, 'ACTIVATION_CODE_INVALID');
    // Revoke by person.
    const third = (await issue({ purpose: 'activation', userIds: [id] })).json.items[0];
    r = await send(admin, 'POST', '/api/admin/account-codes/revoke', { userIds: [id], purpose: 'activation' });
    assert.deepEqual(r.json, { revoked: 1 });
    list = await admin.get(`/api/admin/account-codes?userId=${id}&state=revoked`);
    assert.deepEqual(list.json.items.map((i) => i.id).sort(), [first.id, second.id, third.id].sort());
    assert.equal((await admin.get(`/api/admin/account-codes?userId=${id}&state=live`)).json.total, 0);
    assertEnvelope(await admin.get('/api/admin/account-codes?state=lost'), 422);
    const audit = await dbQuery(server, `SELECT action, count(*) FROM audit_log WHERE resource = 'account-codes' AND resource_id IN ('${first.id}', '${second.id}', '${third.id}') GROUP BY action ORDER BY action`);
    assert.deepEqual(audit, [['account-code.issue', '3'], ['account-code.revoke', '3']]);
  });

  it('expired codes and another person’s code are refused; the right person’s live code still works', async () => {
    const [p, q] = [`D${tag()}`, `D${tag()}`];
    await importRoster([[p, 'พี ผู้ถือบัตร', '', '', 'BKK01', ''], [q, 'คิว คนอื่น', '', '', 'BKK01', '']]);
    const issued = (await issue({ purpose: 'activation', userIds: [await userId(p), await userId(q)], days: 1 })).json.items;
    const codeOf = (who) => issued.find((i) => i.employeeCode === who);
    assert.ok(Math.abs(Date.parse(codeOf(p).expiresAt) - Date.now() - 86400_000) < 60_000, 'days: 1');
    // q's code typed with p's employee code.
    let r = await activate(p, codeOf(q).code);
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(r.json.error.fieldCodes.activationCode.code, 'ACTIVATION_CODE_INVALID');
    r = await post(await visitor(), '/api/register/activation', { employeeCode: p, activationCode: codeOf(q).code });
    assert.equal(r.json.error.fieldCodes.activationCode.code, 'ACTIVATION_CODE_INVALID');
    // q's code expired.
    await dbQuery(server, `UPDATE account_codes SET expires_at = ${Date.now() - 1000} WHERE id = '${codeOf(q).id}'`);
    r = await activate(q, codeOf(q).code);
    assert.equal(r.json.error.fieldCodes.activationCode.code, 'ACTIVATION_CODE_INVALID');
    const list = await admin.get(`/api/admin/account-codes?userId=${await userId(q)}&state=expired`);
    assert.deepEqual(list.json.items.map((i) => i.id), [codeOf(q).id]);
    // p's own code: fine.
    r = await activate(p, codeOf(p).code);
    assert.equal(r.status, 201, r.text);
    // A typed code that cannot be one (wrong length, a letter outside the alphabet) is refused before any lookup.
    r = await activate(q, 'OOOO-IIII');
    assert.equal(r.json.error.fieldCodes.activationCode.code, 'ACTIVATION_CODE_INVALID');
  });

  it('one code used twice (and ten times) at once → exactly one success', async () => {
    const code = `E${tag()}`;
    await importRoster([[code, 'แข่ง กันใช้', '', '', 'BKK01', '']]);
    const item = (await issue({ purpose: 'activation', userIds: [await userId(code)] })).json.items[0];
    const visitors = await Promise.all(Array.from({ length: 10 }, () => visitor()));
    const runs = await Promise.all(visitors.map((v, i) => register(v, { employeeCode: code, activationCode: item.code, contact: `p${i}${tag().toLowerCase()}@example.test`, password: STRONG })));
    const ok = runs.filter((r) => r.status === 201);
    assert.equal(ok.length, 1, runs.map((r) => r.status).join(','));
    for (const r of runs.filter((x) => x.status !== 201)) {
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.equal(r.json.error.fieldCodes.activationCode.code, 'ACTIVATION_CODE_INVALID');
    }
    const id = await userId(code);
    const sessions = await dbQuery(server, `SELECT count(*) FROM sessions WHERE user_id = '${id}'`);
    assert.equal(sessions[0][0], '1');
    const uses = await dbQuery(server, `SELECT count(*) FROM audit_log WHERE action = 'account-code.use' AND resource_id = '${item.id}'`);
    assert.equal(uses[0][0], '1');
  });

  it('codes are tried within budgets: per person (any IPs) and per IP → 429 with Retry-After', async () => {
    const code = `F${tag()}`;
    await importRoster([[code, 'ถูก เดา', '', '', 'BKK01', '']]);
    const item = (await issue({ purpose: 'activation', userIds: [await userId(code)] })).json.items[0];
    // Ten wrong guesses at one person from ten addresses; the eleventh, even with the right code, waits.
    for (let i = 0; i < 10; i++) {
      const r = await post(await visitor(), '/api/register/activation', { employeeCode: code, activationCode: 'ABCD-EFGH' });
      assert.equal(r.status, 422, r.text);
    }
    const blocked = await activate(code, item.code);
    assertEnvelope(blocked, 429, 'RATE_LIMITED');
    assert.match(blocked.headers.get('retry-after'), /^\d+$/);
    const still = await dbQuery(server, `SELECT password_hash IS NULL FROM users WHERE employee_code = '${code}'`);
    assert.ok(truthy(still[0][0]), 'nothing was written');
    // One address guessing at many people: the eleventh attempt waits.
    const ip = newIp();
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const r = await post(await visitor(ip), '/api/register/activation', { employeeCode: `G${tag()}`, activationCode: 'ABCD-EFGH' });
      statuses.push(r.status);
    }
    assert.deepEqual(statuses, [...Array(10).fill(422), 429]);
  });

  it('printable cards: an A4 PDF per store with Thai names, and a QR that opens the register page with a working code', async () => {
    const [x, y] = [`H${tag()}`, `H${tag()}`];
    await importRoster([[x, 'ณัฐพล ศรีสุข', '', '', 'CNX01', 'Sales'], [y, 'กิตติ์ธนา เพ็ญศรี', '', '', 'BKK01', 'Cashier']]);
    // Raw bytes: the PDF is binary.
    const r = await rawRequest(server.origin, {
      method: 'POST',
      path: '/api/admin/account-codes?format=pdf',
      headers: { cookie: admin.jar.header(), 'x-csrf-token': admin.csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify({ purpose: 'activation', userIds: [await userId(x), await userId(y)] }),
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.headers['content-type'], 'application/pdf');
    assert.match(r.headers['content-disposition'], /^attachment; filename="activation-cards-\d{4}-\d{2}-\d{2}\.pdf"$/);
    assert.equal(r.headers['cache-control'], 'no-store');
    assert.equal(r.headers['x-codes-issued'], '2');
    const pdf = r.body;
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    const dir = fs.mkdtempSync(path.join(server.tmp, 'cards-'));
    const file = path.join(dir, 'cards.pdf');
    fs.writeFileSync(file, pdf);
    // Two stores → two pages, A4 (595 × 842 pt), each store named at its top, Thai text as Unicode.
    const info = execFileSync('pdfinfo', [file]).toString();
    assert.match(info, /Pages:\s+2/);
    assert.match(info, /Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
    // The text in drawing order (-raw): Thai comes out as the characters that were shaped, though pdftotext
    // may put a space where a mark sits over a letter, so spaces are not compared.
    const text = execFileSync('pdftotext', ['-raw', file, '-']).toString();
    const bare = (v) => v.replace(/\s+/g, '');
    for (const s of ['ณัฐพล ศรีสุข', 'กิตติ์ธนา เพ็ญศรี', 'CNX01', 'BKK01', x, y, 'รหัสเปิดใช้งาน']) assert.ok(bare(text).includes(bare(s)), `${s} in the PDF text`);
    const codes = [...text.matchAll(/\b[23456789A-HJKMNP-Z]{4}-[23456789A-HJKMNP-Z]{4}\b/g)].map((m) => m[0]);
    assert.equal(codes.length, 2, text);
    // The QR codes, read from the rendered pages.
    execFileSync('pdftoppm', ['-r', '200', '-png', file, path.join(dir, 'page')]);
    const pages = fs.readdirSync(dir).filter((f) => f.endsWith('.png')).sort();
    assert.equal(pages.length, 2);
    const links = pages.flatMap((p) => execFileSync('zbarimg', ['--raw', '-q', path.join(dir, p)]).toString().trim().split('\n'));
    assert.equal(links.length, 2, links.join('\n'));
    for (const link of links) {
      const u = new URL(link);
      assert.equal(u.origin, server.origin);
      assert.equal(u.pathname, '/register');
      assert.ok(codes.includes(u.searchParams.get('code')), `${link} carries a printed code`);
      assert.ok([x, y].includes(u.searchParams.get('employee')));
    }
    // A scanned card's link works.
    const u = new URL(links[0]);
    const done = await activate(u.searchParams.get('employee'), u.searchParams.get('code'));
    assert.equal(done.status, 201, done.text);
    if (process.env.KEEP_CARDS) fs.copyFileSync(file, process.env.KEEP_CARDS);
  });

  it('CSV export of the issued codes: name, employee code, store, code, expiry and link', async () => {
    const z = `J${tag()}`;
    await importRoster([[z, 'วรรณา ใจงาม', '', '', 'BKK01', '']]);
    const r = await send(admin, 'POST', '/api/admin/account-codes?format=csv', { purpose: 'activation', userIds: [await userId(z)] });
    assert.equal(r.status, 200, r.text);
    assert.match(r.headers.get('content-type'), /^text\/csv/);
    assert.match(r.headers.get('content-disposition'), /activation-codes-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = r.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    assert.equal(lines[0], 'name,employee_code,store_code,store_name,code,expires_at,link');
    const cells = lines[1].split(',');
    assert.deepEqual(cells.slice(0, 3), ['วรรณา ใจงาม', z, 'BKK01']);
    assert.match(cells[4], CODE_SHAPE);
    assert.ok(Date.parse(cells[5]) > Date.now());
    assert.equal(cells[6], `${server.origin}/register?code=${cells[4]}&employee=${z}`);
    assert.equal((await activate(z, cells[4])).status, 201);
  });

  it('the approval queue: a roster code without a code waits "on the roster, unverified" beside the roster data', async () => {
    const code = `K${tag()}`;
    await importRoster([[code, 'ตัวจริง คนเดียว', 'real.k@example.test', '0812345678', 'CNX01', 'Sales']]);
    const typed = { employeeCode: code, name: 'คนพิมพ์ เอง', contact: `typed${tag().toLowerCase()}@example.test`, storeId: storeId('BKK01'), password: STRONG };
    const r = await register(await visitor(), typed);
    assert.deepEqual([r.status, r.json], [201, { status: 'pending' }]);
    // A registered code (S1002) and a new code with someone's email wait too, and answer the same.
    const r2 = await register(await visitor(), { ...typed, employeeCode: 'S1002', contact: `x${tag().toLowerCase()}@example.test` });
    assert.deepEqual([r2.status, r2.json], [201, { status: 'pending' }]);
    const fresh = `N${tag()}`;
    const r3 = await register(await visitor(), { ...typed, employeeCode: fresh, contact: 's2001@shopfloor.example' });
    assert.deepEqual([r3.status, r3.json], [201, { status: 'pending' }]);
    assert.equal((await dbQuery(server, `SELECT count(*) FROM users WHERE employee_code = '${fresh}'`))[0][0], '0');
    const q = await admin.get('/api/admin/users/claims');
    assert.equal(q.status, 200, q.text);
    const mine = q.json.items.find((i) => i.typed.employeeCode === code);
    assert.equal(mine.kind, 'roster_unverified');
    assert.equal(mine.canApprove, true);
    assert.deepEqual(mine.typed, { employeeCode: code, name: 'คนพิมพ์ เอง', email: typed.contact, phone: null, store: { id: storeId('BKK01'), code: 'BKK01', name: mine.typed.store.name } });
    assert.equal(mine.account.name, 'ตัวจริง คนเดียว');
    assert.equal(mine.account.store.code, 'CNX01');
    assert.equal(mine.account.email, 'real.k@example.test');
    assert.equal(mine.account.registered, false);
    assert.deepEqual(mine.roster, { name: 'ตัวจริง คนเดียว', storeCode: 'CNX01', position: 'Sales' });
    const registered = q.json.items.find((i) => i.typed.employeeCode === 'S1002');
    assert.deepEqual([registered.kind, registered.canApprove], ['registered', false]);
    const email = q.json.items.find((i) => i.typed.employeeCode === fresh);
    assert.deepEqual([email.kind, email.canApprove, email.account.employeeCode], ['email_taken', false, 'S2001']);
    assertEnvelope(await send(admin, 'POST', `/api/admin/users/claims/${registered.id}/approve`, {}), 409, 'CONFLICT');
    // The dashboard counts them with the pending accounts.
    const dash = await admin.get('/api/admin/overview');
    const pending = Number((await dbQuery(server, "SELECT count(*) FROM users WHERE status = 'pending'"))[0][0]);
    assert.equal(dash.json.queues.find((x) => x.key === 'pendingRegistrations').count, pending + q.json.total);
    // Approving: the roster account gets what was typed (its own email stays), signs in with the password.
    const ok = await send(admin, 'POST', `/api/admin/users/claims/${mine.id}/approve`, {});
    assert.equal(ok.status, 200, ok.text);
    await new Client(server.origin).signInOk(code, STRONG);
    const after = await dbQuery(server, `SELECT email, name FROM users WHERE employee_code = '${code}'`);
    assert.deepEqual(after[0], ['real.k@example.test', 'ตัวจริง คนเดียว']);
    // Dismissing.
    assert.equal((await send(admin, 'DELETE', `/api/admin/users/claims/${registered.id}`)).status, 204);
    const left = (await admin.get('/api/admin/users/claims')).json.items.map((i) => i.id);
    assert.ok(!left.includes(mine.id) && !left.includes(registered.id));
    const audit = await dbQuery(server, "SELECT action FROM audit_log WHERE action LIKE 'claim.%' OR action = 'register.claim' ORDER BY at");
    assert.ok(['register.claim', 'claim.approve', 'claim.dismiss'].every((a) => audit.some((x) => x[0] === a)));
    // Staff cannot see the queue.
    const staff = server.client();
    await staff.signInOk('S1001');
    assertEnvelope(await staff.get('/api/admin/users/claims'), 403);
  });
});
