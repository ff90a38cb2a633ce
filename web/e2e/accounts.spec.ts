// Accounts people can trust (issue 26) end to end. A back-office desk (1440x900, Thai) issues one-time codes
// from the users list; a phone (390x844) opens a card's link and lands signed in; a person resets a lost
// password with a reset code from /login's "forgot password?", and with a link the server mails (the
// suite's SMTP server, global-setup); the approval queue shows a roster code registered without a code
// beside the roster's data. Screenshots go to SHOTS_DIR (default test-results/screenshots).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { desk, expect, openAdmin, rowAction, test } from './support/fixtures';
import { waitForMail } from './support/mail';

const shots = process.env.SHOTS_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (name: string) => path.join(shots, name);
const run = Date.now().toString(36).slice(-5).toUpperCase();
const STRONG = 'Mango#River58';

async function newPhone(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'th-TH', hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
  return context.newPage();
}

async function importRoster(page: Page, rows: string[][]) {
  const csrf = ((await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;
  const res = await page.request.post('/api/admin/users/import', {
    data: `employee_code,name,email,store_code,position\n${rows.map((r) => r.join(',')).join('\n')}\n`,
    headers: { 'Content-Type': 'text/csv', 'X-CSRF-Token': csrf },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Opens the users list filtered to one person and clicks "issue a code" on their row. */
async function issueFromRow(page: Page, code: string, name: string) {
  await openAdmin(page, '/admin/users');
  await page.getByLabel('ค้นหาผู้ใช้งาน').fill(code);
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await rowAction(page, row, 'user-code');
  return page.getByRole('dialog', { name: 'ออกรหัสใช้ครั้งเดียว' });
}

test.describe('account codes and recovery', () => {
  test.setTimeout(120_000);

  test('a card’s link: the register page greets the person, who chooses a password and lands signed in', async ({ browser, baseURL }) => {
    const code = `AC${run}`;
    const name = `ปิยะนุช ทดสอบ${run}`;
    const office = await desk(browser, 'ADMIN01');
    await importRoster(office.page, [[code, name, '', 'CNX01', 'Sales']]);

    // The desk issues the code from the person's row and sees it once, on screen.
    const dialog = await issueFromRow(office.page, code, name);
    await expect(dialog.getByRole('radio', { name: 'รหัสเปิดใช้งาน' })).toBeChecked();
    await office.page.screenshot({ path: shot('admin-issue-dialog-1440.png') });
    await dialog.getByRole('button', { name: 'แสดงบนหน้าจอ' }).click();
    const shown = office.page.getByTestId('issued-code');
    await expect(shown).toHaveText(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    const activation = (await shown.textContent())!.trim();
    await office.page.screenshot({ path: shot('admin-issued-codes-1440.png') });
    await office.page.getByRole('button', { name: 'เก็บรหัสแล้ว ปิด' }).click();

    // The phone opens what the card's QR holds.
    const phone = await newPhone(browser, baseURL);
    await phone.goto(`/register?code=${activation}&employee=${code}`);
    await expect(phone.getByTestId('activation-person')).toContainText(name);
    await expect(phone.getByTestId('activation-person')).toContainText('CNX01');
    await expect(phone.getByTestId('activation-person')).toContainText('พนักงานขาย'); // the position's name, not its code
    await expect(phone.locator('#name')).toHaveCount(0);
    await expect(phone.locator('#storeId')).toHaveCount(0);
    await phone.locator('#contact').fill('081-555-0177');
    await phone.locator('#password').fill(STRONG);
    await expect(phone.getByTestId('password-strength')).toHaveText('แข็งแรง');
    await phone.screenshot({ path: shot('register-with-card-390.png'), fullPage: true });
    await phone.getByRole('button', { name: 'เปิดใช้งานบัญชี' }).click();
    await expect(phone).toHaveURL(/\/main$/, { timeout: 20_000 });
    const me = ((await (await phone.request.get('/api/me')).json()) as { user: { employeeCode: string; name: string; store: { code: string } } }).user;
    expect(me).toMatchObject({ employeeCode: code, name, store: { code: 'CNX01' } });

    // The same link again: the code was used.
    const again = await newPhone(browser, baseURL);
    await again.goto(`/register?code=${activation}&employee=${code}`);
    await expect(again.locator('#activationCode-error')).toContainText('ใช้ไปแล้ว');
    await again.context().close();
    await phone.context().close();
    await office.context.close();
  });

  test('the desk downloads printable cards for a store’s new people', async ({ browser }) => {
    const office = await desk(browser, 'ADMIN01');
    await importRoster(office.page, [[`PD${run}`, `บัตร พิมพ์${run}`, '', 'BKK02', '']]);
    await openAdmin(office.page, '/admin/users');
    await office.page.getByRole('button', { name: 'qrcode ออกรหัส', exact: true }).click();
    const dialog = office.page.getByRole('dialog', { name: 'ออกรหัสใช้ครั้งเดียว' });
    await dialog.getByRole('radio', { name: 'ทุกคนในสาขา' }).check();
    await dialog.locator('#codes-store').click();
    await office.page.getByTitle('BKK02 สยามพารากอน').click();
    await office.page.screenshot({ path: shot('admin-issue-store-1440.png') });
    const download = office.page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'ดาวน์โหลดบัตร (PDF)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^activation-cards-\d{4}-\d{2}-\d{2}\.pdf$/);
    const saved = await file.path();
    expect(readFileSync(saved!).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(dialog).toBeHidden();
    // Account codes: the store's live codes, never the code itself.
    await openAdmin(office.page, '/admin/users/codes');
    await expect(office.page.getByRole('cell', { name: `บัตร พิมพ์${run} PD${run}` })).toBeVisible();
    await expect(office.page.getByRole('button', { name: `ยกเลิกรหัสของ บัตร พิมพ์${run}` })).toBeVisible();
    await office.page.screenshot({ path: shot('admin-account-codes-1440.png') });
    await office.page.setViewportSize({ width: 1366, height: 768 });
    await office.page.screenshot({ path: shot('admin-account-codes-1366.png') });
    await office.context.close();
  });

  test('a lost password: a reset code from the desk, then “forgot password?” on the phone', async ({ browser, baseURL }) => {
    const code = `RS${run}`;
    const name = `ลืม รหัส${run}`;
    const office = await desk(browser, 'ADMIN01');
    await importRoster(office.page, [[code, name, '', 'BKK01', '']]);
    // The person signed up once (with an activation code) and has since signed in.
    const issued = await office.api.send<{ items: { code: string; userId: string }[] }>('POST', '/api/admin/account-codes', {
      purpose: 'activation',
      userIds: [(await office.api.get<{ items: { id: string }[] }>(`/api/admin/users?q=${code}`)).items[0]!.id],
    });
    const first = await newPhone(browser, baseURL);
    await first.goto(`/register?code=${issued.items[0]!.code}&employee=${code}`);
    await first.locator('#contact').fill('081-555-0166');
    await first.locator('#password').fill('Kiwi#Sunset33');
    await first.getByRole('button', { name: 'เปิดใช้งานบัญชี' }).click();
    await expect(first).toHaveURL(/\/main$/, { timeout: 20_000 });

    const dialog = await issueFromRow(office.page, code, name);
    await expect(dialog.getByRole('radio', { name: 'รหัสตั้งรหัสผ่านใหม่' })).toBeChecked();
    await dialog.getByRole('button', { name: 'แสดงบนหน้าจอ' }).click();
    const resetCode = (await office.page.getByTestId('issued-code').textContent())!.trim();

    const phone = await newPhone(browser, baseURL);
    await phone.goto('/login');
    await phone.getByRole('link', { name: 'ลืมรหัสผ่าน?' }).click();
    await expect(phone).toHaveURL(/\/reset$/);
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText('ตั้งรหัสผ่านใหม่');
    await phone.locator('#identifier').fill(code);
    await phone.locator('#code').fill(resetCode.toLowerCase());
    await phone.locator('#password').fill(STRONG);
    await phone.screenshot({ path: shot('reset-with-code-390.png'), fullPage: true });
    await phone.getByRole('button', { name: 'บันทึกรหัสผ่านใหม่' }).click();
    await expect(phone).toHaveURL(/\/main$/, { timeout: 20_000 });
    // The old session on the first phone ended.
    await first.reload();
    await expect(first).toHaveURL(/\/login/);
    await first.context().close();
    await phone.context().close();
    await office.context.close();
  });

  test('forgot password by email: the mailed link sets a new password', async ({ browser, baseURL }) => {
    const code = `EM${run}`;
    const email = `em${run.toLowerCase()}@example.test`;
    const office = await desk(browser, 'ADMIN01');
    await importRoster(office.page, [[code, `อีเมล ทดสอบ${run}`, email, 'BKK01', '']]);
    const user = (await office.api.get<{ items: { id: string }[] }>(`/api/admin/users?q=${code}`)).items[0]!;
    const issued = await office.api.send<{ items: { code: string }[] }>('POST', '/api/admin/account-codes', { purpose: 'activation', userIds: [user.id] });
    const anon = await browser.newContext({ baseURL });
    const signup = await anon.request.post('/api/register', {
      data: { employeeCode: code, activationCode: issued.items[0]!.code, contact: email, password: 'Kiwi#Sunset33' },
      headers: { 'X-CSRF-Token': ((await (await anon.request.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    await anon.close();

    const phone = await newPhone(browser, baseURL);
    await phone.goto('/reset');
    await phone.locator('#forgot').fill(code);
    await phone.getByRole('button', { name: 'ส่งลิงก์ให้ฉัน' }).click();
    await expect(phone.getByTestId('reset-sent')).toBeVisible();
    await phone.screenshot({ path: shot('reset-mail-sent-390.png'), fullPage: true });
    const mail = await waitForMail(email);
    expect(mail.subject).toContain('ตั้งรหัสผ่าน');
    const link = mail.text.match(/https?:\/\/\S+\/reset\?token=[A-Za-z0-9_-]+/)![0];
    await phone.goto(link);
    await expect(phone.locator('#identifier')).toHaveCount(0);
    await phone.locator('#password').fill(STRONG);
    await phone.screenshot({ path: shot('reset-with-link-390.png'), fullPage: true });
    await phone.getByRole('button', { name: 'บันทึกรหัสผ่านใหม่' }).click();
    await expect(phone).toHaveURL(/\/main$/, { timeout: 20_000 });
    await phone.context().close();
    await office.context.close();
  });

  test('the approval queue shows a roster code registered without a code beside the roster’s data', async ({ browser, baseURL }) => {
    const code = `CL${run}`;
    const name = `ตัวจริง รายชื่อ${run}`;
    const office = await desk(browser, 'ADMIN01');
    await importRoster(office.page, [[code, name, '', 'CNX01', 'Cashier']]);
    const phone = await newPhone(browser, baseURL);
    await phone.goto('/register');
    await phone.locator('#employeeCode').fill(code);
    await phone.locator('#name').fill('คนอื่น พิมพ์เอง');
    await phone.locator('#contact').fill('081-555-0155');
    await phone.locator('#storeId').selectOption({ label: 'เซ็นทรัลเวิลด์ (BKK01)' });
    await phone.locator('#password').fill(STRONG);
    await phone.getByRole('button', { name: 'สร้างบัญชี' }).click();
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText('รอการอนุมัติ');
    await phone.screenshot({ path: shot('register-pending-390.png'), fullPage: true });

    await openAdmin(office.page, '/admin/users/pending');
    const queue = office.page.getByTestId('claims-queue');
    const row = queue.getByRole('row', { name: new RegExp(code) });
    await expect(row).toContainText('อยู่ในรายชื่อ ยังไม่ยืนยัน');
    await expect(row).toContainText('คนอื่น พิมพ์เอง');
    await expect(row).toContainText(name);
    await office.page.screenshot({ path: shot('admin-claims-1440.png') });
    await office.page.setViewportSize({ width: 1366, height: 768 });
    await office.page.screenshot({ path: shot('admin-claims-1366.png') });
    await phone.context().close();
    await office.context.close();
  });
});
