// Telemetry and live presence against the real server (SPEC §4).
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, signInAs, tabLink, test } from './support/fixtures';

interface Row {
  userId: string;
  [field: string]: unknown;
}

async function signedInAdmin(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, 'ADMIN01', undefined, '/login?callbackUrl=%2Fadmin');
  await expect(page).toHaveURL(/\/admin$/);
  return { context, page };
}

async function activity(request: APIRequestContext, type: string, userId: string): Promise<Row[]> {
  const res = await request.get(`/api/admin/activity?type=${type}&userId=${encodeURIComponent(userId)}&limit=100`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { items: Row[] }).items;
}

test('a staff member\'s page views, activity and page time reach the server', async ({ browser }) => {
  const staffContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 } });
  const staff = await staffContext.newPage();
  const errors: string[] = [];
  staff.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await signInAs(staff, 'S1002');
  await expect(staff).toHaveURL(/\/main$/);
  const userId = (await tabLink(staff, 'profile').getAttribute('href'))!.replace('/p/', '');

  for (const key of ['learning', 'stores', 'club', 'main'] as const) {
    await tabLink(staff, key).click();
    await expect(staff).toHaveURL(new RegExp(`/${key}$`));
    await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
    await staff.waitForTimeout(150); // a moment on each page
  }
  // Leaving the document sends the last page time with keepalive.
  await staff.goto('about:blank');

  const admin = await signedInAdmin(browser);
  const request = admin.page.request;
  await expect
    .poll(async () => (await activity(request, 'activity', userId)).map((r) => r.page), { timeout: 6_000 })
    .toEqual(expect.arrayContaining(['/main', '/learning', '/stores', '/club']));
  await expect.poll(async () => (await activity(request, 'page_time', userId)).length, { timeout: 6_000 }).toBeGreaterThan(0);
  const pageTimes = await activity(request, 'page_time', userId);
  expect(pageTimes.map((r) => r.url)).toEqual(expect.arrayContaining(['/learning', '/stores', '/club']));
  for (const r of pageTimes) expect(r.duration).toBeGreaterThanOrEqual(0);
  await expect.poll(async () => (await activity(request, 'page_view', userId)).length, { timeout: 6_000 }).toBeGreaterThanOrEqual(4);
  const clicks = await activity(request, 'click', userId);
  expect(clicks.length).toBeGreaterThan(0);
  expect(clicks.every((c) => typeof c.element === 'string' && (c.element as string).length > 0)).toBe(true);
  expect(errors.filter((e) => /Failed to record user activity|Error (initializing|setting|updating)/.test(e))).toEqual([]);

  await staffContext.close();
  await admin.context.close();
});

test('the admin dashboard shows a staff member online, then offline, without a reload', async ({ browser }) => {
  const admin = await signedInAdmin(browser);
  const list = admin.page.getByTestId('presence-list');
  await expect(list.locator('.sf-presence__live.is-live')).toBeVisible();
  let navigations = 0;
  admin.page.on('framenavigated', (f) => {
    if (f === admin.page.mainFrame()) navigations++;
  });

  const staffContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 } });
  const staff = await staffContext.newPage();
  await signInAs(staff, 'S2001');
  await expect(staff).toHaveURL(/\/main$/);
  const userId = (await tabLink(staff, 'profile').getAttribute('href'))!.replace('/p/', '');

  const row = list.locator(`tr[data-row-key="${userId}"]`);
  await expect(row).toBeVisible({ timeout: 8_000 });
  await expect(row).toContainText('วิชัย เก่งขาย');
  await expect(row).toContainText('S2001');
  await expect(row.locator('[data-status="online"]')).toHaveText('ออนไลน์');
  const onlineNow = admin.page.locator('[data-figure="onlineNow"] .ant-statistic-content-value');
  await expect(onlineNow).toHaveText(/^[1-9]\d*$/);
  const before = Number(await onlineNow.textContent());

  // The staff member's profile shows them online too.
  await tabLink(staff, 'profile').click();
  await expect(staff.getByTestId('presence-status')).toHaveText('ออนไลน์');

  await staffContext.close();
  await expect(row.locator('[data-status="offline"]')).toBeVisible({ timeout: 8_000 });
  await expect(row.locator('[data-status="offline"]')).toContainText('ใช้งานล่าสุด');
  await expect(onlineNow).toHaveText(String(before - 1));
  expect(navigations).toBe(0);

  // Anyone signed in sees the last-seen time on that profile.
  await admin.page.goto(`/p/${userId}`);
  await expect(admin.page.getByTestId('presence-status')).toContainText('ใช้งานล่าสุด');
  await admin.context.close();
});
