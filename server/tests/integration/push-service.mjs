// A stand-in push service for the tests (RFC 8030 as the browsers' services speak it): plain HTTP on
// loopback, which the server calls only because the test lists its origin in PUSH_SERVICES. Each push is
// checked the way a real service and browser would: the VAPID JWT (RFC 8292, ES256 with the key of
// GET /api/push/key, aud = this origin, exp within 24 h, sub mailto:/https:) and the aes128gcm body,
// decrypted with the npm http_ece library (RFC 8188/8291) and the subscriber's private key.
import http from 'node:http';
import { createECDH, randomBytes } from 'node:crypto';
import ece from 'http_ece';
import assert from 'node:assert/strict';
import { compactVerify, importJWK } from 'jose';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';
import { send } from './learning-fixtures.mjs';

/** A browser's subscription: its key pair and auth secret, and the endpoint on `service`. */
export function makeSubscriber(service, name = randomBytes(6).toString('hex')) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    name,
    ecdh,
    json: {
      endpoint: `${service.origin}/push/${name}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

/** Verifies an Authorization header; returns the JWT's claims. Throws on anything wrong. */
export async function verifyVapid(header, publicKey, origin) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a VAPID header: ${header}`);
  if (m[2] !== publicKey) throw new Error('k is not the server key');
  const point = Buffer.from(publicKey, 'base64url');
  const key = await importJWK(
    { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    'ES256',
  );
  const { payload, protectedHeader } = await compactVerify(m[1], key);
  if (protectedHeader.alg !== 'ES256') throw new Error(`alg ${protectedHeader.alg}`);
  const claims = JSON.parse(Buffer.from(payload).toString('utf8'));
  const now = Date.now() / 1000;
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`exp ${claims.exp}`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return claims;
}

/**
 * Starts the service. `answers[name]` is a list of {status, headers} to answer that endpoint's next pushes
 * with (then 201). Every push is recorded in `received`: {name, headers, status, claims, payload}, or
 * {name, error} when a check failed (the push is answered 400 then).
 */
export async function startPushService() {
  const service = { received: [], answers: {}, subscribers: new Map(), publicKey: null, waiters: [], count: 0, verifyEvery: 1 };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const name = req.url.replace(/^\/push\//, '');
      const body = Buffer.concat(chunks);
      const entry = { name, headers: req.headers, at: Date.now() };
      try {
        if (req.method !== 'POST') throw new Error(`method ${req.method}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('content-encoding');
        if (!/^\d+$/.test(req.headers.ttl ?? '')) throw new Error('TTL');
        // The bench checks every n-th push (verifyEvery), to leave the CPU to the server it measures.
        if (++service.count % service.verifyEvery === 0) {
          entry.claims = await verifyVapid(req.headers.authorization, service.publicKey, service.origin);
          const sub = service.subscribers.get(name);
          if (!sub) throw new Error(`unknown subscriber ${name}`);
          const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.json.keys.auth });
          entry.payload = JSON.parse(plain.toString('utf8'));
        } else if (body.length < 86 + 17 || !req.headers.authorization?.startsWith('vapid t=')) throw new Error('not a push');
        const next = service.answers[name]?.shift() ?? { status: 201 };
        entry.status = next.status;
        res.writeHead(next.status, next.headers ?? {});
      } catch (e) {
        entry.error = e.message;
        res.writeHead(400);
      }
      service.received.push(entry);
      res.end();
      service.waiters = service.waiters.filter((w) => !w());
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.origin = `http://127.0.0.1:${server.address().port}`;
  service.subscriber = (name) => {
    const s = makeSubscriber(service, name);
    service.subscribers.set(s.name, s);
    return s;
  };
  /** Resolves when `test(received)` is true; rejects after `ms`. */
  service.until = (test, ms = 15000) =>
    new Promise((resolve, reject) => {
      if (test(service.received)) return resolve(service.received);
      const timer = setTimeout(() => reject(new Error(`push service: condition not met in ${ms} ms`)), ms);
      service.waiters.push(() => {
        if (!test(service.received)) return false;
        clearTimeout(timer);
        resolve(service.received);
        return true;
      });
    });
  service.close = () => new Promise((resolve) => server.close(resolve));
  return service;
}

/** `n` people of their own (crowd.mjs, store BKK01), in `locale`, each with one device subscribed on `service`. */
export async function subscribedPeople(server, service, n, prefix, locale = 'th') {
  const people = await crowd(server, n, { prefix });
  await dbQuery(server, `UPDATE users SET locale = '${locale}' WHERE id IN (${people.map((p) => `'${p.id}'`).join(', ')})`);
  for (const p of people) {
    p.sub = service.subscriber();
    const r = await send(p.client, 'POST', '/api/push/subscriptions', p.sub.json);
    assert.equal(r.status, 201, r.text);
  }
  return people;
}
