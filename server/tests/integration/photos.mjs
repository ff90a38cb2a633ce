// POST /api/media/photos as a signed-in person (a story's or a contest entry's photo): the raw response, so a
// test can check a refusal as well as the photo ({photo: {id, url, ...}} with 201).
import { rawRequest } from './harness.mjs';

export const postPhoto = (server, client, body, type = 'image/png') =>
  rawRequest(server.origin, {
    method: 'POST',
    path: '/api/media/photos',
    headers: { cookie: client.jar.header(), 'x-csrf-token': client.csrfToken, 'content-type': type, 'content-length': body.length },
    body,
  });
