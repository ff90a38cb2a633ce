// Shared by the learning test files: writes with the CSRF header, media uploads made from bytes, and a
// place to create learning items through the back office.
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { rawRequest } from './harness.mjs';

export const send = (c, method, p, json, headers = {}) =>
  c.request(method, p, { json, headers: { 'x-csrf-token': c.csrfToken, ...headers } });

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
export function png(width, height, seed = 0) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw[y * (width * 3 + 1) + 1 + x * 3] = (x + seed) & 255;
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
export const pdf = (n = 0) =>
  Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${n}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);
export const mp4 = (n = 0) =>
  Buffer.concat([
    Buffer.from('00000018', 'hex'), Buffer.from('ftypisom'), Buffer.from('00000200', 'hex'), Buffer.from('isommp41'),
    Buffer.from('00000008', 'hex'), Buffer.from('moov'), Buffer.from(`free${n}`),
  ]);

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
