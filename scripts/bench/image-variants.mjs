// /_image benchmark: uploads a generated 3000x2000 PNG to the media library, then measures
// (1) cold variants: time to compute each of w=640/1080/1920 as the source format, WebP and AVIF;
// (2) a stampede: 64 concurrent requests for one uncached variant (one computes, the rest share);
// (3) cached hits: requests/s and p99 for one variant already on disk;
// (4) API latency under resizing: a back-office list (GET /api/admin/stores, a database read) one request
//     after another, alone and then while 12 cold AVIF variants are computed at once (resizes must not hold
//     up the DB workers that answer it).
// Usage: node image-variants.mjs ORIGIN COOKIE CSRF
import { encodePng } from '../lib/png.mjs';

const [origin, cookie, csrf] = process.argv.slice(2);

// A smooth, photo-like pattern (gradients and waves) so encoders have real work to do.
const clamp = (v) => Math.max(0, Math.min(255, Math.round(v)));
const png = (width, height) =>
  encodePng(width, height, (x, y) => [
    clamp((x * 255) / width + 30 * Math.sin(y / 37)),
    clamp((y * 255) / height + 30 * Math.sin(x / 53)),
    clamp(128 + 100 * Math.sin((x + y) / 91)),
  ]);

const source = png(3000, 2000);
const up = await fetch(`${origin}/api/admin/media`, {
  method: 'POST',
  headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'image/png', 'x-filename': 'bench-3000x2000.png' },
  body: source,
});
if (up.status !== 201 && up.status !== 200) throw new Error(`upload failed: ${up.status} ${await up.text()}`);
const { url } = await up.json();

const accepts = { source: '*/*', webp: 'image/webp,*/*', avif: 'image/avif,image/webp,*/*' };
const get = async (w, q, format) => {
  const t0 = performance.now();
  const r = await fetch(`${origin}/_image?url=${encodeURIComponent(url)}&w=${w}&q=${q}`, {
    headers: { accept: accepts[format] },
  });
  const body = Buffer.from(await r.arrayBuffer());
  return { ms: performance.now() - t0, status: r.status, cache: r.headers.get('x-image-cache'), bytes: body.length };
};

const cold = [];
for (const w of [640, 1080, 1920])
  for (const format of ['source', 'webp', 'avif']) {
    const r = await get(w, 75, format);
    cold.push({ w, format, ms: +r.ms.toFixed(0), kib: +(r.bytes / 1024).toFixed(0), cache: r.cache, status: r.status });
  }

const stampede = await Promise.all(Array.from({ length: 64 }, () => get(1200, 60, 'webp')));
const waits = stampede.map((s) => s.ms).sort((a, b) => a - b);
const caches = stampede.reduce((m, s) => ((m[s.cache] = (m[s.cache] ?? 0) + 1), m), {});

const hits = [];
const until = Date.now() + 5000;
await Promise.all(
  Array.from({ length: 16 }, async () => {
    while (Date.now() < until) hits.push((await get(640, 75, 'webp')).ms);
  }),
);
hits.sort((a, b) => a - b);

const listStores = async () => {
  const t0 = performance.now();
  const r = await fetch(`${origin}/api/admin/stores?pageSize=20`, { headers: { cookie } });
  await r.arrayBuffer();
  if (r.status !== 200) throw new Error(`stores list: ${r.status}`);
  return performance.now() - t0;
};
const sessionsWhile = async (busy) => {
  const times = [];
  let done = false;
  const loop = (async () => {
    while (!done) times.push(await listStores());
  })();
  await busy;
  done = true;
  await loop;
  times.sort((a, b) => a - b);
  return { requests: times.length, p50Ms: +times[Math.floor(times.length / 2)].toFixed(1), p99Ms: +times[Math.floor(times.length * 0.99)].toFixed(1) };
};
const alone = await sessionsWhile(new Promise((r) => setTimeout(r, 2000)));
const resizeStart = performance.now();
const during = await sessionsWhile(Promise.all(Array.from({ length: 12 }, (_, i) => get(1000 + i * 80, 60, 'avif'))));
const resizeMs = +(performance.now() - resizeStart).toFixed(0);
console.log(
  JSON.stringify({
    sourceKiB: +(source.length / 1024).toFixed(0),
    cold,
    stampede: { requests: 64, caches, p99Ms: +waits[Math.floor(waits.length * 0.99)].toFixed(0) },
    cachedWebp640: { requestsPerSecond: Math.round(hits.length / 5), p99Ms: +hits[Math.floor(hits.length * 0.99)].toFixed(1) },
    apiListAlone: alone,
    apiListDuring12ColdAvif: { ...during, resizeMs },
  }),
);
