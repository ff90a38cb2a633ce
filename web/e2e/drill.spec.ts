// The daily drill end to end (issue 32) on a 390x844 phone, in one browser context: a person who took an
// exam finds "Today's drill" on Home, answers one question per screen (a wrong one shows the explanation),
// finishes and sees the streak; Home's card then says the drill is done.
import { AdminApi } from './support/adminApi';
import { acceptPrivacyNotice, DEMO_PASSWORD, expect, signInAs, test } from './support/fixtures';

const shots = '/work/shots/fsrs';

test.describe('daily drill (390x844 phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.setTimeout(90_000);

  test('a person does today\'s drill from the Home card and sees the streak', async ({ page }) => {
    const run = Date.now().toString(36).slice(-5).toUpperCase();
    // The exam (as an admin), then the person meets its questions by taking it.
    await signInAs(page, 'ADMIN01');
    await expect(page).not.toHaveURL(/\/login/);
    const admin = AdminApi.of(page);
    const exam = await admin.create('examinations', { title: `ความรู้สินค้า ${run}`, status: 'published', passPercent: 0, shuffleQuestions: false, shuffleChoices: false });
    const prompts = ['นมสดต้องเก็บที่อุณหภูมิเท่าไร', 'ถ้าลูกค้าขอคืนสินค้าต้องใช้อะไร', 'สินค้าใกล้หมดอายุต้องวางไว้ที่ใด', 'เมื่อพบน้ำหกบนพื้นต้องทำอะไรก่อน', 'โปรโมชันซื้อ 1 แถม 1 ใช้กับสินค้าใด'];
    for (const [i, prompt] of prompts.entries())
      await admin.create('exam-questions', {
        exam: exam.id, kind: 'single', prompt: `${prompt} (${run})`, position: i, points: 1,
        choices: [{ id: 'a', text: 'คำตอบที่ถูก' }, { id: 'b', text: 'คำตอบอื่น' }, { id: 'c', text: 'ไม่แน่ใจ' }],
        correct: ['a'], explanation: `คำอธิบายข้อ ${i + 1}: เพราะเป็นไปตามมาตรฐานร้าน`,
      });
    // A new staff member: no drill history, no other exam met.
    const code = `DRILL${run}`;
    await admin.create('users', { employeeCode: code, name: `ฝึกทุกวัน ${run}`, role: 'staff', status: 'active', store: await admin.storeId('BKK01'), password: DEMO_PASSWORD, locale: 'th' });
    await page.context().clearCookies();
    await signInAs(page, code);
    await expect(page).toHaveURL(/\/main$/);
    await acceptPrivacyNotice(page); // a new person: the notice first
    const staff = AdminApi.of(page);
    const started = await staff.send<{ attempt: { id: string } }>('POST', `/api/exams/${exam.id}/attempts`);
    await staff.send('POST', `/api/exam-attempts/${started.attempt.id}/submit`, { answers: {} });

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
