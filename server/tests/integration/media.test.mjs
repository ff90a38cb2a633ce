// Media library uploads (type by content, size limits, dedup), file serving (ETag, ranges, HEAD),
// optimised images (/_image) and galleries. Fixtures are made from bytes here (no image tools needed).
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { useServer, assertEnvelope, rawRequest } from './harness.mjs';
import { png } from './png.mjs';
import { postPhoto, PHONE_WIDTHS, renderedWidths } from './photos.mjs';

// ---- fixtures ------------------------------------------------------------------------------------------
/** A minimal baseline JPEG: one 8x8 grey block (DC 0, EOB), single-code Huffman tables. */
function jpeg() {
  const parts = [
    'ffd8',
    'ffdb0043' + '00' + '01'.repeat(64),
    'ffc0000b080008000801011100',
    'ffc40014' + '00' + '01' + '00'.repeat(15) + '00',
    'ffc40014' + '10' + '01' + '00'.repeat(15) + '00',
    'ffda000801010000003f00',
    '3f',
    'ffd9',
  ];
  return Buffer.from(parts.join(''), 'hex');
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const MP4 = Buffer.concat([
  Buffer.from('00000018', 'hex'), Buffer.from('ftypisom'), Buffer.from('00000200', 'hex'), Buffer.from('isommp41'),
  Buffer.from('00000008', 'hex'), Buffer.from('moov'),
]);
const pngWidth = (b) => b.readUInt32BE(16);
const isPng = (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'));
const isJpeg = (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isWebp = (b) => b.subarray(0, 4).toString() === 'RIFF' && b.subarray(8, 12).toString() === 'WEBP';
const isAvif = (b) => b.subarray(4, 8).toString() === 'ftyp' && ['avif', 'avis'].includes(b.subarray(8, 12).toString());

const WIDTHS = [16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840];

describe('media library, files, images and galleries', () => {
  const server = useServer();
  let editor, admin, staff;
  const uploaded = {};

  const upload = (c, body, type, name = 'file.bin') =>
    rawRequest(server.origin, {
      method: 'POST',
      path: '/api/admin/media',
      headers: { cookie: c.jar.header(), 'x-csrf-token': c.csrfToken, 'content-type': type, 'x-filename': encodeURIComponent(name), 'content-length': body.length },
      body,
    });
  const send = (c, method, p, json) => c.request(method, p, { json, headers: { 'x-csrf-token': c.csrfToken } });
  const get = (p, headers = {}) => rawRequest(server.origin, { path: p, headers });

  before(async () => {
    editor = server.client();
    admin = server.client();
    staff = server.client();
    await editor.signInOk('EDIT01');
    await admin.signInOk('ADMIN01');
    await staff.signInOk('S1001');
  });

  describe('upload', () => {
    it('accepts a real PNG, JPEG, PDF and MP4, checked by content', async () => {
      const cases = [
        ['png', png(300, 200), 'image/png', 'ภาพทดสอบ.png', { kind: 'image', width: 300, height: 200 }],
        ['jpg', jpeg(), 'image/jpeg', 'small.jpg', { kind: 'image', width: 8, height: 8 }],
        ['pdf', PDF, 'application/pdf', 'doc.pdf', { kind: 'pdf', width: null }],
        ['mp4', MP4, 'video/mp4', 'clip.mp4', { kind: 'video', width: null }],
      ];
      for (const [ext, body, type, name, want] of cases) {
        const r = await upload(editor, body, type, name);
        assert.equal(r.status, 201, `${ext}: ${r.text}`);
        const item = r.json;
        for (const [k, v] of Object.entries(want)) assert.equal(item[k], v, `${ext}.${k}`);
        assert.equal(item.mime, type);
        assert.equal(item.bytes, body.length);
        assert.equal(item.originalName, name);
        const hash = createHash('sha256').update(body).digest('hex');
        assert.equal(item.hash, hash);
        assert.equal(item.url, `/media/${hash}.${ext}`);
        const onDisk = path.join(server.tmp, 'data', 'media', hash.slice(0, 2), hash.slice(2, 4), `${hash}.${ext}`);
        assert.ok(fs.existsSync(onDisk), onDisk);
        uploaded[ext] = item;
      }
    });

    it('the same bytes twice: one file, one row, the existing item', async () => {
      const r = await upload(editor, png(300, 200), 'image/png', 'again.png');
      assert.equal(r.status, 200, r.text);
      assert.equal(r.json.id, uploaded.png.id);
      // The editor's images (the demo seed's generated covers have no uploader).
      const list = await editor.get(`/api/admin/medias?kind=image&uploadedBy=${uploaded.png.uploadedBy}`);
      assert.equal(list.json.total, 2);
      const dir = path.join(server.tmp, 'data', 'media', uploaded.png.hash.slice(0, 2), uploaded.png.hash.slice(2, 4));
      assert.deepEqual(fs.readdirSync(dir), [`${uploaded.png.hash}.png`]);
    });

    it('a file that lies about its type → 415', async () => {
      assertEnvelope(await upload(editor, png(4, 4), 'image/jpeg'), 415, 'UNSUPPORTED_MEDIA_TYPE');
      assertEnvelope(await upload(editor, Buffer.from('<html><script>x</script></html>'), 'image/png'), 415, 'UNSUPPORTED_MEDIA_TYPE');
      assertEnvelope(await upload(editor, PDF, 'video/mp4'), 415);
      assertEnvelope(await upload(editor, Buffer.from('just text'), 'text/plain'), 415);
      // PNG signature but not an image libvips can read
      assertEnvelope(await upload(editor, Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(40)]), 'image/png'), 415);
    });

    it('oversized files → 413 (images 15 MiB)', async () => {
      const big = Buffer.alloc(15 * 1024 * 1024 + 1);
      png(2, 2).copy(big);
      assertEnvelope(await upload(editor, big, 'image/png'), 413, 'PAYLOAD_TOO_LARGE');
      const pdf = Buffer.alloc(50 * 1024 * 1024 + 1);
      PDF.copy(pdf);
      assertEnvelope(await upload(editor, pdf, 'application/pdf'), 413, 'PAYLOAD_TOO_LARGE');
    });

    it('roles and CSRF: staff 403, no header 403', async () => {
      assertEnvelope(await upload(staff, png(3, 3), 'image/png'), 403, 'FORBIDDEN');
      const r = await rawRequest(server.origin, { method: 'POST', path: '/api/admin/media', headers: { cookie: editor.jar.header(), 'content-type': 'image/png' }, body: png(3, 3) });
      assertEnvelope(r, 403, 'CSRF_FAILED');
    });

    it('the library is a resource: search, edit, audit', async () => {
      let r = await editor.get(`/api/admin/medias?q=${encodeURIComponent('ภาพทดสอบ')}`);
      assert.equal(r.json.total, 1);
      r = await send(editor, 'PATCH', `/api/admin/medias/${uploaded.pdf.id}`, { alt: 'คู่มือ', version: 1 });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.json.alt, 'คู่มือ');
      assertEnvelope(await send(editor, 'POST', '/api/admin/medias', { alt: 'x' }), 405);
    });
  });

  describe('serving /media', () => {
    it('serves the bytes with type, ETag and immutable caching', async () => {
      const r = await get(uploaded.png.url);
      assert.equal(r.status, 200);
      assert.ok(r.body.equals(png(300, 200)));
      assert.equal(r.headers['content-type'], 'image/png');
      assert.equal(r.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(r.headers.etag, `"${uploaded.png.hash}"`);
      assert.equal(r.headers['accept-ranges'], 'bytes');
      const again = await get(uploaded.png.url, { 'if-none-match': r.headers.etag });
      assert.equal(again.status, 304);
      assert.equal((await get(uploaded.mp4.url)).headers['content-type'], 'video/mp4');
      assert.equal((await get(uploaded.pdf.url)).headers['content-type'], 'application/pdf');
    });

    it('ranges: 206 with Content-Range, 416 when unsatisfiable', async () => {
      let r = await get(uploaded.mp4.url, { range: 'bytes=4-11' });
      assert.equal(r.status, 206);
      assert.equal(r.body.toString(), 'ftypisom');
      assert.equal(r.headers['content-range'], `bytes 4-11/${MP4.length}`);
      r = await get(uploaded.mp4.url, { range: 'bytes=-4' });
      assert.equal(r.status, 206);
      assert.equal(r.body.toString(), 'moov');
      r = await get(uploaded.mp4.url, { range: 'bytes=24-' });
      assert.equal(r.body.length, 8);
      r = await get(uploaded.mp4.url, { range: `bytes=${MP4.length}-` });
      assert.equal(r.status, 416);
      assert.equal(r.headers['content-range'], `bytes */${MP4.length}`);
    });

    it('HEAD gives the headers and length without a body', async () => {
      const r = await rawRequest(server.origin, { method: 'HEAD', path: uploaded.pdf.url });
      assert.equal(r.status, 200);
      assert.equal(Number(r.headers['content-length']), PDF.length);
      assert.equal(r.body.length, 0);
    });

    it('unknown or malformed names → 404', async () => {
      assert.equal((await get(`/media/${'0'.repeat(64)}.png`)).status, 404);
      assert.equal((await get('/media/../../etc/passwd')).status, 404);
      assert.equal((await get(`/media/${uploaded.png.hash}.exe`)).status, 404);
    });
  });

  describe('/_image', () => {
    const img = (url, w, extra = '', headers = {}) =>
      get(`/_image?url=${encodeURIComponent(url)}&w=${w}${extra}`, headers);

    it('every allowed width; never upscaled; source format without Accept', async () => {
      for (const w of WIDTHS) {
        const r = await img(uploaded.png.url, w);
        assert.equal(r.status, 200, `w=${w}: ${r.text}`);
        assert.ok(isPng(r.body), `w=${w} is not PNG`);
        assert.equal(pngWidth(r.body), Math.min(w, 300), `w=${w}`);
        assert.equal(r.headers['cache-control'], 'public, max-age=31536000, immutable');
        assert.equal(r.headers.vary, 'Accept');
      }
    });

    it('AVIF when accepted, else WebP, else the source format', async () => {
      const avif = await img(uploaded.png.url, 128, '&q=50', { accept: 'image/avif,image/webp,*/*' });
      assert.equal(avif.status, 200, avif.text);
      if (avif.headers['content-type'] === 'image/avif') assert.ok(isAvif(avif.body), 'AVIF magic');
      else assert.ok(isWebp(avif.body), 'AVIF unavailable in this libvips: WebP expected');
      const webp = await img(uploaded.png.url, 128, '', { accept: 'image/webp,*/*' });
      assert.equal(webp.headers['content-type'], 'image/webp');
      assert.ok(isWebp(webp.body));
      const plain = await img(uploaded.png.url, 128, '', { accept: 'image/*' });
      assert.equal(plain.headers['content-type'], 'image/png');
      assert.ok(isPng(plain.body));
      const jpg = await img(uploaded.jpg.url, 16);
      assert.equal(jpg.status, 200, jpg.text);
      assert.equal(jpg.headers['content-type'], 'image/jpeg');
      assert.ok(isJpeg(jpg.body));
      assert.ok(isWebp((await img(uploaded.jpg.url, 16, '', { accept: 'image/webp' })).body));
    });

    it('the second request is a cache hit; If-None-Match → 304', async () => {
      const a = await img(uploaded.png.url, 64, '&q=40');
      const b = await img(uploaded.png.url, 64, '&q=40');
      assert.equal(a.headers['x-image-cache'], 'miss');
      assert.equal(b.headers['x-image-cache'], 'hit');
      assert.ok(a.body.equals(b.body));
      assert.equal((await img(uploaded.png.url, 64, '&q=40', { 'if-none-match': a.headers.etag })).status, 304);
      const cacheDir = path.join(server.tmp, 'data', 'cache', 'images');
      assert.ok(fs.existsSync(cacheDir));
    });

    it('concurrent requests for one uncached variant compute it once', async () => {
      const rs = await Promise.all(Array.from({ length: 8 }, () => img(uploaded.png.url, 256, '&q=33', { accept: 'image/webp' })));
      assert.ok(rs.every((r) => r.status === 200));
      assert.equal(rs.filter((r) => r.headers['x-image-cache'] === 'miss').length, 1);
      assert.ok(rs.every((r) => r.body.equals(rs[0].body)));
    });

    it('a staff photo\'s phone sizes are rendered ahead, before anyone asks (issue 29)', async () => {
      const body = png(1300, 975, 77);
      const r = await postPhoto(server, staff, body);
      assert.equal(r.status, 201, r.text);
      const { url } = r.json.photo;
      assert.deepEqual(await renderedWidths(server, url), PHONE_WIDTHS, 'each phone width, nothing else');
      // The phone's first request for one is a cache hit.
      const first = await img(url, 750, '&q=75', { accept: 'image/avif,image/webp,*/*' });
      assert.equal(first.status, 200, first.text);
      assert.equal(first.headers['x-image-cache'], 'hit');
    });

    it('refuses other widths, qualities, remote and non-image urls; 404 for a missing file', async () => {
      for (const w of ['100', '0', '3841', 'abc', ''])
        assertEnvelope(await img(uploaded.png.url, w), 400, 'BAD_REQUEST');
      assertEnvelope(await img(uploaded.png.url, 64, '&q=0'), 400);
      assertEnvelope(await img(uploaded.png.url, 64, '&q=101'), 400);
      for (const url of ['https://example.com/a.png', '//example.com/a.png', '/etc/passwd', uploaded.pdf.url,
        uploaded.mp4.url, `/media/../${uploaded.png.hash}.png`])
        assertEnvelope(await img(url, 64), 400, 'BAD_REQUEST');
      assertEnvelope(await img(`/media/${'a'.repeat(64)}.png`, 64), 404, 'NOT_FOUND');
    });
  });

  describe('galleries', () => {
    let gallery;
    it('editors build a gallery; staff see it only when published', async () => {
      let r = await send(editor, 'POST', '/api/admin/galleries', { title: 'งานเปิดสาขา', cover: uploaded.png.id });
      assert.equal(r.status, 201, r.text);
      gallery = r.json;
      assert.equal(gallery.status, 'draft');
      for (const [i, m] of [[1, uploaded.jpg], [0, uploaded.png]]) {
        r = await send(editor, 'POST', '/api/admin/gallery-items', { gallery: gallery.id, media: m.id, position: i, caption: `ภาพ ${i}` });
        assert.equal(r.status, 201, r.text);
      }
      assert.deepEqual((await staff.get('/api/galleries')).json, { items: [] });
      assertEnvelope(await staff.get(`/api/galleries/${gallery.id}`), 404);
      r = await send(editor, 'PATCH', `/api/admin/galleries/${gallery.id}`, { status: 'published', version: gallery.version });
      assert.equal(r.status, 200, r.text);
      r = await staff.get('/api/galleries');
      assert.equal(r.json.items.length, 1);
      assert.equal(r.json.items[0].itemCount, 2);
      assert.equal(r.json.items[0].cover.url, uploaded.png.url);
      r = await staff.get(`/api/galleries/${gallery.id}`);
      assert.equal(r.status, 200);
      assert.deepEqual(r.json.gallery.items.map((i) => [i.position, i.media.url]), [[0, uploaded.png.url], [1, uploaded.jpg.url]]);
      assertEnvelope(await server.client().get('/api/galleries'), 401);
    });

    it('galleries are published like every area: a window, archiving, and the staff gate on both', async () => {
      let r = await send(editor, 'POST', '/api/admin/galleries', { title: 'อัลบั้มช่วงเวลา', status: 'published' });
      assert.equal(r.status, 201, r.text);
      let album = r.json;
      const listed = async () => (await staff.get('/api/galleries')).json.items.map((g) => g.id);
      assert.ok((await listed()).includes(album.id));
      // Ended: gone from the list and the page, like any area outside its window.
      r = await send(editor, 'PATCH', `/api/admin/galleries/${album.id}`, {
        startAt: new Date(Date.now() - 7200000).toISOString(), endAt: new Date(Date.now() - 3600000).toISOString(), version: album.version,
      });
      assert.equal(r.status, 200, r.text);
      album = r.json;
      assert.ok(!(await listed()).includes(album.id));
      assertEnvelope(await staff.get(`/api/galleries/${album.id}`), 404);
      // The kit's window rule: the end after the start.
      r = await send(editor, 'PATCH', `/api/admin/galleries/${album.id}`, { endAt: new Date(Date.now() - 9000000).toISOString(), version: album.version });
      assert.equal(r.status, 422, r.text);
      assert.equal(r.json.error.fieldCodes.endAt.code, 'AFTER_START');
      r = await send(editor, 'PATCH', `/api/admin/galleries/${album.id}`, { startAt: null, endAt: null, version: album.version });
      assert.equal(r.status, 200, r.text);
      assert.ok((await listed()).includes(album.id));
      // Archived through the kit's action: hidden again.
      r = await send(editor, 'POST', `/api/admin/galleries/${album.id}/archive`, {});
      assert.equal(r.status, 200, r.text);
      assert.ok(!(await listed()).includes(album.id));
      r = await send(editor, 'DELETE', `/api/admin/galleries/${album.id}`);
      assert.equal(r.status, 204, r.text);
    });

    it('media in use cannot be deleted; unused media is deleted with its file', async () => {
      assertEnvelope(await send(editor, 'DELETE', `/api/admin/medias/${uploaded.jpg.id}`), 409, 'CONFLICT');
      const r = await send(editor, 'DELETE', `/api/admin/medias/${uploaded.mp4.id}`);
      assert.equal(r.status, 204);
      assert.equal((await get(uploaded.mp4.url)).status, 404);
    });
  });
});
