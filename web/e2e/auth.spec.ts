import { expect, signInAs, test } from './support/fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test('anonymous /main → /login with SessionRequired and callbackUrl, then back to /main', async ({ page }) => {
  await page.goto('/main');
  await expect(page).toHaveURL(/\/login\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('error')).toBe('SessionRequired');
  expect(url.searchParams.get('callbackUrl')).toBe('/main');
  await expect(page.getByRole('alert')).toHaveText('โปรดเข้าสู่ระบบเพื่อใช้งานต่อ');

  await page.locator('#identifier').fill('S1002');
  await page.locator('#password').fill('Demo#2026');
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  await expect(page).toHaveURL(/\/main$/);
});

test('a deep link survives sign-in, an off-site callbackUrl does not', async ({ page }) => {
  await page.goto('/club');
  await expect(page).toHaveURL(/callbackUrl=%2Fclub/);
  await page.locator('#identifier').fill('S1002');
  await page.locator('#password').fill('Demo#2026');
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  await expect(page).toHaveURL(/\/club$/);

  await page.goto('/login?callbackUrl=//evil.example/x');
  await expect(page).toHaveURL(/\/main$/);
});

test('a wrong password shows the translated error', async ({ page }) => {
  await signInAs(page, 'S2002', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('รหัสพนักงาน อีเมล หรือรหัสผ่านไม่ถูกต้อง');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator('#password')).toHaveValue('');
});

test('shell-less pages render without navigation', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('สมัครใช้งาน');
  await expect(page.locator('nav .adm-tab-bar')).toHaveCount(0);
  await page.getByRole('link', { name: 'เข้าสู่ระบบ', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The server renders share pages (an unknown one is its 404 page), not the SPA.
  await page.goto('/share/article/123');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('nav .adm-tab-bar')).toHaveCount(0);
});

test('signing out in one tab signs out the other (nextauth.message)', async ({ page, context }) => {
  await signInAs(page, 'S1002');
  await expect(page).toHaveURL(/\/main$/);
  const other = await context.newPage();
  await other.goto('/club');
  await expect(other).toHaveURL(/\/club$/);

  await page.locator('nav a[data-tab="profile"]').click();
  await page.getByRole('button', { name: 'ออกจากระบบ' }).click();
  await expect(page).toHaveURL(/\/login/);

  // The other tab hears the storage event, refetches the session and goes to sign-in.
  await expect(other).toHaveURL(/\/login\?error=SessionRequired&callbackUrl=%2Fclub/);
});

test('the app and the server sign-in page run under the Content-Security-Policy with no violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (msg.text().includes('Content Security Policy')) violations.push(msg.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const index = await page.goto('/login');
  const csp = (await index?.allHeaders())?.['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  await page.locator('#identifier').fill('S1001');
  await page.locator('#password').fill('Demo#2026');
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  await expect(page).toHaveURL(/\/main$/);
  for (const path of ['/learning', '/stores', '/club']) {
    await page.goto(path);
    await expect(page.locator('nav a[data-tab]').first()).toBeVisible();
  }
  const signin = await page.goto('/api/auth/signin');
  expect((await signin?.allHeaders())?.['content-security-policy']).toContain("default-src 'self'");
  await expect(page.locator('form')).toBeVisible();
  expect(violations).toEqual([]);
});
