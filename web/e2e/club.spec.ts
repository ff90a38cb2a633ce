// The members club end to end against the real server (issue 11): on a 390x844 phone a staff member redeems a
// reward and sees the balance drop and the pending redemption; an admin at 1440x900 approves and fulfils it in
// /admin/redeem; the staff member sees the new status. Then a coupon claim reveals the code with its QR, and a
// gift pick is made and changed. Data the back office makes elsewhere is created here through its API.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { AdminApi } from './support/adminApi';
import { expect, openAdmin, signInAs, test } from './support/fixtures';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (name: string) => path.join(shots, `club-${name}.png`);
const run = Date.now().toString(36).slice(-5).toUpperCase();

async function phone(browser: Browser, who: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'th-TH', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signInAs(page, who);
  await expect(page).toHaveURL(/\/main$/);
  return page;
}

async function balance(page: Page): Promise<number> {
  await page.goto('/club');
  const el = page.getByTestId('club-balance');
  await expect(el).toBeVisible();
  return Number(await el.getAttribute('data-balance'));
}

test.describe('members club (390x844 phone, 1440x900 back office)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test.setTimeout(120_000);

  test('staff redeems a reward; an admin approves and fulfils it; staff sees each status', async ({ page, browser }) => {
    const title = `กระเป๋าผ้า Shopfloor ${run}`;
    await signInAs(page, 'ADMIN01');
    await expect(page).toHaveURL(/\/main$/);
    const api = AdminApi.of(page);
    await api.create('rewards', { title, description: '<p>กระเป๋าผ้าแคนวาส</p>', cost: 120, stock: 4, limit: 1, pickup: true, status: 'published' });

    const staff = await phone(browser, 'S2002');
    const before = await balance(staff);
    expect(before).toBeGreaterThanOrEqual(120);
    await staff.goto('/club/rewards');
    await staff.getByTestId('reward-card').filter({ hasText: title }).click();
    await expect(staff.getByRole('heading', { name: title })).toBeVisible();
    await staff.getByTestId('redeem-button').click();
    await expect(staff.getByTestId('redeem-balance-after')).toContainText((before - 120).toLocaleString('en-US'));
    await expect(staff.getByTestId('redeem-store')).toContainText('เชียงใหม่ นิมมาน');
    await staff.screenshot({ path: shot('redeem-confirm') });
    await staff.getByTestId('redeem-confirm').click();
    await expect(staff).toHaveURL(/\/club\/redemptions/);
    const mine = staff.getByTestId('redemption-item').filter({ hasText: title });
    await expect(mine).toHaveAttribute('data-status', 'pending');
    await staff.screenshot({ path: shot('my-redemptions') });
    expect(await balance(staff)).toBe(before - 120);

    // The admin's queue: pending by default; approve, then mark fulfilled.
    await openAdmin(page, '/admin/redeem/redemptions');
    const row = page.getByTestId('redemption-row').filter({ hasText: title });
    await expect(row).toHaveAttribute('data-status', 'pending');
    const id = await row.getAttribute('data-id');
    await page.screenshot({ path: shot('admin-queue') });
    await page.getByTestId(`approve-${id}`).click();
    // Approved rows leave the pending queue; every status shows it again.
    await expect(page.getByTestId('redemption-row').filter({ hasText: title })).toHaveCount(0);
    // The select's box (its selected value covers the inner search input).
    await page.locator('.ant-select', { has: page.getByRole('combobox', { name: 'กรองตามสถานะ' }) }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'ทุกสถานะ' }).click();
    await expect(page.getByTestId('redemption-row').filter({ hasText: title })).toHaveAttribute('data-status', 'approved');
    await page.getByTestId(`fulfil-${id}`).click();
    await expect.poll(async () => (await api.get<{ items: { id: string; status: string }[] }>(`/api/admin/redemptions?q=${encodeURIComponent(run)}`)).items.find((x) => x.id === id)?.status).toBe('fulfilled');

    await staff.goto('/club/redemptions');
    await expect(staff.getByTestId('redemption-item').filter({ hasText: title })).toHaveAttribute('data-status', 'fulfilled');
    await staff.screenshot({ path: shot('fulfilled') });
    await staff.context().close();
  });

  test('staff claims a coupon and sees its code and QR; picks a gift and changes the pick', async ({ page, browser }) => {
    await signInAs(page, 'ADMIN01');
    await expect(page).toHaveURL(/\/main$/);
    const api = AdminApi.of(page);
    const batch = await api.create('coupon-batches', { partner: 'ร้านขนมปังอบสด', title: `ส่วนลด ${run}`, valueText: 'ลด 30 บาท', status: 'published', limit: 1 });
    await api.send('POST', `/api/admin/coupon-batches/${batch.id}/codes/generate`, { count: 3, prefix: 'BK' });
    const period = await api.create('gift-periods', { name: `ของขวัญทดสอบ ${run}`, status: 'published', startAt: new Date(Date.now() - 3600_000).toISOString(), endAt: new Date(Date.now() + 86400_000).toISOString() });
    await api.create('gift-options', { period: period.id, title: `ตะกร้าผลไม้ ${run}`, stock: 5 });
    await api.create('gift-options', { period: period.id, title: `ชุดชาไทย ${run}`, stock: 5 });

    const staff = await phone(browser, 'S2001');
    await staff.goto('/club/coupons');
    const card = staff.getByTestId('coupon-batch').filter({ hasText: `ส่วนลด ${run}` });
    await card.getByTestId('coupon-claim').click();
    const sheet = staff.getByTestId('coupon-sheet');
    await expect(sheet.getByTestId('coupon-code')).toHaveText(/^BK[23456789A-HJKMNP-Z]{10}$/);
    await expect(sheet.getByTestId('coupon-qr')).toBeVisible();
    await expect(sheet.getByTestId('coupon-barcode')).toBeVisible();
    await staff.screenshot({ path: shot('coupon') });

    await staff.goto('/club/gifts');
    const box = staff.getByTestId('gift-period').filter({ hasText: `ของขวัญทดสอบ ${run}` });
    const fruit = box.getByTestId('gift-option').filter({ hasText: `ตะกร้าผลไม้ ${run}` });
    const tea = box.getByTestId('gift-option').filter({ hasText: `ชุดชาไทย ${run}` });
    await fruit.click();
    await staff.getByTestId('gift-pick-confirm').click();
    await expect(fruit).toHaveAttribute('data-picked', 'true');
    await expect(box.getByTestId('gift-picked')).toContainText(`ตะกร้าผลไม้ ${run}`);
    await tea.click();
    await staff.getByTestId('gift-pick-confirm').click();
    await expect(tea).toHaveAttribute('data-picked', 'true');
    await expect(fruit).toHaveAttribute('data-picked', 'false');
    await expect(fruit).toContainText('5');
    await staff.screenshot({ path: shot('gifts') });
    const picks = await api.get<{ items: { option: { title: string } }[] }>(`/api/admin/gift-periods/${period.id}/picks`);
    expect(picks.items.map((p) => p.option.title)).toEqual([`ชุดชาไทย ${run}`]);
    await staff.context().close();
  });
});
