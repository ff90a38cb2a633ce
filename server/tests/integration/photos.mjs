// POST /api/media/photos as a signed-in person (a story's or a contest entry's photo): the raw response, so a
// test can check a refusal as well as the photo ({photo: {id, url, ...}} with 201).
import fs from 'node:fs';
import path from 'node:path';
import { rawRequest } from './harness.mjs';

export const postPhoto = (server, client, body, type = 'image/png') =>
  rawRequest(server.origin, {
    method: 'POST',
    path: '/api/media/photos',
    headers: { cookie: client.jar.header(), 'x-csrf-token': client.csrfToken, 'content-type': type, 'content-length': body.length },
    body,
  });

/** The widths media::render_ahead renders a photo in (its phone sizes). */
export const PHONE_WIDTHS = [640, 750, 828, 1080, 1200];

/**
 * The widths of the /_image variants of the library photo `url` in the server's cache (DATA_DIR/cache/images),
 * one per file, sorted; waits up to 10 s for `count` of them (they are rendered in the background).
 */
export async function renderedWidths(server, url, count = PHONE_WIDTHS.length) {
  const hash = url.match(/[0-9a-f]{64}/)[0];
  const dir = path.join(server.tmp, 'data', 'cache', 'images', hash.slice(0, 2));
  const widths = () =>
    (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
      .filter((f) => f.startsWith(`${hash}-`) && !f.includes('.tmp-'))
      .map((f) => Number(f.split('-')[1]))
      .sort((a, b) => a - b);
  for (let i = 0; i < 200 && widths().length < count; i++) await new Promise((done) => setTimeout(done, 50));
  return widths();
}
