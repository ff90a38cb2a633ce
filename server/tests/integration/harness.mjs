// Integration test harness: starts a real `shopfloor` process per test file (or per describe block) on a
// fresh database, and gives the tests a small HTTP client with a cookie jar. Node built-ins only.
//
// Database: a SQLite file in a fresh temp DATA_DIR, or, when TEST_DATABASE_URL (postgres://...) is set,
// a fresh database created on that cluster and dropped afterwards.
// Binary: $SHOPFLOOR_BIN, default build/server/shopfloor from the repository root.

import { spawn, execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../..');
export const BIN = path.resolve(repoRoot, process.env.SHOPFLOOR_BIN || 'build/server/shopfloor');
export const AUTH_SECRET = 'integration-test-secret-0123456789abcdef0123456789abcdef';
export const DEMO_PASSWORD = 'Demo#2026';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const sha256hex = (s) => createHash('sha256').update(s).digest('hex');

const READY_TIMEOUT_MS = 20_000;
const KILL_GRACE_MS = 5_000;

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function run(cmd, args, opts) {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { ...opts, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      if (err) {
        err.message = `${cmd} ${args.join(' ')} failed (${err.code ?? err.signal}):\n${stderr}${stdout}`;
        reject(err);
      } else resolve({ stdout, stderr });
    });
  });
}

// psql against the admin URL given in TEST_DATABASE_URL.
async function psql(adminUrl, sql) {
  await run('psql', [adminUrl, '-v', 'ON_ERROR_STOP=1', '-qAt', '-c', sql], { env: process.env });
}

async function createPostgresDatabase(adminUrl) {
  const name = `sf_it_${process.pid}_${randomBytes(4).toString('hex')}`;
  await psql(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => psql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * Starts a server. Options:
 *  env:   extra environment (e.g. { SESSION_MAX_AGE: '2' })
 *  webDir: a folder served as WEB_DIR (default: an empty folder in the temp dir)
 *  users: [{identifier, password, name, email?, role?, store?, status?}] created with `shopfloor user create`
 *         after the seed and before serve
 *  port:  the port to listen on (default: a free one), for a test that must name the server's address
 *         before it starts (an identity provider's redirect URI)
 *  seed:  the seed's arguments (default the demo without its company's history)
 */
export async function startServer({
  env = {},
  webDir,
  users = [],
  port: fixedPort,
  seed = ['--demo', '--no-history'],
} = {}) {
  if (!fs.existsSync(BIN)) {
    throw new Error(`server binary not found at ${BIN}: build it first (make build) or set SHOPFLOOR_BIN`);
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shopfloor-it-'));
  fs.mkdirSync(path.join(tmp, 'data'));
  const emptyWeb = path.join(tmp, 'web');
  fs.mkdirSync(emptyWeb);

  let db = null;
  let databaseUrl = 'sqlite://./data/shopfloor.db';
  const pgAdmin = process.env.TEST_DATABASE_URL;
  if (pgAdmin && /^postgres(ql)?:\/\//.test(pgAdmin)) {
    db = await createPostgresDatabase(pgAdmin);
    databaseUrl = db.url;
  }

  const port = fixedPort ?? (await freePort());
  const serverEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: './data',
    WEB_DIR: webDir || emptyWeb,
    AUTH_SECRET,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL || 'info',
    // A short reading clock (1 % of a lesson's reading time: 0.2 s for a short text): tests complete lessons
    // the way a reader does (open, see, wait, reach the end: learnLesson in learning-fixtures.mjs) without
    // waiting minutes. lesson-completion.test.mjs sets its own share and checks the clock.
    LESSON_TIME_PERCENT: '1',
    ...env,
  };
  delete serverEnv.TEST_DATABASE_URL;
  const opts = { cwd: tmp, env: serverEnv };
  const cli = (args) => run(BIN, args, opts);

  const cleanupFiles = async () => {
    if (db) await db.drop().catch((e) => console.error(`could not drop ${db.url}: ${e.message}`));
    if (!process.env.KEEP_TEST_DIRS) fs.rmSync(tmp, { recursive: true, force: true });
  };

  let proc;
  let output = '';
  try {
    await cli(['migrate']);
    // The demo logins and catalogue without the company's history: the tests count every figure by hand.
    await cli(['seed', ...seed]);
    for (const u of users) await cli(userCreateArgs(u));

    proc = spawn(BIN, ['serve'], { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (d) => {
      output += d.toString();
      if (output.length > 1 << 20) output = output.slice(-(1 << 19));
    };
    proc.stdout.on('data', collect);
    proc.stderr.on('data', collect);
    const exited = new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
    proc.exited = exited;

    const origin = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let early = null;
    exited.then((r) => (early = r));
    for (;;) {
      if (early) throw new Error(`server exited early (${early.code ?? early.signal}):\n${output}`);
      try {
        const r = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(1000) });
        if (r.status === 200) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`server not ready after ${READY_TIMEOUT_MS} ms:\n${output}`);
      await sleep(100);
    }

    let stopped = null;
    const server = {
      origin,
      port,
      tmp,
      databaseUrl,
      env: serverEnv,
      proc,
      cli,
      output: () => output,
      /** Stops the server: SIGTERM, then SIGKILL after 5 s. Resolves to {code, signal}. */
      stop() {
        if (stopped) return stopped;
        stopped = (async () => {
          if (proc.exitCode === null && proc.signalCode === null) {
            proc.kill('SIGTERM');
            const timer = setTimeout(() => proc.kill('SIGKILL'), KILL_GRACE_MS);
            const r = await exited;
            clearTimeout(timer);
            await cleanupFiles();
            return r;
          }
          const r = await exited;
          await cleanupFiles();
          return r;
        })();
        return stopped;
      },
      client() {
        return new Client(origin);
      },
    };
    return server;
  } catch (e) {
    if (proc && proc.exitCode === null) proc.kill('SIGKILL');
    await cleanupFiles();
    throw e;
  }
}

export function userCreateArgs({ identifier, password, name, email, role, store, status }) {
  const args = ['user', 'create', '--identifier', identifier, '--password', password, '--name', name];
  if (email) args.push('--email', email);
  if (role) args.push('--role', role);
  if (store) args.push('--store', store);
  if (status) args.push('--status', status);
  return args;
}

/**
 * Registers before()/after() hooks in the current suite that start and stop one server.
 * Returns an object that holds the server's fields once before() has run.
 */
export function useServer(options = {}) {
  const holder = {};
  let server;
  before(async () => {
    server = await startServer(options);
    Object.assign(holder, server);
  });
  after(async () => {
    if (server) await server.stop();
  });
  return holder;
}

/** Clients signed in as these demo people (employee codes), each with its CSRF token. */
export async function signedInClients(server, ...codes) {
  const clients = codes.map(() => server.client());
  for (const [i, code] of codes.entries()) await clients[i].signInOk(code);
  await Promise.all(clients.map((c) => c.csrf()));
  return clients;
}

// ---------------------------------------------------------------------------------------------------------
// Cookies

/** Parses one Set-Cookie header into {name, value, attrs} (attribute names lower-cased). */
export function parseSetCookie(header) {
  const [pair, ...rest] = header.split(';');
  const eq = pair.indexOf('=');
  const cookie = { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attrs: {} };
  for (const part of rest) {
    const i = part.indexOf('=');
    const k = (i < 0 ? part : part.slice(0, i)).trim().toLowerCase();
    cookie.attrs[k] = i < 0 ? true : part.slice(i + 1).trim();
  }
  return cookie;
}

/** True when a Set-Cookie removes the cookie (Max-Age<=0 or Expires in the past). */
export function isDeletion(c) {
  if (c.attrs['max-age'] !== undefined && Number(c.attrs['max-age']) <= 0) return true;
  if (c.attrs.expires && Date.parse(c.attrs.expires) <= Date.now()) return true;
  return false;
}

export class CookieJar {
  constructor() {
    this.cookies = new Map(); // name -> {name, value, attrs}
  }
  /** Takes the Set-Cookie headers of a fetch Response (or an array of strings); returns them parsed. */
  update(from) {
    const list = Array.isArray(from) ? from : from.headers.getSetCookie();
    const parsed = list.map(parseSetCookie);
    for (const c of parsed) {
      if (isDeletion(c)) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c);
    }
    return parsed;
  }
  get(name) {
    return this.cookies.get(name)?.value;
  }
  entry(name) {
    return this.cookies.get(name);
  }
  set(name, value) {
    this.cookies.set(name, { name, value, attrs: {} });
  }
  delete(name) {
    this.cookies.delete(name);
  }
  header() {
    return [...this.cookies.values()].map((c) => `${c.name}=${c.value}`).join('; ');
  }
  clone() {
    const j = new CookieJar();
    for (const [k, v] of this.cookies) j.cookies.set(k, { ...v, attrs: { ...v.attrs } });
    return j;
  }
}

export const SESSION_COOKIE = 'next-auth.session-token';
export const CSRF_COOKIE = 'next-auth.csrf-token';
export const CALLBACK_COOKIE = 'next-auth.callback-url';

// ---------------------------------------------------------------------------------------------------------
// HTTP client with a cookie jar (global fetch, redirect: 'manual')

export class Client {
  constructor(origin, jar = new CookieJar()) {
    this.origin = origin;
    this.jar = jar;
    this.csrfToken = null;
  }

  /** fetch with the jar; returns {status, headers, text, json, setCookies, res}. */
  async request(method, p, { body, json, form, headers = {}, jar = true } = {}) {
    const h = { ...headers };
    if (jar && this.jar.cookies.size && !h.cookie) h.cookie = this.jar.header();
    let payload = body;
    if (json !== undefined) {
      payload = JSON.stringify(json);
      h['content-type'] ??= 'application/json';
    } else if (form !== undefined) {
      payload = new URLSearchParams(form).toString();
      h['content-type'] ??= 'application/x-www-form-urlencoded';
    }
    const res = await fetch(this.origin + p, { method, headers: h, body: payload, redirect: 'manual' });
    const setCookies = jar ? this.jar.update(res) : res.headers.getSetCookie().map(parseSetCookie);
    // The server renews the CSRF cookie at sign-in; follow it as the web app does.
    const csrfCookie = jar && setCookies.find((x) => x.name === CSRF_COOKIE && x.value);
    if (csrfCookie) this.csrfToken = decodeURIComponent(csrfCookie.value).split('|')[0];
    const text = await res.text();
    let parsed;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, text, json: parsed, setCookies, res };
  }

  get(p, opts) {
    return this.request('GET', p, opts);
  }
  post(p, opts) {
    return this.request('POST', p, opts);
  }
  patch(p, opts) {
    return this.request('PATCH', p, opts);
  }

  async csrf() {
    const r = await this.get('/api/auth/csrf');
    assert.equal(r.status, 200, `GET /api/auth/csrf: ${r.status} ${r.text}`);
    this.csrfToken = r.json.csrfToken;
    return this.csrfToken;
  }

  /** Signs in through callback/credentials with json=true; returns the raw answer. */
  async signIn(identifier, password = DEMO_PASSWORD, { callbackUrl, endpoint = 'callback/credentials' } = {}) {
    const csrfToken = this.csrfToken || (await this.csrf());
    return this.post(`/api/auth/${endpoint}`, {
      form: { csrfToken, callbackUrl: callbackUrl ?? `${this.origin}/main`, json: 'true', identifier, password },
    });
  }

  /** Signs in and asserts success. */
  async signInOk(identifier, password = DEMO_PASSWORD) {
    const r = await this.signIn(identifier, password);
    assert.equal(r.status, 200, `sign-in as ${identifier}: ${r.status} ${r.text}`);
    assert.ok(this.jar.get(SESSION_COOKIE), `sign-in as ${identifier} set no ${SESSION_COOKIE} cookie`);
    return r;
  }

  async session() {
    const r = await this.get('/api/auth/session');
    assert.equal(r.status, 200, `GET /api/auth/session: ${r.status} ${r.text}`);
    return r.json;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Raw HTTP (node:http): no automatic Accept-Encoding or decompression, and a choosable local address.

/** Returns {status, headers, body: Buffer, text, json}. */
export function rawRequest(origin, { method = 'GET', path: p = '/', headers = {}, body, localAddress } = {}) {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path: p, headers, localAddress, agent: false },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const buf = Buffer.concat(chunks);
          let json;
          try {
            json = JSON.parse(buf.toString('utf8'));
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode, headers: res.headers, body: buf, text: buf.toString('utf8'), json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------------------
// Assertions shared by the test files

/** Asserts the error envelope of docs/API.md and that its requestId is the X-Request-Id header. */
export function assertEnvelope(r, status, code) {
  const where = `${r.res?.url ?? ''} -> ${r.status} ${r.text.slice(0, 300)}`;
  if (status !== undefined) assert.equal(r.status, status, `status: ${where}`);
  assert.ok(r.json && typeof r.json === 'object', `body is not JSON: ${where}`);
  assert.ok(r.json.error && typeof r.json.error === 'object', `no error envelope: ${where}`);
  if (code !== undefined) {
    const codes = Array.isArray(code) ? code : [code];
    assert.ok(codes.includes(r.json.error.code), `error.code ${r.json.error.code}, expected ${codes}: ${where}`);
  }
  assert.equal(typeof r.json.error.message, 'string', `error.message missing: ${where}`);
  const rid = r.headers.get ? r.headers.get('x-request-id') : r.headers['x-request-id'];
  assert.ok(rid, `no X-Request-Id header: ${where}`);
  assert.equal(r.json.error.requestId, rid, `error.requestId should equal X-Request-Id: ${where}`);
}
