// Profiles (issue 26, profiles; issue 28 item 12) through real HTTP on SQLite and PostgreSQL: a person sets
// their own photo (an upload of theirs, checked by content, square, served through /_image), nickname and
// language with CSRF; someone else's photo, a library image, a non-square or tiny one are refused; the session
// update no longer takes a picture; a colleague's profile answers name, photo, store, region and position and
// nothing private (no email, phone, employee code, role, points), and their badges, stickers and published
// stories say nothing private either; the admin sets a photo from the media library.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, signedInClients, assertEnvelope, rawRequest } from './harness.mjs';
import { send, png, upload } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';
import { postPhoto } from './photos.mjs';

let seed = 0;
const photoUpload = postPhoto;
const uploadPhoto = async (server, c, w = 256, h = w) => {
  const r = await photoUpload(server, c, png(w, h, 900 + ++seed));
  assert.equal(r.status, 201, r.text);
  return r.json.photo;
};
const code = (r, field) => r.json?.error?.fieldCodes?.[field]?.code;

describe('profiles', () => {
  const server = useServer();
  let admin, editor, me, colleague;

  before(async () => {
    [admin, editor, me, colleague] = await signedInClients(server, 'ADMIN01', 'EDIT01', 'S1001', 'S1002');
  });

  it('sets my own photo, nickname and language; the photo is served through /_image and shows in the session', async () => {
    const photo = await uploadPhoto(server, me);
    let r = await send(me, 'PATCH', '/api/me', { photoId: photo.id, nickname: 'ชาย', locale: 'en' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.user.image, photo.url);
    assert.match(photo.url, /^\/media\/[0-9a-f]{64}\.png$/);
    assert.deepEqual([r.json.user.nickname, r.json.user.locale], ['ชาย', 'en']);
    const session = await me.session();
    assert.equal(session.user.image, photo.url);
    assert.equal(session.user.name, 'ชาย');
    const img = await rawRequest(server.origin, { path: `/_image?url=${encodeURIComponent(photo.url)}&w=128&q=75`, headers: { accept: 'image/webp' } });
    assert.equal(img.status, 200);
    assert.equal(img.headers['content-type'], 'image/webp');
    // The colleague sees the new photo on my profile at once.
    const mine = (await me.get('/api/me')).json.user;
    const seen = (await colleague.get(`/api/users/${mine.id}/profile`)).json.profile;
    assert.equal(seen.image, photo.url);
    assert.equal(seen.nickname, 'ชาย');
    // Removing it.
    r = await send(me, 'PATCH', '/api/me', { photoId: null, locale: 'th' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.user.image, null);
    assert.equal((await me.session()).user.image, null);
  });

  it('refuses someone else\'s photo, a library image, an unknown id, a photo that is not square or too small; without CSRF nothing changes', async () => {
    const theirs = await uploadPhoto(server, colleague);
    const library = await upload(server, admin, png(300, 300, 77), 'image/png', 'library.png');
    const wide = await uploadPhoto(server, me, 300, 200);
    const tiny = await uploadPhoto(server, me, 64);
    const mine = await uploadPhoto(server, me, 200);
    for (const [photoId, expected] of [
      [theirs.id, 'PHOTO_NOT_YOURS'],
      [library.id, 'PHOTO_NOT_YOURS'],
      ['0190c0de-0000-7000-8000-000000000000', 'PHOTO_NOT_YOURS'],
      ['not an id', 'PHOTO_NOT_YOURS'],
      [42, 'PHOTO_NOT_YOURS'],
      [wide.id, 'PHOTO_NOT_SQUARE'],
      [tiny.id, 'PHOTO_TOO_SMALL'],
    ]) {
      const r = await send(me, 'PATCH', '/api/me', { photoId });
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.equal(code(r, 'photoId'), expected, `${photoId}: ${r.text}`);
    }
    // Once someone else uploaded the same bytes, the photo is still not mine unless I uploaded it too.
    const sameBytes = png(256, 256, 4242);
    const up1 = await photoUpload(server, colleague, sameBytes);
    assert.equal(up1.status, 201);
    assert.equal(code(await send(me, 'PATCH', '/api/me', { photoId: up1.json.photo.id }), 'photoId'), 'PHOTO_NOT_YOURS');
    const up2 = await photoUpload(server, me, sameBytes);
    assert.equal(up2.json.photo.id, up1.json.photo.id, 'stored once by hash');
    assert.equal((await send(me, 'PATCH', '/api/me', { photoId: up2.json.photo.id })).status, 200);
    // Without the CSRF header: 403, nothing written.
    const before = (await me.get('/api/me')).json.user.image;
    assertEnvelope(await me.request('PATCH', '/api/me', { json: { photoId: mine.id } }), 403, 'CSRF_FAILED');
    assert.equal((await me.get('/api/me')).json.user.image, before);
    // Uploads are checked by content: text called a PNG is refused, and so is a PDF.
    const fake = await photoUpload(server, me, Buffer.from('not really a picture at all'), 'image/png');
    assert.equal(fake.status, 415, fake.text);
    const pdf = await photoUpload(server, me, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
    assert.ok(pdf.status === 415, pdf.text);
    // The Auth.js session update takes a name, never a picture.
    const s = await me.post('/api/auth/session', { json: { csrfToken: me.csrfToken, data: { image: theirs.url } } });
    assertEnvelope(s, 422, 'VALIDATION_FAILED');
    assert.equal(code(s, 'image'), 'PHOTO_ON_PROFILE');
    assert.equal((await me.session()).user.image, before);
  });

  it('a colleague\'s profile answers what a colleague may see, and nothing private anywhere it is read from', async () => {
    const them = (await colleague.get('/api/me')).json.user;
    assert.ok(them.email && them.employeeCode);
    await dbQuery(server, `UPDATE users SET phone = '0812345678' WHERE id = '${them.id}'`);
    const photo = await uploadPhoto(server, colleague);
    assert.equal((await send(colleague, 'PATCH', '/api/me', { photoId: photo.id, nickname: 'หญิง' })).status, 200);
    const r = await me.get(`/api/users/${them.id}/profile`);
    assert.equal(r.status, 200, r.text);
    const p = r.json.profile;
    assert.deepEqual(Object.keys(p).sort(), ['id', 'image', 'name', 'nickname', 'position', 'positionName', 'region', 'store']);
    assert.deepEqual([p.id, p.name, p.nickname, p.image, p.position], [them.id, them.name, 'หญิง', photo.url, them.position]);
    assert.deepEqual(p.store, { id: them.store.id, name: them.store.name });
    assert.deepEqual(p.region, { id: them.region.id, name: them.region.name });
    // A published story of theirs, one pending, and points in their balance.
    const storyPhoto = await uploadPhoto(server, colleague);
    const published = (await send(colleague, 'POST', '/api/stories', { text: 'เรื่องของหญิง', photoIds: [storyPhoto.id] })).json.story;
    const pending = (await send(colleague, 'POST', '/api/stories', { text: 'ยังไม่อนุมัติ', photoIds: [storyPhoto.id] })).json.story;
    assert.equal((await send(editor, 'POST', `/api/admin/stories/${published.id}/publish`)).status, 200);
    const stories = (await me.get(`/api/stories?author=${them.id}&limit=30`)).json.items;
    assert.ok(stories.some((s) => s.id === published.id));
    assert.ok(!stories.some((s) => s.id === pending.id), 'a pending story is not on the profile');
    assert.ok(stories.every((s) => s.author.id === them.id && s.status === 'published'));
    assert.ok(!(await me.get(`/api/stories?author=${(await me.get('/api/me')).json.user.id}`)).json.items.some((s) => s.id === published.id));
    const badges = await me.get(`/api/users/${them.id}/badges`);
    const stickers = await me.get(`/api/users/${them.id}/stickers`);
    assert.equal(badges.status, 200);
    assert.equal(stickers.status, 200);
    const [[balance]] = await dbQuery(server, `SELECT COALESCE((SELECT balance FROM points_balances WHERE user_id = '${them.id}'), 0)`);
    assert.ok(Number(balance) > 0, 'the story paid points');
    for (const [what, body] of [['profile', r.text], ['stories', JSON.stringify(stories)], ['badges', badges.text], ['stickers', stickers.text]]) {
      for (const secret of [them.email, them.employeeCode, '0812345678'])
        assert.ok(!body.includes(secret), `${what} shows ${secret}`);
      for (const key of ['"email"', '"phone"', '"employeeCode"', '"role"', '"balance"', '"points"', '"lastLogin'])
        assert.ok(!body.includes(key), `${what} has ${key}`);
    }
    // Unknown, disabled or pending people have no profile; signed out, no one has.
    assertEnvelope(await me.get('/api/users/0190c0de-0000-7000-8000-000000000000/profile'), 404, 'NOT_FOUND');
    assertEnvelope(await me.get('/api/users/x/profile'), 404, 'NOT_FOUND');
    const [gone] = await crowd(server, 1, { prefix: 'PF' });
    await dbQuery(server, `UPDATE users SET status = 'disabled' WHERE id = '${gone.id}'`);
    assertEnvelope(await me.get(`/api/users/${gone.id}/profile`), 404, 'NOT_FOUND');
    assertEnvelope(await server.client().get(`/api/users/${them.id}/profile`), 401);
  });

  it('the admin gives a person a photo from the media library; the person\'s session shows it', async () => {
    const [person] = await crowd(server, 1, { prefix: 'PG' });
    const library = await upload(server, admin, png(320, 320, 31), 'image/png', 'portrait.png');
    const item = (await admin.get(`/api/admin/users/${person.id}`)).json;
    assert.ok(!('image' in item), 'no URL field any more');
    assert.equal(item.photo, null);
    let r = await send(admin, 'PATCH', `/api/admin/users/${person.id}`, { photo: library.id, version: item.version });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.photo, library.id);
    assert.equal((await person.client.session()).user.image, `/media/${library.hash}.png`);
    // A PDF is not a photo; a URL is not taken any more.
    const doc = await upload(server, admin, Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'), 'application/pdf', 'doc.pdf');
    r = await send(admin, 'PATCH', `/api/admin/users/${person.id}`, { photo: doc.id, version: r.json.version });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    const cur = (await admin.get(`/api/admin/users/${person.id}`)).json;
    r = await send(admin, 'PATCH', `/api/admin/users/${person.id}`, { image: 'https://example.com/x.png', version: cur.version });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    r = await send(admin, 'PATCH', `/api/admin/users/${person.id}`, { photo: null, version: cur.version });
    assert.equal(r.status, 200, r.text);
    assert.equal((await person.client.session()).user.image, null);
    // The schema tells the back office to draw an upload for it.
    const users = (await admin.get('/api/admin/schema')).json.resources.find((x) => x.name === 'users');
    const field = users.fields.find((f) => f.name === 'photo');
    assert.deepEqual([field.type, field.reference], ['reference', 'medias']);
    assert.ok(!users.fields.some((f) => f.name === 'image'));
  });

  it('a position is shown by its name in each language (the admin names positions; a code without names stays as it is)', async () => {
    // The demo's positions come named: S1001 is "Sales".
    const mine = (await me.get('/api/me')).json.user;
    assert.equal(mine.position, 'Sales');
    assert.deepEqual(mine.positionName, { th: 'พนักงานขาย', en: 'Sales' });
    assert.deepEqual((await colleague.get(`/api/users/${mine.id}/profile`)).json.profile.positionName, { th: 'พนักงานขาย', en: 'Sales' });
    // A code nobody named: the code alone.
    const [person] = await crowd(server, 1, { prefix: 'PN' });
    const item = (await admin.get(`/api/admin/users/${person.id}`)).json;
    let r = await send(admin, 'PATCH', `/api/admin/users/${person.id}`, { position: 'Barista', version: item.version });
    assert.equal(r.status, 200, r.text);
    let seen = (await colleague.get(`/api/users/${person.id}/profile`)).json.profile;
    assert.deepEqual([seen.position, seen.positionName], ['Barista', null]);
    // Only an admin names positions; then every profile with that code reads the names.
    assertEnvelope(await send(editor, 'POST', '/api/admin/positions', { code: 'Barista', nameTh: 'บาริสต้า', nameEn: 'Barista' }), 403);
    r = await send(admin, 'POST', '/api/admin/positions', { code: 'Barista', nameTh: 'บาริสต้า', nameEn: 'Barista' });
    assert.equal(r.status, 201, r.text);
    assertEnvelope(await send(admin, 'POST', '/api/admin/positions', { code: 'Barista', nameTh: 'ซ้ำ', nameEn: 'Again' }), 409);
    seen = (await colleague.get(`/api/users/${person.id}/profile`)).json.profile;
    assert.deepEqual(seen.positionName, { th: 'บาริสต้า', en: 'Barista' });
    assert.deepEqual((await person.client.get('/api/me')).json.user.positionName, { th: 'บาริสต้า', en: 'Barista' });
  });
});
