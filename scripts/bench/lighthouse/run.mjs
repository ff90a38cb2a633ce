// Lighthouse mobile (simulated slow 4G, 4x CPU slowdown: Lighthouse's default mobile settings) on the staff
// app's tabs and /login, signed in as a demo staff member, against a running Shopfloor server. Each page is
// run RUNS times on one Debian Chromium; the table shows the median of each figure (the score's range too).
//
//   node scripts/bench/lighthouse/run.mjs ORIGIN [--runs 3] [--user S1001] [--json out.json] [--pages /main,/login] [--reports DIR]
//
// The session is a real one: the runner signs in over HTTP (csrf, callback/credentials) and puts the cookie into
// the browser with the DevTools protocol (Lighthouse's storage reset keeps cookies, clears caches). Besides the
// cold loads, "/main (return visit)" loads Home once more with the HTTP cache kept (a second open of the app).
// scripts/lighthouse.sh starts a demo server and runs this (make lighthouse).
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import WebSocket from 'ws';

const args = process.argv.slice(2);
const origin = args[0];
if (!origin || origin.startsWith('--')) {
  console.error('usage: run.mjs ORIGIN [--runs N] [--user ID] [--json FILE] [--pages /a,/b] [--reports DIR]');
  process.exit(2);
}
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i > 0 && args[i + 1] ? args[i + 1] : fallback;
};
const RUNS = Math.max(1, Number(option('runs', '3')));
const USER = option('user', 'S1001');
const PASSWORD = option('password', 'Demo#2026');
const JSON_OUT = option('json', '');
const ONLY = option('pages', '');
// Every run's whole Lighthouse report (to read its audits: bootup-time, long-tasks, ...), as <dir>/<page>-<run>.json.
const REPORTS = option('reports', '');
if (REPORTS) mkdirSync(REPORTS, { recursive: true });

// The flags the e2e suite runs Chromium with (playwright.config.ts), headless.
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Signs in like the login form does; returns the Set-Cookie pairs (session and CSRF cookies). */
async function signIn() {
  const csrfRes = await fetch(`${origin}/api/auth/csrf`);
  const { csrfToken } = await csrfRes.json();
  const jar = new Map();
  const keep = (res) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  keep(csrfRes);
  const body = new URLSearchParams({ csrfToken, callbackUrl: `${origin}/main`, json: 'true', identifier: USER, password: PASSWORD });
  const res = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  keep(res);
  if (!jar.get('next-auth.session-token')) throw new Error(`sign-in as ${USER} failed (${res.status})`);
  const session = await (await fetch(`${origin}/api/auth/session`, { headers: { cookie: `next-auth.session-token=${jar.get('next-auth.session-token')}` } })).json();
  return { cookies: jar, userId: session.user.id };
}

/** One DevTools protocol command on the browser target. */
async function browserCommand(port, method, params) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const ws = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  try {
    return await new Promise((resolve, reject) => {
      ws.on('message', (data) => {
        const msg = JSON.parse(String(data));
        if (msg.id !== 1) return;
        if (msg.error) reject(new Error(`${method}: ${msg.error.message}`));
        else resolve(msg.result);
      });
      ws.send(JSON.stringify({ id: 1, method, params }));
    });
  } finally {
    ws.close();
  }
}

const setCookies = (port, jar) =>
  browserCommand(port, 'Storage.setCookies', {
    cookies: [...jar].map(([name, value]) => ({ name, value, url: origin, httpOnly: name === 'next-auth.session-token', sameSite: 'Lax' })),
  });
const clearCookies = (port) => browserCommand(port, 'Storage.clearCookies', {});

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function figures(lhr) {
  const a = lhr.audits;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    si: a['speed-index'].numericValue,
    finalUrl: lhr.finalDisplayedUrl,
    warnings: lhr.runWarnings,
  };
}

const { cookies, userId } = await signIn();
const pages = [
  { name: '/main (Home)', path: '/main', signedIn: true },
  { name: '/learning', path: '/learning', signedIn: true },
  { name: '/stores', path: '/stores', signedIn: true },
  { name: '/club', path: '/club', signedIn: true },
  { name: '/profile', path: `/p/${encodeURIComponent(userId)}`, signedIn: true },
  { name: '/login', path: '/login', signedIn: false },
  { name: '/main (return visit)', path: '/main', signedIn: true, warm: true },
].filter((p) => !ONLY || ONLY.split(',').includes(p.path) || ONLY.split(',').includes(p.name));

const chrome = await launch({ chromePath: process.env.CHROME_PATH || '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
const results = [];
try {
  for (const page of pages) {
    const url = origin + page.path;
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      if (page.signedIn) await setCookies(chrome.port, cookies);
      else await clearCookies(chrome.port);
      const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
      // The return visit: one load to fill the HTTP cache, then the measured one without Lighthouse's cache reset.
      if (page.warm) await lighthouse(url, flags);
      const result = await lighthouse(url, { ...flags, disableStorageReset: !!page.warm });
      if (!result) throw new Error(`no result for ${url}`);
      const f = figures(result.lhr);
      if (REPORTS) writeFileSync(`${REPORTS}/${page.name.replace(/[^\w]+/g, '_')}-${i + 1}.json`, JSON.stringify(result.lhr));
      if (new URL(f.finalUrl).pathname !== page.path) throw new Error(`${url} ended at ${f.finalUrl}: not signed in?`);
      runs.push(f);
      process.stderr.write(`  ${page.name} run ${i + 1}: ${f.score} (FCP ${Math.round(f.fcp)} ms, LCP ${Math.round(f.lcp)} ms, TBT ${Math.round(f.tbt)} ms, CLS ${f.cls.toFixed(3)})\n`);
      for (const w of f.warnings) process.stderr.write(`    warning: ${w}\n`);
    }
    const pick = (k) => median(runs.map((r) => r[k]));
    const scores = runs.map((r) => r.score);
    results.push({
      page: page.name,
      path: page.path,
      score: pick('score'),
      scoreRange: [Math.min(...scores), Math.max(...scores)],
      fcp: pick('fcp'),
      lcp: pick('lcp'),
      tbt: pick('tbt'),
      cls: pick('cls'),
      si: pick('si'),
      runs,
    });
  }
} finally {
  await chrome.kill();
}

const load = (await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ');
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} mobile, ${RUNS} run(s) per page (medians), signed in as ${USER}; load average ${load}`);
console.log('| page | performance | FCP | LCP | TBT | CLS | Speed Index |');
console.log('|---|---|---|---|---|---|---|');
for (const r of results) {
  const range = r.scoreRange[0] === r.scoreRange[1] ? '' : ` (${r.scoreRange[0]}-${r.scoreRange[1]})`;
  console.log(`| ${r.page} | ${r.score}${range} | ${seconds(r.fcp)} | ${seconds(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${seconds(r.si)} |`);
}
if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify({ load, runs: RUNS, user: USER, results }, null, 2));
