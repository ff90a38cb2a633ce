// A matching question in the daily drill (issue 32) on a 390x844 phone: an editor adds a drill-only "match the
// pairs" question to a course; a person enrolled in it gets it in today's drill, matches the pairs by tapping a
// left card then its partner (one undo on the way), checks, and the server says the board is right.
import { AdminApi } from './support/adminApi';
import { acceptPrivacyNotice, DEMO_PASSWORD, expect, expectTallTarget, signInAs, test } from './support/fixtures';

const shots = '/work/shots/drill-bank';
const pairs: { left: string; right: string }[] = [
  { left: 'ผงเคมีแห้ง', right: 'ไฟทั่วไป A B C' },
  { left: 'คาร์บอนไดออกไซด์', right: 'ไฟจากอุปกรณ์ไฟฟ้า' },
  { left: 'น้ำ', right: 'ไฟจากกระดาษ ไม้ ผ้า' },
  { left: 'โฟม', right: 'ไฟจากน้ำมัน' },
];

const [first, second, third, fourth] = pairs as [(typeof pairs)[0], (typeof pairs)[0], (typeof pairs)[0], (typeof pairs)[0]];

test.describe('daily drill: matching pairs (390x844 phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.setTimeout(90_000);

  test('a person matches the pairs of a drill-only question on one screen', async ({ page }) => {
    const run = Date.now().toString(36).slice(-5).toUpperCase();
    await signInAs(page, 'ADMIN01');
    await expect(page).not.toHaveURL(/\/login/);
    const admin = AdminApi.of(page);
    const course = await admin.create('courses', { title: `ถังดับเพลิง ${run}`, status: 'published', points: 0 });
    await admin.create('drill-questions', {
      kind: 'match', prompt: `จับคู่ถังดับเพลิงกับไฟที่ใช้ดับ (${run})`, pairs, seconds: 90, course: course.id,
      explanation: 'ผงเคมีแห้งใช้ได้ทั่วไป CO2 สำหรับไฟฟ้า น้ำสำหรับของแข็ง โฟมสำหรับน้ำมัน',
    });
    const code = `MATCH${run}`;
    await admin.create('users', { employeeCode: code, name: `จับคู่ ${run}`, role: 'staff', status: 'active', store: await admin.storeId('BKK01'), password: DEMO_PASSWORD, locale: 'th' });
    await page.context().clearCookies();
    await signInAs(page, code);
    await expect(page).toHaveURL(/\/main$/);
    await acceptPrivacyNotice(page);
    await AdminApi.of(page).send('POST', `/api/courses/${course.id}/start`);

    await page.goto('/drill');
    const question = page.getByTestId('drill-question');
    await expect(question).toContainText(`(${run})`);
    const board = page.getByTestId('drill-match');
    await expect(board.getByTestId('drill-left')).toHaveCount(4);
    const left = (text: string) => board.getByTestId('drill-left').filter({ hasText: text });
    const right = (text: string) => board.getByTestId('drill-right').filter({ hasText: text });
    // Big tap targets: every card at least 56 px high, the two columns side by side on the phone.
    for (const card of await board.locator('button').all()) await expectTallTarget(card, 56);
    await page.screenshot({ path: `${shots}/drill-match-start.png` });

    // The first left card starts selected: tap its partner, and the next left card is selected. The second gets a
    // wrong partner, fixed by tapping it and then the right one; the last two follow.
    await right(first.right).click();
    await expect(left(first.left)).toHaveClass(/is-paired/);
    await right(fourth.right).click();
    await left(second.left).click();
    await right(second.right).click();
    await right(third.right).click();
    await right(fourth.right).click();
    await expect(board.locator('.sf-drill__badge')).toHaveCount(8);
    // With every card matched, tapping a matched right card undoes its pair; tapping it again pairs it back.
    await right(first.right).click();
    await expect(board.locator('.sf-drill__badge')).toHaveCount(6);
    await expect(page.getByTestId('drill-check')).toBeDisabled();
    await right(first.right).click();
    await expect(board.locator('.sf-drill__badge')).toHaveCount(8);
    await page.screenshot({ path: `${shots}/drill-match-paired.png` });
    await page.getByTestId('drill-check').click();
    const feedback = page.getByTestId('drill-feedback');
    await expect(feedback).toHaveAttribute('data-correct', 'yes');
    await expect(feedback).toContainText('โฟมสำหรับน้ำมัน');
    await expect(board.locator('.sf-drill__card.is-right')).toHaveCount(4);
    await page.screenshot({ path: `${shots}/drill-match-right.png`, fullPage: true });
    await page.getByTestId('drill-next').click();
    await expect(page.getByTestId('drill-done')).toBeVisible();
    await expect(page.getByTestId('drill-streak')).toHaveAttribute('data-streak', '1');
  });
});
