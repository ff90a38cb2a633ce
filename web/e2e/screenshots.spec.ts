import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, signInAs, tabLink, test } from './support/fixtures';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (name: string) => path.join(dir, `${name}.png`);

test.describe('mobile screenshots', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });

  test('login, main, club, profile', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: shot('login'), fullPage: true });

    await signInAs(page, 'S1001');
    await expect(page).toHaveURL(/\/main$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('สมชาย');
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: shot('main'), fullPage: true });

    await tabLink(page, 'club').click();
    await expect(page).toHaveURL(/\/club$/);
    await page.screenshot({ path: shot('club'), fullPage: true });

    await tabLink(page, 'profile').click();
    await expect(page.getByText('S1001')).toBeVisible();
    await expect(page.getByTestId('presence-status')).toBeVisible();
    await page.screenshot({ path: shot('profile'), fullPage: true });
  });
});

test.describe('desktop screenshots', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('admin dashboard and users', async ({ page, browser }) => {
    // Someone else online, so the live list has more than the admin in it.
    const staffContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 } });
    const staff = await staffContext.newPage();
    await signInAs(staff, 'S1002');
    await expect(staff).toHaveURL(/\/main$/);

    await signInAs(page, 'ADMIN01', undefined, '/login?callbackUrl=%2Fadmin');
    await expect(page.locator('[data-figure="usersTotal"] .ant-statistic-content-value')).toHaveText(/\d/);
    const list = page.getByTestId('presence-list');
    await expect(list.locator('.sf-presence__live.is-live')).toBeVisible();
    await expect(list.locator('tr[data-row-key]').filter({ hasText: 'S1002' })).toBeVisible();
    await staffContext.close();
    await expect(list.locator('tr[data-row-key]').filter({ hasText: 'S1002' }).locator('[data-status="offline"]')).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: shot('admin'), fullPage: true });
    await page.getByRole('link', { name: 'จัดการผู้ใช้' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('จัดการผู้ใช้');
    await expect(page.locator('.ant-menu-item-selected')).toContainText('จัดการผู้ใช้');
    await page.mouse.move(900, 700);
    await page.waitForTimeout(400); // let the menu's colour transition finish
    await page.screenshot({ path: shot('admin-users'), fullPage: true });
  });
});
