// Badges and stickers (issue 12) through real HTTP on a real server, on SQLite and PostgreSQL: each rule
// fires exactly once (also when the triggering calls race), a published rule badge is given to everyone who
// already qualifies (backfill), manual award/revoke are audited, the Open Badges credential verifies (API
// shape, CLI) and a tampered one fails; stickers from a course and from a sticker pack, the book, reactions.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { useServer, assertEnvelope, sleep, BIN, signedInClients } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';
import { send, create, upload, png, learnLesson, learnTogether } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';

const cli = (server, args) =>
  new Promise((resolve) => execFile(BIN, args, { cwd: server.tmp, env: server.env }, (err, stdout, stderr) => resolve({ code: err ? err.code : 0, stdout, stderr })));

describe('badges and stickers', () => {
  const server = useServer();
  let editor, admin, staff, staffId;

  before(async () => {
    [editor, admin, staff] = await signedInClients(server, 'EDIT01', 'ADMIN01', 'S2002');
    staffId = (await staff.session()).user.id;
  });

  const course = async (points = 0) => {
    const lesson = await create(editor, 'contents', { title: `บท ${Math.random().toString(36).slice(2, 6)}`, kind: 'article', bodyHtml: '<p>x</p>', status: 'published' });
    const c = await create(editor, 'courses', { title: `หลักสูตร ${Math.random().toString(36).slice(2, 6)}`, status: 'published', points });
    await create(editor, 'course-lessons', { course: c.id, kind: 'content', content: lesson.id });
    return { course: c, lesson };
  };
  const finish = (client, lesson) => learnLesson(client, lesson);
  const holders = async (badgeId) => Number((await dbQuery(server, `SELECT COUNT(*) FROM badge_awards WHERE badge_id = '${badgeId}' AND revoked_at IS NULL`))[0][0]);

  it('a course badge is given once, also when the last lesson is completed by 10 racing calls', async () => {
    const { course: c, lesson } = await course(5);
    const badge = await create(editor, 'badges', { name: 'จบหลักสูตรนี้', criteria: 'course_completed', course: c.id, status: 'published' });
    const [p] = await crowd(server, 1, { prefix: 'BC' });
    const runs = await learnTogether(p.client, lesson, 10);
    for (const r of runs) assert.equal(r.status, 200, r.text);
    assert.equal(await holders(badge.id), 1);
    const mine = (await p.client.get('/api/me/badges')).json;
    assert.ok(mine.earned.some((e) => e.badge.id === badge.id && e.credentialUrl && e.pngUrl));
    assert.ok(!mine.locked.some((l) => l.badge.id === badge.id));
    assert.equal((await editor.get(`/api/admin/badges/${badge.id}`)).json.awardedCount, 1);
    // The person is told once, in their own list only.
    const notices = (await p.client.get('/api/notifications')).json.items.filter((n) => n.type === 'badge_earned' && n.params.badgeId === badge.id);
    assert.equal(notices.length, 1);
    assert.equal(notices[0].params.badge, 'จบหลักสูตรนี้');
    assertEnvelope(await send(staff, 'POST', `/api/notifications/${notices[0].id}/read`), 404, 'NOT_FOUND');
  });

  it('counting rules show progress and fire at the threshold: N courses, points earned (not refunds)', async () => {
    const [p] = await crowd(server, 1, { prefix: 'BN' });
    const two = await create(editor, 'badges', { name: 'สองหลักสูตร', criteria: 'courses_completed', threshold: 2, status: 'published' });
    const pts = await create(editor, 'badges', { name: 'ร้อยคะแนน', criteria: 'points_earned', threshold: 100, status: 'published' });
    const a = await course(60), b = await course(60);
    await finish(p.client, a.lesson);
    let mine = (await p.client.get('/api/me/badges')).json;
    assert.deepEqual(mine.locked.find((l) => l.badge.id === two.id).progress, { current: 1, target: 2 });
    assert.deepEqual(mine.locked.find((l) => l.badge.id === pts.id).progress, { current: 60, target: 100 });
    await finish(p.client, b.lesson);
    mine = (await p.client.get('/api/me/badges')).json;
    assert.ok(mine.earned.some((e) => e.badge.id === two.id));
    assert.ok(mine.earned.some((e) => e.badge.id === pts.id));
    // A missing threshold or course is refused by the rule.
    const bad = await send(editor, 'POST', '/api/admin/badges', { name: 'x', criteria: 'courses_completed' });
    assert.equal(bad.json.error.fieldCodes.threshold.code, 'REQUIRED');
    const bad2 = await send(editor, 'POST', '/api/admin/badges', { name: 'x', criteria: 'course_completed' });
    assert.equal(bad2.json.error.fieldCodes.course.code, 'REQUIRED');
    const bad3 = await send(editor, 'POST', '/api/admin/badges', { name: 'x', criteria: 'moon_walk' });
    assertEnvelope(bad3, 422, 'VALIDATION_FAILED');
  });

  it('publishing a rule badge gives it to everyone who already qualifies, with progress on the badge', async () => {
    const { course: c, lesson } = await course();
    const people = await crowd(server, 30, { prefix: 'BF' });
    await Promise.all(people.slice(0, 25).map((p) => finish(p.client, lesson)));
    const badge = await create(editor, 'badges', { name: 'ย้อนหลัง', criteria: 'course_completed', course: c.id });
    assert.equal(await holders(badge.id), 0, 'a draft badge gives nothing');
    const pub = await send(editor, 'POST', `/api/admin/badges/${badge.id}/publish`);
    assert.equal(pub.status, 200, pub.text);
    let item;
    for (let i = 0; i < 100; i++) {
      item = (await editor.get(`/api/admin/badges/${badge.id}`)).json;
      if (item.backfill.state === 'done') break;
      await sleep(50);
    }
    assert.deepEqual(item.backfill, { state: 'done', done: 25, total: 25 });
    assert.equal(await holders(badge.id), 25);
    assert.equal(item.awardedCount, 25);
    // From now on the rule itself gives it.
    await finish(people[29].client, lesson);
    assert.equal(await holders(badge.id), 26);
  });

  it('manual award and revoke need a reason, are audited, and a revoked badge is not given back by a rule', async () => {
    const badge = await create(editor, 'badges', { name: 'ยอดเยี่ยม', criteria: 'manual', status: 'published' });
    let r = await send(editor, 'POST', `/api/admin/badges/${badge.id}/award`, { userId: staffId });
    assert.equal(r.json.error.fieldCodes.reason.code, 'REASON_REQUIRED');
    r = await send(editor, 'POST', `/api/admin/badges/${badge.id}/award`, { userId: staffId, reason: 'ลูกค้าชม' });
    assert.equal(r.status, 201, r.text);
    assertEnvelope(await send(editor, 'POST', `/api/admin/badges/${badge.id}/award`, { userId: staffId, reason: 'อีกครั้ง' }), 409, 'ALREADY_AWARDED');
    const h = (await editor.get(`/api/admin/badges/${badge.id}/holders`)).json;
    assert.equal(h.items[0].reason, 'ลูกค้าชม');
    assert.equal(h.items[0].awardedBy.name, 'กานดา บรรณาธิการ');
    r = await send(editor, 'POST', `/api/admin/badges/${badge.id}/revoke`, { userId: staffId, reason: 'มอบผิดคน' });
    assert.equal(r.status, 200, r.text);
    assertEnvelope(await send(editor, 'POST', `/api/admin/badges/${badge.id}/revoke`, { userId: staffId, reason: 'x' }), 404, 'NOT_FOUND');
    assert.ok(!(await staff.get('/api/me/badges')).json.earned.some((e) => e.badge.id === badge.id));
    const audit = await dbQuery(server, `SELECT action FROM audit_log WHERE resource_id = '${badge.id}' AND action LIKE 'badge.%' ORDER BY at, id`);
    assert.deepEqual(audit.map((a) => a[0]), ['badge.award', 'badge.revoke']);
    assertEnvelope(await send(staff, 'POST', `/api/admin/badges/${badge.id}/award`, { userId: staffId, reason: 'ตัวเอง' }), 403, 'FORBIDDEN');
    // A revoked rule badge stays revoked when the rule fires again.
    const { course: c, lesson } = await course();
    const rb = await create(editor, 'badges', { name: 'กฎ', criteria: 'course_completed', course: c.id, status: 'published' });
    const [p] = await crowd(server, 1, { prefix: 'BR' });
    await finish(p.client, lesson);
    await send(editor, 'POST', `/api/admin/badges/${rb.id}/revoke`, { userId: p.id, reason: 'ทดสอบ' });
    await finish(p.client, lesson);
    assert.equal(await holders(rb.id), 0);
    // Another person's badges: earned only, no downloads.
    const other = (await staff.get(`/api/users/${p.id}/badges`)).json;
    assert.ok(Array.isArray(other.earned) && !('locked' in other));
    assertEnvelope(await staff.get('/api/users/01234567-89ab-cdef-0123-456789abcdef/badges'), 404);
  });

  it('an earned badge is an Open Badges 3.0 credential that verifies; a tampered one fails', async () => {
    const picture = await upload(server, editor, png(64, 64, 7), 'image/png', 'badge.png');
    const badge = await create(editor, 'badges', { name: 'ผู้เชี่ยวชาญ', description: '<p>รู้จริง</p>', image: picture.id, criteria: 'manual', status: 'published' });
    await send(editor, 'POST', `/api/admin/badges/${badge.id}/award`, { userId: staffId, reason: 'ผ่านการประเมิน' });
    const jwt = await staff.get(`/api/me/badges/${badge.id}/credential.jwt`);
    assert.equal(jwt.status, 200);
    assert.match(jwt.headers.get('content-type'), /vc\+jwt/);
    const [h, p] = jwt.text.split('.').slice(0, 2).map((x) => JSON.parse(Buffer.from(x, 'base64url').toString()));
    assert.equal(h.alg, 'EdDSA');
    assert.equal(h.jwk.crv, 'Ed25519');
    assert.deepEqual(p.type, ['VerifiableCredential', 'OpenBadgeCredential']);
    assert.equal(p.credentialSubject.achievement.name, 'ผู้เชี่ยวชาญ');
    assert.equal(p.iss, p.issuer.id);
    assert.ok(p.nbf > 0 && p.jti.startsWith('urn:uuid:'));
    assert.match(p.credentialSubject.identifier[0].identityHash, /^sha256\$[0-9a-f]{64}$/);
    const issuer = await fetch(p.iss).then((r) => r.json());
    assert.equal(issuer.publicKey.x, h.jwk.x);
    const ach = await fetch(p.credentialSubject.achievement.id).then((r) => r.json());
    assert.equal(ach.name, 'ผู้เชี่ยวชาญ');
    // The CLI verifies the JWT and the baked PNG; a changed payload or a stripped PNG fails.
    const dir = fs.mkdtempSync(path.join(server.tmp, 'ob-'));
    fs.writeFileSync(path.join(dir, 'good.jwt'), jwt.text);
    let v = await cli(server, ['badges', 'verify', path.join(dir, 'good.jwt')]);
    assert.equal(v.code, 0, v.stdout + v.stderr);
    assert.match(v.stdout, /VALID: "ผู้เชี่ยวชาญ"/);
    const parts = jwt.text.split('.');
    const forged = { ...p, name: 'ปลอม', credentialSubject: { ...p.credentialSubject, achievement: { ...p.credentialSubject.achievement, name: 'ปลอม' } } };
    fs.writeFileSync(path.join(dir, 'bad.jwt'), [parts[0], Buffer.from(JSON.stringify(forged)).toString('base64url'), parts[2]].join('.'));
    v = await cli(server, ['badges', 'verify', path.join(dir, 'bad.jwt')]);
    assert.equal(v.code, 1);
    assert.match(v.stdout, /INVALID: the signature does not match/);
    const pngRes = await fetch(`${server.origin}/api/me/badges/${badge.id}/badge.png`, { headers: { cookie: staff.jar.header() } });
    assert.equal(pngRes.status, 200);
    const bytes = Buffer.from(await pngRes.arrayBuffer());
    assert.equal(bytes.subarray(1, 4).toString(), 'PNG');
    assert.ok(bytes.includes(Buffer.from('openbadgecredential')));
    fs.writeFileSync(path.join(dir, 'badge.png'), bytes);
    v = await cli(server, ['badges', 'verify', path.join(dir, 'badge.png')]);
    assert.equal(v.code, 0, v.stdout + v.stderr);
    fs.writeFileSync(path.join(dir, 'plain.png'), png(16, 16, 8));
    v = await cli(server, ['badges', 'verify', path.join(dir, 'plain.png')]);
    assert.equal(v.code, 1);
    // Someone who does not hold it gets nothing.
    assertEnvelope(await editor.get(`/api/me/badges/${badge.id}/credential.jwt`), 404);
  });

  it('an earned badge has a public verification page to share; revoking it takes the page down', async () => {
    const picture = await upload(server, editor, png(64, 64, 9), 'image/png', 'verify.png');
    const badge = await create(editor, 'badges', { name: 'นักบริการดีเด่น', description: '<p>ลูกค้าชม <b>สามครั้ง</b></p>', image: picture.id, criteria: 'manual', status: 'published' });
    const [p] = await crowd(server, 1, { prefix: 'VF' });
    await send(editor, 'POST', `/api/admin/badges/${badge.id}/award`, { userId: p.id, reason: 'ลูกค้าชม' });
    const earned = (await p.client.get('/api/me/badges')).json.earned.find((e) => e.badge.id === badge.id);
    const [[awardId, awardedAt]] = await dbQuery(server, `SELECT id, awarded_at FROM badge_awards WHERE badge_id = '${badge.id}' AND user_id = '${p.id}'`);
    assert.equal(earned.verifyUrl, `/share/badge/${awardId}`);
    // Only the holder's own list offers it; a colleague's view of the same badges does not.
    const seen = (await staff.get(`/api/users/${p.id}/badges`)).json.earned.find((e) => e.badge.id === badge.id);
    assert.ok(seen && !('verifyUrl' in seen));
    // Anyone with the link (no session): the badge, its holder, the day in Thai with a Buddhist-era year, the seal.
    const page = await fetch(`${server.origin}${earned.verifyUrl}`);
    assert.equal(page.status, 200);
    const html = await page.text();
    const day = new Date(Number(awardedAt) + 7 * 3600_000);
    const months = ['มกราคม', 'กุมภาพันธ์', 'มีนาคม', 'เมษายน', 'พฤษภาคม', 'มิถุนายน', 'กรกฎาคม', 'สิงหาคม', 'กันยายน', 'ตุลาคม', 'พฤศจิกายน', 'ธันวาคม'];
    assert.ok(html.includes(`ได้รับเมื่อ ${day.getUTCDate()} ${months[day.getUTCMonth()]} ${day.getUTCFullYear() + 543}`), html);
    assert.match(html, /<h1>นักบริการดีเด่น<\/h1>/);
    assert.match(html, /ลูกค้าชม สามครั้ง/);
    assert.ok(html.includes(`ผู้ได้รับ: พนักงาน ${p.code}`));
    assert.match(html, /data-verified="true"[^]*ตรวจสอบแล้ว: ออกโดย/);
    assert.match(html, /<meta property="og:image" content="[^"]+_image\?url=%2Fmedia%2F/);
    assert.ok(html.includes(`href="/p/${p.id}?badge=${badge.id}"`));
    // A badge named in English gets its page in English: the day in the Gregorian calendar.
    const english = await create(editor, 'badges', { name: 'Service star', description: '<p>Praised by customers</p>', image: picture.id, criteria: 'manual', status: 'published' });
    await send(editor, 'POST', `/api/admin/badges/${english.id}/award`, { userId: p.id, reason: 'praise' });
    const en = (await p.client.get('/api/me/badges')).json.earned.find((e) => e.badge.id === english.id);
    const enHtml = await (await fetch(`${server.origin}${en.verifyUrl}`)).text();
    const enMonths = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
    assert.match(enHtml, /<html lang="en"/);
    const [[enAt]] = await dbQuery(server, `SELECT awarded_at FROM badge_awards WHERE badge_id = '${english.id}' AND user_id = '${p.id}'`);
    const enDay = new Date(Number(enAt) + 7 * 3600_000);
    assert.ok(enHtml.includes(`Earned on ${enDay.getUTCDate()} ${enMonths[enDay.getUTCMonth()]} ${enDay.getUTCFullYear()}`), enHtml);
    assert.match(enHtml, /Verified: issued by/);
    // Revoked: the page is the one 404 page, as for an id nobody was given.
    await send(editor, 'POST', `/api/admin/badges/${badge.id}/revoke`, { userId: p.id, reason: 'ทดสอบ' });
    const gone = await fetch(`${server.origin}${earned.verifyUrl}`);
    assert.equal(gone.status, 404);
    const unknown = await fetch(`${server.origin}/share/badge/01234567-89ab-7def-8123-456789abcdef`);
    assert.equal(unknown.status, 404);
    assert.equal(await gone.text(), await unknown.text());
  });

  it('stickers: a course gives one random sticker of a set with that rule; a sticker pack reward gives one; reactions need an owned sticker', async () => {
    const set = await create(editor, 'sticker-sets', { name: 'ชุดทดสอบ', rule: 'course_completed', status: 'published' });
    const pics = await Promise.all([1, 2, 3].map((i) => upload(server, editor, png(32, 32, 20 + i), 'image/png', `s${i}.png`)));
    const st = [];
    for (const [i, rarity] of ['common', 'rare', 'legendary'].entries()) st.push(await create(editor, 'stickers', { set: set.id, name: `ส${i}`, image: pics[i].id, rarity }));
    assert.equal((await editor.get(`/api/admin/sticker-sets/${set.id}`)).json.stickersCount, 3);
    const { lesson } = await course();
    const [p] = await crowd(server, 1, { prefix: 'ST', points: 100 });
    await learnTogether(p.client, lesson, 5);
    const book = (await p.client.get('/api/me/stickers')).json.sets.find((s) => s.id === set.id);
    assert.equal(book.stickers.reduce((n, s) => n + s.count, 0), 1, 'one sticker per course, even with racing calls');
    // A sticker pack.
    const pack = await create(admin, 'rewards', { title: 'ซองสติกเกอร์', cost: 10, stock: 5, pickup: true, status: 'published', stickerSet: set.id });
    const r = await send(p.client, 'POST', `/api/club/rewards/${pack.id}/redeem`, { method: 'pickup' });
    assert.equal(r.status, 201, r.text);
    const after = (await p.client.get('/api/me/stickers')).json.sets.find((s) => s.id === set.id);
    assert.equal(after.stickers.reduce((n, s) => n + s.count, 0), 2);
    // Reactions on an article with an owned sticker only.
    const owned = after.stickers.find((s) => s.count > 0);
    const missing = after.stickers.find((s) => s.count === 0) ?? st.find((s) => s.id !== owned.id);
    const article = await create(editor, 'articles', { title: 'ข่าวดี', bodyHtml: '<p>ข่าว</p>', status: 'published' });
    let x = await send(p.client, 'PUT', `/api/articles/${article.id}/reaction`, { stickerId: owned.id });
    assert.equal(x.status, 200, x.text);
    assert.deepEqual(x.json.reactions.map((y) => [y.sticker.id, y.count, y.mine]), [[owned.id, 1, true]]);
    if (missing.count === 0) {
      x = await send(p.client, 'PUT', `/api/articles/${article.id}/reaction`, { stickerId: missing.id });
      assert.equal(x.json.error.fieldCodes.stickerId.code, 'STICKER_NOT_OWNED');
    }
    const all = (await staff.get(`/api/articles/${article.id}/reactions`)).json;
    assert.deepEqual(all.article.map((y) => [y.count, y.mine]), [[1, false]]);
    x = await send(p.client, 'PUT', `/api/articles/${article.id}/reaction`, { stickerId: null });
    assert.deepEqual(x.json.reactions, []);
    const draft = await create(editor, 'articles', { title: 'ร่าง', bodyHtml: '<p>x</p>' });
    assertEnvelope(await send(p.client, 'PUT', `/api/articles/${draft.id}/reaction`, { stickerId: owned.id }), 404, 'NOT_FOUND');
    assertEnvelope(await p.client.request('PUT', `/api/articles/${article.id}/reaction`, { json: { stickerId: owned.id } }), 403, 'CSRF_FAILED');
  });
});
