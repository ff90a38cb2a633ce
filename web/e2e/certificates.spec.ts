// Certificates that expire (issue 32) end to end on the demo data (`seed --demo`: S2002 holds the
// customer-service certificate, expiring in 12 days): on a 390x844 phone the person sees it on their
// profile as expiring, with its PDF and verification page; at 1440x900 the back office lists certificates
// per store and filters the expired ones (S1002's).
import { expect, expectTallTarget, signInAs, test } from './support/fixtures';

const shots = '/work/shots/certificates';

test.describe('certificates (390x844 phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('staff see their certificate on the profile, expiring, with its PDF', async ({ page }) => {
    await signInAs(page, 'S2002');
    await expect(page).toHaveURL(/\/main$/);
    await page.goto('/profile');
    const cert = page.getByTestId('certificate');
    await expect(cert).toHaveCount(1);
    await expect(cert).toHaveAttribute('data-status', 'expiring');
    await expect(cert).toContainText('ใบรับรองการบริการลูกค้า');
    await expect(cert).toContainText('ใกล้หมดอายุ');
    const pdf = cert.getByTestId('certificate-pdf');
    const href = await pdf.getAttribute('href');
    expect(href).toMatch(/^\/api\/me\/certificates\/[0-9a-f]{32}\/certificate\.pdf$/);
    await expectTallTarget(pdf);
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    await cert.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/profile-phone.png` });
    await page.goto(await cert.getByTestId('certificate-verify').getAttribute('href') ?? '/');
    await expect(page.locator('body')).toContainText('สถานะ: ใช้ได้');
    await page.screenshot({ path: `${shots}/verify-page-phone.png` });
  });
});

test.describe('certificates (1440x900 back office)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the admin list shows the certificates per store and filters the expired ones', async ({ page }) => {
    await signInAs(page, 'ADMIN01');
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/admin/certificates');
    const list = page.getByTestId('certificates-admin');
    // The demo holders and the demo company's staff who completed the course in its history.
    await expect(list.getByTestId('certificate-status').first()).toBeVisible();
    await page.screenshot({ path: `${shots}/admin-list-1440.png` });
    await list.getByTestId('certificates-status-filter').click();
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/admin/certificates?status=expired')),
      page.locator('.ant-select-item-option').filter({ hasText: 'หมดอายุแล้ว' }).click(),
    ]);
    await expect(list).toContainText('สมหญิง รักงาน');
    await expect(list.getByTestId('certificate-status').filter({ hasNotText: 'หมดอายุแล้ว' })).toHaveCount(0);
    await expect(page.getByTestId('export-xlsx')).toHaveAttribute('href', /\/api\/admin\/certificates\/export\?status=expired&format=xlsx/);
    await page.screenshot({ path: `${shots}/admin-expired-1440.png` });
    // The smaller laptop: the filters and the exports still fit.
    await page.setViewportSize({ width: 1366, height: 768 });
    await expect(page.getByTestId('export-xlsx')).toBeInViewport();
    await page.screenshot({ path: `${shots}/admin-expired-1366.png` });
  });
});
