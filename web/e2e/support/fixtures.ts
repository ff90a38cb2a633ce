import { expect, test as base, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { AdminApi } from './adminApi';

export const DEMO_PASSWORD = 'Demo#2026';

export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL not set: global-setup did not start a server');
    await use(url);
  },
});

export { expect };

/** Signs in through the app's own /login screen (Thai UI by default). */
export async function signInAs(page: Page, identifier: string, password = DEMO_PASSWORD, path = '/login') {
  await page.goto(path);
  await page.locator('#identifier').fill(identifier);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click(); // not "เข้าสู่ระบบด้วย …" (single sign-on)
}

/** The entries of a list row's compact actions menu (the kit's "more" button, admin/resources/rowActions.tsx). */
export async function rowMenu(page: Page, row: Locator): Promise<Locator> {
  await row.getByTestId('row-actions').click();
  return page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
}

/** Runs one of a list row's actions from its compact menu, by the entry's test id. */
export async function rowAction(page: Page, row: Locator, testId: string) {
  await (await rowMenu(page, row)).getByTestId(testId).click();
}

export function tabLink(page: Page, key: 'learning' | 'stores' | 'main' | 'club' | 'profile') {
  return page.locator(`nav a[data-tab="${key}"]`);
}

/**
 * Opens a back-office page by its address and waits for its first draw (its h1). A full load of the admin app
 * (antd, the shell, the area's chunk, its first reads) took 3-4 s at load 15 on this 2-core machine and over the
 * 7 s of an assertion on CI, where the reports spec failed on it: a first load gets a navigation's patience,
 * and everything after it is asserted with the usual timeout.
 */
export async function openAdmin(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('h1.sf-admin-page__title')).toBeVisible({ timeout: 30_000 });
}

/** A back-office desk beside the phone under test: its own 1440x900 Thai browser context, signed in as `who`. */
export async function desk(browser: Browser, who: string): Promise<{ page: Page; api: AdminApi; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'th-TH' });
  const page = await context.newPage();
  await signInAs(page, who);
  await expect(page).toHaveURL(/\/main$/);
  return { page, api: AdminApi.of(page), context };
}

/**
 * A person new to the app is shown the privacy notice (a sheet over the tabs) until they answer it; the demo
 * logins were seeded as having accepted. Accepts it when the server says it will be shown, through the sheet
 * as a person would, so a spec about something else can go on. privacy-consent.spec.ts tests the notice.
 */
export async function acceptPrivacyNotice(page: Page) {
  const answer = await page.request.get('/api/me/privacy/consent');
  expect(answer.ok()).toBe(true);
  if (!((await answer.json()) as { ask: boolean }).ask) return;
  const sheet = page.locator('.sf-consent');
  await sheet.getByRole('button', { name: 'ยอมรับ', exact: true }).click();
  await expect(sheet).toBeHidden();
}

/** A staff phone (390x844, touch) in its own Thai browser context, signed in as `who` (the notice accepted). */
export async function phone(browser: Browser, who: string, password?: string, { answerNotice = true } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'th-TH', hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signInAs(page, who, password);
  await expect(page).toHaveURL(/\/main$/);
  if (answerNotice) await acceptPrivacyNotice(page);
  return page;
}

/**
 * A tap target is at least `min` px tall once shown. Polled: a lazy part of the page that suspends again hides what
 * was already drawn (React's Suspense sets display:none), and a box read at that moment is null.
 */
export async function expectTallTarget(target: Locator, min = 44) {
  await expect(target).toBeVisible();
  await expect.poll(async () => (await target.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(min);
}

/** Two animation frames: whatever the last input or answer changed has been rendered and laid out. */
export async function nextFrames(page: Page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * Drags a sortable row (admin/resources/Sortable.tsx, dnd-kit) by its handle onto a target: its top edge (a row
 * in a column goes above it) or its centre (a tile in a grid). dnd-kit measures the drop targets after the drag
 * has started: on a loaded machine, moves sent before that frame find no target and the row falls back where it
 * was (nothing saved). So the drag waits until the row is lifted and for a frame after each leg.
 */
export async function dragHandleTo(page: Page, handle: Locator, target: Locator, where: 'top' | 'centre') {
  await handle.scrollIntoViewIfNeeded();
  // Measured once the handle is still: hover waits for it to stop moving (a drawer still sliding in moves it,
  // and a press where the handle was lands beside it: no drag).
  await handle.hover();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y - 10, { steps: 5 });
  await expect(handle.locator('xpath=ancestor::li[1]')).toHaveClass(/\bis-dragging\b/);
  await nextFrames(page);
  await page.mouse.move(to.x + to.width / 2, where === 'top' ? to.y + 2 : to.y + to.height / 2, { steps: 10 });
  await nextFrames(page);
  await page.mouse.up();
}

/** The service worker has installed (precache done) and controls this page (a context with serviceWorkers: 'allow'). */
export async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}
