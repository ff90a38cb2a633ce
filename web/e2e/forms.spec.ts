// Forms end to end against the real server (issue 16): an admin's form with a number, a date, a choice and a
// file question; on a 390x844 phone a new staff member fills it in on one page (a 1-5 urgency is picked from
// five buttons, a wider number is typed), sees the server's error under the typed number, attaches a PNG (uploaded with progress), sends it, and sends another. At 1440x900 the
// admin finds the submission (search by employee ID), opens it, downloads the file, and exports CSV/XLSX.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdminApi } from './support/adminApi';
import { acceptPrivacyNotice, expect, signInAs, test } from './support/fixtures';
import { makePng } from './support/png';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');

test.describe('forms (390x844 phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.setTimeout(120_000);

  test('staff fills a form with a file on a phone; the admin sees the submission and exports', async ({ page, browser }) => {
    const run = Date.now().toString(36).slice(-5).toUpperCase();
    const code = `EFM${run}`;
    const password = 'Forms#2026e2e';
    const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'th-TH', acceptDownloads: true });
    const admin = await adminContext.newPage();
    await signInAs(admin, 'ADMIN01');
    await expect(admin).toHaveURL(/\/main$/);
    const api = AdminApi.of(admin);
    await api.create('users', { employeeCode: code, name: `ฟอร์ม ${run}`, role: 'staff', status: 'active', store: await api.storeId('BKK01'), password, locale: 'th' });
    const form = await api.create('forms', { title: `แจ้งซ่อม ${run}`, description: 'แจ้งอุปกรณ์ที่ชำรุด', status: 'published', multipleSubmissions: true });
    const questions = [
      { kind: 'short_text', text: 'อุปกรณ์ที่ชำรุด', required: true },
      { kind: 'number', text: 'ความเร่งด่วน', required: true, minValue: 1, maxValue: 5 },
      { kind: 'date', text: 'พบปัญหาเมื่อ', required: true },
      { kind: 'single', text: 'บริเวณ', options: ['หน้าร้าน', 'คลังสินค้า'] },
      { kind: 'multiple', text: 'ผลกระทบ', options: ['ลูกค้า', 'สินค้า', 'ความปลอดภัย'] },
      { kind: 'file', text: 'รูปถ่าย', required: true },
      { kind: 'number', text: 'จำนวนที่ชำรุด', required: true, minValue: 1, maxValue: 50 },
    ];
    for (const q of questions) await api.create('form-questions', { form: form.id, ...q });

    await signInAs(page, code, password);
    await expect(page).toHaveURL(/\/main$/);
    await acceptPrivacyNotice(page); // a new person: the notice first
    await page.goto('/club');
    await page.locator('a[href="/club/forms"]').first().click();
    await page.locator(`[data-testid="form-card"][data-form-id="${form.id}"]`).click();
    const fields = page.getByTestId('form-field');
    await expect(fields).toHaveCount(7);
    await fields.nth(0).locator('input').fill('ตู้แช่เย็นหมายเลข 3');
    // The urgency's five whole values are buttons, not a box to type in.
    await expect(fields.nth(1).locator('input')).toHaveCount(0);
    await expect(fields.nth(1).getByTestId('survey-scale')).toHaveText(['1', '2', '3', '4', '5']);
    await fields.nth(1).getByTestId('survey-scale').nth(3).click();
    await expect(fields.nth(1).getByTestId('survey-scale').nth(3)).toHaveAttribute('aria-checked', 'true');
    await fields.nth(6).locator('input').fill('90');
    await fields.nth(2).getByTestId('form-date').click();
    await page.locator('.adm-picker-header-button').last().click();
    await expect(fields.nth(2).getByTestId('form-date')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await fields.nth(3).getByTestId('survey-option').nth(1).click();
    await fields.nth(4).getByTestId('survey-option').nth(0).click();
    await fields.nth(4).getByTestId('survey-option').nth(2).click();
    const uploaded = page.waitForResponse((r) => r.url().endsWith(`/api/forms/${form.id}/files`) && r.status() === 201);
    await fields.nth(5).getByTestId('form-file-input').setInputFiles({ name: 'ตู้แช่.png', mimeType: 'image/png', buffer: makePng(640, 480, [30, 120, 200], [240, 240, 250]) });
    await uploaded;
    await expect(fields.nth(5).getByTestId('form-file-chosen')).toContainText('ตู้แช่.png');
    // The server's range error shows under the number.
    await page.getByTestId('form-submit').click();
    await expect(fields.nth(6).getByTestId('form-field-error')).toContainText('50');
    await page.screenshot({ path: path.join(shots, 'forms-phone-error.png') });
    await fields.nth(6).locator('input').fill('4');
    await page.evaluate(() => window.scrollTo({ top: 0 }));
    await page.screenshot({ path: path.join(shots, 'forms-phone.png'), fullPage: true });
    await page.getByTestId('form-submit').click();
    await expect(page.getByTestId('form-done')).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'forms-phone-sent.png') });
    // Many allowed: send another (only the required ones, no file → the file is required).
    await page.getByTestId('form-again').click();
    await expect(fields).toHaveCount(7);
    await page.getByTestId('form-submit').click();
    await expect(fields.nth(5).getByTestId('form-field-error')).toBeVisible();

    // The admin: the submission in the list, its detail with the file, the download and the exports.
    await admin.goto(`/admin/forms/${form.id}`);
    const list = admin.getByTestId('form-submissions');
    const search = list.locator('input.ant-input').first();
    await search.fill(code);
    await search.press('Enter');
    await expect(list.getByTestId('form-submission-row')).toHaveCount(1);
    await expect(list.getByTestId('form-submission-row')).toContainText(code);
    await list.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: path.join(shots, 'forms-admin-submissions.png') });
    await admin.evaluate(() => window.scrollTo({ top: 0 }));
    await admin.screenshot({ path: path.join(shots, 'forms-admin-builder.png') });
    await list.getByTestId('form-submission-row').click();
    const detail = admin.getByTestId('form-submission-detail');
    await expect(detail).toContainText('ตู้แช่เย็นหมายเลข 3');
    await expect(detail).toContainText('คลังสินค้า');
    await expect(detail).toContainText('ลูกค้า, ความปลอดภัย');
    await admin.screenshot({ path: path.join(shots, 'forms-admin-submission.png') });
    const file = admin.waitForEvent('download');
    await detail.getByTestId('form-file-download').click();
    expect((await file).suggestedFilename()).toBe('ตู้แช่.png');
    await admin.keyboard.press('Escape');
    const csv = admin.waitForEvent('download');
    await list.getByTestId('export-csv').click();
    const csvText = await (await (await csv).createReadStream()).toArray();
    expect(Buffer.concat(csvText).toString('utf8')).toContain(`${code},ฟอร์ม ${run}`);
    const xlsx = admin.waitForEvent('download');
    await list.getByTestId('export-xlsx').click();
    expect((await xlsx).suggestedFilename()).toMatch(/^form-submissions-.*\.xlsx$/);
    await adminContext.close();
  });
});
