// The daily drill end to end (issue 32) on a 390x844 phone, in one browser context: a person who took an
// exam finds "Today's drill" on Home, answers one question per screen (a wrong one shows the explanation),
// finishes and sees the streak; Home's card then says the drill is done.
import { personWithDrill, drillPrompts as prompts } from './support/drill';
import { expect, test } from './support/fixtures';

const shots = '/work/shots/fsrs';

test.describe('daily drill (390x844 phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.setTimeout(90_000);

  test('a person does today\'s drill from the Home card and sees the streak', async ({ page }) => {
    const { run } = await personWithDrill(page);
    await page.reload();
    const card = page.getByTestId('home-drill');
    await expect(card).toHaveAttribute('data-state', 'todo');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/home-card.png` });
    await card.click();
    await expect(page).toHaveURL(/\/drill$/);

    for (let i = 0; i < prompts.length; i++) {
      const question = page.getByTestId('drill-question');
      await expect(question).toContainText(`(${run})`);
      if (i === 0) await page.screenshot({ path: `${shots}/question.png` });
      const pick = i === 1 ? 'b' : 'a'; // the second one wrong
      await question.locator(`[data-testid="drill-choice"][data-choice-id="${pick}"]`).click();
      const feedback = page.getByTestId('drill-feedback');
      await expect(feedback).toHaveAttribute('data-correct', i === 1 ? 'no' : 'yes');
      if (i === 1) {
        await expect(feedback).toContainText('คำอธิบายข้อ 2');
        await page.screenshot({ path: `${shots}/feedback-wrong.png` });
      }
      await page.getByTestId('drill-next').click();
    }
    const done = page.getByTestId('drill-done');
    await expect(done).toBeVisible();
    await expect(page.getByTestId('drill-streak')).toHaveAttribute('data-streak', '1');
    await expect(done).toContainText('4');
    await page.screenshot({ path: `${shots}/done.png` });

    await done.getByRole('link').click();
    await expect(page.getByTestId('home-drill')).toHaveAttribute('data-state', 'done');
  });
});
