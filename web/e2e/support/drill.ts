// A new staff member with today's drill waiting (issue 32), for the drill's specs: an admin writes an exam of
// single-choice questions ("a" right), creates the person (Thai UI), and the person, signed in on `page`, takes
// the exam (which is how they meet its questions).
import type { Page } from '@playwright/test';
import { AdminApi } from './adminApi';
import { acceptPrivacyNotice, DEMO_PASSWORD, expect, signInAs } from './fixtures';

export const drillPrompts = ['นมสดต้องเก็บที่อุณหภูมิเท่าไร', 'ถ้าลูกค้าขอคืนสินค้าต้องใช้อะไร', 'สินค้าใกล้หมดอายุต้องวางไว้ที่ใด', 'เมื่อพบน้ำหกบนพื้นต้องทำอะไรก่อน', 'โปรโมชันซื้อ 1 แถม 1 ใช้กับสินค้าใด'];

/** Signs `page` in as a new person who met the exam's questions; returns the run's mark (in every prompt). */
export async function personWithDrill(page: Page): Promise<{ run: string; code: string }> {
  const run = Date.now().toString(36).slice(-5).toUpperCase();
  await signInAs(page, 'ADMIN01');
  await expect(page).not.toHaveURL(/\/login/);
  const admin = AdminApi.of(page);
  const exam = await admin.create('examinations', { title: `ความรู้สินค้า ${run}`, status: 'published', passPercent: 0, shuffleQuestions: false, shuffleChoices: false });
  for (const [i, prompt] of drillPrompts.entries())
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
  return { run, code };
}
