import { expect, openAdmin, signInAs, test } from './support/fixtures';

test.use({ viewport: { width: 1440, height: 900 } });

test('admin: sidebar collapses, submenus open, menu routes, dashboard figures', async ({ page }) => {
  await signInAs(page, 'ADMIN01', undefined, '/login?callbackUrl=%2Fadmin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('แดชบอร์ด');

  const sider = page.locator('.ant-layout-sider');
  await expect(sider).not.toHaveClass(/ant-layout-sider-collapsed/);
  const wide = (await sider.boundingBox())!.width;
  expect(wide).toBeGreaterThan(200);

  // Dashboard is selected by default; figures come from /api/admin/overview.
  await expect(page.locator('.ant-menu-item-selected')).toContainText('แดชบอร์ด');
  const total = page.locator('[data-figure="usersTotal"] .ant-statistic-content-value');
  await expect(total).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.locator('[data-figure="stores"] .ant-statistic-content-value')).toHaveText(/^\d[\d,]*$/);
  // "Waiting for approval" leads to its queue.
  await expect(page.getByTestId('figure-link-usersPending')).toHaveAttribute('href', '/admin/users/pending');

  // Top bar.
  await expect(page.getByPlaceholder('ค้นหา')).toBeVisible();
  await expect(page.getByRole('button', { name: 'การแจ้งเตือน' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'เปลี่ยนภาษา' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ความช่วยเหลือ' })).toBeVisible();

  // Collapse and expand.
  await page.getByRole('button', { name: 'ย่อเมนู' }).click();
  await expect(sider).toHaveClass(/ant-layout-sider-collapsed/);
  await expect.poll(async () => (await sider.boundingBox())!.width).toBeLessThan(100);
  await page.getByRole('button', { name: 'ขยายเมนู' }).click();
  await expect(sider).not.toHaveClass(/ant-layout-sider-collapsed/);
  await expect.poll(async () => (await sider.boundingBox())!.width).toBeGreaterThan(200);

  // Open and close the Content submenu.
  const content = page.locator('.ant-menu-submenu').filter({ hasText: 'จัดการเนื้อหา' });
  await content.locator('.ant-menu-submenu-title').click();
  await expect(content).toHaveClass(/ant-menu-submenu-open/);
  await expect(page.getByRole('link', { name: 'หมวดหมู่ย่อย' })).toBeVisible();
  await content.locator('.ant-menu-submenu-title').click();
  await expect(content).not.toHaveClass(/ant-menu-submenu-open/);

  // Three areas through the menu.
  await page.getByRole('link', { name: 'จัดการผู้ใช้' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('จัดการผู้ใช้');
  await expect(page.locator('.ant-menu-item-selected')).toContainText('จัดการผู้ใช้');

  await content.locator('.ant-menu-submenu-title').click();
  await page.getByRole('link', { name: 'หมวดหมู่', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/contents\/category$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('หมวดหมู่');

  await page.getByRole('link', { name: 'บันทึกการใช้งาน' }).click();
  await expect(page).toHaveURL(/\/admin\/logs$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('บันทึกการใช้งาน');
  await expect(page.locator('.ant-table').first()).toBeVisible();
  // The sign-in history shows this admin's own sign-in.
  await page.getByRole('tab', { name: 'การเข้าสู่ระบบ' }).click();
  await expect(page.locator('.ant-tabs-tabpane-active .ant-table-row').filter({ hasText: 'ADMIN01' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'หมวดหมู่ย่อย' }).click();
  await expect(page.getByText('ส่วนนี้กำลังพัฒนา')).toHaveCount(0);
  // Every area is built now: the last placeholder (reports, issue 17) draws its reports.
  await openAdmin(page, '/admin/reports');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('รายงาน');
  await expect(page.getByText('ส่วนนี้กำลังพัฒนา')).toHaveCount(0);
  await expect(page).toHaveTitle('Shopfloor');

  // A deep link opens its submenu.
  await openAdmin(page, '/admin/games/matching');
  await expect(page.locator('.ant-menu-submenu-open')).toContainText('เกม');
  await expect(page.locator('.ant-menu-item-selected')).toContainText('เกมจับคู่');
});

test('editor does not see admin-only areas', async ({ page }) => {
  await signInAs(page, 'EDIT01', undefined, '/login?callbackUrl=%2Fadmin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('link', { name: 'บทความ' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'จัดการผู้ใช้' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'รายงาน' })).toHaveCount(0);
  // The dashboard renders for editors with the online count but without who (names are for admins).
  await expect(page.locator('[data-figure="onlineNow"] .ant-statistic-content-value')).toHaveText(/^\d+$/);
  await expect(page.locator('[data-figure="usersTotal"] .ant-statistic-content-value')).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.getByTestId('presence-list')).toHaveCount(0);
  await expect(page.locator('.ant-alert-error')).toHaveCount(0);
});
