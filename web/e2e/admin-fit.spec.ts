// The back office in Thai and on one screen (issue 28 items 6 and 7), checked the way it was found: by looking.
// - Every list the back office has (each page and tab of the route table) fits 1366x768: no table scrolls
//   sideways and no date is cut; the columns that give way are named under the list.
// - Pickers open a Thai calendar (Thai month names, Buddhist-era 2569) in a report's range and in a form, tables
//   speak Thai, and all of it turns English and Gregorian live with the header's language switch.
// One browser context each; waits on conditions only.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { flattenAdminRoutes } from '../src/app/admin/routes';
import { AdminApi } from './support/adminApi';
import { DEMO_PASSWORD, expect, openAdmin, signInAs, test } from './support/fixtures';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (name: string) => path.join(shots, `admin-fit-${name}.png`);

/** Every address of the back office that may hold a list: each page and each of its tabs. */
function listPaths(): string[] {
  const out: string[] = [];
  for (const p of flattenAdminRoutes()) {
    if (p.path === '/admin') continue; // the dashboard: figures, no list
    for (const path of [p.path, ...(p.tabs ?? []).map((t) => t.path)]) if (!out.includes(path)) out.push(path);
  }
  return out;
}

/** What overflows on the screen: tables wider than their box, dates whose text is cut. */
async function overflowOn(page: Page) {
  return page.evaluate(() => {
    const wide: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body, .ant-table-container'))
      if (el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1) wide.push(`${el.className}: ${el.scrollWidth} > ${el.clientWidth}`);
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1)
      wide.push(`page: ${document.documentElement.scrollWidth} > ${document.documentElement.clientWidth}`);
    // A date as the back office writes it: 27 พ.ย. 2569 (Thai), 27/11/2569, or with its time.
    const date = /\d{1,2}\s+[ก-๙.]+\s+\d{2,4}|\d{1,2}\/\d{1,2}\/\d{4}/;
    const cut: string[] = [];
    let dates = 0;
    for (const td of document.querySelectorAll<HTMLElement>('.ant-table-tbody td')) {
      if (td.offsetParent === null || !date.test(td.textContent ?? '')) continue;
      dates++;
      const table = td.closest<HTMLElement>('.ant-table-container') ?? td;
      // The visible edge: the table's, or a column pinned over the row's right end (it hides what runs under it).
      const pinned = td.parentElement?.querySelector<HTMLElement>('.ant-table-cell-fix-right');
      const edge = pinned && pinned !== td ? pinned.getBoundingClientRect().left : table.getBoundingClientRect().right;
      for (const el of [td, ...td.querySelectorAll<HTMLElement>('*')]) {
        if (!date.test(el.textContent ?? '')) continue;
        const box = el.getBoundingClientRect();
        if (el.scrollWidth > el.clientWidth + 1 || box.right > edge + 1) {
          cut.push(`${td.textContent?.trim()} (${el.scrollWidth} > ${el.clientWidth})`);
          break;
        }
      }
    }
    return { wide, cut, dates, tables: document.querySelectorAll('.ant-table').length };
  });
}

/** The page has drawn its lists: no table or page still loading. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 });
}

test.describe('every admin list fits 1366x768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });
  test.setTimeout(300_000);

  test('no table scrolls sideways and no date is cut, on every page and tab', async ({ page }) => {
    await signInAs(page, 'ADMIN01', undefined, '/login?callbackUrl=%2Fadmin');
    await expect(page).toHaveURL(/\/admin$/);
    const problems: string[] = [];
    let tables = 0;
    let dated = 0;
    for (const address of listPaths()) {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1 }), address).toBeVisible({ timeout: 20_000 });
      await settled(page);
      const found = await overflowOn(page);
      tables += found.tables;
      dated += found.dates ? 1 : 0;
      for (const w of found.wide) problems.push(`${address}: ${w}`);
      for (const c of found.cut) problems.push(`${address}: date cut: ${c}`);
      // The logs' sign-ins and activity are tabs inside the page, not addresses.
      if (address === '/admin/logs')
        for (const tab of ['การเข้าสู่ระบบ', 'กิจกรรมผู้ใช้']) {
          await page.getByRole('tab', { name: tab }).click();
          await settled(page);
          const inner = await overflowOn(page);
          for (const w of inner.wide) problems.push(`${address} › ${tab}: ${w}`);
          for (const c of inner.cut) problems.push(`${address} › ${tab}: date cut: ${c}`);
        }
    }
    expect(problems).toEqual([]);
    // The walk saw the lists it is about (a guard against a walk that checks nothing).
    expect(tables).toBeGreaterThan(30);
    expect(dated).toBeGreaterThan(5);

    // Users and Contents, as the issue found them: whole dates, a compact actions menu with words.
    for (const [address, name] of [['/admin/users', 'users'], ['/admin/contents', 'contents'], ['/admin/redeem/redemptions', 'redemptions']] as const) {
      await page.goto(address);
      await settled(page);
      await page.screenshot({ path: shot(`1366-${name}`) });
    }
    await openAdmin(page, '/admin/users');
    await settled(page);
    const row = page.locator('.sf-res__table tr[data-row-key]').filter({ hasText: 'S1001' });
    await row.getByTestId('row-actions').click();
    const menu = page.locator('.ant-dropdown:visible');
    await expect(menu.getByTestId('user-points')).toHaveText(/^ปรับ(แต้ม|คะแนน)$/);
    await expect(menu.getByTestId('user-reset')).toHaveText('รีเซ็ตรหัสผ่าน');
    await page.screenshot({ path: shot('1366-users-actions') });
    await page.keyboard.press('Escape');

    // What HR asks about a person, in their drawer: learning, points and badges; no internal version number.
    await row.locator('.sf-res__title').click();
    const record = page.getByTestId('person-record');
    await expect(record).toBeVisible();
    for (const id of ['record-completed', 'record-in-progress', 'record-overdue', 'record-balance', 'record-earned'])
      await expect(record.getByTestId(id)).toHaveAttribute('data-value', /^\d+$/);
    await expect(record).toContainText('แต้มคงเหลือ');
    await expect(page.locator('.ant-drawer-content:visible')).not.toContainText('เวอร์ชัน');
    await page.screenshot({ path: shot('1366-user-drawer') });
  });
});

test.describe('the back office calendar', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('pickers show Thai months and 2569, English and 2026 after the language switch', async ({ page }) => {
    // A fresh admin of this test's own: the language switch is saved to the person, and the demo admins are
    // shared with the other specs.
    await signInAs(page, 'ADMIN01', undefined, '/login?callbackUrl=%2Fadmin');
    await expect(page).toHaveURL(/\/admin$/);
    const code = `CAL${Date.now().toString(36).slice(-6).toUpperCase()}`;
    await AdminApi.of(page).create('users', { employeeCode: code, name: `ปฏิทิน ${code}`, role: 'admin', password: DEMO_PASSWORD, locale: 'th' });
    await page.context().clearCookies();
    await signInAs(page, code, DEMO_PASSWORD, '/login?callbackUrl=%2Fadmin%2Freports%2Fengagement');
    await expect(page).toHaveURL(/\/admin\/reports\/engagement/);

    // A report's range: Thai month names, the Buddhist-era year, Thai weekdays.
    const range = page.getByTestId('report-range').first();
    await expect(range).toHaveValue(/ 25\d\d$/);
    await range.click();
    const panel = page.locator('.ant-picker-dropdown:visible');
    await expect(panel.locator('.ant-picker-month-btn').first()).toHaveText(/^(ม\.ค\.|ก\.พ\.|มี\.ค\.|เม\.ย\.|พ\.ค\.|มิ\.ย\.|ก\.ค\.|ส\.ค\.|ก\.ย\.|ต\.ค\.|พ\.ย\.|ธ\.ค\.)$/);
    await expect(panel.locator('.ant-picker-year-btn').first()).toHaveText(/^25\d\d$/);
    await expect(panel.locator('thead').first()).toContainText('อา');
    await page.screenshot({ path: shot('1440-rangepicker-th') });
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // A form's date and time: November 2026 shows as พ.ย. 2569.
    await openAdmin(page, '/admin/events');
    await page.getByRole('button', { name: /เพิ่ม · / }).first().click();
    const drawer = page.locator('.ant-drawer-content:visible');
    const startsAt = drawer.locator('#events-create_startsAt');
    await startsAt.click();
    await startsAt.fill('27/11/2569 09:30');
    const formPanel = page.locator('.ant-picker-dropdown:visible');
    await expect(formPanel.locator('.ant-picker-month-btn').first()).toHaveText('พ.ย.');
    await expect(formPanel.locator('.ant-picker-year-btn').first()).toHaveText('2569');
    await expect(formPanel.locator('.ant-picker-cell-selected').first()).toHaveText('27');
    await page.screenshot({ path: shot('1440-datepicker-th') });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // Tables speak Thai: pagination.
    await expect(page.locator('.ant-pagination-options').first()).toContainText('หน้า');

    // English, live: Gregorian years and English month names, without a reload.
    await page.getByRole('button', { name: 'เปลี่ยนภาษา' }).click();
    await expect(page.getByRole('button', { name: 'Switch language' })).toBeVisible();
    await page.getByRole('button', { name: /Add · / }).first().click();
    const enDrawer = page.locator('.ant-drawer-content:visible');
    const enStarts = enDrawer.locator('#events-create_startsAt');
    await enStarts.click();
    await enStarts.fill('27/11/2026 09:30');
    const enPanel = page.locator('.ant-picker-dropdown:visible');
    await expect(enPanel.locator('.ant-picker-month-btn').first()).toHaveText('Nov');
    await expect(enPanel.locator('.ant-picker-year-btn').first()).toHaveText('2026');
    await expect(enPanel.locator('thead').first()).toContainText('Su');
    await page.screenshot({ path: shot('1440-datepicker-en') });
  });
});
