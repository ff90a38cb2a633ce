// Home slides end to end against the real server: an editor adds two slides through the back office
// (/admin/homeoptions: picture uploaded in the media picker, title, link, audience = one store), publishes
// them and drags the second above the first; a staff member of that store sees them on Home in that order,
// a staff member of another store does not.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { AdminApi } from './support/adminApi';
import { dragHandleTo, expect, rowAction, signInAs, test } from './support/fixtures';
import { makePng } from './support/png';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (name: string) => path.join(shots, `home-slides-${name}.png`);
const run = Date.now().toString(36).slice(-5).toUpperCase();
const first = `โปรโมชันต้นเดือน ${run}`;
const second = `อบรมพนักงานใหม่ ${run}`;

async function addSlide(page: Page, title: string, link: string, store: string, picture: Buffer) {
  await page.getByRole('button', { name: 'เพิ่ม · สไลด์หน้าแรก' }).click();
  const drawer = page.locator('.ant-drawer-content').filter({ hasText: 'เพิ่มรายการ · สไลด์หน้าแรก' });
  await drawer.getByRole('button', { name: 'เลือกรูปภาพ' }).click();
  const picker = page.locator('.ant-modal-content').filter({ hasText: 'เลือกรูปภาพ' });
  await picker.locator('input[type=file]').setInputFiles({ name: `slide-${run}-${title.length}.png`, mimeType: 'image/png', buffer: picture });
  await expect(picker.locator('.sf-picker__tile.is-selected')).toHaveCount(1);
  await picker.getByRole('button', { name: 'เลือก', exact: true }).click();
  await expect(picker).toBeHidden();
  await drawer.locator('#home-slides-create_title').fill(title);
  // A scheme other than an in-app path or https is refused with the field's message.
  await drawer.locator('#home-slides-create_link').fill('javascript:alert(1)');
  await drawer.getByRole('button', { name: 'สร้าง' }).click();
  await expect(drawer).toContainText('ต้องเป็นหน้าในแอป (ขึ้นต้นด้วย /) หรือที่อยู่ที่ขึ้นต้นด้วย https://');
  await drawer.locator('#home-slides-create_link').fill(link);
  const stores = drawer.getByRole('combobox', { name: 'สาขา' });
  await stores.click();
  await stores.fill(store);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: store }).click();
  await page.keyboard.press('Escape');
  await drawer.getByRole('button', { name: 'สร้าง' }).click();
  await expect(page.getByText('สไลด์หน้าแรก: สร้างรายการแล้ว').first()).toBeVisible();
  await expect(drawer).toBeHidden();
  // Publish from the list.
  await rowAction(page, page.locator('tr[data-row-key]').filter({ hasText: title }), 'row-publish');
  await expect(page.getByText(`เผยแพร่ “${title}” แล้ว`)).toBeVisible();
}

/** The ids of the slides on the staff member's Home, in order (ours only). */
async function homeSlides(browser: Browser, who: string, ids: string[]): Promise<{ page: Page; order: () => Promise<string[]> }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'th-TH', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signInAs(page, who);
  await expect(page).toHaveURL(/\/main$/);
  const order = async () =>
    (await page.locator('[data-testid="home-slides"] [data-slide-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-slide-id') ?? ''))).filter((id) => ids.includes(id));
  return { page, order };
}

test.describe('home slides (1440x900 back office, 390x844 phone)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test.setTimeout(120_000);

  test('an editor adds two slides and reorders them; staff in the audience see them in that order, others do not', async ({ page, browser }) => {
    await signInAs(page, 'EDIT01', undefined, '/login?callbackUrl=%2Fadmin%2Fhomeoptions');
    await expect(page).toHaveURL(/\/admin\/homeoptions$/);
    await expect(page.locator('.sf-res[data-resource="home-slides"]')).toBeVisible();
    const storeName = 'เซ็นทรัลเวิลด์'; // BKK01: S1001's store, not S2001's

    await addSlide(page, first, '/learning', storeName, makePng(1200, 675, [190, 24, 93], [251, 146, 60]));
    await addSlide(page, second, 'https://example.com/onboarding', storeName, makePng(1200, 675, [14, 116, 144], [103, 232, 249]));
    const api = AdminApi.of(page);
    const list = await api.get<{ items: { id: string; title: string; position: number; impressions: number; taps: number }[] }>(
      `/api/admin/home-slides?q=${encodeURIComponent(run)}&sort=position`,
    );
    const a = list.items.find((s) => s.title === first)!;
    const b = list.items.find((s) => s.title === second)!;
    expect(a.position).toBeLessThan(b.position);
    await expect(page.locator('.sf-res__table')).toContainText('การแสดงผล');
    await expect(page.locator('.sf-res__table')).toContainText('การแตะ');
    await expect(page.locator('.sf-res__table img.sf-slide-thumb').first()).toBeVisible();
    await page.screenshot({ path: shot('admin-list') });
    await page.getByRole('button', { name: `แก้ไข ${first}` }).click();
    const edit = page.locator('.ant-drawer-content').filter({ hasText: 'แก้ไข · สไลด์หน้าแรก' });
    await expect(edit.locator('#home-slides-edit_title')).toHaveValue(first);
    await page.screenshot({ path: shot('admin-editor') });
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();

    // Drag the second slide above the first: saved with PUT /api/admin/home-slides/order.
    await page.getByRole('button', { name: 'จัดลำดับ' }).click();
    const order = page.locator('.ant-drawer-content').filter({ hasText: 'ลำดับสไลด์บนหน้าแรก' });
    const rowA = order.locator(`li[data-id="${a.id}"]`);
    const rowB = order.locator(`li[data-id="${b.id}"]`);
    await expect(rowA).toBeVisible();
    await expect(rowB).toBeVisible();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/home-slides/order') && r.request().method() === 'PUT');
    await dragHandleTo(page, rowB.locator('.sf-sort__handle'), rowA.locator('.sf-sort__handle'), 'top');
    expect((await saved).ok()).toBe(true);
    await expect(page.getByText('บันทึกลำดับสไลด์แล้ว')).toBeVisible();
    const ids = await order.locator('li[data-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));

    // Staff in the audience: both, second first.
    const inside = await homeSlides(browser, 'S1001', [a.id, b.id]);
    await expect.poll(inside.order).toEqual([b.id, a.id]);
    const slides = inside.page.locator('[data-testid="home-slides"]');
    await expect(slides.locator(`[data-slide-id="${b.id}"] a`)).toHaveAttribute('target', '_blank');
    await expect(slides.locator(`[data-slide-id="${b.id}"] a`)).toHaveAttribute('rel', /noopener/);
    await expect(slides.locator(`[data-slide-id="${a.id}"] a`)).toHaveAttribute('href', '/learning');
    await expect(slides.locator(`[data-slide-id="${a.id}"] img`)).toHaveAttribute('srcset', /\/_image\?url=/);
    await inside.page.screenshot({ path: shot('phone') });
    await inside.page.context().close();

    // Staff outside the audience: neither.
    const outside = await homeSlides(browser, 'S2001', [a.id, b.id]);
    await expect(outside.page.locator('[data-testid="home-articles"], [data-testid="home-for-you"]').first()).toBeVisible();
    expect(await outside.order()).toEqual([]);
    await outside.page.context().close();
  });
});
