// Nothing moves while a staff tab loads (issue 29): each tab and /login opened fresh on a 390x844 phone, the
// layout-shift entries (PerformanceObserver, buffered from the navigation on; shifts right after an input
// don't count, as in CLS) summed once the page has settled must stay at or under 0.02. The failure message
// names what moved. The network is Lighthouse's slow 4G (150 ms round trips, 1.6 Mbit/s, through Chromium's
// own throttling): on an unthrottled loopback every answer beats the first frame and nothing could move.
// One browser context: /login first, then signed in as S1001, each tab in turn.
import type { Page } from '@playwright/test';
import { expect, nextFrames, signInAs, test } from './support/fixtures';
import { STAFF_TABS as TABS } from './support/tabs';

const BUDGET = 0.02;

interface Shift {
  value: number;
  sources: string[];
}

/** Installed before any page script: records every layout shift of the page from its first frame. */
function recordShifts() {
  const name = (n: Node | null) => {
    if (!(n instanceof Element)) return n?.nodeName ?? '?';
    const cls = typeof n.className === 'string' ? n.className.split(' ').filter(Boolean).slice(0, 2).join('.') : '';
    return `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}${cls ? `.${cls}` : ''}`;
  };
  type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
  const seen: Shift[] = [];
  (window as unknown as { __shifts: Shift[] }).__shifts = seen;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as LayoutShift[]) {
      if (!e.hadRecentInput) seen.push({ value: e.value, sources: e.sources.map((s) => `${name(s.node)} (${Math.round(s.previousRect.x)},${Math.round(s.previousRect.y)})→(${Math.round(s.currentRect.x)},${Math.round(s.currentRect.y)})`) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

async function settledShifts(page: Page, path: string, ready: string): Promise<Shift[]> {
  await page.goto(path);
  await expect(page.locator(ready).first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  // Two frames after the network went quiet: whatever the last answers drew has been laid out.
  await nextFrames(page);
  return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
}

function check(path: string, list: Shift[]) {
  const total = list.reduce((sum, s) => sum + s.value, 0);
  const detail = list.map((s) => `${s.value.toFixed(4)} ${s.sources.join(', ')}`).join('; ');
  expect(total, `${path}: layout shifts ${detail || 'none'}`).toBeLessThanOrEqual(BUDGET);
}

test('nothing moves while /login and each staff tab load at 390x844', async ({ browser, baseURL }) => {
  // Six page loads over throttled slow 4G: ~18 s alone, and a CI run once spent the default 60 s on them
  // while the other worker loaded the machine.
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'th-TH', hasTouch: true, isMobile: true });
  await context.addInitScript(recordShifts);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  check('/login', await settledShifts(page, '/login', '#identifier'));
  await signInAs(page, 'S1001');
  await expect(page).toHaveURL(/\/main$/);
  for (const tab of TABS) check(tab.path, await settledShifts(page, tab.path, tab.ready));
  await context.close();
});
