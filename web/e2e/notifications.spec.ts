// The notification centre end to end (issue 12): a staff member on a 390x844 phone watches Home's bell count
// go up live (over the realtime socket, no reload) when they redeem a reward (their own redemption is told
// too, issue 28) and when an admin approves it, opens the list (the points they received, the redemption
// waiting, then approved), taps the notice, lands on /club/redemptions, and the count goes down. A fresh staff member of its own, so
// notices other specs cause for the demo staff never touch the counts here.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdminApi } from './support/adminApi';
import { acceptPrivacyNotice, expect, openAdmin, signInAs, test } from './support/fixtures';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (name: string) => path.join(shots, `notifications-${name}.png`);
const run = Date.now().toString(36).slice(-5).toUpperCase();

test.describe('notification centre (390x844 phone)', () => {
  test.setTimeout(90_000);

  test('the bell counts up live on approval; tapping the notice opens the redemptions and counts down', async ({ page, browser }) => {
    const code = `NT${run}`;
    const password = 'Notice#2026';
    const title = `ร่มพับ ${run}`;
    await signInAs(page, 'ADMIN01');
    await expect(page).toHaveURL(/\/main$/);
    const admin = AdminApi.of(page);
    const user = await admin.create('users', {
      employeeCode: code, name: `แจ้งเตือน ${run}`, role: 'staff', status: 'active', store: await admin.storeId('BKK01'), password, locale: 'th',
    });
    await admin.send('POST', `/api/admin/users/${user.id}/points`, { delta: 500, reason: 'e2e notifications' });
    const reward = await admin.create('rewards', { title, cost: 50, stock: 5, pickup: true, status: 'published' });

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'th-TH', reducedMotion: 'reduce' });
    const staff = await context.newPage();
    await signInAs(staff, code, password);
    await expect(staff).toHaveURL(/\/main$/);
    await acceptPrivacyNotice(staff); // a new person: the notice first
    const bell = staff.getByTestId('notification-bell');
    await expect(bell).toBeVisible();
    // Counts are relative: a notice for all staff (the daily due-course reminder, say) may reach this person
    // while the spec runs, so the bell must show the server's count and go up by the approval, not equal 1.
    const staffApi = AdminApi.of(staff);
    const serverUnread = async () => (await staffApi.get<{ unread: number }>('/api/notifications/unread-count')).unread;
    const shown = async () => Number(await bell.getAttribute('data-unread'));
    const before = await serverUnread();
    await expect.poll(shown).toBe(before);
    // The realtime socket is up once presence says so; then every count arrives without a reload.
    await expect.poll(async () => (await admin.get<{ online: boolean }>(`/api/presence/${user.id}`)).online).toBe(true);
    const { redemption } = await staffApi.send<{ redemption: { id: string } }>('POST', `/api/club/rewards/${reward.id}/redeem`, { method: 'pickup' });
    await expect.poll(shown).toBeGreaterThanOrEqual(before + 1);
    const redeemed = await serverUnread();
    await admin.send('POST', `/api/admin/redemptions/${redemption.id}/approve`, {});
    await expect.poll(shown).toBeGreaterThan(redeemed);
    // The badge on the bell says what the count is.
    await expect
      .poll(async () => {
        const [count, badge] = await bell.evaluate((el) => [(el as HTMLElement).dataset.unread, el.querySelector('.sf-bell__badge')?.textContent]);
        const server = String(await serverUnread());
        return count === server && badge === server;
      })
      .toBe(true);
    await staff.screenshot({ path: shot('bell') });

    await bell.click();
    await expect(staff).toHaveURL(/\/notifications$/);
    const notice = staff.getByTestId('notice').filter({ hasText: title }).filter({ hasText: 'ได้รับการอนุมัติแล้ว' });
    await expect(notice).toHaveAttribute('data-read', 'false');
    // Their own things: the redemption they made (points taken, waiting) and the points they were given.
    await expect(staff.getByTestId('notice').filter({ hasText: title }).filter({ hasText: 'รอการอนุมัติ' })).toContainText('ใช้ 50 แต้ม');
    await expect(staff.locator('[data-testid="notice"][data-type="points_received"]').filter({ hasText: 'e2e notifications' })).toContainText('คุณได้รับ 500 แต้ม');
    await staff.screenshot({ path: shot('list') });
    await notice.click();
    await expect(staff).toHaveURL(/\/club\/redemptions$/);
    await expect(staff.getByTestId('redemption-item').filter({ hasText: title })).toHaveAttribute('data-status', 'approved');

    await staff.goto('/main');
    await expect.poll(shown).toBe(await serverUnread());
    await staff.goto('/notifications');
    await expect(notice).toHaveAttribute('data-read', 'true');
    await context.close();

    // The back office's bell reads the same API: the admin's own count and list.
    await page.setViewportSize({ width: 1440, height: 900 });
    await openAdmin(page, '/admin');
    const adminBell = page.getByTestId('admin-notification-bell');
    await expect(adminBell).toBeVisible();
    await expect
      .poll(async () => (await adminBell.getAttribute('data-unread')) === String((await admin.get<{ unread: number }>('/api/notifications/unread-count')).unread))
      .toBe(true);
    await adminBell.click();
    await expect(page.locator('.ant-popover:visible')).toContainText('การแจ้งเตือน');
  });
});
