// The leaderboard on a phone (issue 12): a staff member who earned points this week opens the Club tab's
// leaderboard entry and finds themself ranked in their store, their region and everyone, with the rank the
// server gives them; the stores view shows their store per active staff member. Points are given through the
// admin API (the same award path every earning takes).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdminApi } from './support/adminApi';
import { expect, signInAs, tabLink, test } from './support/fixtures';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');

test.describe('leaderboard (390x844 phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a staff member sees their own rank on the leaderboard', async ({ page, browser }) => {
    // The admin gives S1002 a big week so they lead their store.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAs(admin, 'ADMIN01');
    await expect(admin).toHaveURL(/\/main$/);
    const api = AdminApi.of(admin);
    const staff = await api.get<{ items: { id: string; employeeCode: string }[] }>('/api/admin/users?q=S1002');
    const me = staff.items.find((u) => u.employeeCode === 'S1002');
    if (!me) throw new Error('no S1002');
    await api.send('POST', `/api/admin/users/${me.id}/points`, { delta: 250000, reason: 'ยอดขายยอดเยี่ยมประจำสัปดาห์' });
    await adminContext.close();

    await signInAs(page, 'S1002');
    await expect(page).toHaveURL(/\/main$/);
    await tabLink(page, 'club').click();
    await page.locator('a[data-entry="leaderboard"]').click();
    await expect(page).toHaveURL(/\/club\/leaderboard/);
    await expect(page.getByRole('heading', { name: 'กระดานอันดับ' })).toBeVisible();

    for (const scope of ['store', 'region', 'all'] as const) {
      await page.getByTestId('leaderboard-scope').locator(`[data-value="${scope}"]`).click();
      const board = await (await page.request.get(`/api/leaderboards?scope=${scope}&period=week`)).json();
      expect(board.me?.rank, scope).toBeGreaterThanOrEqual(1);
      const row = page.locator(`[data-testid="leaderboard-row"][data-user-id="${me.id}"]`);
      const pinned = page.getByTestId('leaderboard-me');
      if (board.me.rank <= 50) {
        await expect(row).toBeVisible();
        await expect(row).toHaveAttribute('data-rank', String(board.me.rank));
      } else {
        await expect(pinned).toHaveAttribute('data-rank', String(board.me.rank));
      }
    }
    // First in my store this week (250,000 points and what the demo gave), on the podium.
    await page.getByTestId('leaderboard-scope').locator('[data-value="store"]').click();
    const first = page.locator(`.sf-board-podium [data-testid="leaderboard-row"][data-user-id="${me.id}"]`);
    await expect(first).toHaveAttribute('data-rank', '1');
    const storeBoard = await (await page.request.get('/api/leaderboards?scope=store&period=week')).json();
    expect(storeBoard.me.points).toBeGreaterThanOrEqual(250000);
    await expect(first).toContainText(storeBoard.me.points.toLocaleString('en-US'));
    await page.screenshot({ path: path.join(shots, 'leaderboard-phone.png'), fullPage: true });

    // Month and all time count the same points.
    await page.getByTestId('leaderboard-period').locator('[data-value="month"]').click();
    await expect(first).toHaveAttribute('data-rank', '1');
    await page.getByTestId('leaderboard-period').locator('[data-value="all"]').click();
    await expect(first).toHaveAttribute('data-rank', '1');

    // Stores, per active staff member: my store is in the list and marked.
    await page.getByTestId('leaderboard-view').locator('[data-value="stores"]').click();
    const stores = await (await page.request.get('/api/leaderboards/stores?scope=region&period=all')).json();
    expect(stores.me.rank).toBeGreaterThanOrEqual(1);
    const mine = page.locator(`[data-testid="leaderboard-store-row"][data-store-id="${stores.me.store.id}"]`);
    await expect(mine).toHaveAttribute('data-rank', String(stores.me.rank));
    await expect(mine).toHaveClass(/is-me/);
    await page.screenshot({ path: path.join(shots, 'leaderboard-stores-phone.png'), fullPage: true });
  });
});
