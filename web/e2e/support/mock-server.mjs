// A small stand-in for the C++ server, following docs/API.md, for front-end work and for running the
// e2e suite before the real binary is available (E2E_SERVER=mock). It is NOT the product's server:
// plain-text passwords, in-memory sessions. Usage: node e2e/support/mock-server.mjs [port] [webDir]
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const port = Number(process.argv[2] ?? process.env.PORT ?? 8080);
const webDir = path.resolve(process.argv[3] ?? process.env.WEB_DIR ?? 'dist');
const productName = process.env.PRODUCT_NAME ?? 'Shopfloor';
const secret = 'mock-secret';

const store = (code, name) => ({ id: `st-${code}`, code, name });
const users = [
  { id: '0190-admin', employeeCode: 'ADMIN01', email: 'admin@shopfloor.example', name: 'ผู้ดูแล ระบบ', role: 'admin', store: null },
  { id: '0190-edit', employeeCode: 'EDIT01', email: 'editor@shopfloor.example', name: 'บรรณาธิการ เนื้อหา', role: 'editor', store: null },
  { id: '0190-s1001', employeeCode: 'S1001', email: null, name: 'สมชาย ใจดี', role: 'staff', store: store('BKK01', 'กรุงเทพ สาขา 1') },
  { id: '0190-s1002', employeeCode: 'S1002', email: null, name: 'สมหญิง รักงาน', role: 'staff', store: store('BKK01', 'กรุงเทพ สาขา 1') },
  { id: '0190-s2001', employeeCode: 'S2001', email: null, name: 'ประเสริฐ มั่นคง', role: 'staff', store: store('CNX01', 'เชียงใหม่ สาขา 1') },
].map((u) => ({ nickname: null, phone: null, image: null, status: 'active', locale: 'th', position: 'พนักงานขาย', region: null, ...u }));
const PASSWORD = 'Demo#2026';
const sessions = new Map(); // token → userId

const sha = (s) => createHash('sha256').update(s).digest('hex');
function cookies(req) {
  const out = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = decodeURIComponent(part.slice(i + 1).trim());
  }
  return out;
}
function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'X-Request-Id': randomBytes(6).toString('hex'), ...headers });
  res.end(JSON.stringify(body));
}
const envelope = (code, message) => ({ error: { code, message, requestId: 'mock' } });
async function body(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const text = Buffer.concat(chunks).toString();
  if ((req.headers['content-type'] ?? '').includes('json')) return text ? JSON.parse(text) : {};
  return Object.fromEntries(new URLSearchParams(text));
}
function csrfOk(req, token) {
  const c = cookies(req)['next-auth.csrf-token'];
  if (!c || !token) return false;
  const [t, h] = c.split('|');
  return t === token && h === sha(t + secret);
}
function currentUser(req) {
  const id = sessions.get(cookies(req)['next-auth.session-token']);
  return users.find((u) => u.id === id);
}
const sessionOf = (u) => ({ user: { id: u.id, name: u.name, email: u.email, image: u.image, role: u.role }, expires: new Date(Date.now() + 30 * 864e5).toISOString() });

const server = createServer(async (req, res) => {
  const url = new URL(req.url, `http://${req.headers.host}`);
  const origin = `http://${req.headers.host}`;
  const p = url.pathname;
  try {
    if (p === '/readyz' || p === '/healthz') return send(res, 200, { status: 'ok', database: 'mock' });
    if (p === '/api/config') return send(res, 200, { productName, defaultLocale: 'th', locales: ['th', 'en'] });
    if (p === '/api/auth/csrf') {
      const existing = cookies(req)['next-auth.csrf-token'];
      if (existing) {
        const [t, h] = existing.split('|');
        if (h === sha(t + secret)) return send(res, 200, { csrfToken: t });
      }
      const t = randomBytes(32).toString('hex');
      return send(res, 200, { csrfToken: t }, { 'Set-Cookie': `next-auth.csrf-token=${t}|${sha(t + secret)}; Path=/; HttpOnly; SameSite=Lax` });
    }
    if (p === '/api/auth/providers')
      return send(res, 200, { credentials: { id: 'credentials', name: 'Credentials', type: 'credentials', signinUrl: `${origin}/api/auth/signin/credentials`, callbackUrl: `${origin}/api/auth/callback/credentials` } });
    if (p === '/api/auth/session' && req.method === 'GET') {
      const u = currentUser(req);
      return send(res, 200, u ? sessionOf(u) : {});
    }
    if (p === '/api/auth/callback/credentials' && req.method === 'POST') {
      const b = await body(req);
      if (!csrfOk(req, b.csrfToken)) return send(res, 403, { url: `${origin}/api/auth/signin?csrf=true`, ...envelope('CSRF_FAILED', 'csrf') });
      const cb = String(b.callbackUrl ?? '/');
      if (!cb.startsWith('/') || cb.startsWith('//') || cb.includes('\\'))
        if (!cb.startsWith(origin)) return send(res, 400, { url: `${origin}/api/auth/error?error=INVALID_CALLBACK_URL_ERROR`, ...envelope('INVALID_CALLBACK_URL_ERROR', 'bad callback') });
      const id = String(b.identifier ?? '').toLowerCase();
      const u = users.find((x) => x.employeeCode.toLowerCase() === id || x.email?.toLowerCase() === id);
      if (!u || b.password !== PASSWORD)
        return send(res, 401, { url: `${origin}/api/auth/error?error=CredentialsSignin&provider=credentials`, ...envelope('UNAUTHENTICATED', 'bad credentials') });
      const token = randomBytes(32).toString('hex');
      sessions.set(token, u.id);
      return send(res, 200, { url: cb.startsWith('/') ? origin + cb : cb }, { 'Set-Cookie': `next-auth.session-token=${token}; Path=/; HttpOnly; SameSite=Lax` });
    }
    if (p === '/api/auth/signout' && req.method === 'POST') {
      const b = await body(req);
      if (!csrfOk(req, b.csrfToken)) return send(res, 403, { url: `${origin}/api/auth/signin?csrf=true`, ...envelope('CSRF_FAILED', 'csrf') });
      sessions.delete(cookies(req)['next-auth.session-token']);
      return send(res, 200, { url: String(b.callbackUrl ?? '/') }, { 'Set-Cookie': 'next-auth.session-token=; Path=/; Max-Age=0' });
    }
    if (p === '/api/me') {
      const u = currentUser(req);
      if (!u) return send(res, 401, envelope('UNAUTHENTICATED', 'sign in'));
      if (req.method === 'PATCH') {
        if (!csrfOk(req, req.headers['x-csrf-token'])) return send(res, 403, envelope('CSRF_FAILED', 'csrf'));
        const b = await body(req);
        if (b.locale !== undefined && !['th', 'en'].includes(b.locale)) return send(res, 422, { error: { code: 'VALIDATION_FAILED', message: 'bad', fields: { locale: 'th|en' } } });
        if (b.locale) u.locale = b.locale;
        if (typeof b.nickname === 'string') u.nickname = b.nickname;
      }
      const { ...user } = u;
      return send(res, 200, { user });
    }
    if (p === '/api/admin/overview') {
      const u = currentUser(req);
      if (!u) return send(res, 401, envelope('UNAUTHENTICATED', 'sign in'));
      if (u.role === 'staff') return send(res, 403, envelope('FORBIDDEN', 'role'));
      return send(res, 200, { users: { total: users.length, active: users.length, pending: 0, disabled: 0 }, stores: 2, regions: 2, activeSessions: sessions.size });
    }
    if (p.startsWith('/api/')) return send(res, 404, envelope('NOT_FOUND', 'no route'));

    // Static files with SPA fallback.
    let file = path.join(webDir, decodeURIComponent(p));
    if (!file.startsWith(webDir)) return send(res, 404, envelope('NOT_FOUND', 'no file'));
    if (!existsSync(file) || statSync(file).isDirectory()) {
      if (path.extname(p)) return send(res, 404, envelope('NOT_FOUND', 'no file'));
      file = path.join(webDir, 'index.html');
    }
    const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.woff': 'font/woff', '.json': 'application/json' };
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    createReadStream(file).pipe(res);
  } catch (e) {
    send(res, 500, envelope('INTERNAL', String(e)));
  }
});
server.listen(port, '127.0.0.1', () => console.log(`mock server on http://127.0.0.1:${port} serving ${webDir}`));
