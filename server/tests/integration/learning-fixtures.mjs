// Shared by the learning test files: writes with the CSRF header, media uploads made from bytes, and a
// place to create learning items through the back office.
import assert from 'node:assert/strict';
import { rawRequest } from './harness.mjs';

export const send = (c, method, p, json, headers = {}) =>
  c.request(method, p, { json, headers: { 'x-csrf-token': c.csrfToken, ...headers } });

export { png } from './png.mjs';
export const pdf = (n = 0) =>
  Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${n}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);
export const mp4 = (n = 0) =>
  Buffer.concat([
    Buffer.from('00000018', 'hex'), Buffer.from('ftypisom'), Buffer.from('00000200', 'hex'), Buffer.from('isommp41'),
    Buffer.from('00000008', 'hex'), Buffer.from('moov'), Buffer.from(`free${n}`),
  ]);
/** An MP4 whose movie header (moov/mvhd, version 0, timescale 1000) states a length of `ms`. */
export const mp4Lasting = (ms, n = 0) => {
  const u32 = (v) => { const b = Buffer.alloc(4); b.writeUInt32BE(v); return b; };
  const box = (type, ...parts) => { const body = Buffer.concat(parts); return Buffer.concat([u32(body.length + 8), Buffer.from(type), body]); };
  // version+flags, creation, modification, timescale, duration, then rate/volume/matrix… (unused here).
  const mvhd = box('mvhd', u32(0), u32(0), u32(0), u32(1000), u32(ms), Buffer.alloc(80));
  return Buffer.concat([box('ftyp', Buffer.from('isom'), u32(0x200), Buffer.from('isommp41')), box('moov', mvhd), box('free', Buffer.from(`n${n}`))]);
};

/** Uploads bytes to the media library; returns the media item. */
export async function upload(server, c, body, type, name = 'file.bin') {
  const r = await rawRequest(server.origin, {
    method: 'POST',
    path: '/api/admin/media',
    headers: { cookie: c.jar.header(), 'x-csrf-token': c.csrfToken, 'content-type': type, 'x-filename': name, 'content-length': body.length },
    body,
  });
  assert.ok(r.status === 201 || r.status === 200, `upload ${name}: ${r.status} ${r.text}`);
  return r.json;
}

/** Creates an item through /api/admin/:resource and returns it (asserts 201). */
export async function create(c, resource, body) {
  const r = await send(c, 'POST', `/api/admin/${resource}`, body);
  assert.equal(r.status, 201, `create ${resource}: ${r.status} ${r.text}`);
  return r.json;
}

export const iso = (msFromNow) => new Date(Date.now() + msFromNow).toISOString();
export const HOUR = 3600_000;

// A published event (or, with area 'socialclub', a social activity) two days from now, at an address.
export const publishedEvent = (editor, area = 'events', over = {}) =>
  create(editor, area, {
    title: `อีเว้นท์ ${Math.random().toString(36).slice(2, 6)}`,
    startsAt: iso(48 * HOUR),
    endsAt: iso(50 * HOUR),
    placeKind: 'address',
    address: 'ห้องประชุมใหญ่ ชั้น 3',
    status: 'published',
    ...over,
  });

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Completes a lesson the way a reader's app does (docs/LEARNING.md "Lesson completion"): opens it (the
 * server stamps the open), sees every picture or page (PDFs: `pages`, default 1), leaves for the link, then
 * reports the end, waiting while the server answers 422 TOO_EARLY (the harness's reading clock is short).
 * Returns the last progress answer ({status, json}).
 */
export async function learnLesson(c, content, { pages = 1, tries = 60 } = {}) {
  const base = `/api/contents/${content.id}`;
  const opened = await send(c, 'POST', `${base}/open`, {});
  assert.equal(opened.status, 200, `open ${content.id}: ${opened.text}`);
  const kind = content.kind ?? 'article';
  const body = { percent: 100 };
  if (kind === 'images') body.seen = Array.from({ length: (content.images ?? []).length || 20 }, (_, i) => i);
  if (kind === 'pdf') Object.assign(body, { seen: Array.from({ length: pages }, (_, i) => i + 1), pages, position: pages });
  if (kind === 'link') assert.equal((await send(c, 'POST', `${base}/progress`, { linkOpened: true })).status, 200);
  for (let i = 0; ; i++) {
    const r = await send(c, 'POST', `${base}/progress`, body);
    if (r.status !== 422 || r.json?.error?.code !== 'TOO_EARLY' || i >= tries) return r;
    await sleep(100);
  }
}

/** An article opened once, then `n` racing "read to the end" reports once its reading time has passed. */
export async function learnTogether(c, content, n) {
  const opened = await send(c, 'POST', `/api/contents/${content.id}/open`, {});
  assert.equal(opened.status, 200, opened.text);
  await sleep(opened.json.progress.readyInSeconds * 1000 + 100);
  return Promise.all(Array.from({ length: n }, () => send(c, 'POST', `/api/contents/${content.id}/progress`, { percent: 100 })));
}
