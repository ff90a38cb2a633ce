// Where a staff page's main thread goes while it loads (issue 29), in CPU time rather than wall time, so the
// figures hold on a busy machine where Lighthouse's do not: Lighthouse's simulated throttling multiplies the
// wall time it observes, and a preempted task looks long. This loads the page in Debian's Chromium at 390x844
// over slow 4G (no CPU throttling), traces it, and for each main-thread task takes its thread time (tdur):
// "simTbt" is the total blocking time those tasks would make at Lighthouse's 4x slowdown (sum of 4 x CPU - 50 ms
// after the first contentful paint). With --samples, each long task's JS samples are named through the build's
// source maps (build with `npx vite build --sourcemap hidden --outDir <dir>` and serve that dir).
//   node scripts/bench/lighthouse/main-thread.mjs ORIGIN [/path] [--user S1001] [--seconds 7] [--samples DIST_DIR]
//     [--network none] [--list MS]
import { chromium } from 'playwright-core';
import { existsSync, readFileSync } from 'node:fs';
import { signIn } from '../../lib/sign-in.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const origin = args[0];
const path = args[1] && !args[1].startsWith('--') ? args[1] : '/main';
if (!origin) {
  console.error('usage: main-thread.mjs ORIGIN [/path] [--user ID] [--seconds N] [--samples DIST_DIR] [--network none]');
  process.exit(2);
}
const SAMPLES = option('samples', '');
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROME_FLAGS });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
if (path !== '/login') {
  const { cookie } = await signIn(origin, option('user', 'S1001'), option('password', 'Demo#2026'));
  await ctx.addCookies(cookie.split('; ').map((kv) => ({ name: kv.slice(0, kv.indexOf('=')), value: kv.slice(kv.indexOf('=') + 1), url: origin })));
}
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Network.enable');
// Lighthouse's slow 4G: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up. `--network none` loads at full speed, as
// Lighthouse itself observes before it simulates: the answers then arrive together and their work lands in
// fewer, longer tasks, which is what its TBT multiplies.
if (option('network', 'slow4g') !== 'none')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
const events = [];
cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
await cdp.send('Tracing.start', {
  categories: `${SAMPLES ? 'disabled-by-default-v8.cpu_profiler,' : ''}devtools.timeline,v8.execute,disabled-by-default-devtools.timeline,loading`,
  transferMode: 'ReportEvents',
});
await page.goto(origin + path, { waitUntil: 'load' });
await page.waitForTimeout(Number(option('seconds', '7')) * 1000);
await cdp.send('Tracing.end');
await done;
await browser.close();

// The page's main thread: the renderer thread that parsed its HTML.
const thread = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'ParseHTML'));
const main = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X');
const start = (events.find((e) => e.name === 'navigationStart' && e.pid === thread.pid) ?? main[0]).ts;
const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === thread.pid)?.ts ?? start;
const ms = (us) => us / 1000;
const tasks = main.filter((e) => e.name === 'RunTask' && e.tdur !== undefined);
const long = tasks.filter((t) => t.ts >= fcp && 4 * ms(t.tdur) > 50);
// --list MS: every task of at least MS ms CPU from the start (where the wall time between tasks goes).
const listed = option('list', '') ? tasks.filter((t) => ms(t.tdur) >= Number(option('list', '2'))) : long;

// JS samples (same clock as the trace), named through the build's source maps.
const sampleNames = new Map();
if (SAMPLES) {
  const sm = (await import('source-map-js')).default;
  const ids = new Set(events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'Profile').map((e) => e.id));
  const nodes = new Map();
  const samples = [];
  let at = 0;
  for (const e of events.filter((x) => x.pid === thread.pid && ids.has(x.id) && (x.name === 'Profile' || x.name === 'ProfileChunk'))) {
    if (e.name === 'Profile') { at = e.args.data.startTime; continue; }
    const { cpuProfile = {}, timeDeltas = [] } = e.args.data;
    for (const n of cpuProfile.nodes ?? []) nodes.set(n.id, n);
    (cpuProfile.samples ?? []).forEach((id, i) => { at += timeDeltas[i]; samples.push([at, id]); });
  }
  const maps = new Map();
  const mapOf = (url) => {
    if (!maps.has(url)) {
      const file = `${SAMPLES}${new URL(url).pathname}.map`;
      maps.set(url, existsSync(file) ? new sm.SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
    }
    return maps.get(url);
  };
  const name = (n) => {
    const f = n.callFrame;
    const map = f.url?.startsWith('http') ? mapOf(f.url) : null;
    const p = map?.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
    if (!p?.source) return f.functionName || '(anon)';
    return `${p.name || f.functionName || '(anon)'} ${p.source.replace(/.*node_modules\//, '').replace(/^(\.\.\/)+/, '')}:${p.line}`;
  };
  for (const t of long) {
    const self = new Map();
    samples.forEach(([ts, id], i) => {
      if (ts < t.ts || ts > t.ts + t.dur || !nodes.has(id)) return;
      const key = name(nodes.get(id));
      self.set(key, (self.get(key) ?? 0) + ((samples[i + 1]?.[0] ?? ts) - ts));
    });
    sampleNames.set(t, [...self].sort((a, b) => b[1] - a[1]).slice(0, 8));
  }
}

const inside = (t) => {
  const by = new Map();
  for (const e of main) {
    if (e === t || e.ts < t.ts || e.ts + e.dur > t.ts + t.dur || e.tdur === undefined) continue;
    if (!['v8.evaluateModule', 'FunctionCall', 'Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint', 'ParseHTML', 'ParseAuthorStyleSheet', 'MinorGC', 'MajorGC'].includes(e.name)) continue;
    by.set(e.name, (by.get(e.name) ?? 0) + e.tdur);
  }
  return [...by].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, v]) => `${k} ${ms(v).toFixed(1)}`).join(', ');
};
console.log(`${origin}${path}: first contentful paint at ${Math.round(ms(fcp - start))} ms`);
for (const t of listed) {
  console.log(`  task at ${Math.round(ms(t.ts - start))} ms: ${ms(t.tdur).toFixed(1)} ms CPU (${Math.round(4 * ms(t.tdur))} ms at 4x): ${inside(t)}`);
  for (const [k, v] of sampleNames.get(t) ?? []) console.log(`      ${ms(v).toFixed(1).padStart(6)} ms  ${k}`);
}
const simTbt = long.reduce((sum, t) => sum + 4 * ms(t.tdur) - 50, 0);
const cpu = tasks.reduce((sum, t) => sum + ms(t.tdur), 0);
console.log(JSON.stringify({ path, mainThreadCpuMs: Math.round(cpu), longTasks: long.length, simTbtMs: Math.round(simTbt) }));
