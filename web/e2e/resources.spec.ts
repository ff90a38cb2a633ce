// The back office's generated screens against the real server: stores CRUD + search, roster import with a
// dry run, and a photo going from the media library into a published gallery that staff see.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, rowAction, signInAs, tabLink, test } from './support/fixtures';
import { makePng } from './support/png';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (name: string) => path.join(shots, `${name}.png`);
const run = Date.now().toString(36).slice(-5).toUpperCase();

test.describe('admin (1440x900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('creates, edits, searches and deletes a store through the generated screens', async ({ page }) => {
    await signInAs(page, 'ADMIN01', undefined, '/login?callbackUrl=%2Fadmin%2Fusers%2Fstores');
    await expect(page).toHaveURL(/\/admin\/users\/stores$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('จัดการผู้ใช้');
    await expect(page.getByRole('tab', { name: 'สาขา' })).toHaveAttribute('aria-selected', 'true');
    const table = page.locator('.sf-res__table');
    await expect(table.locator('tr[data-row-key]').filter({ hasText: 'BKK01' })).toBeVisible();

    // Create, first with a code that is taken: the 409 lands on the code input.
    await page.getByRole('button', { name: 'เพิ่ม · สาขา' }).click();
    const drawer = page.locator('.ant-drawer-content').filter({ hasText: 'เพิ่มรายการ · สาขา' });
    await drawer.locator('#stores-create_code').fill('BKK01');
    await drawer.locator('#stores-create_name').fill(`สาขาทดสอบ ${run}`);
    await drawer.getByRole('button', { name: 'สร้าง' }).click();
    await expect(drawer.locator('#stores-create_code_help')).toHaveText('ค่านี้ถูกใช้ไปแล้ว');
    // Required rule from the schema, checked before the server is asked.
    await drawer.locator('#stores-create_code').fill('');
    await expect(drawer.locator('#stores-create_code_help')).toHaveText('กรุณากรอกข้อมูลนี้');
    await drawer.locator('#stores-create_code').fill(`T${run}`);
    await drawer.locator('#stores-create_region').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await drawer.getByRole('button', { name: 'สร้าง' }).click();
    await expect(page.getByText('สาขา: สร้างรายการแล้ว')).toBeVisible();
    await expect(drawer).toBeHidden();

    // Search finds it.
    const search = page.getByRole('searchbox', { name: 'ค้นหาสาขา' });
    await search.fill(`T${run}`);
    await search.press('Enter');
    const row = table.locator('tr[data-row-key]').filter({ hasText: `T${run}` });
    await expect(row).toBeVisible();
    await expect(table.locator('tr[data-row-key]')).toHaveCount(1);
    await expect(row).not.toContainText('…'); // the region reference shows its name

    // Edit the name.
    await row.getByRole('button', { name: `แก้ไข สาขาทดสอบ ${run}` }).click();
    const edit = page.locator('.ant-drawer-content').filter({ hasText: 'แก้ไข · สาขา' });
    await expect(edit.locator('#stores-edit_name')).toHaveValue(`สาขาทดสอบ ${run}`);
    await edit.locator('#stores-edit_name').fill(`สาขาแก้ไข ${run}`);
    await edit.getByRole('button', { name: 'บันทึก' }).click();
    await expect(page.getByText('บันทึกการเปลี่ยนแปลงแล้ว')).toBeVisible();
    await expect(row).toContainText(`สาขาแก้ไข ${run}`);

    // Header search finds it too and opens its details.
    const header = page.getByRole('combobox', { name: 'ค้นหาผู้ใช้ เนื้อหา หลักสูตร บทความ และกิจกรรม' });
    await header.click();
    await header.pressSequentially(`T${run}`, { delay: 30 });
    const hit = page.locator('.sf-search__popup .ant-select-item-option').filter({ hasText: `สาขาแก้ไข ${run}` });
    await expect(hit).toBeVisible();
    await expect(page.locator('.sf-search__popup')).toContainText('สาขา');
    await hit.click();
    await expect(page).toHaveURL(/\/admin\/users\/stores\?view=/);
    const details = page.locator('.ant-drawer-content').filter({ hasText: 'รหัสสาขา' });
    await expect(details).toContainText(`T${run}`);
    await details.locator('.ant-drawer-close').click();
    await expect(details).toBeHidden();

    // Delete with confirmation.
    await rowAction(page, row, 'row-delete');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'ลบ' }).click();
    await expect(page.getByText(`ลบ “สาขาแก้ไข ${run}” แล้ว`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('ไม่พบรายการที่ตรงกับการค้นหาหรือตัวกรอง')).toBeVisible();
  });

  test('imports a roster: the dry run shows the bad row, the fixed file is committed', async ({ page }) => {
    await signInAs(page, 'ADMIN01', undefined, '/login?callbackUrl=%2Fadmin%2Fusers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('จัดการผู้ใช้');
    await page.getByRole('button', { name: 'นำเข้ารายชื่อพนักงาน' }).click();
    const modal = page.locator('.ant-modal-content').filter({ hasText: 'นำเข้ารายชื่อพนักงาน (CSV)' });
    const good = `R${run}1,ทดสอบ นำเข้า,,BKK01,staff`;
    const bad = `R${run}2,ผิด สาขา,,NOPE99,staff`;
    const header = 'employee_code,name,email,store_code,role';
    await modal.locator('input[type=file]').setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\n${good}\n${bad}\n`) });
    const summary = modal.getByTestId('import-summary');
    await expect(summary).toContainText('แถวที่มีข้อผิดพลาด1');
    await expect(summary).toContainText('เพิ่มใหม่1');
    const badRow = modal.locator('tr[data-row-key="3"]');
    await expect(badRow).toContainText(`R${run}2`);
    await expect(badRow.locator('.sf-import__errors')).toContainText('store_code');
    await expect(modal.getByRole('button', { name: 'ยืนยันการนำเข้า' })).toBeDisabled();
    await page.screenshot({ path: shot('admin-import'), fullPage: false });

    // Remove the bad row, choose the file again.
    await modal.getByRole('button', { name: 'เลือกไฟล์อื่น' }).click();
    await modal.locator('input[type=file]').setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\n${good}\n`) });
    await expect(summary).toContainText('แถวที่มีข้อผิดพลาด0');
    await modal.getByRole('button', { name: 'ยืนยันการนำเข้า' }).click();
    await expect(page.getByText('นำเข้าแล้ว: เพิ่มใหม่ 1 ปรับปรุง 0 ไม่เปลี่ยนแปลง 0')).toBeVisible();
    await expect(modal).toBeHidden();

    const search = page.getByRole('searchbox', { name: 'ค้นหาผู้ใช้งาน' });
    await search.fill(`R${run}`);
    await search.press('Enter');
    const rows = page.locator('.sf-res__table tr[data-row-key]');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`R${run}1`);
    await expect(rows.first()).toContainText('เซ็นทรัลเวิลด์');
  });
});

test('a photo goes from the media library into a published gallery that staff see', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const fileName = `e2e-${run}.png`;
  const title = `อัลบั้มทดสอบ ${run}`;
  await signInAs(page, 'ADMIN01', undefined, '/login?callbackUrl=%2Fadmin%2Fmedias');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('คลังสื่อ');
  await page.locator('.sf-media__upload input[type=file]').setInputFiles({ name: fileName, mimeType: 'image/png', buffer: makePng(640, 420, [11, 122, Date.now() % 200], [245, 165, 36]) /* distinct bytes per run: the library deduplicates by hash */ });
  await expect(page.getByText(`อัปโหลด ${fileName} แล้ว`)).toBeVisible();
  const card = page.locator(`.sf-media__card[data-media="${fileName}"]`);
  await expect(card).toContainText('PNG');
  await expect(card).toContainText('640×420');
  const thumb = card.locator('img');
  await expect(thumb).toHaveAttribute('srcset', /\/_image\?url=%2Fmedia%2F[0-9a-f]+\.png&w=256&q=75 256w/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: shot('admin-medias'), fullPage: true });

  // A gallery through the generated form, then its own editor.
  await page.getByRole('link', { name: 'แกลเลอรี', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/galleries$/);
  await page.getByRole('button', { name: 'เพิ่ม · อัลบั้มภาพ' }).click();
  const drawer = page.locator('.ant-drawer-content').filter({ hasText: 'เพิ่มรายการ · อัลบั้มภาพ' });
  await drawer.locator('#galleries-create_title').fill(title);
  await drawer.locator('#galleries-create_description').fill('ภาพบรรยากาศการทดสอบ');
  await drawer.getByRole('button', { name: 'สร้าง' }).click();
  await expect(drawer).toBeHidden();
  await page.locator('.sf-res__table').getByText(title).click();
  await expect(page).toHaveURL(/\/admin\/galleries\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  await page.getByRole('button', { name: 'เพิ่มภาพ' }).first().click();
  const picker = page.locator('.ant-modal-content').filter({ hasText: 'เพิ่มภาพจากคลังสื่อ' });
  await picker.locator(`[data-media="${fileName}"]`).click();
  await picker.getByRole('button', { name: 'เพิ่ม (1)' }).click();
  await expect(page.getByText('เพิ่มลงอัลบั้มแล้ว 1 ภาพ')).toBeVisible();
  const caption = page.getByRole('textbox', { name: 'คำบรรยายภาพที่ 1' });
  await caption.fill('ทีมงานสาขาเซ็นทรัลเวิลด์');
  await caption.press('Enter');
  await expect(page.getByText('บันทึกคำบรรยายแล้ว')).toBeVisible();
  await expect(page.locator('.sf-gallery-editor__cover-tag')).toBeVisible(); // the first photo became the cover
  await page.getByRole('button', { name: 'เผยแพร่' }).click();
  await expect(page.getByText('เผยแพร่อัลบั้มแล้ว')).toBeVisible();
  await expect(page.locator('.sf-gallery-editor__summary')).toContainText('เผยแพร่');
  await page.mouse.move(1300, 880);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: shot('admin-gallery-editor'), fullPage: true });

  // Staff, on a phone.
  const ctx = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, locale: 'th-TH' });
  const staff = await ctx.newPage();
  await signInAs(staff, 'S1001');
  await expect(staff).toHaveURL(/\/main$/);
  await tabLink(staff, 'club').click();
  await staff.locator('[data-entry="galleries"]').click();
  await expect(staff).toHaveURL(/\/club\/galleries$/);
  const album = staff.locator(`[data-gallery="${title}"]`);
  await expect(album).toContainText('1 ภาพ');
  await expect(album.locator('img')).toHaveAttribute('srcset', /w=640&q=75 640w/);
  await expect.poll(() => album.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await staff.evaluate(() => document.fonts.ready);
  await staff.screenshot({ path: shot('staff-galleries'), fullPage: true });
  await album.click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(title);
  const tile = staff.getByRole('button', { name: 'เปิดภาพที่ 1: ทีมงานสาขาเซ็นทรัลเวิลด์' });
  await expect.poll(() => tile.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await staff.screenshot({ path: shot('staff-gallery'), fullPage: true });
  await tile.click();
  const viewer = staff.locator('.adm-image-viewer-content');
  await expect(viewer).toBeVisible();
  await expect(staff.locator('.sf-viewer__caption')).toHaveText('ทีมงานสาขาเซ็นทรัลเวิลด์');
  await expect(staff.locator('.adm-image-viewer-content img').first()).toHaveAttribute('src', /\/_image\?url=%2Fmedia%2F[0-9a-f]+\.png&w=\d+&q=80/);
  await staff.waitForTimeout(400);
  await staff.screenshot({ path: shot('staff-gallery-viewer') });
  await ctx.close();
});
