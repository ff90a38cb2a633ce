// The first screen's data in the first round trip (issue 29): the server sends the reads a tab makes before its
// first screen as Link preload headers with the app's HTML (web/first-screen.json). Each preload must be one the
// page really uses, with the same URL and mode, so the browser hands it to the app instead of fetching twice: for
// /login and each tab, every preloaded URL is one the app fetched, and went over the network no more often than
// the app asked for it. A tab whose screen is a lazy chunk also gets that chunk as a module preload: it is
// not requested again when the app imports it. The Stories tab's first photo comes preloaded too, fetched once.
import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './support/fixtures';
import { STAFF_TABS as TABS } from './support/tabs';


/** Installed before any page script: the URLs the app itself asks fetch() for. */
function recordFetches() {
  const fetched: string[] = [];
  (window as unknown as { __fetched: string[] }).__fetched = fetched;
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
    fetched.push(url.pathname + url.search);
    return original(input, init);
  };
}

async function checkPreloads(page: Page, path: string, ready: string) {
  const requests: string[] = [];
  const onRequest = (r: { url(): string }) => {
    const u = new URL(r.url());
    requests.push(u.pathname + u.search);
  };
  page.on('request', onRequest);
  const response = await page.goto(path);
  await expect(page.locator(ready).first()).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  const link = response?.headers()['link'] ?? '';
  const preloaded = [...link.matchAll(/<([^>]+)>;\s*rel=preload; as=fetch/g)].map((m) => m[1]!);
  for (const chunk of [...link.matchAll(/<([^>]+)>;\s*rel=modulepreload/g)].map((m) => m[1]!)) {
    expect(requests.filter((r) => r === chunk).length, `${path}: the module preload ${chunk} was requested twice`).toBeLessThanOrEqual(1);
  }
  // The lazy screen's stylesheets: preloaded in the mode Vite's loader asks for them, so fetched once.
  for (const sheet of [...link.matchAll(/<([^>]+)>;\s*rel=preload; as=style/g)].map((m) => m[1]!)) {
    expect(requests.filter((r) => r === sheet).length, `${path}: the stylesheet ${sheet} was requested twice`).toBeLessThanOrEqual(1);
  }
  // The screen's largest photo: the server preloads the one candidate of the <img>'s srcset that this browser picks
  // (from its client hints), so the photo is fetched once, for both; a wrong guess would fetch two.
  for (const url of [...link.matchAll(/<([^>]+)>; rel=preload; as=image; fetchpriority=high/g)].map((m) => m[1]!)) {
    const photo = url.slice(0, url.indexOf('&w='));
    expect(requests.filter((r) => r.startsWith(`${photo}&`)), `${path}: the photo was fetched in another size besides the preloaded one`).toEqual([url]);
    const drawn = await page.evaluate(() => [...document.images].map((i) => { const u = new URL(i.currentSrc || i.src, location.href); return u.pathname + u.search; }));
    expect(drawn, `${path}: no <img> on the page draws the preloaded photo`).toContain(url);
  }
  const fetched = await page.evaluate(() => (window as unknown as { __fetched: string[] }).__fetched);
  for (const url of preloaded) {
    expect(fetched, `${path}: preloaded ${url} but the app never asked for it`).toContain(url);
    // A preload the app did not take would be one request more than the app's own fetches.
    const asked = fetched.filter((f) => f === url).length;
    expect(requests.filter((r) => r === url), `${path}: ${url} went over the network besides the app's ${asked} fetch(es)`).toHaveLength(asked);
  }
  return preloaded;
}

test('each tab preloads exactly the reads its first screen makes', async ({ page }) => {
  await page.addInitScript(recordFetches);
  const signedOut = await checkPreloads(page, '/login', '#identifier');
  expect(signedOut).toEqual(['/api/config', '/api/auth/session']);

  await signInAs(page, 'S1001');
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByTestId('points-balance')).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle'); // the signed-in Home's own reads are not counted below
  for (const tab of TABS) {
    const preloaded = await checkPreloads(page, tab.path, tab.ready);
    expect(preloaded, tab.path).toEqual(expect.arrayContaining(['/api/auth/session', '/api/me']));
  }
  // The tab's own read is among them: Home's answer comes with the HTML, not after the JS has run.
  const home = await checkPreloads(page, '/main', '[data-testid="points-balance"]');
  expect(home).toContain('/api/home');
  // The Stories tab's screen is a lazy chunk: it comes with the HTML too.
  const stores = await page.goto('/stores');
  expect(stores?.headers()['link'] ?? '').toMatch(/<\/assets\/screens-[^>]+\.js>; rel=modulepreload/);
  expect(stores?.headers()['link'] ?? '').toMatch(/<\/assets\/screens-[^>]+\.css>; rel=preload; as=style/);
  expect(stores?.headers()['link'] ?? '').toMatch(/<\/assets\/screens-[^>]+\.js>; rel=modulepreload; fetchpriority=low/);
  // ... and so does its largest paint, the feed's first photo (checked above to be fetched once): preloaded while
  // it has not been rendered for phones, then, once rendered (media::render_ahead, started by the first visit),
  // drawn from inside the HTML, with nothing left to preload.
  expect(stores?.headers()['accept-ch']).toBe('Sec-CH-DPR, Sec-CH-Viewport-Width');
  const photoUrl = /\/_image\?url=%2Fmedia%2F[0-9a-f]+\.\w+&(?:amp;)?w=\d+&(?:amp;)?q=75/;
  const inline = /<img class="sf-boot-photo"[^>]* src="data:image\/(?:avif|webp);base64,[A-Za-z0-9+/=]+" data-src="([^"]+)">/;
  await expect.poll(async () => inline.test((await (await page.goto('/stores'))!.text())), { timeout: 15_000 }).toBe(true);
  const drawn = await page.goto('/stores');
  expect(inline.exec(await drawn!.text())![1]).toMatch(photoUrl);
  expect(drawn?.headers()['link'] ?? '').not.toMatch(/as=image/);
  expect(drawn?.headers()['link'] ?? '').toMatch(/<\/assets\/screens-[^>]+\.js>; rel=modulepreload; fetchpriority=low/);
});

// The first paint is the HTML's, so the JS asks for low priority (scripts/deferred-styles.ts, static_files.cpp) and the
// Stories tab's photo for high: Chrome fetches the photo first, ahead of the reads, and nothing that finishes before the first paint
// looks as if it held it up.
test('the JS loads at low priority and the first photo at high', async ({ page }) => {
  await signInAs(page, 'S1001');
  await expect(page).toHaveURL(/\/main$/);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const priority = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (e) => {
    const url = new URL(e.request.url);
    const key = url.pathname === '/_image' ? url.pathname + url.search : url.pathname;
    if (!priority.has(key)) priority.set(key, e.request.initialPriority);
  });
  const order = (key: string) => [...priority.keys()].indexOf(key);
  const html = await (await page.goto('/stores'))!.text();
  await expect(page.getByTestId('story-photo').first()).toBeVisible({ timeout: 20_000 });
  const scripts = [...priority].filter(([path]) => /^\/assets\/.+\.js$/.test(path));
  expect(scripts.filter(([path]) => /\/(index|vendor|screens)-/.test(path)).length).toBeGreaterThanOrEqual(3);
  for (const [path, p] of scripts.filter(([path]) => /\/(index|vendor|rolldown-runtime|screens)-/.test(path))) expect(p, path).toBe('Low');
  const boot = /<img class="sf-boot-photo"[^>]* src="([^"]+)"(?: data-src="([^"]+)")?>/.exec(html)!;
  const photo = (boot[2] ?? boot[1]!).replaceAll('&amp;', '&');
  if (boot[1]!.startsWith('data:')) {
    // Drawn from inside the HTML (static_files.cpp, once rendered): never fetched, by the boot screen or the card.
    expect(priority.has(photo), 'the first photo, drawn from the HTML').toBe(false);
  } else {
    expect(priority.get(photo), 'the first photo').toMatch(/High/);
    // Asked for as the response arrives, ahead of the reads: a viewport-dependent preload (imagesrcset) would
    // wait for the HTML's first chunk to be parsed, and then for a connection the reads hold.
    expect(order(photo), 'the photo before the reads').toBeGreaterThan(order('/stores'));
    expect(order(photo), 'the photo before the reads').toBeLessThan(order('/api/config'));
  }
});

// The Stories tab paints its frame and the feed's first photo from the HTML alone (the server draws the photo into
// index.html's loading screen), where the feed then draws it: the app's page replaces the frame without the
// photo moving.
test('the Stories tab paints its first photo before the app has run, where the feed draws it', async ({ page }) => {
  await signInAs(page, 'S1001');
  await expect(page).toHaveURL(/\/main$/);
  // A phone, and a desktop where the app is a centred column.
  for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
    await page.setViewportSize(viewport);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/stores');
    const early = page.locator('.sf-boot-photo');
    await expect(early).toBeVisible();
    await expect.poll(() => early.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.locator('.sf-boot')).toBeHidden(); // the logo gives way to the frame
    const before = await early.boundingBox();
    // The tab bar's icons (scripts/boot-tab-bar.ts) are drawn too, where the app draws them.
    const icons = (selector: string) => page.$$eval(selector, (els) => els.map((e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y }; }));
    const earlyIcons = await icons('.sf-boot-feed__tab svg');
    expect(earlyIcons).toHaveLength(5);
    await page.unroute('**/assets/*.js');
    await page.goto('/stores');
    const photo = page.getByTestId('story-photo').first();
    await expect(photo).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.sf-boot-photo')).toHaveCount(0);
    const after = await photo.boundingBox();
    for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(after![k] - before![k]), `${viewport.width}: ${k}`).toBeLessThan(1);
    const appIcons = await icons('.sf-tabbar svg');
    expect(appIcons).toHaveLength(5);
    appIcons.forEach((icon, i) => {
      expect(Math.abs(icon.x - earlyIcons[i]!.x), `${viewport.width}: tab ${i} x`).toBeLessThan(3); // the app's columns follow their labels
      expect(Math.abs(icon.y - earlyIcons[i]!.y), `${viewport.width}: tab ${i} y`).toBeLessThan(1);
    });
  }
});
