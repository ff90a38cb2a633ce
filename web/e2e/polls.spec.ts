// Polls end to end against the real server (issue 13): on a 390x844 phone a staff member sees the open-polls
// card on Home, opens the polls, picks an option (a tap only picks: nothing is cast, the pick can move), votes
// with the Vote button and sees the results with their choice; the admin's poll screen at 1440x900 counts the
// ballot.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { desk, expect, signInAs, test } from './support/fixtures';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');

test.describe('polls (390x844 phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.setTimeout(90_000);

  test('staff picks, then votes, and sees the results; the admin screen counts it', async ({ page, browser }) => {
    const run = Date.now().toString(36).slice(-5).toUpperCase();
    const { page: admin, api, context: adminContext } = await desk(browser, 'EDIT01');
    const poll = await api.create('polls', { title: `มื้อกลางวันทีมวันศุกร์ ${run}`, status: 'published', resultsVisibility: 'after_vote' });
    const rice = await api.create('poll-options', { poll: poll.id, text: `ข้าวมันไก่ ${run}` });
    const noodles = await api.create('poll-options', { poll: poll.id, text: `ก๋วยเตี๋ยวเรือ ${run}` });

    await signInAs(page, 'S2002');
    await expect(page).toHaveURL(/\/main$/);
    await expect(page.getByTestId('home-polls')).toBeVisible();
    await page.getByTestId('home-polls').click();
    await expect(page).toHaveURL(/\/club\/polls/);
    const card = page.locator(`[data-testid="poll"][data-poll-id="${poll.id}"]`);
    const option = (id: string) => card.locator(`[data-testid="poll-option"][data-option-id="${id}"]`);
    await expect(card.getByTestId('poll-vote')).toBeDisabled();
    // A tap picks, a second tap elsewhere moves the pick: nothing is sent yet (a reload shows no vote).
    await option(noodles.id).click();
    await expect(option(noodles.id)).toHaveAttribute('aria-checked', 'true');
    await option(rice.id).click();
    await expect(option(rice.id)).toHaveAttribute('aria-checked', 'true');
    await expect(option(noodles.id)).toHaveAttribute('aria-checked', 'false');
    await page.screenshot({ path: path.join(shots, 'polls-picked.png') });
    await page.reload();
    await expect(card).toHaveAttribute('data-voted', 'false');
    await expect(card.getByTestId('poll-result')).toHaveCount(0);
    await option(rice.id).click();
    await card.getByTestId('poll-vote').click();
    await expect(card).toHaveAttribute('data-voted', 'true');
    const mine = card.locator(`[data-testid="poll-result"][data-option-id="${rice.id}"]`);
    await expect(mine).toHaveAttribute('data-votes', '1');
    await expect(mine).toContainText('100');
    await page.screenshot({ path: path.join(shots, 'polls-results.png') });

    await admin.goto(`/admin/votes/${poll.id}`);
    await expect(admin.getByTestId('poll-results')).toHaveAttribute('data-total', '1');
    await adminContext.close();
  });
});
