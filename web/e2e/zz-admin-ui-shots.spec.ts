// Temporary: after-screenshots for issue 28 items 6-8 into /work/shots/admin-ui (not committed).
import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './support/fixtures';

const dir = '/work/shots/admin-ui';
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 });
}

for (const [w, h] of [[1440, 900], [1366, 768]] as const) {
  test(`after ${w}`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: w, height: h });
    await signInAs(page, 'ADMIN01', undefined, '/login?callbackUrl=%2Fadmin');
    await expect(page).toHaveURL(/\/admin$/);
    for (const p of ['/admin/users', '/admin/contents', '/admin/articles', '/admin/courses', '/admin/events', '/admin/redeem', '/admin/redeem/redemptions', '/admin/stories', '/admin/coupons', '/admin/users/codes']) {
      await page.goto(p);
      await settled(page);
      await page.screenshot({ path: `${dir}/after-${w}_${p.slice(1).replaceAll('/', '_')}.png` });
    }
    // The person's drawer: their record.
    await page.goto('/admin/users');
    await settled(page);
    await page.locator('.sf-res__table tr[data-row-key]').filter({ hasText: 'S1001' }).locator('.sf-res__title').click();
    await expect(page.locator('.sf-record')).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `${dir}/after-${w}_user_drawer.png` });
    // The actions menu.
    await page.keyboard.press('Escape');
    await page.locator('.sf-res__table tr[data-row-key]').filter({ hasText: 'S1001' }).getByTestId('row-actions').click();
    await page.screenshot({ path: `${dir}/after-${w}_users_actions_menu.png` });
    await page.keyboard.press('Escape');
    // Reports: page names, technical section.
    await page.goto('/admin/reports/engagement');
    await settled(page);
    await page.screenshot({ path: `${dir}/after-${w}_reports_engagement.png`, fullPage: true });
    await page.getByTestId('report-technical').locator('.ant-collapse-header').click();
    await settled(page);
    await page.getByTestId('report-technical').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/after-${w}_reports_technical.png`, fullPage: true });
    // The range picker.
    await page.goto('/admin/reports/engagement');
    await settled(page);
    await page.getByTestId('report-range').first().click();
    await page.screenshot({ path: `${dir}/after-${w}_rangepicker.png` });
    await page.keyboard.press('Escape');
    // A form picker.
    await page.goto('/admin/events');
    await settled(page);
    await page.getByRole('button', { name: /เพิ่ม · / }).first().click();
    await page.locator('#events-create_startsAt').click();
    await page.screenshot({ path: `${dir}/after-${w}_datepicker.png` });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    // Header search.
    await page.goto('/admin');
    await page.getByRole('combobox').first().fill('ก');
    await expect(page.getByTestId('search-hit').first()).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: `${dir}/after-${w}_search.png` });
  });
}
