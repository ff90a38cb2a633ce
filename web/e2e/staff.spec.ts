import { expect, signInAs, tabLink, test } from './support/fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test('staff signs in, walks the five tabs, survives a reload and signs out', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await signInAs(page, 'S1001');
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('สมชาย');

  const profileHref = await tabLink(page, 'profile').getAttribute('href');
  expect(profileHref).toMatch(/^\/p\/[^/]+$/);

  const walk: [Parameters<typeof tabLink>[1], RegExp][] = [
    ['learning', /\/learning$/],
    ['stores', /\/stores$/],
    ['main', /\/main$/],
    ['club', /\/club$/],
    ['profile', new RegExp(`${profileHref}$`)],
  ];
  for (const [key, url] of walk) {
    await tabLink(page, key).click();
    await expect(page).toHaveURL(url);
    await expect(tabLink(page, key)).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.adm-tab-bar-item-active')).toHaveCount(1);
    await expect(page.locator('.adm-tab-bar-item-active a')).toHaveAttribute('data-tab', key);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  // Profile shows the user's details.
  await expect(page.getByText('S1001')).toBeVisible();
  await expect(page.getByText(/BKK01/)).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(new RegExp(`${profileHref}$`));
  await expect(tabLink(page, 'profile')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('S1001')).toBeVisible();

  // The user app never downloads the back office.
  expect(requested.filter((u) => /AdminApp-/.test(u))).toEqual([]);

  await page.getByRole('button', { name: 'ออกจากระบบ' }).click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await page.goto('/main');
  await expect(page).toHaveURL(/\/login\?error=SessionRequired/);
});

test('staff visiting /admin is sent to /main', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await signInAs(page, 'S2001');
  await expect(page).toHaveURL(/\/main$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/main$/);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/main$/);
  expect(requested.filter((u) => /AdminApp-/.test(u))).toEqual([]);
});

test('the language switch applies at once and is saved to the account', async ({ page, browser }) => {
  // English is its own chunk (src/i18n/en.ts), fetched only once it is chosen: a Thai phone never loads it.
  const englishCatalog = /\/assets\/en-[\w-]{8}\.js$/;
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await signInAs(page, 'S2002');
  await expect(page).toHaveURL(/\/main$/);
  await page.locator('nav a[data-tab="profile"]').click();
  expect(requested.filter((u) => englishCatalog.test(u))).toEqual([]);
  await page.getByText('English', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
  await expect(page.locator('nav a[data-tab="learning"]')).toHaveText('Learning');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(requested.filter((u) => englishCatalog.test(u))).toHaveLength(1);
  // Opened again, the device starts in English: the catalog comes before the first screen is drawn.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
  await expect(page.locator('nav a[data-tab="learning"]')).toHaveText('Learning');

  // A fresh device (no local choice) gets the saved language after sign-in.
  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 } });
  const page2 = await other.newPage();
  await signInAs(page2, 'S2002');
  await expect(page2.locator('nav a[data-tab="main"]')).toHaveText('Home');
  await page2.locator('nav a[data-tab="profile"]').click();
  await page2.getByText('ไทย', { exact: true }).click();
  await expect(page2.getByRole('heading', { level: 1 })).toHaveText('โปรไฟล์');
  await other.close();
});
