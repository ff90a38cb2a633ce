// Pulse surveys end to end against the real server (issue 16): an admin's weekly pulse of two questions and a
// "you said, we did" update; a new staff member on a 390x844 phone sees "a pulse check is waiting" on Home,
// answers one question per screen on the shell-less /pulsesurvey, is thanked with the update, and reopening
// the page this week shows "see you next week" instead of the questions; once nothing waits, Home's card
// shows only the update. The admin's pulse screen at 1440x900 draws the trend with ECharts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acceptPrivacyNotice, desk, expect, signInAs, test } from './support/fixtures';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');

test.describe('pulse surveys (390x844 phone)', () => {
  test.setTimeout(120_000);

  test('a pulse is asked once per period, with "you said, we did" on the page and on Home', async ({ browser }) => {
    const run = Date.now().toString(36).slice(-5).toUpperCase();
    const { page: admin, api, context: adminContext } = await desk(browser, 'ADMIN01');
    const code = `PU${run}`;
    const password = 'Pulse#2026x';
    await api.create('users', { employeeCode: code, name: `พัลส์ ${run}`, role: 'staff', status: 'active', store: await api.storeId('BKK01'), password, locale: 'th' });
    const pulse = await api.create('pulses', { title: `เช็กอิน ${run}`, recurrence: 'weekly', status: 'published' });
    const rating = await api.create('pulse-questions', { pulse: pulse.id, kind: 'rating', text: 'สัปดาห์นี้เป็นอย่างไรบ้าง', required: true });
    await api.create('pulse-questions', { pulse: pulse.id, kind: 'single', text: 'ได้รับความช่วยเหลือพอไหม', options: ['พอ', 'ไม่พอ'], required: true });
    const update = `เราเพิ่มพนักงานช่วงเย็นแล้ว ${run}`;
    await api.create('pulse-updates', { pulse: pulse.id, question: rating.id, text: update, status: 'published' });

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'th-TH', reducedMotion: 'reduce' });
    const page = await context.newPage();
    await signInAs(page, code, password);
    await expect(page).toHaveURL(/\/main$/);
    await acceptPrivacyNotice(page); // a new person: the notice first
    const card = page.getByTestId('home-pulse');
    await expect(card).toHaveAttribute('data-waiting', 'yes');
    await expect(card.getByTestId('home-pulse-update')).toContainText(update);

    // This pulse, one question per screen, no tab bar.
    await page.goto(`/pulsesurvey/${pulse.id}`);
    const step = page.getByTestId('pulse-step');
    await expect(step).toHaveAttribute('data-step', '1');
    await expect(page.locator('.sf-tabbar, .adm-tab-bar')).toHaveCount(0);
    await expect(page.getByTestId('pulse-next')).toBeDisabled();
    await step.getByTestId('survey-scale').filter({ hasText: /^4$/ }).click();
    await page.screenshot({ path: path.join(shots, 'pulse-question-phone.png') });
    await page.getByTestId('pulse-next').click();
    await expect(step).toHaveAttribute('data-step', '2');
    await step.getByTestId('survey-option').nth(0).click();
    await page.getByTestId('pulse-submit').click();
    await expect(page.getByTestId('pulse-thanks')).toBeVisible();
    await expect(page.getByTestId('pulse-updates')).toContainText(update);
    await page.screenshot({ path: path.join(shots, 'pulse-thanks-phone.png'), fullPage: true });

    // Once per period: reopening shows "see you next week", not the questions.
    await page.goto(`/pulsesurvey/${pulse.id}`);
    await expect(page.getByTestId('pulse-answered')).toBeVisible();
    await expect(page.getByTestId('pulse-step')).toHaveCount(0);
    await expect(page.getByTestId('pulse-updates')).toContainText(update);
    const token = ((await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;
    const again = await page.request.post(`/api/pulses/${pulse.id}/responses`, { data: { answers: { [rating.id]: 5 } }, headers: { 'X-CSRF-Token': token } });
    expect(again.status()).toBe(409);

    // Answer whatever else waits this week (e.g. the demo's pulse); then Home's card shows only the update.
    await page.goto('/pulsesurvey');
    const thanks = page.getByTestId('pulse-thanks');
    for (let i = 0; i < 12; i++) {
      const s = page.getByTestId('pulse-step');
      await expect(s.or(page.getByTestId('pulse-answered')).or(page.getByTestId('pulse-nothing')).or(thanks)).toBeVisible();
      if (!(await s.count())) break;
      const kind = await s.getAttribute('data-kind');
      if (kind === 'single') await s.getByTestId('survey-option').first().click();
      else if (kind === 'rating' || kind === 'nps') await s.getByTestId('survey-scale').last().click();
      if (await page.getByTestId('pulse-submit').count()) {
        await page.getByTestId('pulse-submit').click();
        await expect(thanks).toBeVisible();
        const more = page.getByTestId('pulse-next-pulse');
        if (!(await more.count())) break;
        await more.click();
      } else {
        const at = (await s.getAttribute('data-step')) ?? '';
        await page.getByTestId('pulse-next').click();
        await expect(s).not.toHaveAttribute('data-step', at);
      }
    }
    await page.goto('/main');
    await expect(card).toHaveAttribute('data-waiting', 'no');
    await expect(card).not.toContainText('รอคุณอยู่');
    await expect(card.getByTestId('home-pulse-update')).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'pulse-home-card.png') });

    // The admin's screen draws the trend; this person's answer waits in the ballot box (counted five at a time).
    await admin.goto(`/admin/pulse/${pulse.id}`);
    const results = admin.getByTestId('pulse-results');
    await expect(results.getByTestId('pulse-trend-chart').first().locator('svg')).toBeVisible();
    await expect(results.getByTestId('pulse-waiting')).toContainText('1');
    await admin.screenshot({ path: path.join(shots, 'pulse-results-admin.png'), fullPage: true });
    await context.close();
    await adminContext.close();
  });
});
