// Messages end to end (issue 15) on a 390x844 phone: a staff member of the spec's own (made through the admin
// API, with a position of its own so the broadcast's audience is exactly them) keeps the inbox open while an
// admin sends a broadcast through the API: it appears without a reload, unread, and opens as rich text. Then
// they write to head office; an editor answers in the back office's inbox (1440x900, reached from the top
// bar's icon) and the answer reaches the phone's open thread live.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdminApi } from './support/adminApi';
import { acceptPrivacyNotice, expect, openAdmin, rowMenu, signInAs, test } from './support/fixtures';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (name: string) => path.join(shots, `messages-${name}.png`);
const run = Date.now().toString(36).slice(-5).toUpperCase();

test.describe('messages (390x844 phone, back office 1440x900)', () => {
  test.setTimeout(120_000);

  test('a broadcast arrives live in the open inbox; a thread is answered from the back office', async ({ page, browser }) => {
    const code = `MS${run}`;
    const password = 'Message#2026';
    const position = `e2e-msg-${run}`;
    const title = `ประกาศสด ${run}`;
    const subject = `ถามเรื่องป้าย ${run}`;
    await signInAs(page, 'ADMIN01');
    await expect(page).toHaveURL(/\/main$/);
    const admin = AdminApi.of(page);
    const user = await admin.create('users', {
      employeeCode: code, name: `ข้อความ ${run}`, role: 'staff', status: 'active', store: await admin.storeId('BKK01'), position, password, locale: 'th',
    });

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'th-TH', reducedMotion: 'reduce' });
    const staff = await context.newPage();
    await signInAs(staff, code, password);
    await expect(staff).toHaveURL(/\/main$/);
    await acceptPrivacyNotice(staff); // a new person: the notice first
    const icon = staff.getByTestId('home-messages');
    await expect(icon).toBeVisible();
    const staffApi = AdminApi.of(staff);
    const serverUnread = async () => (await staffApi.get<{ unread: number }>('/api/messages/unread-count')).unread;
    await expect.poll(async () => Number(await icon.getAttribute('data-unread'))).toBe(await serverUnread());
    await icon.click();
    await expect(staff).toHaveURL(/\/messager\/$/);
    await expect(staff.getByTestId('messages-inbox')).toBeVisible();

    // Live: the socket is up once presence says so; the broadcast then shows without a reload.
    await expect.poll(async () => (await admin.get<{ online: boolean }>(`/api/presence/${user.id}`)).online).toBe(true);
    const b = await admin.create('broadcasts', { title, body: '<p>ลด <strong>20%</strong> ทุกสาขา</p><script>alert(1)</script>', audience: { positions: [position] } });
    const sent = await admin.send<{ recipients: number }>('POST', `/api/admin/broadcasts/${b.id}/send`, {});
    expect(sent.recipients).toBe(1);
    const row = staff.getByTestId('message-row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row).toHaveAttribute('data-unread', 'true');
    await expect(staff.getByTestId('messages-unread')).toHaveAttribute('data-count', String(await serverUnread()));
    await staff.screenshot({ path: shot('inbox') });
    await row.click();
    const view = staff.getByTestId('broadcast-view');
    await expect(view).toContainText(title);
    await expect(view.locator('strong')).toHaveText('20%');
    await expect(view.locator('script')).toHaveCount(0);
    await expect.poll(async () => (await admin.get<{ readsCount: number }>(`/api/admin/broadcasts/${b.id}`)).readsCount).toBe(1);

    // A new thread to head office.
    await staff.goto('/messager/');
    await staff.getByTestId('message-new').click();
    await staff.getByTestId('message-subject').locator('input').fill(subject);
    await staff.getByTestId('message-input').locator('textarea:not([readonly])').fill('ป้ายราคาโปรโมชันไม่พอครับ <b>ด่วน</b>');
    await staff.getByTestId('message-send').click();
    await expect(staff).toHaveURL(/\/messager\/t\//);
    // Plain text stays text: the markup shows as typed.
    await expect(staff.getByTestId('thread-message').first()).toContainText('<b>ด่วน</b>');

    // The editor answers from the back office.
    const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'th-TH', reducedMotion: 'reduce' });
    const editor = await desk.newPage();
    await signInAs(editor, 'EDIT01');
    await expect(editor).toHaveURL(/\/main$/);
    await openAdmin(editor, '/admin');
    const top = editor.getByTestId('admin-messages');
    await expect.poll(async () => Number(await top.getAttribute('data-unread'))).toBeGreaterThan(0);
    await top.click();
    await expect(editor).toHaveURL(/\/admin\/messages\/inbox/);
    await editor.getByTestId('office-thread-row').filter({ hasText: subject }).click();
    await expect(editor.getByTestId('office-message').first()).toContainText('ป้ายราคาโปรโมชันไม่พอครับ');
    await editor.getByTestId('office-answer').fill('จะส่งเพิ่มให้พรุ่งนี้ค่ะ');
    await editor.getByTestId('office-send').click();
    await expect(editor.getByTestId('office-message').filter({ hasText: 'จะส่งเพิ่มให้พรุ่งนี้ค่ะ' })).toHaveAttribute('data-from', 'office');
    await editor.screenshot({ path: shot('admin-inbox') });
    // A sent broadcast offers neither edit nor send; a draft offers both.
    const draftTitle = `ร่างประกาศ ${run}`;
    await AdminApi.of(editor).create('broadcasts', { title: draftTitle, body: '<p>ร่าง</p>', audience: { positions: [position] } });
    await openAdmin(editor, '/admin/messages');
    await editor.locator('.sf-res__search input').fill(run);
    await editor.locator('.sf-res__search input').press('Enter');
    const sentRow = editor.locator('tr', { hasText: title });
    const draftRow = editor.locator('tr', { hasText: draftTitle });
    await expect(draftRow.getByRole('button', { name: `แก้ไข ${draftTitle}` })).toBeVisible();
    await expect((await rowMenu(editor, draftRow)).getByTestId('broadcast-send')).toBeVisible();
    await editor.keyboard.press('Escape');
    await expect(sentRow).toBeVisible();
    await expect(sentRow.getByRole('button', { name: `แก้ไข ${title}` })).toHaveCount(0);
    // A sent broadcast has nothing left to send: no send entry (its menu may hold other actions or none).
    if (await sentRow.getByTestId('row-actions').count()) {
      await expect((await rowMenu(editor, sentRow)).getByTestId('broadcast-send')).toHaveCount(0);
      await editor.keyboard.press('Escape');
    }

    // The answer reaches the open thread on the phone live.
    await expect(staff.getByTestId('thread-message').filter({ hasText: 'จะส่งเพิ่มให้พรุ่งนี้ค่ะ' })).toHaveAttribute('data-from', 'office');
    await staff.screenshot({ path: shot('thread') });
    await desk.close();
    await context.close();
  });
});
