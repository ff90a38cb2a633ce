// Surveys end to end against the real server (issue 16): an editor's survey with every kind of question; on
// a 390x844 phone a staff member answers one question per screen, leaves half way, comes back in a new page
// and resumes where they stopped, then submits; the admin's survey screen at 1440x900 shows the NPS.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdminApi } from './support/adminApi';
import { expect, signInAs, test } from './support/fixtures';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');

test.describe('surveys (390x844 phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.setTimeout(120_000);

  test('staff answers one question per screen, resumes after leaving, and the admin sees the NPS', async ({ page, browser }) => {
    const run = Date.now().toString(36).slice(-5).toUpperCase();
    const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'th-TH' });
    const admin = await adminContext.newPage();
    await signInAs(admin, 'EDIT01');
    await expect(admin).toHaveURL(/\/main$/);
    const api = AdminApi.of(admin);
    const survey = await api.create('surveys', { title: `เสียงของทีม ${run}`, status: 'published' });
    const section = await api.create('survey-sections', { survey: survey.id, title: 'การทำงาน' });
    const questions = [
      { kind: 'nps', text: 'คุณจะแนะนำที่นี่ให้เพื่อนมากแค่ไหน', required: true },
      { kind: 'rating', text: 'ความพึงพอใจต่อหัวหน้างาน', required: true },
      { kind: 'single', text: 'กะที่ทำบ่อยที่สุด', options: ['เช้า', 'บ่าย', 'ดึก'] },
      { kind: 'multiple', text: 'อยากให้ปรับปรุงอะไร', options: ['ห้องพัก', 'ตารางกะ', 'การอบรม'], maxChoices: 2 },
      { kind: 'short_text', text: 'ทีมของคุณในหนึ่งคำ' },
      { kind: 'long_text', text: 'ข้อเสนอแนะ' },
    ];
    for (const q of questions) await api.create('survey-questions', { section: section.id, ...q });

    await signInAs(page, 'S2002');
    await expect(page).toHaveURL(/\/main$/);
    await page.goto('/club/surveys');
    await page.locator(`[data-testid="survey-card"][data-survey-id="${survey.id}"]`).click();
    const step = page.getByTestId('survey-step');
    await expect(step).toHaveAttribute('data-step', '1');
    await expect(page.getByTestId('survey-next')).toBeDisabled();
    await step.getByTestId('survey-scale').filter({ hasText: /^9$/ }).click();
    await page.screenshot({ path: path.join(shots, 'survey-question-phone.png') });
    await page.getByTestId('survey-next').click();
    await expect(step).toHaveAttribute('data-step', '2');
    await step.getByTestId('survey-scale').filter({ hasText: /^4$/ }).click();
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/surveys/${survey.id}/draft`) && r.request().method() === 'PUT' && r.ok());
    await page.getByTestId('survey-next').click();
    await saved;
    await expect(step).toHaveAttribute('data-step', '3');

    // Leave half way; a new page (another device) resumes at question 3.
    const again = await page.context().newPage();
    await again.goto(`/club/surveys/${survey.id}`);
    await expect(again.getByTestId('survey-step')).toHaveAttribute('data-step', '3');
    const s2 = again.getByTestId('survey-step');
    await s2.getByTestId('survey-option').nth(1).click();
    await again.getByTestId('survey-next').click();
    await s2.getByTestId('survey-option').nth(0).click();
    await s2.getByTestId('survey-option').nth(2).click();
    await again.getByTestId('survey-next').click();
    await s2.getByTestId('survey-text').locator('input').fill('สามัคคี');
    await again.getByTestId('survey-next').click();
    await again.getByTestId('survey-submit').click();
    await expect(again.getByTestId('survey-done')).toBeVisible();

    await admin.goto(`/admin/survey/${survey.id}`);
    const results = admin.getByTestId('survey-results');
    await expect(results.getByTestId('survey-nps').first()).toContainText('100');
    await admin.screenshot({ path: path.join(shots, 'survey-results-admin.png'), fullPage: true });
    await adminContext.close();
  });
});
