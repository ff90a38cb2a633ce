// Learning, end to end on a phone against the real server: a staff member finds a course in the Learning
// tab, completes a text lesson and a video lesson, passes the course's exam, sees the course completed and
// the points balance go up; a staff member outside the course's audience can neither find nor open it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, signInAs, tabLink, test } from './support/fixtures';
import { AdminApi } from './support/adminApi';
import { recordMp4 } from './support/video';

// Screenshots of each step, for people to look at (test-results/screenshots/learning-*.png).
const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (name: string) => path.join(shots, `learning-${name}.png`);
const run = Date.now().toString(36).slice(-5);
const courseTitle = `หลักสูตรการจัดเรียงสินค้า ${run}`;

interface Built {
  courseId: string;
  examId: string;
  textId: string;
  videoId: string;
}

// Editor's side through the API (the back-office screens that do the same are in learning-admin.spec.ts).
async function buildCourse(page: import('@playwright/test').Page): Promise<Built> {
  await signInAs(page, 'EDIT01', undefined, '/login?callbackUrl=%2Fadmin');
  await expect(page).toHaveURL(/\/admin$/);
  const api = AdminApi.of(page);
  const bkk01 = await api.storeId('BKK01');
  const audience = { stores: [bkk01] };
  const video = await api.upload(await recordMp4(page, 3), 'video/mp4', `shelf-${run}.mp4`);
  // The server read the length from the file, so the lesson below counts only once really played.
  expect(video.durationMs ?? 0).toBeGreaterThan(2000);
  const paragraphs = Array.from({ length: 14 }, (_, i) => `<p>ย่อหน้าที่ ${i + 1}: การจัดเรียงสินค้าให้ลูกค้าหยิบง่าย ช่วยเพิ่มยอดขายและลดเวลาค้นหา</p>`).join('');
  const text = await api.create('contents', {
    kind: 'article', title: `จัดเรียงสินค้าหน้าร้าน ${run}`, summary: 'หลักการจัดเรียงสินค้า',
    bodyHtml: `<h2>หลักการ</h2>${paragraphs}<p>จบบทเรียน</p>`, audience, points: 5, status: 'published',
  });
  const clip = await api.create('contents', {
    kind: 'video', title: `วิดีโอการจัดชั้นวาง ${run}`, media: video.id, audience, points: 5, status: 'published',
  });
  const exam = await api.create('examinations', {
    title: `แบบทดสอบการจัดเรียงสินค้า ${run}`, audience, passPercent: 50, maxAttempts: 3, points: 10,
    timeLimitSeconds: 600, status: 'published', shuffleQuestions: false, shuffleChoices: false,
  });
  await api.create('exam-questions', {
    exam: exam.id, position: 1, kind: 'single', prompt: 'สินค้าขายดีควรวางไว้ที่ใด',
    choices: [{ id: 'a', text: 'ระดับสายตา' }, { id: 'b', text: 'ชั้นล่างสุด' }], correct: ['a'],
    explanation: 'ระดับสายตาหยิบง่ายที่สุด', points: 1,
  });
  await api.create('exam-questions', {
    exam: exam.id, position: 2, kind: 'truefalse', prompt: 'ควรหมุนเวียนสินค้าที่หมดอายุก่อนออกก่อน', correct: ['true'], points: 1,
  });
  const course = await api.create('courses', {
    title: courseTitle, summary: 'สามบทเรียนสั้น ๆ พร้อมแบบทดสอบ', audience, points: 20, status: 'published',
  });
  await api.create('course-lessons', { course: course.id, position: 1, kind: 'content', content: text.id });
  await api.create('course-lessons', { course: course.id, position: 2, kind: 'content', content: clip.id });
  await api.create('course-lessons', { course: course.id, position: 3, kind: 'exam', exam: exam.id });
  return { courseId: course.id, examId: exam.id, textId: text.id, videoId: clip.id };
}

async function balance(page: import('@playwright/test').Page): Promise<number> {
  const res = await page.request.get('/api/me/points');
  return ((await res.json()) as { balance: number }).balance;
}

test.describe('learning on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a staff member completes a course with a text lesson, a video lesson and an exam', async ({ browser }) => {
    test.setTimeout(120_000);
    const editor = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const built = await buildCourse(await editor.newPage());
    await editor.close();

    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signInAs(page, 'S1001');
    await expect(page).toHaveURL(/\/main$/);
    const before = await balance(page);
    await expect(page.getByTestId('points-balance')).toContainText(before.toLocaleString('th-TH'));

    // Find the course through the Learning tab's search.
    await tabLink(page, 'learning').click();
    await expect(page).toHaveURL(/\/learning$/);
    await expect(page.getByTestId('learning-tab')).toBeVisible();
    await page.screenshot({ path: shot('tab'), fullPage: true });
    const search = page.getByRole('searchbox');
    await search.fill(`การจัดเรียงสินค้า ${run}`);
    await search.press('Enter');
    await page.getByTestId(`card-course-${built.courseId}`).click();
    await expect(page).toHaveURL(new RegExp(`/learning/course/${built.courseId}$`));
    await expect(page.getByRole('heading', { name: courseTitle })).toBeVisible();

    // Lesson 1: text, read to the end. Just opened it is not completed and pays nothing (issue 28); the
    // reader scrolls to the end and the lesson counts once it has been open for its (short test) reading time.
    await page.getByTestId(`lesson-${built.textId}`).click();
    await expect(page).toHaveURL(new RegExp(`/learning/content/${built.textId}`));
    await expect(page.getByTestId('article-body')).toBeVisible();
    await expect(page.getByTestId('content-completed')).toHaveCount(0);
    await expect(page.getByTestId('celebration')).toHaveCount(0);
    expect(await balance(page)).toBe(before);
    await page.screenshot({ path: shot('text-lesson-opened') });
    await page.getByText('จบบทเรียน').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect(page.getByTestId('content-completed')).toBeVisible({ timeout: 15_000 });
    await page.waitForTimeout(700); // the celebration card has slid in
    await page.screenshot({ path: shot('text-lesson') });

    // Lesson 2: the video, watched to the end.
    await page.getByTestId('next-lesson').click();
    await expect(page).toHaveURL(new RegExp(`/learning/content/${built.videoId}`));
    const video = page.locator('video');
    await expect(video).toBeVisible();
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect(page.getByTestId('content-completed')).toBeVisible({ timeout: 20_000 });

    // Lesson 3: the exam, failed once: the review marks each answer wrong but keeps the correct answers for
    // later (the default "show correct answers": once passed or out of attempts), so attempt 2 is no copy.
    await page.getByTestId('next-lesson').click();
    await expect(page).toHaveURL(new RegExp(`/learning/exam/${built.examId}`));
    await page.getByTestId('exam-start').click();
    await expect(page.getByTestId('exam-timer')).toBeVisible();
    await page.getByTestId('choice-b').click();
    await page.getByTestId('exam-next').click();
    await page.getByTestId('choice-false').click();
    await page.getByTestId('exam-submit').click();
    await page.getByTestId('exam-confirm').click();
    await expect(page.getByTestId('result-passed')).toHaveAttribute('data-passed', 'false');
    await expect(page.getByTestId('review-answers-later')).toHaveText(/เฉลยจะแสดงเมื่อคุณสอบผ่าน/);
    await expect(page.locator('[data-testid^="review-"][data-correct="false"]')).toHaveCount(2);
    await expect(page.locator('.sf-review__tag.is-right, .sf-review__explanation')).toHaveCount(0);
    await page.screenshot({ path: shot('exam-failed-review'), fullPage: true });

    // Attempt 2, passed: now the review shows the correct answers.
    await page.getByTestId('result-retry').click();
    await expect(page.getByTestId('exam-timer')).toBeVisible();
    await page.getByTestId('choice-a').click();
    await page.screenshot({ path: shot('exam-in-progress') });
    await page.getByTestId('exam-next').click();
    await page.getByTestId('choice-true').click();
    await page.getByTestId('exam-submit').click();
    await page.getByTestId('exam-confirm').click();
    await expect(page.getByTestId('result-passed')).toBeVisible();
    await expect(page.getByTestId('result-percent')).toContainText('100');
    await expect(page.getByTestId('review-answers-later')).toHaveCount(0);
    await expect(page.locator('.sf-review__tag.is-right')).toHaveCount(2);
    await page.screenshot({ path: shot('exam-result'), fullPage: true });

    // The course is completed and the balance went up by 5 + 5 + 10 + 20.
    await page.goto(`/learning/course/${built.courseId}`);
    await expect(page.getByTestId('course-completed')).toBeVisible();
    await page.screenshot({ path: shot('course-completed'), fullPage: true });
    expect(await balance(page)).toBe(before + 40);
    await tabLink(page, 'main').click();
    await expect(page.getByTestId('points-balance')).toContainText((before + 40).toLocaleString('th-TH'));
    await context.close();

    // Someone at another store (CNX01) finds nothing and cannot open it by its address.
    const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const outsider = await other.newPage();
    await signInAs(outsider, 'S2001');
    await expect(outsider).toHaveURL(/\/main$/);
    await outsider.goto(`/learning/search?q=${encodeURIComponent(`การจัดเรียงสินค้า ${run}`)}`);
    await expect(outsider.getByTestId(`card-course-${built.courseId}`)).toHaveCount(0);
    await outsider.goto(`/learning/course/${built.courseId}`);
    await expect(outsider.getByTestId('not-found')).toBeVisible();
    const res = await outsider.request.get(`/api/courses/${built.courseId}`);
    expect(res.status()).toBe(404);
    await other.close();
  });
});
