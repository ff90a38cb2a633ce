// Ads end to end on a 390x844 phone against the real server: an admin makes (through the back office's API)
// a store, a staff member in it, a full-screen ad and a home banner for that store only — so the demo staff
// other specs sign in never meet them. Opening the app shows the interstitial at /ads with a countdown before
// the close button works; closing lands where the person was going; opening the app again the same day (a
// reload, and a new sign-in) does not show it again (cap: once a day). The banner is on Home and a tap follows
// its link; tapping a full-screen ad's picture follows its link; views and taps reach the admin list's
// impressions and clicks through telemetry.
import type { Page } from '@playwright/test';
import { AdminApi } from './support/adminApi';
import { acceptPrivacyNotice, expect, signInAs, test } from './support/fixtures';
import { makePng } from './support/png';

const run = Date.now().toString(36).slice(-5).toUpperCase();
const phone = { viewport: { width: 390, height: 844 }, locale: 'th-TH', reducedMotion: 'reduce' as const };

test.describe('ads (390x844 phone)', () => {
  test.setTimeout(120_000);

  test('an interstitial shows once a day on opening the app; closing lands where the person was going', async ({ page, browser }) => {
    const code = `AD${run}`;
    const password = 'Adverts#2026';
    await signInAs(page, 'ADMIN01');
    await expect(page).toHaveURL(/\/main$/);
    const admin = AdminApi.of(page);
    const store = await admin.create('stores', { code: `ADS${run}`, name: `สาขาโฆษณา ${run}` });
    const user = await admin.create('users', { employeeCode: code, name: `โฆษณา ${run}`, role: 'staff', status: 'active', store: store.id, password, locale: 'th' });
    // The person answered the privacy notice on an earlier visit, before any ad: the showings counted below are
    // telemetry, kept only with their consent.
    const earlier = await browser.newContext(phone);
    const visit = await earlier.newPage();
    await signInAs(visit, code, password);
    await expect(visit).toHaveURL(/\/main$/);
    await acceptPrivacyNotice(visit);
    await earlier.close();
    const tall = await admin.upload(makePng(360, 640, [14, 107, 95], [250, 204, 21]), 'image/png', `ad-${run}.png`);
    const wide = await admin.upload(makePng(640, 360, [37, 99, 235], [16, 185, 129]), 'image/png', `banner-${run}.png`);
    const audience = { stores: [store.id] };
    const ad = await admin.create('ads', {
      title: `เปิดตัวสินค้าใหม่ ${run}`, kind: 'interstitial', image: tall.id, link: '/club/points', priority: 100, capPerDay: 1, audience, status: 'published',
    });
    const banner = await admin.create('ads', { title: `แบนเนอร์ ${run}`, kind: 'banner', image: wide.id, link: '/club/rewards', audience, status: 'published' });

    const context = await browser.newContext(phone);
    const staff = await context.newPage();
    // Opening a deep link signed out: sign in, then the ad, then the page the person was opening.
    await signInAs(staff, code, password, '/club/leaderboard');
    await expect(staff).toHaveURL(new RegExp(`/ads/${ad.id}\\?next=%2Fclub%2Fleaderboard$`));
    const shown = staff.getByTestId('ad-interstitial');
    await expect(shown).toBeVisible();
    await expect(shown.locator('img')).toHaveJSProperty('complete', true);
    const close = staff.getByTestId('ad-close');
    await expect(close).toBeDisabled();
    await expect(close).toContainText('ปิดได้ใน');
    await expect(staff.locator('nav a[data-tab="main"]')).toHaveCount(0); // shell-less
    await expect(close).toBeEnabled({ timeout: 10_000 });
    await expect(close).toContainText('ปิด');
    await close.click();
    await expect(staff).toHaveURL(/\/club\/leaderboard$/);

    // Counted on the server: not due again today.
    const staffApi = AdminApi.of(staff);
    await expect.poll(async () => (await staffApi.get<{ due: boolean }>(`/api/ads/${ad.id}`)).due).toBe(false);

    // Reopening the app the same day (a reload of Home) does not show it again; Home has the banner.
    await staff.goto('/main');
    await expect(staff.getByTestId('home-ads')).toBeVisible();
    await expect(staff).toHaveURL(/\/main$/);
    await expect(staff.getByTestId('ad-interstitial')).toHaveCount(0);
    const card = staff.locator(`[data-ad-id="${banner.id}"]`);
    await expect(card).toBeVisible();
    await card.click();
    await expect(staff).toHaveURL(/\/club\/rewards$/);

    // A new sign-in the same day: straight to Home.
    const again = await browser.newContext(phone);
    const second = await again.newPage();
    await signInAs(second, code, password);
    await expect(second).toHaveURL(/\/main$/);
    await expectStays(second, /\/main$/);

    // Another full-screen ad the next time the app opens: tapping the picture follows its link.
    const linked = await admin.create('ads', {
      title: `ลุ้นรางวัล ${run}`, kind: 'interstitial', image: tall.id, link: '/club/points', priority: 90, capTotal: 1, audience, status: 'published',
    });
    await second.goto('/learning');
    await expect(second).toHaveURL(new RegExp(`/ads/${linked.id}\\?next=%2Flearning$`));
    await second.getByTestId('ad-open').click();
    await expect(second).toHaveURL(/\/club\/points$/);

    // The showings and the banner's view and tap reach the admin list through telemetry.
    await second.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await staff.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await expect
      .poll(async () => {
        const items = (await admin.get<{ items: { id: string; impressions: number; clicks: number }[] }>('/api/admin/ads?pageSize=100')).items;
        const a = items.find((x) => x.id === ad.id);
        const b = items.find((x) => x.id === banner.id);
        const l = items.find((x) => x.id === linked.id);
        return [a?.impressions ?? 0, (b?.impressions ?? 0) >= 1, b?.clicks ?? 0, l?.clicks ?? 0];
      }, { timeout: 20_000 })
      .toEqual([1, true, 1, 1]);
    expect(user.id).toBeTruthy();
    await again.close();
    await context.close();
  });
});

/** The page stays at `url` for a moment (the app-open check has answered and sent nobody elsewhere). */
async function expectStays(page: Page, url: RegExp) {
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(url);
  await expect(page.getByTestId('ad-interstitial')).toHaveCount(0);
}
