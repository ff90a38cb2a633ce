// The daily drill offline (issue 32) on a 390x844 phone with the service worker: Home's card fetches the day's
// questions ahead; one question is answered online, then the connection goes and the rest are asked from the
// phone, each answer "saved, checked when you're back online" (a reload offline keeps them); back online the
// answers are sent, the drill finishes with its streak, and the day's points are paid once, even when the same
// answers are sent again.
import { personWithDrill } from './support/drill';
import { controlled, expect, test } from './support/fixtures';

const shots = '/work/shots/drill-offline';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });

test('a drill done offline is checked once back online, its streak and points counted once', async ({ page, context }) => {
  test.setTimeout(120_000);
  const { run } = await personWithDrill(page);
  const balance = async () => ((await (await page.request.get('/api/me/points')).json()) as { balance: number }).balance;
  // (page.request is the test's own: never offline.)
  const summary = async () => (await (await page.request.get('/api/drill/summary')).json()) as { answered: number; right: number; finished: boolean; streak: number };
  const kept = () => page.evaluate(() => (JSON.parse(localStorage.getItem('shopfloor.drillAhead') ?? 'null') as { questions: unknown[] } | null)?.questions.length ?? 0);
  const queue = () => page.evaluate(() => JSON.parse(localStorage.getItem('shopfloor.offlineQueue') ?? '[]') as { key: string; user: string; url: string; slot?: string; body: unknown; at: number }[]);
  const before = await balance();

  await controlled(page);
  const card = page.getByTestId('home-drill');
  await expect(card).toHaveAttribute('data-state', 'todo');
  await expect.poll(kept).toBe(5); // Home fetched the day's questions ahead

  // The first question online: checked at once, and no longer kept for offline.
  await card.click();
  const question = page.getByTestId('drill-question');
  await expect(question).toContainText(`(${run})`);
  const first = await question.getAttribute('data-question-id');
  await question.locator('[data-testid="drill-choice"][data-choice-id="a"]').click();
  await expect(page.getByTestId('drill-feedback')).toHaveAttribute('data-correct', 'yes');
  await expect.poll(kept).toBe(4);
  await page.getByTestId('drill-next').click();
  await expect(question).not.toHaveAttribute('data-question-id', first ?? '');

  // The connection goes: the rest are asked from the phone, each answer kept.
  await context.setOffline(true);
  const asked = new Set<string>();
  for (let i = 0; i < 4; i++) {
    await expect(question).toContainText(`(${run})`);
    await expect(question).toContainText(`${i + 2} จาก 5`);
    asked.add((await question.getAttribute('data-question-id')) ?? '');
    await question.locator(`[data-testid="drill-choice"][data-choice-id="${i === 1 ? 'b' : 'a'}"]`).click();
    const feedback = page.getByTestId('drill-feedback');
    await expect(feedback).toHaveAttribute('data-correct', 'saved');
    if (i === 0) await page.screenshot({ path: `${shots}/saved.png` });
    await page.getByTestId('drill-next').click();
  }
  expect(asked.size).toBe(4);
  expect(asked.has(first ?? '')).toBe(false);
  const done = page.getByTestId('drill-done');
  await expect(done).toHaveAttribute('data-state', 'saved');
  await expect(page.getByTestId('drill-saved-count')).toContainText('4');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.screenshot({ path: `${shots}/saved-done.png` });
  const queued = await queue();
  expect(queued.map((w) => w.slot?.split(':')[2]).sort()).toEqual([...asked].sort());
  expect(queued.every((w) => w.url === '/api/drill/today/answers')).toBe(true);
  expect(await summary()).toMatchObject({ answered: 1, finished: false });

  // A reload offline (the service worker answers) still has the answers.
  await page.reload();
  await expect(page.getByTestId('drill-done')).toHaveAttribute('data-state', 'saved');

  // Back online: sent, checked once; the drill is done with its streak and the day's points.
  await context.setOffline(false);
  await expect(page.getByTestId('drill-streak')).toHaveAttribute('data-streak', '1');
  await expect.poll(queue).toEqual([]);
  expect(await summary()).toMatchObject({ answered: 5, right: 4, finished: true, streak: 1 });
  const paid = await balance();
  expect(paid).toBeGreaterThan(before);
  await page.screenshot({ path: `${shots}/back-online.png` });

  // The same answers sent again (as if their answers were lost): nothing counts twice.
  await page.evaluate((writes) => localStorage.setItem('shopfloor.offlineQueue', JSON.stringify(writes.map((w, i) => ({ ...w, key: `again-${i}`, at: Date.now() })))), queued);
  await page.reload();
  await expect.poll(queue).toEqual([]);
  expect(await summary()).toMatchObject({ answered: 5, right: 4, finished: true, streak: 1 });
  expect(await balance()).toBe(paid);
});

test('an answer that finds no connection (the browser still online) is kept, and sent on "Send now"', async ({ page }) => {
  test.setTimeout(120_000);
  const { run } = await personWithDrill(page);
  const summary = async () => (await (await page.request.get('/api/drill/summary')).json()) as { answered: number; finished: boolean; streak: number };
  const kept = () => page.evaluate(() => (JSON.parse(localStorage.getItem('shopfloor.drillAhead') ?? 'null') as { questions: unknown[] } | null)?.questions.length ?? 0);
  await page.reload();
  await expect.poll(kept).toBe(5);
  await page.getByTestId('home-drill').click();
  // The answers' endpoint unreachable: the first answer is kept here, and the rest are asked from the phone.
  await page.route('**/api/drill/today/answers', (route) => route.abort('internetdisconnected'));
  const question = page.getByTestId('drill-question');
  for (let i = 0; i < 5; i++) {
    await expect(question).toContainText(`(${run})`);
    await question.locator('[data-testid="drill-choice"][data-choice-id="a"]').click();
    await expect(page.getByTestId('drill-feedback')).toHaveAttribute('data-correct', 'saved');
    await page.getByTestId('drill-next').click();
  }
  await expect(page.getByTestId('drill-done')).toHaveAttribute('data-state', 'saved');
  await expect(page.getByTestId('drill-saved-count')).toContainText('5');
  expect(await summary()).toMatchObject({ answered: 0, finished: false });

  // The connection back: "Send now" sends them, and the drill is done.
  await page.unroute('**/api/drill/today/answers');
  await page.getByTestId('drill-send-now').click();
  await expect(page.getByTestId('drill-streak')).toHaveAttribute('data-streak', '1');
  expect(await summary()).toMatchObject({ answered: 5, finished: true, streak: 1 });
});
