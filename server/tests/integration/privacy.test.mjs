// PDPA rights (issue 34) through real HTTP on a real server, on SQLite and PostgreSQL: "download my data"
// (a ZIP of JSON and CSV per kind, unzipped and read here) holds each kind of the person's data and nobody
// else's, and names every table with a user_id column (a new table that forgets its people fails here);
// the export is rate limited; an admin's export of a person is admins only and audited. Erasure: admins only,
// with CSRF, only of a disabled person, confirmed by their exact name; afterwards no table (the whole database
// dumped) and no file in DATA_DIR holds their name, code, email, phone or what they wrote, while the ledger,
// other people's balances and the report rollups keep their numbers.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { useServer, assertEnvelope, signedInClients, rawRequest } from './harness.mjs';
import { send, png } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';
import { postPhoto } from './photos.mjs';

const TAG = randomBytes(4).toString('hex');

function unzip(buffer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdpa-zip-'));
  fs.writeFileSync(path.join(dir, 'data.zip'), buffer);
  execFileSync('unzip', ['-q', '-t', 'data.zip'], { cwd: dir }); // every CRC checks
  execFileSync('unzip', ['-q', 'data.zip', '-d', 'out'], { cwd: dir });
  const out = path.join(dir, 'out');
  const read = (f) => fs.readFileSync(path.join(out, f), 'utf8');
  return { dir: out, files: fs.readdirSync(out), read, json: (f) => JSON.parse(read(f)) };
}

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}

describe('PDPA: export and erasure', () => {
  const server = useServer();
  let admin, editor, person, bystander, heavy;
  const who = {};
  let photoPath;

  const download = (client, p) => rawRequest(server.origin, { path: p, headers: { cookie: client.jar.header() } });

  before(async () => {
    [admin, editor] = await signedInClients(server, 'ADMIN01', 'EDIT01');
    [person, bystander, heavy] = await crowd(server, 3, { prefix: 'PD', points: 50 });
    Object.assign(who, {
      name: `สมหญิง ทดสอบ${TAG}`,
      email: `somying.${TAG}@example.com`,
      phone: `08${TAG.replace(/\D/g, '7').slice(0, 8).padEnd(8, '7')}`,
      story: `เรื่องเล่าของฉัน ${TAG} ลูกค้าประทับใจ`,
      comment: `ความเห็นส่วนตัว ${TAG}`,
      click: `<button>ปุ่ม ${TAG}</button>`,
    });
    await dbQuery(
      server,
      `UPDATE users SET name = '${who.name}', email = '${who.email}', phone = '${who.phone}' WHERE id = '${person.id}';` +
        `UPDATE users SET name = 'ผู้อื่น ${TAG}', email = 'other.${TAG}@example.com' WHERE id = '${bystander.id}';`,
    );
    // A photo, a story with it (published, so people comment), a comment, and the other person's comment.
    const body = png(40, 30, 900);
    const up = await postPhoto(server, person.client, body);
    assert.equal(up.status, 201, up.text);
    const photoId = up.json.photo.id;
    let r = await send(person.client, 'POST', '/api/stories', { text: who.story, photoIds: [photoId] });
    assert.equal(r.status, 201, r.text);
    who.storyId = r.json.story.id;
    r = await send(editor, 'POST', `/api/admin/stories/${who.storyId}/publish`, {});
    assert.equal(r.status, 200, r.text);
    r = await send(person.client, 'POST', `/api/stories/${who.storyId}/comments`, { body: who.comment });
    assert.equal(r.status, 201, r.text);
    r = await send(bystander.client, 'POST', `/api/stories/${who.storyId}/comments`, { body: `ของผู้อื่น ${TAG}` });
    assert.equal(r.status, 201, r.text);
    // Points by hand (the ledger names the admin as author), and a click with its element.
    r = await send(admin, 'POST', `/api/admin/users/${person.id}/points`, { delta: 7, reason: 'ทดสอบ' });
    assert.ok(r.status === 200 || r.status === 201, r.text);
    // Tracking waits for consent (privacy-consent.test.mjs): this person accepted.
    r = await send(person.client, 'PUT', '/api/me/privacy/consent', { choice: 'accepted' });
    assert.equal(r.status, 200, r.text);
    r = await person.client.post('/api/telemetry', {
      json: { events: [{ type: 'click', userId: person.id, element: who.click, url: '/main', time: Date.now() }] },
      headers: { 'x-csrf-token': person.client.csrfToken },
    });
    assert.equal(r.status, 202, r.text);
    for (let i = 0; i < 100; i++) {
      const [[n]] = await dbQuery(server, `SELECT COUNT(*) FROM user_clicks WHERE user_id = '${person.id}'`);
      if (n === '1') break;
      await new Promise((ok) => setTimeout(ok, 50));
    }
    const [[hash, ext]] = await dbQuery(server, `SELECT hash, ext FROM media WHERE id = '${photoId}'`);
    photoPath = path.join(server.tmp, 'data', 'media', hash.slice(0, 2), hash.slice(2, 4), `${hash}.${ext}`);
    assert.ok(fs.existsSync(photoPath), photoPath);
  });

  let exported;
  it('download my data: each kind of the person’s data, as JSON and CSV, and nobody else’s', async () => {
    const r = await download(person.client, '/api/me/privacy/export');
    assert.equal(r.status, 200, r.text);
    assert.equal(r.headers['content-type'], 'application/zip');
    assert.match(r.headers['content-disposition'], /attachment; filename="shopfloor-data-me-\d{4}-\d\d-\d\d\.zip"/);
    exported = unzip(r.body);
    const z = exported;
    assert.ok(z.files.includes('README.txt') && z.files.includes('index.json'));
    const index = z.json('index.json');
    assert.equal(index.userId, person.id);
    for (const f of index.files) {
      assert.ok(z.files.includes(`${f.file}.json`) && z.files.includes(`${f.file}.csv`), f.file);
      assert.equal(z.json(`${f.file}.json`).length, f.rows, f.file);
    }
    const [profile] = z.json('profile.json');
    assert.equal(profile.email, who.email);
    assert.equal(profile.phone, who.phone);
    assert.ok(!('password_hash' in profile));
    assert.match(z.read('profile.csv'), new RegExp(who.email.replace('.', '\\.')));
    assert.equal(z.json('stories.json')[0].text, who.story);
    assert.deepEqual(z.json('story-comments.json').map((c) => c.body), [who.comment]);
    assert.ok(z.json('points-ledger.json').some((e) => e.delta === 7 && e.reason === 'ทดสอบ'));
    assert.equal(z.json('points-balance.json')[0].balance, z.json('points-ledger.json').reduce((s, e) => s + e.delta, 0));
    assert.equal(z.json('clicks.json')[0].element, who.click);
    assert.equal(z.json('photo-uploads.json').length, 1);
    assert.ok(z.json('sessions.json').length >= 1);
    assert.ok(z.json('sessions.json').every((s) => !('token_hash' in s)));
    // Nobody else's: the other person (who commented on the same story) appears in no file.
    for (const f of z.files) {
      const text = z.read(f);
      for (const other of [bystander.id, bystander.code, `ผู้อื่น ${TAG}`]) assert.ok(!text.includes(other), `${f} holds ${other}`);
    }
  });

  it('every table with a user_id column is exported or named as not personal', async () => {
    const sqlite = server.databaseUrl.startsWith('sqlite');
    const rows = await dbQuery(
      server,
      sqlite
        ? "SELECT m.name FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' AND p.name = 'user_id'"
        : "SELECT table_name FROM information_schema.columns WHERE column_name = 'user_id' AND table_schema = current_schema()",
    );
    const index = exported.json('index.json');
    const known = new Set([...index.files.map((f) => f.table), ...index.notExported.map((n) => n.table)]);
    assert.deepEqual(rows.map(([t]) => t).filter((t) => !known.has(t)).sort(), []);
    assert.ok(index.notExported.every((n) => n.reason.length > 10));
  });

  it('is rate limited: a few at once, then 429', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await download(heavy.client, '/api/me/privacy/export')).status);
    assert.deepEqual(codes, [200, 200, 200, 429]);
    assert.equal((await download(server.client(), '/api/me/privacy/export')).status, 401);
  });

  it('an admin exports a person on request: admins only, audited', async () => {
    assert.equal((await download(bystander.client, `/api/admin/users/${person.id}/privacy-export`)).status, 403);
    assert.equal((await download(editor, `/api/admin/users/${person.id}/privacy-export`)).status, 403);
    assert.equal((await download(admin, `/api/admin/users/00000000-0000-7000-8000-000000000000/privacy-export`)).status, 404);
    const r = await download(admin, `/api/admin/users/${person.id}/privacy-export`);
    assert.equal(r.status, 200);
    assert.equal(unzip(r.body).json('profile.json')[0].id, person.id);
    const audit = await dbQuery(server, `SELECT action, resource FROM audit_log WHERE resource_id = '${person.id}' AND action = 'privacy-export'`);
    assert.deepEqual(audit, [['privacy-export', 'users']]);
  });

  it('erasure is refused to other roles, without CSRF, for an active person and without the exact name', async () => {
    const erase = (c, body = { confirmName: who.name }) => send(c, 'POST', `/api/admin/users/${person.id}/erase`, body);
    assertEnvelope(await erase(bystander.client), 403, 'FORBIDDEN');
    assertEnvelope(await erase(editor), 403, 'FORBIDDEN');
    assertEnvelope(await admin.request('POST', `/api/admin/users/${person.id}/erase`, { json: { confirmName: who.name } }), 403, 'CSRF_FAILED');
    assertEnvelope(await erase(admin), 409, 'CONFLICT');
    const r = await send(admin, 'POST', `/api/admin/users/${person.id}/disable`, {});
    assert.equal(r.status, 200, r.text);
    assertEnvelope(await erase(admin, { confirmName: who.name.slice(0, -1) }), 422, 'VALIDATION_FAILED');
    assertEnvelope(await erase(admin, {}), 422, 'VALIDATION_FAILED');
    const [[name]] = await dbQuery(server, `SELECT name FROM users WHERE id = '${person.id}'`);
    assert.equal(name, who.name, 'nothing erased by a refused request');
  });

  it('erasure: no trace in any table or file, while the numbers stay', async () => {
    const figures = async () => ({
      ledger: await dbQuery(server, 'SELECT COUNT(*), SUM(delta) FROM points_ledger'),
      balances: await dbQuery(server, `SELECT user_id, balance FROM points_balances WHERE user_id IN ('${person.id}', '${bystander.id}') ORDER BY user_id`),
      rollups: await dbQuery(server, 'SELECT metric, SUM(n), SUM(total) FROM report_counts GROUP BY metric ORDER BY metric'),
      actives: await dbQuery(server, 'SELECT COUNT(*) FROM report_actives'),
      story: await dbQuery(server, `SELECT likes_count, comments_count, status FROM stories WHERE id = '${who.storyId}'`),
    });
    const before = await figures();
    const r = await send(admin, 'POST', `/api/admin/users/${person.id}/erase`, { confirmName: who.name });
    assert.equal(r.status, 200, `${r.text}\n${server.output().slice(-3000)}`);
    assert.equal(r.json.erased, true);
    assert.ok(r.json.media >= 1 && r.json.texts >= 2, r.text);
    assert.deepEqual(await figures(), before);

    // A click's element is the app's own markup (the rollups keep it as a key, for everyone's totals): the raw
    // telemetry rows are what must go, checked below.
    const needles = [who.name, person.code, who.email, who.phone, who.story, who.comment];
    const sqlite = server.databaseUrl.startsWith('sqlite');
    const dump = sqlite
      ? execFileSync('sqlite3', [path.join(server.tmp, 'data', 'shopfloor.db'), '.dump'], { maxBuffer: 256 << 20 }).toString()
      : execFileSync('pg_dump', ['--data-only', server.databaseUrl], { maxBuffer: 256 << 20 }).toString();
    assert.ok(dump.includes(bystander.code), 'the dump holds the data (the other person is there)');
    for (const n of needles) assert.ok(!dump.includes(n), `the database still holds ${n}: ${dump.split('\n').filter((l) => l.includes(n)).join('\n').slice(0, 2000)}`);
    for (const f of walk(path.join(server.tmp, 'data'))) {
      if (f.endsWith('.db') || f.endsWith('-wal') || f.endsWith('-shm')) continue;
      const text = fs.readFileSync(f).toString('utf8');
      for (const n of needles) assert.ok(!text.includes(n), `${f} still holds ${n}`);
    }
    assert.ok(!fs.existsSync(photoPath), 'the uploaded photo is deleted');
    const [[name, erasedAt, sessions]] = await dbQuery(
      server,
      `SELECT name, erased_at, (SELECT COUNT(*) FROM sessions WHERE user_id = '${person.id}') FROM users WHERE id = '${person.id}'`,
    );
    assert.equal(name, 'ลบแล้ว · Erased');
    assert.ok(Number(erasedAt) > 0);
    assert.equal(sessions, '0');
    for (const t of ['user_clicks', 'sign_ins', 'photo_uploads', 'notifications'])
      assert.deepEqual(await dbQuery(server, `SELECT COUNT(*) FROM ${t} WHERE user_id = '${person.id}'`), [['0']], t);
    const audit = await dbQuery(server, `SELECT actor_id FROM audit_log WHERE resource_id = '${person.id}' AND action = 'erase'`);
    assert.equal(audit.length, 1);
    // Once erased, the person is no one: a second erasure finds nobody.
    assertEnvelope(await send(admin, 'POST', `/api/admin/users/${person.id}/erase`, { confirmName: 'ลบแล้ว · Erased' }), 404, 'NOT_FOUND');
  });
});
