// Password recovery (issue 26) through real HTTP on SQLite and PostgreSQL: reset codes an admin issues and
// links mailed through a real SMTP server the test starts (npm smtp-server, with authentication). Using a
// code or link sets the password once (parallel uses → one success), ends every session of the person and
// signs this browser in; answers never tell whether an account exists; the mail goes out after the request,
// so a slow mail server slows no answer. Each test posts from its own client IPs (TRUST_PROXY).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { useServer, startServer, assertEnvelope, Client, SESSION_COOKIE, freePort, sleep } from './harness.mjs';
import { send } from './learning-fixtures.mjs';
import { dbQuery } from './dbquery.mjs';

const OLD = 'Old#Password26';
const NEW = 'Mango#River71';
let ipSeq = 0;
const newIp = () => `192.0.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const tag = () => randomBytes(3).toString('hex').toUpperCase();
const people = (prefix, n) =>
  Array.from({ length: n }, (_, i) => ({ identifier: `${prefix}${i + 1}`, password: OLD, name: `ทดสอบ คนที่${i + 1}`, email: `${prefix.toLowerCase()}${i + 1}@example.test`, store: 'BKK01' }));

async function visitor(server, ip = newIp()) {
  const c = new Client(server.origin);
  const r = await c.request('GET', '/api/auth/csrf', { headers: { 'x-forwarded-for': ip } });
  c.csrfToken = r.json.csrfToken;
  c.ip = ip;
  return c;
}
const post = (c, p, body) => send(c, 'POST', p, body, { 'x-forwarded-for': c.ip });
/** Status, body without the request id, and headers but the per-response ones: what a caller can compare. */
const observable = (r) => ({
  status: r.status,
  body: JSON.stringify(r.json, (k, v) => (k === 'requestId' ? undefined : v)),
  headers: [...r.headers.entries()].filter(([k]) => !['date', 'x-request-id'].includes(k)).sort(),
});

async function signedIn(server, identifier, password = OLD) {
  const c = server.client();
  await c.signInOk(identifier, password);
  return c;
}

describe('password reset codes', () => {
  const server = useServer({ env: { TRUST_PROXY: '1' }, users: people('RC', 6) });
  let admin;
  before(async () => {
    admin = server.client();
    await admin.signInOk('ADMIN01');
    await admin.csrf();
  });
  const userId = async (code) => (await dbQuery(server, `SELECT id FROM users WHERE employee_code = '${code}'`))[0][0];
  const issueReset = async (code) => {
    const r = await send(admin, 'POST', '/api/admin/account-codes', { purpose: 'reset', userIds: [await userId(code)] });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.items[0].link, `${server.origin}/reset?code=${r.json.items[0].code}&employee=${code}`);
    return r.json.items[0];
  };
  const reset = async (body) => post(await visitor(server), '/api/password/reset', body);

  it('a reset code sets the password once, ends every session and signs this browser in; audited', async () => {
    const [phone, laptop] = [await signedIn(server, 'RC1'), await signedIn(server, 'RC1')];
    const item = await issueReset('RC1');
    // A weak password is refused and leaves the code unused.
    let r = await reset({ identifier: 'RC1', code: item.code, password: 'rc1-password' });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(r.json.error.fieldCodes.password.code, 'PASSWORD_TOO_WEAK');
    const c = await visitor(server);
    r = await post(c, '/api/password/reset', { identifier: 'rc1', code: item.code.toLowerCase(), password: NEW });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.json, { status: 'active', user: { id: await userId('RC1'), name: 'ทดสอบ คนที่1' } });
    assert.ok(r.setCookies.find((x) => x.name === SESSION_COOKIE)?.value, 'signed in');
    assert.equal((await c.session()).user.id, await userId('RC1'));
    assert.deepEqual(await phone.session(), {}, 'the other sessions ended');
    assert.deepEqual(await laptop.session(), {});
    await signedIn(server, 'RC1', NEW);
    assert.notEqual((await new Client(server.origin).signIn('RC1', OLD)).status, 200, 'the old password is gone');
    r = await reset({ identifier: 'RC1', code: item.code, password: 'Another#Pass93' });
    assert.equal(r.json.error.fieldCodes.code.code, 'RESET_CODE_INVALID', 'once only');
    const audit = await dbQuery(server, `SELECT action FROM audit_log WHERE (resource = 'account-codes' AND resource_id = '${item.id}') OR (action = 'password.reset' AND resource_id = '${await userId('RC1')}') ORDER BY at`);
    assert.deepEqual(audit.map((a) => a[0]), ['account-code.issue', 'account-code.use', 'password.reset']);
  });

  it('by email too; another person’s code, an unknown person and a wrong code all answer the same', async () => {
    const item = await issueReset('RC2');
    const known = await reset({ identifier: 'RC3', code: item.code, password: NEW });
    const unknown = await reset({ identifier: `NOBODY${tag()}`, code: item.code, password: NEW });
    const wrong = await reset({ identifier: 'RC2', code: 'ABCD-EFGH', password: NEW });
    assertEnvelope(known, 422, 'VALIDATION_FAILED');
    assert.equal(known.json.error.fieldCodes.code.code, 'RESET_CODE_INVALID');
    assert.deepEqual(observable(unknown), observable(known));
    assert.deepEqual(observable(wrong), observable(known));
    const r = await reset({ identifier: 'RC2@example.test', code: item.code, password: NEW });
    assert.equal(r.status, 200, r.text);
    await signedIn(server, 'RC2', NEW);
  });

  it('one reset code used twice at once → exactly one success', async () => {
    const item = await issueReset('RC4');
    const runs = await Promise.all(Array.from({ length: 6 }, (_, i) => reset({ identifier: 'RC4', code: item.code, password: `${NEW}${i}` })));
    assert.deepEqual(runs.map((r) => r.status).sort(), [200, 422, 422, 422, 422, 422]);
    const winner = runs.findIndex((r) => r.status === 200);
    await signedIn(server, 'RC4', `${NEW}${winner}`);
  });

  it('tries are budgeted per account (any IPs): the eleventh → 429 with Retry-After', async () => {
    const item = await issueReset('RC5');
    for (let i = 0; i < 10; i++) assert.equal((await reset({ identifier: 'RC5', code: 'ABCD-EFGH', password: NEW })).status, 422);
    const r = await reset({ identifier: 'rc5', code: item.code, password: NEW });
    assertEnvelope(r, 429, 'RATE_LIMITED');
    assert.match(r.headers.get('retry-after'), /^\d+$/);
  });

  it('bad input → 422 per field; without CSRF → 403', async () => {
    let r = await reset({ identifier: 'RC6', password: NEW });
    assert.equal(r.json.error.fieldCodes.code.code, 'RESET_CODE_INVALID');
    r = await reset({ code: 'ABCD-EFGH', password: NEW });
    assert.equal(r.json.error.fieldCodes.identifier.code, 'REQUIRED');
    r = await reset({ identifier: 'RC6', code: 'ABCD-EFGH' });
    assert.equal(r.json.error.fieldCodes.password.code, 'REQUIRED');
    const c = await visitor(server);
    r = await c.request('POST', '/api/password/reset', { json: { identifier: 'RC6', code: 'ABCD-EFGH', password: NEW }, headers: { 'x-forwarded-for': c.ip } });
    assertEnvelope(r, 403, 'CSRF_FAILED');
  });
});

/** An SMTP server that wants a login and keeps every message it is given. */
async function mailServer({ delayMs = 0 } = {}) {
  const port = await freePort();
  const inbox = [];
  const logins = [];
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, cb) {
      logins.push(auth.username);
      if (auth.username === 'mailer' && auth.password === 's3cret pass') cb(null, { user: auth.username });
      else cb(new Error('bad login'));
    },
    onData(stream, session, cb) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () =>
        setTimeout(() => {
          inbox.push({ from: session.envelope.mailFrom.address, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          cb();
        }, delayMs),
      );
    },
  });
  await new Promise((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return { port, inbox, logins, close: () => new Promise((resolve) => smtp.close(resolve)) };
}

/** Headers (RFC 2047 subject decoded) and the base64 UTF-8 text of a message. */
function parseMail(raw) {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const headers = Object.fromEntries(unfolded.split('\r\n').map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  const subject = headers.subject.replace(/=\?UTF-8\?B\?([^?]*)\?=\s*/g, (_, b) => Buffer.from(b, 'base64').toString('utf8'));
  const text = Buffer.from(rest.join('\r\n\r\n').replace(/\s+/g, ''), 'base64').toString('utf8');
  return { headers, subject, text };
}

async function waitFor(pred, ms = 8000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (pred()) return true;
    await sleep(50);
  }
  return false;
}

describe('password reset by email', () => {
  let server, smtp, admin;
  before(async () => {
    smtp = await mailServer();
    server = await startServer({
      env: { TRUST_PROXY: '1', SMTP_URL: `smtp://mailer:s3cret%20pass@127.0.0.1:${smtp.port}`, SMTP_FROM: 'ร้านทดสอบ <no-reply@shop.example>', RESET_LINK_MINUTES: '30' },
      users: [...people('EM', 4), { identifier: 'NOEMAIL1', password: OLD, name: 'ไม่มี อีเมล', store: 'BKK01' }],
    });
    admin = server.client();
    await admin.signInOk('ADMIN01');
  });
  after(async () => {
    await server?.stop();
    await smtp?.close();
  });
  const forgot = async (identifier, c) => post(c ?? (await visitor(server)), '/api/password/forgot', { identifier });
  const linkOf = (mail) => parseMail(mail.raw).text.match(/https?:\/\/\S+\/reset\?token=[A-Za-z0-9_-]+/)[0];

  it('says email recovery is on', async () => {
    const r = await new Client(server.origin).get('/api/config');
    assert.equal(r.json.passwordEmail, true);
  });

  it('"forgot" mails a one-time link in Thai and English; following it sets the password and ends every session', async () => {
    const phone = await signedIn(server, 'EM1');
    const r = await forgot('EM1');
    assert.equal(r.status, 202, r.text);
    assert.deepEqual(r.json, { status: 'accepted' });
    assert.ok(await waitFor(() => smtp.inbox.some((m) => m.to.includes('em1@example.test'))), 'the mail arrived');
    assert.deepEqual(smtp.logins.slice(-1), ['mailer'], 'signed in to the mail server with the URL’s credentials');
    const mail = smtp.inbox.find((m) => m.to.includes('em1@example.test'));
    assert.equal(mail.from, 'no-reply@shop.example');
    const { headers, subject, text } = parseMail(mail.raw);
    assert.match(headers['content-type'], /text\/plain; charset=UTF-8/);
    assert.match(headers.from, /<no-reply@shop\.example>$/);
    assert.match(subject, /ตั้งรหัสผ่าน/);
    assert.match(subject, /Reset your password/);
    assert.match(text, /สวัสดีคุณทดสอบ คนที่1/);
    assert.match(text, /Hello ทดสอบ คนที่1/);
    assert.match(text, /30 นาที/);
    assert.match(text, /30 minutes/);
    const link = new URL(linkOf(mail));
    assert.equal(link.origin, server.origin);
    const token = link.searchParams.get('token');
    assert.ok(token.length >= 40, 'a long token');
    const stored = await dbQuery(server, "SELECT count(*) FROM account_codes WHERE purpose = 'reset_link' AND code_hash LIKE '%" + token.slice(0, 12) + "%'");
    assert.equal(stored[0][0], '0', 'only its hash is stored');
    // Following the link.
    const c = await visitor(server);
    const done = await post(c, '/api/password/reset', { token, password: NEW });
    assert.equal(done.status, 200, done.text);
    assert.equal(done.json.user.name, 'ทดสอบ คนที่1');
    assert.deepEqual(await phone.session(), {}, 'the old session ended');
    assert.ok((await c.session()).user);
    await signedIn(server, 'EM1', NEW);
    const again = await post(await visitor(server), '/api/password/reset', { token, password: 'Other#Pass842' });
    assertEnvelope(again, 422, 'VALIDATION_FAILED');
    assert.equal(again.json.error.fieldCodes.token.code, 'RESET_LINK_INVALID');
    const audit = await dbQuery(server, `SELECT action FROM audit_log WHERE action = 'password.reset' AND after_json LIKE '%link%'`);
    assert.equal(audit.length, 1);
  });

  it('a known account, an unknown one and one without email answer alike; only the known one gets mail', async () => {
    const before = smtp.inbox.length;
    const known = await forgot('em2@example.test');
    const unknown = await forgot(`nobody${tag().toLowerCase()}@example.test`);
    const noEmail = await forgot('NOEMAIL1');
    const unknownCode = await forgot(`X${tag()}`);
    for (const r of [unknown, noEmail, unknownCode]) assert.deepEqual(observable(r), observable(known));
    assert.ok(await waitFor(() => smtp.inbox.length > before));
    await sleep(500);
    assert.equal(smtp.inbox.length, before + 1, 'one mail only');
    assert.deepEqual(smtp.inbox.at(-1).to, ['em2@example.test']);
  });

  it('a newer link replaces the older; an expired link is refused; parallel uses → one success', async () => {
    await forgot('EM3');
    await forgot('EM3');
    assert.ok(await waitFor(() => smtp.inbox.filter((m) => m.to.includes('em3@example.test')).length === 2));
    const [older, newer] = smtp.inbox.filter((m) => m.to.includes('em3@example.test')).map((m) => new URL(linkOf(m)).searchParams.get('token'));
    const r = await post(await visitor(server), '/api/password/reset', { token: older, password: NEW });
    assert.equal(r.json.error.fieldCodes.token.code, 'RESET_LINK_INVALID', 'the older link was revoked');
    const runs = await Promise.all(Array.from({ length: 5 }, async () => post(await visitor(server), '/api/password/reset', { token: newer, password: NEW })));
    assert.deepEqual(runs.map((x) => x.status).sort(), [200, 422, 422, 422, 422]);
    // Expired.
    await forgot('EM4');
    assert.ok(await waitFor(() => smtp.inbox.some((m) => m.to.includes('em4@example.test'))));
    const token = new URL(linkOf(smtp.inbox.find((m) => m.to.includes('em4@example.test')))).searchParams.get('token');
    await dbQuery(server, `UPDATE account_codes SET expires_at = ${Date.now() - 1} WHERE purpose = 'reset_link' AND user_id = (SELECT id FROM users WHERE employee_code = 'EM4')`);
    const expired = await post(await visitor(server), '/api/password/reset', { token, password: NEW });
    assert.equal(expired.json.error.fieldCodes.token.code, 'RESET_LINK_INVALID');
  });

  it('"forgot" is budgeted per account and per IP (429 alike for unknown accounts)', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await forgot('unknown-person@example.test')).status);
    assert.deepEqual(statuses, [202, 202, 202, 429]);
    const ip = newIp();
    const fromOne = [];
    for (let i = 0; i < 11; i++) fromOne.push((await forgot(`P${tag()}`, await visitor(server, ip))).status);
    assert.deepEqual(fromOne, [...Array(10).fill(202), 429]);
  });
});

describe('password reset by email: a slow mail server slows no answer', () => {
  let server, smtp;
  before(async () => {
    smtp = await mailServer({ delayMs: 3000 });
    server = await startServer({
      env: { TRUST_PROXY: '1', SMTP_URL: `smtp://mailer:s3cret%20pass@127.0.0.1:${smtp.port}`, SMTP_FROM: 'no-reply@shop.example' },
      users: people('SL', 1),
    });
  });
  after(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('answers at once and the mail arrives later; other writes go on meanwhile', async () => {
    const started = Date.now();
    const r = await post(await visitor(server), '/api/password/forgot', { identifier: 'SL1' });
    assert.equal(r.status, 202);
    assert.ok(Date.now() - started < 1500, `answered in ${Date.now() - started} ms`);
    const staff = await signedIn(server, 'SL1');
    await staff.csrf();
    assert.equal((await send(staff, 'PATCH', '/api/me', { nickname: 'ระหว่างรอ' })).status, 200);
    assert.equal(smtp.inbox.length, 0, 'the mail server is still busy');
    assert.ok(await waitFor(() => smtp.inbox.length === 1, 10_000), 'and then it arrived');
  });
});

describe('password reset without SMTP', () => {
  const server = useServer({ users: people('NS', 1) });
  it('says email recovery is off, and "forgot" answers as ever without mailing anything', async () => {
    assert.equal((await new Client(server.origin).get('/api/config')).json.passwordEmail, false);
    const r = await post(await visitor(server), '/api/password/forgot', { identifier: 'NS1' });
    assert.deepEqual([r.status, r.json], [202, { status: 'accepted' }]);
    const links = await dbQuery(server, "SELECT count(*) FROM account_codes WHERE purpose = 'reset_link'");
    assert.equal(links[0][0], '0');
  });
});
