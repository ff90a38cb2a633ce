// Games end to end against the real server (issue 14, solo part): on a 390x844 phone a staff member finds the
// games in the Club, plays a solo quiz (tapping Kahoot-style answer buttons, seeing each verdict and the final
// score with the points) and clears a matching board (the pairs come from the admin API, as the browser never
// knows them; the cards are clicked by their visible text) and sees the points.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acceptPrivacyNotice, desk, expect, signInAs, test } from './support/fixtures';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');

test.describe('games (390x844 phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.setTimeout(120_000);

  test('a staff member plays a solo quiz and a matching game and sees the points', async ({ page, browser }) => {
    const run = Date.now().toString(36).slice(-5).toUpperCase();
    const { api, context: adminContext } = await desk(browser, 'ADMIN01');
    // A player of its own: the demo staff's presence and daily points cap belong to the specs running beside this one.
    const code = `GM${run}`, password = 'Games#2026';
    await api.create('users', { employeeCode: code, name: `นักเล่น ${run}`, role: 'staff', status: 'active', store: await api.storeId('BKK01'), password, locale: 'th' });
    const quiz = await api.create('game-quizzes', { title: `ควิซ ${run}`, timerSeconds: 30 });
    await api.create('game-quiz-questions', { quiz: quiz.id, kind: 'single', prompt: `ทักทายลูกค้าอย่างไร ${run}`, choices: [{ id: 'a', text: 'ยิ้มและทักทาย' }, { id: 'b', text: 'เงียบ' }, { id: 'c', text: 'รอ' }, { id: 'd', text: 'เดินหนี' }], correct: ['a'], explanation: 'ทักทายภายใน 10 วินาที' });
    await api.create('game-quiz-questions', { quiz: quiz.id, kind: 'truefalse', prompt: `ใบเสร็จต้องให้ลูกค้าทุกครั้ง ${run}`, correct: ['true'] });
    const quizGame = await api.create('games', { title: `ควิซเกม ${run}`, kind: 'quiz', quiz: quiz.id, status: 'published', scorePerPoint: 100 });
    const board = await api.create('game-matchings', { title: `จับคู่ ${run}` });
    const pairs = [['แดง', 'Red'], ['เขียว', 'Green'], ['น้ำเงิน', 'Blue'], ['เหลือง', 'Yellow']].map(([l, r]) => [`${l}${run}`, `${r}${run}`]);
    for (const [left, right] of pairs) await api.create('game-matching-pairs', { matching: board.id, left, right });
    const boardGame = await api.create('games', { title: `จับคู่เกม ${run}`, kind: 'matching', matching: board.id, status: 'published', scorePerPoint: 100 });

    await signInAs(page, code, password);
    await expect(page).toHaveURL(/\/main$/);
    await acceptPrivacyNotice(page); // a new person: the notice first
    await page.goto('/club');
    await page.locator('a[href="/club/games"]').first().click();
    await expect(page).toHaveURL(/\/club\/games$/);
    await page.locator(`[data-testid="game-card"][data-game-id="${quizGame.id}"]`).click();
    await page.getByTestId('game-play').click();

    // Question 1: tap the right answer at once.
    await expect(page.getByTestId('quiz-question')).toHaveAttribute('data-round-index', '0');
    await expect(page.getByTestId('quiz-answer')).toHaveCount(4);
    await page.screenshot({ path: path.join(shots, 'games-quiz-question.png') });
    await page.locator('[data-testid="quiz-answer"][data-choice-id="a"]').click();
    await expect(page.getByTestId('quiz-verdict')).toHaveAttribute('data-correct', 'true');
    await expect(page.getByTestId('quiz-points')).toContainText(/\+\d/);
    await page.getByTestId('quiz-next').click();
    // Question 2 (true/false).
    await expect(page.getByTestId('quiz-question')).toHaveAttribute('data-round-index', '1');
    await page.locator('[data-testid="quiz-answer"][data-choice-id="true"]').click();
    await expect(page.getByTestId('quiz-verdict')).toHaveAttribute('data-correct', 'true');
    await page.getByTestId('quiz-next').click();
    const result = page.getByTestId('game-result');
    await expect(result).toBeVisible();
    const score = Number((await page.getByTestId('game-score').innerText()).replace(/[^\d]/g, ''));
    expect(score).toBeGreaterThan(1900);  // two fast correct answers + the streak bonus of 100
    await expect(page.getByTestId('game-points')).toContainText(`+${Math.floor(score / 100)}`);
    await expect(page.getByTestId('quiz-review')).toHaveCount(2);
    await expect(page.getByTestId('game-result-rank')).toContainText('#1');
    await page.screenshot({ path: path.join(shots, 'games-quiz-result.png'), fullPage: true });
    await page.getByTestId('game-back').click();
    await expect(page.getByTestId('game-best')).toContainText(String(score).slice(-3));

    // The matching board: every card clicked by its visible text.
    await page.goto(`/club/games/${boardGame.id}`);
    await page.getByTestId('game-play').click();
    await expect(page.getByTestId('matching-card')).toHaveCount(8);
    const card = (text: string) => page.locator('[data-testid="matching-card"]', { hasText: text });
    await card(pairs[0]![0]!).click();
    await card(pairs[1]![1]!).click();  // a miss
    await expect(page.getByTestId('matching-moves')).toContainText('1');
    await page.screenshot({ path: path.join(shots, 'games-matching-board.png') });
    for (const [left, right] of pairs) {
      await card(left!).click();
      await card(right!).click();
      await expect(card(right!)).toHaveClass(/is-found/);
    }
    await expect(page.getByTestId('game-result')).toBeVisible();
    const boardScore = Number((await page.getByTestId('game-score').innerText()).replace(/[^\d]/g, ''));
    expect(boardScore).toBeGreaterThan(3000);
    await expect(page.getByTestId('game-points')).toContainText(`+${Math.floor(boardScore / 100)}`);
    await adminContext.close();
  });
});
