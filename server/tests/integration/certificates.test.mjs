// Certificates that expire (issue 32) through the real server, on SQLite and PostgreSQL: completing a course
// with a certificate issues it once (also when the completion races), completing it again renews it; the
// PDF names the person and the course and its QR code opens the verification page; the page of a valid, an
// expired and a forged certificate; the Open Badges credential verifies; the daily job (with an injected
// clock) reminds at 30, 7 and 1 days, each once, and re-enrols the person in the course; roles; the admin
// list and its exports.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { useServer, assertEnvelope, signedInClients, Client, BIN } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';
import { send, create, learnLesson, learnTogether } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';

const DAY = 86400_000;
const bare = (v) => v.replace(/\s+/g, '');

// `months` calendar months later on the Bangkok calendar, the day clamped to the month's last.
function addMonths(ms, months) {
  const local = new Date(ms + 7 * 3600_000);
  const y = local.getUTCFullYear(), m = local.getUTCMonth() + months, d = local.getUTCDate();
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const out = Date.UTC(y, m, Math.min(d, last), local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds(), local.getUTCMilliseconds());
  return out - 7 * 3600_000;
}

describe('certificates', () => {
  const server = useServer();
  let editor, admin, staff;

  before(async () => {
    [editor, admin, staff] = await signedInClients(server, 'EDIT01', 'ADMIN01', 'S2002');
  });

  // A published course of one article lesson, and its certificate valid for `months`.
  const certifiedCourse = async (months = 12, title = `ความปลอดภัยอาหาร ${Math.random().toString(36).slice(2, 6)}`) => {
    const lesson = await create(editor, 'contents', { title: `บท ${Math.random().toString(36).slice(2, 6)}`, kind: 'article', bodyHtml: '<p>ล้างมือ</p>', status: 'published' });
    const course = await create(editor, 'courses', { title, status: 'published' });
    await create(editor, 'course-lessons', { course: course.id, kind: 'content', content: lesson.id });
    const definition = await create(admin, 'certificate-definitions', { title: `ใบรับรอง${title}`, course: course.id, validMonths: months, status: 'published' });
    return { lesson, course, definition };
  };
  const mine = async (client) => (await client.get('/api/me/certificates')).json.items;
  const notices = async (client, type) => (await client.get('/api/notifications?limit=100')).json.items.filter((n) => n.type === type);
  const daily = (at) => server.cli(['notifications', 'daily', ...(at ? ['--at', new Date(at).toISOString()] : [])]);
  const download = async (client, p) => {
    const res = await fetch(server.origin + p, { headers: { cookie: client.jar.header() } });
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  };

  it('completing the course issues the certificate once, also when the completion races; a second listener run changes nothing', async () => {
    const { lesson, course, definition } = await certifiedCourse(12);
    const [p] = await crowd(server, 1, { prefix: 'CI' });
    const before = Date.now();
    const runs = await learnTogether(p.client, lesson, 8);
    for (const r of runs) assert.equal(r.status, 200, r.text);
    const items = await mine(p.client);
    assert.equal(items.length, 1);
    const [cert] = items;
    assert.match(cert.id, /^[0-9a-f]{32}$/);
    assert.equal(cert.title, definition.title);
    assert.deepEqual(cert.course, { id: course.id, title: course.title });
    assert.equal(cert.status, 'valid');
    assert.equal(cert.renewals, 0);
    const issued = Date.parse(cert.issuedAt);
    assert.ok(issued >= before && issued <= Date.now());
    assert.equal(Date.parse(cert.expiresAt), addMonths(issued, 12));
    assert.equal(cert.verifyUrl, `/share/cert/${cert.id}`);
    assert.equal(Number((await dbQuery(server, `SELECT COUNT(*) FROM certificates WHERE user_id = '${p.id}'`))[0][0]), 1);
    const told = await notices(p.client, 'certificate_issued');
    assert.equal(told.length, 1);
    assert.equal(told[0].params.certificate, definition.title);
    // A course without a certificate, or with a draft one, issues nothing.
    const plain = await create(editor, 'courses', { title: 'ไม่มีใบรับรอง', status: 'published' });
    const l2 = await create(editor, 'contents', { title: 'บทอื่น', kind: 'article', bodyHtml: '<p>x</p>', status: 'published' });
    await create(editor, 'course-lessons', { course: plain.id, kind: 'content', content: l2.id });
    await create(admin, 'certificate-definitions', { title: 'ร่าง', course: plain.id, validMonths: 6 });
    assert.equal((await learnLesson(p.client, l2)).status, 200);
    assert.equal((await mine(p.client)).length, 1);
  });

  it('the daily job reminds at 30, 7 and 1 days before expiry, each once, re-enrols at the first; completing again renews the same certificate', async () => {
    const { lesson, course, definition } = await certifiedCourse(12);
    const [p, other] = await crowd(server, 2, { prefix: 'CR' });
    assert.equal((await learnLesson(p.client, lesson)).status, 200);
    assert.equal((await learnLesson(other.client, lesson)).status, 200);
    const [cert] = await mine(p.client);
    const expiresAt = Date.parse(cert.expiresAt);
    const enrolled = async () => (await dbQuery(server, `SELECT COALESCE(completed_at, -1) FROM course_enrollments WHERE user_id = '${p.id}' AND course_id = '${course.id}'`))[0][0];
    const reminders = async () => (await notices(p.client, 'certificate_expiring')).map((n) => n.params.days).sort((a, b) => a - b);
    assert.ok(Number(await enrolled()) > 0, 'completed');

    // 31 days before: nothing yet.
    await daily(expiresAt - 31 * DAY);
    assert.deepEqual(await reminders(), []);
    // 30 days before (twice, as two nodes or a retry would): one reminder, and the course to learn again.
    await daily(expiresAt - 30 * DAY);
    await daily(expiresAt - 29.5 * DAY);
    assert.deepEqual(await reminders(), [30]);
    const [first] = await notices(p.client, 'certificate_expiring');
    assert.equal(first.params.certificate, definition.title);
    assert.equal(first.params.expiresAt, cert.expiresAt);
    assert.equal(first.link, `/learning/course/${course.id}`);
    assert.equal(Number(await enrolled()), -1, 're-enrolled: the course is open again');
    const progress = (await dbQuery(server, `SELECT COALESCE(completed_at, -1) FROM learning_progress WHERE user_id = '${p.id}' AND item_id = '${lesson.id}'`))[0][0];
    assert.equal(Number(progress), -1, 'the lesson is to learn again');
    // The other holder was reminded too (one each), the job touches nobody twice.
    assert.equal((await notices(other.client, 'certificate_expiring')).length, 1);
    // 7 days before, then 1 day before: one more each, however often the job runs.
    for (const at of [expiresAt - 7 * DAY, expiresAt - 6 * DAY, expiresAt - 5 * DAY]) await daily(at);
    assert.deepEqual(await reminders(), [7, 30]);
    for (const at of [expiresAt - DAY, expiresAt - DAY / 2]) await daily(at);
    assert.deepEqual(await reminders(), [1, 7, 30]);
    // After expiry: nothing more.
    await daily(expiresAt + DAY);
    assert.deepEqual(await reminders(), [1, 7, 30]);

    // Completing the refresher renews the same certificate: same id, new dates.
    assert.equal((await learnLesson(p.client, lesson)).status, 200);
    const [renewed] = await mine(p.client);
    assert.equal(renewed.id, cert.id);
    assert.equal(renewed.renewals, 1);
    assert.equal(renewed.firstIssuedAt, cert.issuedAt);
    assert.ok(Date.parse(renewed.issuedAt) > Date.parse(cert.issuedAt));
    assert.equal(Date.parse(renewed.expiresAt), addMonths(Date.parse(renewed.issuedAt), 12));
    assert.ok(Number(await enrolled()) > 0);
    assert.equal((await notices(p.client, 'certificate_issued')).filter((n) => n.params.renewed).length, 1);
    // The renewed date reminds again, 30 days before it.
    await daily(Date.parse(renewed.expiresAt) - 30 * DAY);
    assert.deepEqual(await reminders(), [1, 7, 30, 30]);
  });

  it('the PDF names the person, the course and the dates; its QR code opens the verification page', async () => {
    const { lesson, course, definition } = await certifiedCourse(24, 'Forklift safety');
    const [p] = await crowd(server, 1, { prefix: 'CP' });
    assert.equal((await learnLesson(p.client, lesson)).status, 200);
    const [cert] = await mine(p.client);
    const r = await download(p.client, cert.pdfUrl);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('content-type'), 'application/pdf');
    assert.match(r.headers.get('content-disposition'), /^attachment; filename="certificate-[0-9a-f]{8}\.pdf"$/);
    assert.equal(r.body.subarray(0, 5).toString(), '%PDF-');
    const dir = fs.mkdtempSync(path.join(server.tmp, 'cert-'));
    const file = path.join(dir, 'certificate.pdf');
    fs.writeFileSync(file, r.body);
    assert.match(execFileSync('pdfinfo', [file]).toString(), /Pages:\s+1/);
    const text = bare(execFileSync('pdftotext', ['-raw', file, '-']).toString());
    const name = (await dbQuery(server, `SELECT name FROM users WHERE id = '${p.id}'`))[0][0];
    const year = new Date(Date.parse(cert.expiresAt) + 7 * 3600_000).getUTCFullYear();
    for (const s of [name, course.title, definition.title, 'Certificate', 'Valid until', String(year)]) assert.ok(text.includes(bare(s)), `${s} in the PDF text: ${text}`);
    assert.ok(!text.includes('Expired'));
    execFileSync('pdftoppm', ['-r', '150', '-png', file, path.join(dir, 'page')]);
    const page = fs.readdirSync(dir).find((f) => f.endsWith('.png'));
    const link = execFileSync('zbarimg', ['--raw', '-q', path.join(dir, page)]).toString().trim();
    assert.equal(link, `${server.origin}/share/cert/${cert.id}`);
    const verify = await fetch(link);
    assert.equal(verify.status, 200);
    assert.ok((await verify.text()).includes(definition.title));
    // Someone else's certificate, an unknown id and not an id: 404; signed out: 401.
    const [q] = await crowd(server, 1, { prefix: 'CQ' });
    assert.equal((await download(q.client, cert.pdfUrl)).status, 404);
    assert.equal((await download(q.client, `/api/me/certificates/${randomBytes(16).toString('hex')}/certificate.pdf`)).status, 404);
    assert.equal((await download(q.client, '/api/me/certificates/..%2f/certificate.pdf')).status, 404);
    assert.equal((await fetch(server.origin + cert.pdfUrl)).status, 401);
  });

  it('the verification page: a valid one says so with the name, an expired one says expired (also in the list and the PDF), a forged one is not found', async () => {
    const { lesson, definition } = await certifiedCourse(12, 'Cash handling');
    const [p] = await crowd(server, 1, { prefix: 'CV' });
    assert.equal((await learnLesson(p.client, lesson)).status, 200);
    const [cert] = await mine(p.client);
    const name = (await dbQuery(server, `SELECT name FROM users WHERE id = '${p.id}'`))[0][0];
    const page = async (id) => {
      const res = await fetch(`${server.origin}/share/cert/${id}`);
      return { status: res.status, html: await res.text() };
    };
    const valid = await page(cert.id);
    assert.equal(valid.status, 200);
    // The page is in the certificate's language (Thai here).
    for (const s of [definition.title, 'สถานะ: ใช้ได้', `ผู้ได้รับ: ${name}`, 'ใช้ได้ถึง', 'data-verified="true"']) assert.ok(valid.html.includes(s), s);
    // Nothing personal beyond the name: no employee code (the test people's names hold theirs), no store.
    assert.ok(!valid.html.replaceAll(name, '').includes(p.code));
    assert.ok(!valid.html.includes('BKK01'));

    await dbQuery(server, `UPDATE certificates SET expires_at = ${Date.now() - DAY} WHERE id = '${cert.id}'`);
    const expired = await page(cert.id);
    assert.equal(expired.status, 200);
    assert.ok(expired.html.includes('สถานะ: หมดอายุแล้ว'));
    assert.ok(expired.html.includes('หมดอายุเมื่อ'));
    assert.ok(!expired.html.includes('data-verified'), 'no "still valid" seal');
    assert.equal((await mine(p.client))[0].status, 'expired');
    const pdf = await download(p.client, cert.pdfUrl);
    const file = path.join(server.tmp, `expired-${cert.id}.pdf`);
    fs.writeFileSync(file, pdf.body);
    assert.ok(bare(execFileSync('pdftotext', ['-raw', file, '-']).toString()).includes('Expired'));

    const forged = await page(randomBytes(16).toString('hex'));
    assert.equal(forged.status, 404);
    const notAnId = await page('<script>');
    assert.equal(notAnId.status, 404);
    assert.equal(forged.html, notAnId.html, 'one 404 page for every reason');
  });

  it('the Open Badges 3.0 credential is signed with the issuer key and carries the validity', async () => {
    const { lesson, definition } = await certifiedCourse(6);
    const [p] = await crowd(server, 1, { prefix: 'CO' });
    assert.equal((await learnLesson(p.client, lesson)).status, 200);
    const [cert] = await mine(p.client);
    const r = await download(p.client, cert.credentialUrl);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('content-type'), 'application/vc+jwt');
    const jwt = r.body.toString();
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());
    assert.deepEqual(payload.type, ['VerifiableCredential', 'OpenBadgeCredential']);
    assert.equal(payload.id, `${server.origin}/share/cert/${cert.id}`);
    assert.equal(payload.validFrom, cert.issuedAt.slice(0, 19) + 'Z');
    assert.equal(payload.validUntil, cert.expiresAt.slice(0, 19) + 'Z');
    assert.equal(payload.credentialSubject.achievement.name, definition.title);
    assert.equal(payload.credentialSubject.identifier[0].hashed, true);
    assert.ok(!JSON.stringify(payload).includes(p.code), 'the recipient is hashed');
    const achievement = await fetch(payload.credentialSubject.achievement.id);
    assert.equal(achievement.status, 200);
    assert.equal((await achievement.json()).name, definition.title);
    const file = path.join(server.tmp, `cert-${cert.id}.jwt`);
    fs.writeFileSync(file, jwt);
    assert.match(execFileSync(BIN, ['badges', 'verify', file], { env: server.env, cwd: server.tmp }).toString(), /^VALID: /);
    const [h, b, s] = jwt.split('.');
    const tampered = JSON.parse(Buffer.from(b, 'base64url').toString());
    tampered.validUntil = '2099-01-01T00:00:00Z';
    fs.writeFileSync(file, `${h}.${Buffer.from(JSON.stringify(tampered)).toString('base64url')}.${s}`);
    assert.throws(() => execFileSync(BIN, ['badges', 'verify', file], { env: server.env, cwd: server.tmp, stdio: 'pipe' }));
  });

  it('admins set certificates on courses; bad input and roles are refused', async () => {
    const course = await create(editor, 'courses', { title: 'หลักสูตรเดียว', status: 'published' });
    assertEnvelope(await send(admin, 'POST', '/api/admin/certificate-definitions', { title: 'x', course: course.id, validMonths: 0 }), 422, 'VALIDATION_FAILED');
    assertEnvelope(await send(admin, 'POST', '/api/admin/certificate-definitions', { title: 'x', course: course.id }), 422, 'VALIDATION_FAILED');
    assertEnvelope(await send(admin, 'POST', '/api/admin/certificate-definitions', { title: 'x', validMonths: 12 }), 422, 'VALIDATION_FAILED');
    await create(admin, 'certificate-definitions', { title: 'หนึ่ง', course: course.id, validMonths: 12 });
    assertEnvelope(await send(admin, 'POST', '/api/admin/certificate-definitions', { title: 'สอง', course: course.id, validMonths: 12 }), 409, 'CONFLICT');
    assertEnvelope(await send(editor, 'POST', '/api/admin/certificate-definitions', { title: 'x', course: course.id, validMonths: 1 }), 403, 'FORBIDDEN');
    assertEnvelope(await send(staff, 'POST', '/api/admin/certificate-definitions', { title: 'x', course: course.id, validMonths: 1 }), 403, 'FORBIDDEN');
    assertEnvelope(await staff.get('/api/admin/certificates'), 403, 'FORBIDDEN');
    assertEnvelope(await staff.get('/api/admin/certificates/export?format=csv'), 403, 'FORBIDDEN');
    assertEnvelope(await new Client(server.origin).get('/api/me/certificates'), 401, 'UNAUTHENTICATED');
    const noCsrf = new Client(server.origin);
    noCsrf.jar = admin.jar;
    assertEnvelope(await noCsrf.post('/api/admin/certificate-definitions', { json: { title: 'x', course: course.id, validMonths: 1 } }), 403, 'CSRF_FAILED');
  });

  it('the admin list shows valid, expiring and expired certificates per store, filters them and exports them', async () => {
    const { lesson, course } = await certifiedCourse(12);
    const people = await crowd(server, 3, { prefix: 'CL', store: 'CNX01' });
    for (const p of people) assert.equal((await learnLesson(p.client, lesson)).status, 200);
    const [valid, expiring, expired] = people;
    await dbQuery(server, `UPDATE certificates SET expires_at = ${Date.now() + 10 * DAY} WHERE user_id = '${expiring.id}'`);
    await dbQuery(server, `UPDATE certificates SET expires_at = ${Date.now() - 10 * DAY} WHERE user_id = '${expired.id}'`);
    const store = (await dbQuery(server, `SELECT id FROM stores WHERE code = 'CNX01'`))[0][0];
    const list = async (q) => (await editor.get(`/api/admin/certificates?course=${course.id}&${q}`)).json;
    const all = await list(`store=${store}`);
    assert.equal(all.total, 3);
    const byPerson = Object.fromEntries(all.items.map((i) => [i.person.id, i]));
    assert.equal(byPerson[valid.id].status, 'valid');
    assert.equal(byPerson[expiring.id].status, 'expiring');
    assert.equal(byPerson[expired.id].status, 'expired');
    assert.equal(byPerson[valid.id].store.code, 'CNX01');
    for (const status of ['valid', 'expiring', 'expired']) {
      const one = await list(`status=${status}`);
      assert.deepEqual(one.items.map((i) => i.status), [status]);
    }
    const elsewhere = (await dbQuery(server, `SELECT id FROM stores WHERE code = 'BKK01'`))[0][0];
    assert.equal((await list(`store=${elsewhere}`)).total, 0);
    assert.equal((await list(`q=${valid.code.toLowerCase()}`)).total, 1);

    const csv = await editor.get(`/api/admin/certificates/export?format=csv&course=${course.id}`);
    assert.equal(csv.status, 200, csv.text);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    assert.equal(lines.length, 4);
    assert.match(lines[0], /store,employeeCode,name,certificate,course,issuedAt,expiresAt,status/);
    assert.ok(lines.some((l) => l.includes(expired.code) && l.endsWith(',expired')));
    const xlsx = await download(editor, `/api/admin/certificates/export?format=xlsx&course=${course.id}`);
    assert.equal(xlsx.status, 200);
    assert.equal(xlsx.body.subarray(0, 2).toString(), 'PK');
    assertEnvelope(await editor.get('/api/admin/certificates/export?format=pdf'), 400, 'BAD_REQUEST');
  });
});
