// Surveys end to end against the real server (issue 16): at 1440x900 an editor builds a survey with every kind
// of question by clicking in the builder, checks the preview and publishes; on a 390x844 phone a staff member
// answers one question per screen, leaves half way, comes back in a new page and resumes where they stopped,
// then submits; the admin's results show the NPS with its gauge and the charts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { desk, expect, openAdmin, signInAs, test } from './support/fixtures';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const drawer = (page: Page, title: string) => page.locator('.ant-drawer-content').filter({ hasText: title });

test.describe('surveys (390x844 phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.setTimeout(120_000);

  test('an editor builds it by clicking, staff answer one question per screen and resume, the results show the charts', async ({ page, browser }) => {
    const run = Date.now().toString(36).slice(-5).toUpperCase();
    const { page: admin, context: adminContext } = await desk(browser, 'EDIT01');

    // The editor builds the survey by clicking: the survey, a section, one question of each kind.
    const title = `เสียงของทีม ${run}`;
    await openAdmin(admin, '/admin/survey');
    await admin.getByRole('button', { name: 'เพิ่ม · แบบสำรวจ' }).click();
    const create = drawer(admin, 'เพิ่มรายการ · แบบสำรวจ');
    await create.locator('#surveys-create_title').fill(title);
    await create.locator('#surveys-create_points').fill('10');
    await create.getByRole('button', { name: 'สร้าง' }).click();
    await expect(create).toBeHidden();
    await admin.locator('tr[data-row-key]').filter({ hasText: title }).getByText(title).click();
    await expect(admin).toHaveURL(/\/admin\/survey\/[^/]+$/);
    const surveyId = admin.url().split('/').pop()!;
    await admin.getByTestId('survey-section-add').click();
    const section = drawer(admin, 'เพิ่มรายการ · ส่วนของแบบสำรวจ');
    await section.locator('#survey-sections-create_title').fill('การทำงาน');
    await section.getByRole('button', { name: 'สร้าง' }).click();
    await expect(section).toBeHidden();
    const questions = [
      { kind: 'NPS 0-10', text: 'คุณจะแนะนำที่นี่ให้เพื่อนมากแค่ไหน', required: true },
      { kind: 'คะแนน 1-5', text: 'ความพึงพอใจต่อหัวหน้างาน', required: true },
      { kind: 'เลือก 1 ข้อ', text: 'กะที่ทำบ่อยที่สุด', options: ['เช้า', 'บ่าย', 'ดึก'] },
      { kind: 'เลือกหลายข้อ', text: 'อยากให้ปรับปรุงอะไร', options: ['ห้องพัก', 'ตารางกะ', 'การอบรม'], maxChoices: 2 },
      { kind: 'ข้อความสั้น', text: 'ทีมของคุณในหนึ่งคำ' },
      { kind: 'ข้อความยาว', text: 'ข้อเสนอแนะ' },
    ];
    for (const [i, q] of questions.entries()) {
      await admin.getByTestId('survey-question-add').click();
      const form = drawer(admin, 'เพิ่มรายการ · คำถามแบบสำรวจ');
      await expect(form.locator('#survey-questions-create_text')).toBeVisible();
      await form.locator('.ant-select:has(#survey-questions-create_kind)').click();
      await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: q.kind }).click();
      // Options only for the choice kinds.
      await expect(form.locator('#survey-questions-create_options')).toHaveCount(q.options ? 1 : 0);
      await form.locator('#survey-questions-create_text').fill(q.text);
      if (q.required) await form.locator('#survey-questions-create_required').click();
      for (const o of q.options ?? []) {
        await form.locator('#survey-questions-create_options').fill(o);
        await form.locator('#survey-questions-create_options').press('Enter');
      }
      if (q.maxChoices) await form.locator('#survey-questions-create_maxChoices').fill(String(q.maxChoices));
      await form.getByRole('button', { name: 'สร้าง' }).click();
      await expect(form).toBeHidden();
      await expect(admin.locator('.sf-survey-question')).toHaveCount(i + 1);
    }
    const rows = admin.locator('.sf-survey-question');
    await expect(rows.nth(0).getByTestId('survey-question-required')).toBeVisible();
    await expect(rows.nth(2).getByTestId('survey-question-required')).toHaveCount(0);
    await expect(rows.nth(3)).toContainText('ห้องพัก · ตารางกะ · การอบรม');
    await admin.screenshot({ path: path.join(shots, 'survey-builder.png') });

    // The preview shows the questions as staff will see them, one per screen.
    await admin.getByTestId('survey-preview-open').click();
    const phone = admin.getByTestId('survey-preview-phone');
    await expect(phone.getByTestId('survey-step')).toHaveAttribute('data-kind', 'nps');
    await expect(phone.getByTestId('survey-scale')).toHaveCount(11);
    await admin.getByTestId('survey-preview-next').click();
    await admin.getByTestId('survey-preview-next').click();
    await expect(phone.getByTestId('survey-step')).toHaveAttribute('data-kind', 'single');
    await expect(phone.getByTestId('survey-option')).toHaveText(['เช้า', 'บ่าย', 'ดึก']);
    await admin.screenshot({ path: path.join(shots, 'survey-preview.png') });
    await admin.locator('.ant-drawer-content').filter({ has: phone }).locator('.ant-drawer-close').click();
    await expect(phone).toBeHidden();

    await admin.getByRole('button', { name: `เผยแพร่ ${title}` }).click();
    await expect(admin.getByText(`เผยแพร่ “${title}” แล้ว`)).toBeVisible();
    const survey = { id: surveyId };

    await signInAs(page, 'S2002');
    await expect(page).toHaveURL(/\/main$/);
    // Home tells them there is a survey to answer (whichever open one comes first) and links to it.
    const card = page.getByTestId('home-surveys');
    await expect(card).toBeVisible();
    await expect(card).toHaveAttribute('href', /\/club\/surveys\/[^/]+$/);
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
    await s2.getByTestId('survey-text').fill('สามัคคี');
    await again.getByTestId('survey-next').click();
    await again.getByTestId('survey-submit').click();
    await expect(again.getByTestId('survey-done')).toBeVisible();
    await expect(again.getByTestId('survey-points')).toContainText('10');
    // The thank-you leads on (issue 28 item 12): all surveys, where this one now counts as answered.
    await again.screenshot({ path: path.join(shots, 'survey-thanks-phone.png') });
    await again.getByTestId('survey-all').click();
    await expect(again).toHaveURL(/\/club\/surveys$/);
    await expect(again.locator(`[data-survey-id="${survey.id}"]`)).toBeVisible();

    await admin.goto(`/admin/survey/${survey.id}`);
    const results = admin.getByTestId('survey-results');
    await expect(results.getByTestId('survey-nps').first()).toContainText('100');
    // The charts: the NPS gauge and a bar chart per question with counts (ECharts draws SVG).
    await expect(results.getByTestId('survey-nps-gauge').locator('svg')).toBeVisible();
    await expect(results.getByTestId('survey-chart')).toHaveCount(4);
    await expect(results.getByTestId('survey-chart').first().locator('svg path').first()).toBeAttached();
    await expect(results.getByTestId('survey-texts')).toContainText('สามัคคี');
    await admin.screenshot({ path: path.join(shots, 'survey-results-admin.png'), fullPage: true });
    // Named survey: the person's response is listed with their answers as read.
    const responses = admin.getByTestId('survey-responses');
    await expect(responses.locator('tr[data-row-key]')).toHaveCount(1);
    await expect(responses).toContainText('สามัคคี');
    await expect(responses).toContainText('ห้องพัก, การอบรม');
    // Named survey: every store shows in the breakdown, as a grouped chart and a table.
    await results.getByText('ตามสาขา').click();
    await expect(results.getByTestId('survey-breakdown')).toBeVisible();
    await expect(results.getByTestId('survey-group-chart').first().locator('svg')).toBeVisible();
    await adminContext.close();
  });
});
