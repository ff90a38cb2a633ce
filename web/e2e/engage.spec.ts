// Staff Home, articles (likes, comments), exams (start, autosave across a reload, submit, result) and the
// points history, on a phone, against the real server with the demo data.
import { expect, signInAs, test } from './support/fixtures';

test.use({ viewport: { width: 390, height: 844 } });

// The demo exam's correct answers by the start of each prompt (server/src/exams/exams.cpp seed_demo).
const correct: [string, string[]][] = [
  ['เมื่อลูกค้าเดินเข้าร้าน', ['a']],
  ['เมื่อลูกค้าร้องเรียน', ['true']],
  ['ข้อใดเป็นการรับฟัง', ['a', 'b']],
  ['สินค้าที่ลูกค้าต้องการหมดสต็อก', ['b']],
  ['การกล่าวขอบคุณ', ['false']],
];

test('exam: start, answer, reload keeps answers, submit with confirmation, result and points', async ({ page }) => {
  await signInAs(page, 'S1002');
  await expect(page).toHaveURL(/\/main$/);
  const before = Number(await page.getByTestId('points-balance').getAttribute('data-balance'));
  const learning = await (await page.request.get('/api/learning')).json();
  // The service exam (the demo company adds a safety exam with other questions).
  const exam = learning.exams.find((e: { title: string }) => e.title === 'แบบทดสอบการบริการลูกค้า') as { id: string };
  expect(exam, 'the demo service exam is on the Learning tab').toBeTruthy();
  await page.goto(`/learning/exam/${exam.id}`);
  await page.getByTestId('exam-start').click();
  await expect(page).toHaveURL(/\/attempt\//);
  await expect(page.getByTestId('exam-timer')).toBeVisible();

  const answerCurrent = async () => {
    const prompt = (await page.getByTestId('exam-prompt').textContent()) ?? '';
    const ids = correct.find(([start]) => prompt.startsWith(start))?.[1] ?? [];
    expect(ids.length, prompt).toBeGreaterThan(0);
    for (const id of ids) await page.getByTestId(`choice-${id}`).click();
    for (const id of ids) await expect(page.getByTestId(`choice-${id}`)).toHaveAttribute('aria-checked', 'true');
  };

  await answerCurrent();
  await expect(page.getByTestId('exam-save-state')).toHaveAttribute('data-state', 'saved');
  // Leaving asks first; staying keeps the attempt.
  await page.getByTestId('exam-leave').click();
  await expect(page.getByTestId('exam-leave-dialog')).toBeVisible();
  await page.getByTestId('exam-leave-dialog-cancel').click();
  await expect(page).toHaveURL(/\/attempt\//);
  await page.reload();
  await expect(page.locator('[data-testid^="choice-"][aria-checked="true"]').first()).toBeVisible();
  await expect(page.getByTestId('palette-1')).toHaveAttribute('data-status', 'answered');

  for (let i = 1; i < correct.length; i++) {
    await page.getByTestId('exam-next').click();
    await answerCurrent();
  }
  await page.getByTestId('exam-submit').click();
  await expect(page.getByTestId('exam-confirm-dialog')).toBeVisible();
  await page.getByTestId('exam-confirm').click();

  await expect(page).toHaveURL(/\/result\//);
  await expect(page.getByTestId('result-passed')).toHaveAttribute('data-passed', 'true');
  await expect(page.getByTestId('result-percent')).toHaveText('100%');
  await expect(page.getByTestId('result-points')).toBeVisible();
  await expect(page.locator('[data-testid^="review-"][data-correct="true"]')).toHaveCount(correct.length);

  await page.goto('/club/points');
  await expect(page.getByTestId('points-balance')).toHaveAttribute('data-balance', String(before + 20));
  await expect(page.locator('[data-testid="points-entry"][data-source="exam"]')).toHaveCount(1);
});

test('home and article: like, comment, delete; comments are text', async ({ page }) => {
  await signInAs(page, 'S1001');
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByTestId('points-balance')).toBeVisible();
  const firstArticle = page.getByTestId('home-articles').locator('article').first();
  await expect(firstArticle).toBeVisible();
  await firstArticle.locator('a').first().click();
  await expect(page).toHaveURL(/\/main\/articles\//);

  const like = page.getByTestId('like-button');
  // The article's own button: Home's cards (each with one) stay on screen until the article's chunk has loaded.
  await expect(like).toHaveCount(1);
  const count = Number(await like.getByTestId('like-count').textContent());
  const wasLiked = (await like.getAttribute('aria-pressed')) === 'true';
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', String(!wasLiked));
  await expect(like.getByTestId('like-count')).toHaveText(String(count + (wasLiked ? -1 : 1)));
  await page.reload();
  await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', String(!wasLiked));

  const text = `<b>not bold</b> ${Date.now()}`;
  await page.getByTestId('comment-input').fill(text);
  await page.getByTestId('comment-send').click();
  const mine = page.getByTestId('comment').filter({ hasText: text });
  await expect(mine).toBeVisible();
  await expect(mine.locator('b')).toHaveCount(0);
  await mine.getByTestId('comment-delete').click();
  await page.getByTestId('comment-delete-dialog-confirm').click();
  await expect(mine).toHaveCount(0);
});

test('commenting too fast gets a friendly slow-down message', async ({ page }) => {
  await signInAs(page, 'S2001');
  await expect(page).toHaveURL(/\/main$/);
  await page.getByTestId('home-articles').locator('article').first().locator('a').first().click();
  const input = page.getByTestId('comment-input');
  const tag = Date.now().toString(36); // comments of an earlier run stay on the article
  for (let i = 0; i < 6; i++) {
    await input.fill(`ช้าหน่อย ${tag}-${i}`);
    await page.getByTestId('comment-send').click();
    // Wait for the server's answer: the comment appears, or the limit (5 a minute) refuses it.
    const posted = page.getByTestId('comment').filter({ hasText: `ช้าหน่อย ${tag}-${i}` });
    await expect(posted.or(page.getByTestId('comment-error'))).toBeVisible();
    if (await page.getByTestId('comment-error').isVisible()) break;
  }
  await expect(page.getByTestId('comment-error')).toContainText('เร็วเกินไป');
  await expect(input).toHaveValue(/ช้าหน่อย/);
});
