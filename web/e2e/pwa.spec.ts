// The staff app as an installed PWA (issue 30): manifest and service worker in place (Chromium says it is
// installable), the page controlled after a reload, every tab opening offline with what was last seen, a
// lesson finished offline counted once when back online, an exam answered offline saved once when back online,
// a push about a notice already read in the app not shown, one person's kept answers never shown to the next,
// and a new version that waits for a tap on "Reload". Runs on a server of its own with a copy of web/dist (the
// update test changes its sw.js); every other spec blocks service workers (playwright.config.ts).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { READ_CACHE } from '../src/lib/offline/keys';
import { AdminApi } from './support/adminApi';
import { controlled, expect, signInAs, tabLink, test } from './support/fixtures';
import { startShopfloor, type Shopfloor } from './support/server';
import { STAFF_TABS } from './support/tabs';

const shots = '/work/shots/pwa';
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
let server: Shopfloor;
let webDir: string;

test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'allow' });

test.beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'shopfloor-pwa-web-'));
  cpSync(dist, webDir, { recursive: true });
  server = await startShopfloor({ env: { WEB_DIR: webDir } });
});

test.afterAll(async () => {
  await server?.stop();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow',
  });
  return { context, page: await context.newPage() };
}

async function balance(page: Page): Promise<number> {
  return ((await (await page.request.get('/api/me/points')).json()) as { balance: number }).balance;
}

const keptUsers = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open('sf-api');
    const me = await cache.match('/api/me');
    const urls = (await cache.keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search);
    return { urls, me: me ? ((await me.json()) as { user: { id: string } }).user.id : null };
  });

test('installable; every tab opens offline with what was last seen; a lesson finished offline counts once', async ({ browser }) => {
  test.setTimeout(150_000);
  // An editor publishes a short lesson for the phone's store.
  const desk = await browser.newContext({ baseURL: server.baseURL, serviceWorkers: 'block' });
  const deskPage = await desk.newPage();
  await signInAs(deskPage, 'EDIT01', undefined, '/login?callbackUrl=%2Fadmin');
  await expect(deskPage).toHaveURL(/\/admin$/);
  const admin = AdminApi.of(deskPage);
  const title = `บทเรียนออฟไลน์ ${Date.now()}`;
  const lesson = await admin.create('contents', {
    kind: 'article', title, summary: 'อ่านได้แม้ไม่มีสัญญาณ', points: 7, status: 'published',
    bodyHtml: `<p>${'การต้อนรับลูกค้าด้วยรอยยิ้มช่วยให้ลูกค้ากลับมาอีก '.repeat(6)}</p><p>จบบทเรียน</p>`,
    audience: { stores: [await admin.storeId('BKK01')] },
  });
  await desk.close();

  const { context, page } = await phone(browser);
  // The manifest the browser installs from.
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose?: string }[] };
  expect(manifest).toMatchObject({ start_url: '/main', scope: '/', display: 'standalone', lang: 'th', theme_color: '#0b7a67' });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');

  await signInAs(page, 'S1001');
  await expect(page).toHaveURL(/\/main$/);
  await controlled(page);

  // Online, each tab once (its answers are kept), and the lesson opened (the server starts its clock).
  const seenBalance = (await page.getByTestId('points-balance').textContent())!;
  for (const tab of STAFF_TABS.slice(1)) {
    await tabLink(page, tab.path.slice(1) as 'learning').click();
    await expect(page.locator(tab.ready).first()).toBeVisible();
  }
  await page.goto(`/learning/content/${lesson.id}`);
  await expect(page.getByTestId('article-body')).toBeVisible();
  const before = await balance(page);

  // Offline: every tab opens from the cache with what was last seen, under the offline banner.
  await context.setOffline(true);
  for (const tab of STAFF_TABS) {
    await page.goto(tab.path);
    await expect(page.locator(tab.ready).first(), tab.path).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
  }
  await page.goto('/main');
  await expect(page.getByTestId('points-balance')).toHaveText(seenBalance);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByText('โพลที่รอคุณโหวต')).toBeVisible(); // Home's polls card, from its kept answer
  await page.screenshot({ path: `${shots}/offline-home.png` });
  await page.goto('/learning');
  await expect(page.getByText(title).first()).toBeVisible();

  // The lesson read to its end offline: kept, and said so.
  await page.goto(`/learning/content/${lesson.id}`);
  await expect(page.getByTestId('article-body')).toBeVisible();
  // (The page may redraw as its kept answers arrive: scroll again until the claim is made.)
  await expect(async () => {
    await page.getByText('จบบทเรียน').scrollIntoViewIfNeeded({ timeout: 2000 });
    await page.mouse.wheel(0, 4000);
    await expect(page.getByTestId('completion-hint')).toContainText('กลับมาออนไลน์', { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('offline-queued')).toBeVisible();
  await page.screenshot({ path: `${shots}/offline-lesson.png` });

  // Back online: sent once, counted once.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('shopfloor.offlineQueue'))).toBeNull();
  await expect.poll(() => balance(page)).toBe(before + 7);
  await expect(page.getByTestId('content-completed')).toBeVisible();
  // The same write sent again (its answer lost, say): the server counts the lesson once.
  const me = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } };
  await page.evaluate(
    ([user, url]) => localStorage.setItem('shopfloor.offlineQueue', JSON.stringify([{ key: 'again', user, url, body: { percent: 100 }, at: Date.now() }])),
    [me.user.id, `/api/contents/${lesson.id}/progress`],
  );
  await page.reload();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('shopfloor.offlineQueue'))).toBeNull();
  expect(await balance(page)).toBe(before + 7);
  const points = (await (await page.request.get('/api/me/points?limit=50')).json()) as { entries: { title?: string; reason?: string; points?: number }[] };
  expect(points.entries.filter((e) => JSON.stringify(e).includes(title))).toHaveLength(1);

  // Another person signing in on this phone (the first one's session gone) never sees the first one's answers.
  expect((await keptUsers(page)).me).toBe(me.user.id);
  await context.clearCookies();
  await signInAs(page, 'S1002');
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByTestId('points-balance')).toBeVisible();
  const other = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } };
  await expect.poll(async () => (await keptUsers(page)).me).toBe(other.user.id);
  // Signing out leaves nothing of the person: no kept answers, no offline session.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'ออกจากระบบ' }).click();
  await expect(page).toHaveURL(/\/login/);
  // (The login screen reads /api/config again: the same for everyone, so it may be kept.)
  expect(await keptUsers(page)).toEqual({ urls: expect.arrayContaining([]), me: null });
  expect((await keptUsers(page)).urls.filter((u) => u !== '/api/config')).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('shopfloor.offlineSession'))).toBeNull();
  await context.close();
});

test('an exam question answered offline is saved when back online, and counts once', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page } = await phone(browser);
  await signInAs(page, 'EDIT01', undefined, '/login?callbackUrl=%2Fadmin');
  await expect(page).toHaveURL(/\/admin$/);
  const exam = await AdminApi.of(page).create('examinations', {
    title: `แบบทดสอบออฟไลน์ ${Date.now()}`, passPercent: 50, maxAttempts: 3, points: 10, timeLimitSeconds: 600,
    status: 'published', shuffleQuestions: false, shuffleChoices: false,
  });
  for (const position of [1, 2])
    await AdminApi.of(page).create('exam-questions', {
      exam: exam.id, position, kind: 'single', prompt: `ข้อ ${position}: สินค้าขายดีควรวางไว้ที่ใด`,
      choices: [{ id: 'a', text: 'ระดับสายตา' }, { id: 'b', text: 'ชั้นล่างสุด' }], correct: ['a'], points: 1,
    });
  await context.clearCookies();
  await signInAs(page, 'S2002');
  await expect(page).toHaveURL(/\/main$/);
  await controlled(page);
  await page.goto(`/learning/exam/${exam.id}`);
  await page.getByTestId('exam-start').click();
  await expect(page.getByTestId('exam-timer')).toBeVisible();
  const attemptId = /\/attempt\/([^/?]+)/.exec(page.url())?.[1] ?? '';
  expect(attemptId).not.toBe('');
  const answersOnServer = async () =>
    ((await (await page.request.get(`/api/exam-attempts/${attemptId}`)).json()) as { attempt: { answers: Record<string, string[]> } }).attempt.answers;
  const queue = () => page.evaluate(() => JSON.parse(localStorage.getItem('shopfloor.offlineQueue') ?? '[]') as { url: string; method?: string; body: unknown }[]);

  // Offline: the answer is kept and queued, and the page says it will be sent.
  await context.setOffline(true);
  await page.getByTestId('choice-a').click();
  await expect(page.getByTestId('exam-save-state')).toHaveAttribute('data-state', 'offline');
  await expect.poll(async () => (await queue()).map((w) => w.method)).toEqual(['PUT']);
  await page.screenshot({ path: '/work/shots/offline-push/exam-offline.png' });
  const [queued] = await queue();
  expect(await answersOnServer()).toEqual({}); // (the test's own requests are not offline: the server has none yet)

  // Back online: saved once, the queue empty.
  await context.setOffline(false);
  await expect(page.getByTestId('exam-save-state')).toHaveAttribute('data-state', 'saved');
  await expect.poll(queue).toEqual([]);
  const first = Object.values(await answersOnServer());
  expect(first).toEqual([['a']]);
  // The same write sent again (its answer lost, say): the answers are the same, nothing doubles.
  const me = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } };
  await page.evaluate(
    ([user, w]) => localStorage.setItem('shopfloor.offlineQueue', JSON.stringify([{ ...w, key: 'again', user, at: Date.now() }])),
    [me.user.id, queued] as const,
  );
  await page.reload();
  await expect.poll(queue).toEqual([]);
  expect(Object.values(await answersOnServer())).toEqual([['a']]);
  // Submitted: the one answer counts once (1 of 2 points).
  await expect(page.getByTestId('exam-timer')).toBeVisible();
  await page.getByTestId('exam-next').click();
  await page.getByTestId('exam-submit').click();
  await page.getByTestId('exam-confirm').click();
  await expect(page.getByTestId('result-passed')).toBeVisible();
  const done = (await (await page.request.get(`/api/exam-attempts/${attemptId}`)).json()) as { attempt: { score: number; maxScore: number } };
  expect([done.attempt.score, done.attempt.maxScore]).toEqual([1, 2]);
  await context.close();
});

test('a push about a notice already read in the app is not shown', async ({ browser }) => {
  test.setTimeout(60_000);
  const { context, page } = await phone(browser);
  await context.grantPermissions(['notifications'], { origin: server.baseURL });
  await signInAs(page, 'EDIT01', undefined, '/login?callbackUrl=%2Fadmin');
  await expect(page).toHaveURL(/\/admin$/);
  const event = await AdminApi.of(page).create('events', {
    title: `อบรมหน้าร้าน ${Date.now()}`, startsAt: new Date(Date.now() + 48 * 3600_000).toISOString(),
    endsAt: new Date(Date.now() + 50 * 3600_000).toISOString(), placeKind: 'address', address: 'ห้องประชุม', status: 'published',
  });
  await context.clearCookies();
  await signInAs(page, 'S2001');
  await expect(page).toHaveURL(/\/main$/);
  await controlled(page);
  // Signing up makes a notice ("your seat is confirmed"); the person reads it in the app.
  await AdminApi.of(page).send('POST', `/api/events/${event.id}/rsvp`, {});
  await page.goto('/notifications');
  const notices = (await (await page.request.get('/api/notifications?limit=5')).json()) as { items: { id: string; type: string; read: boolean }[] };
  const seat = notices.items.find((n) => n.type === 'event_going')!;
  await page.getByText(event.title as string).first().click();
  await expect.poll(async () => ((await (await page.request.get('/api/notifications?limit=5')).json()) as typeof notices).items.find((n) => n.id === seat.id)?.read).toBe(true);
  // ...and this device has noted it (the page writes its read list to Cache Storage after the server answers).
  const noted = () =>
    page.evaluate(async ([cacheName, key]) => {
      const kept = await (await caches.open(cacheName)).match('/__sf/read-notices');
      return kept ? ((await kept.json()) as string[]).includes(key) : false;
    }, [READ_CACHE, `n:${seat.id}`] as const);
  await expect.poll(noted).toBe(true);

  // Pushes delivered to the worker as a push service would (DevTools' "Push" button).
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const r = registrations.find((x) => !x.isDeleted && x.scopeURL.startsWith(server.baseURL));
      if (r) resolve(r.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  const push = (payload: Record<string, string>) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(server.baseURL).origin, registrationId, data: JSON.stringify(payload) });
  const shown = () =>
    page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.tag));
  await push({ title: 'คุณได้ที่นั่งแล้ว', body: String(event.title), url: `/club/events/${event.id}`, tag: 'read-one', notificationId: seat.id });
  await push({ title: 'ข้อความใหม่', body: 'ยังไม่ได้อ่าน', url: '/notifications', tag: 'unread-one', notificationId: 'not-read-yet' });
  await expect.poll(shown).toEqual(['unread-one']);
  await context.close();
});

test('Chromium finds the app installable (what Lighthouse\'s old PWA audits checked)', async ({ browserName }) => {
  // Lighthouse 12+ has no PWA category: Chromium's own check instead, in a profile that is not incognito (a
  // test's browser contexts are, and an incognito window never installs). No errors = installable manifest,
  // icons, and a service worker that answers the start URL offline.
  const profile = mkdtempSync(path.join(tmpdir(), 'shopfloor-pwa-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'],
    baseURL: server.baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors, browserName).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a new version waits for a tap on Reload', async ({ browser }) => {
  const { context, page } = await phone(browser);
  await signInAs(page, 'S1001');
  await expect(page).toHaveURL(/\/main$/);
  await controlled(page);
  await page.evaluate(() => ((window as { stillHere?: boolean }).stillHere = true));

  // A deploy: the server now has a different service worker.
  const sw = path.join(webDir, 'sw.js');
  writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// next version ${Date.now()}\n`);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
  await expect(page.getByTestId('update-prompt')).toBeVisible();
  await expect(page.getByTestId('update-prompt')).toContainText('เวอร์ชันใหม่พร้อมแล้ว');
  await page.screenshot({ path: `${shots}/update-prompt.png` });
  // It did not reload by itself.
  expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);

  // The tap: the new version takes over and the page reloads once, on it.
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('update-reload').click();
  await reloaded;
  expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere ?? false)).toBe(false);
  await expect(page.getByTestId('points-balance')).toBeVisible();
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await context.close();
});
