// Profiles end to end against the real server (issue 26; issue 28 item 12) on a 390x844 phone: /profile opens
// my own profile; I change my photo (picked from the gallery, cropped square in a sheet, uploaded as a 512 px
// JPEG through POST /api/media/photos and shown through /_image), my nickname and the language; then I open a
// colleague's profile from a success story's author and see their name, photo, store and stories, and none of
// their private details.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { desk, expect, openAdmin, phone, signInAs, test } from './support/fixtures';
import { makePng } from './support/png';

const shots = process.env.SHOTS_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');

test.describe('profiles', () => {
  test.setTimeout(120_000);

  test('change my photo, nickname and language; open a colleague from a story', async ({ browser }) => {
    const run = Date.now().toString(36).slice(-5).toUpperCase();
    const password = 'Profile#2026';
    const admin = await desk(browser, 'ADMIN01');
    const store = await admin.api.storeId('BKK01');
    const code = `PRF${run}`;
    await admin.api.create('users', { employeeCode: code, name: `โปรไฟล์ ${run}`, role: 'staff', status: 'active', store, password, locale: 'th' });

    const page = await phone(browser, code, password);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/p\/[0-9a-f-]+$/);
    await expect(page.getByTestId('profile-change-photo')).toBeVisible();

    // The photo: a landscape picture, cropped square in the sheet.
    await page.getByTestId('profile-photo-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(1200, 900, [14, 116, 144], [251, 207, 232]) });
    await expect(page.getByTestId('profile-crop')).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'profile-crop-390.png') });
    const upload = page.waitForResponse((r) => r.url().endsWith('/api/media/photos') && r.request().method() === 'POST');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH');
    await page.getByTestId('profile-photo-save').click();
    const photo = (await (await upload).json()) as { photo: { width: number; height: number; mime: string } };
    expect([photo.photo.width, photo.photo.height, photo.photo.mime]).toEqual([512, 512, 'image/jpeg']);
    expect((await saved).status()).toBe(200);
    await expect(page.getByTestId('profile-photo').locator('img')).toHaveAttribute('src', /^\/_image\?url=%2Fmedia%2F[0-9a-f]{64}\.jpg&w=256/);
    await expect(page.getByTestId('profile-remove-photo')).toBeVisible();

    // The nickname, in its sheet.
    await page.getByTestId('profile-edit-nickname').click();
    await page.getByTestId('profile-nickname-input').locator('input').fill('น้องโปร');
    await page.getByTestId('profile-nickname-save').click();
    await expect(page.getByTestId('profile-nickname')).toHaveText('น้องโปร');
    await expect(page.locator('.sf-profile-card__nickname')).toContainText('น้องโปร');
    await expect(page.getByTestId('profile-nickname-input')).toBeHidden();
    await page.screenshot({ path: path.join(shots, 'profile-mine-390.png'), fullPage: true });

    // The language: English at once, and kept on the account.
    const language = page.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH');
    await page.getByText('English', { exact: true }).click();
    expect((await language).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Profile' }).first()).toBeVisible();
    await expect(page.getByTestId('profile-change-photo')).toHaveText('Change photo');

    // A colleague, from a success story's author.
    await page.goto('/stores');
    const card = page.getByTestId('story-card').first();
    await expect(card).toBeVisible();
    const author = (await card.getByTestId('story-author').innerText()).trim();
    await card.getByTestId('story-author').click();
    await expect(page).toHaveURL(/\/p\/[0-9a-f-]+$/);
    await expect(page.getByTestId('colleague-name')).toHaveText(author);
    await expect(page.getByTestId('profile-story').first()).toBeVisible();
    await expect(page.getByTestId('profile-change-photo')).toHaveCount(0);
    const text = await page.locator('main, .sf-page').first().innerText();
    expect(text).not.toMatch(/@shopfloor\.example/);
    expect(text).not.toMatch(/\b(S\d{4}|ADMIN01|EDIT01)\b/);
    await page.screenshot({ path: path.join(shots, 'profile-colleague-390.png'), fullPage: true });
    await admin.context.close();
  });

  for (const [width, height] of [[1440, 900], [1366, 768]] as const) {
    test(`the admin users form takes a photo upload, not a URL (${width}x${height})`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height }, locale: 'th-TH' });
      const page = await context.newPage();
      await signInAs(page, 'ADMIN01');
      await expect(page).toHaveURL(/\/main$/);
      await openAdmin(page, '/admin/users');
      await page.getByRole('button', { name: 'เพิ่ม · ผู้ใช้งาน' }).click();
      const drawer = page.locator('.ant-drawer-content').filter({ hasText: 'เพิ่มรายการ · ผู้ใช้งาน' });
      await expect(drawer.getByText('รูปโปรไฟล์', { exact: true })).toBeVisible();
      await expect(drawer.getByText('Picture', { exact: true })).toHaveCount(0);
      await page.screenshot({ path: path.join(shots, `admin-user-form-${width}.png`) });
      // The photo is picked from the media library, with an upload in the same window.
      await drawer.getByRole('button', { name: 'เลือกไฟล์' }).click();
      const picker = page.locator('.ant-modal-content');
      await expect(picker.getByRole('button', { name: 'อัปโหลดไฟล์ใหม่' })).toBeVisible();
      await page.screenshot({ path: path.join(shots, `admin-user-photo-${width}.png`) });
      await context.close();
    });
  }
  test('choose which notifications are pushed and the quiet hours; this phone says why it cannot turn push on', async ({ browser }) => {
    const page = await phone(browser, 'S1003');
    await page.goto('/profile');
    const card = page.getByTestId('push-settings');
    await card.scrollIntoViewIfNeeded();
    // The suite blocks service workers (playwright.config.ts), as a browser that has not installed the app yet.
    await expect(card.getByTestId('push-this-phone-note')).toHaveText('เปิดแอปอีกครั้งเพื่อเปิดการแจ้งเตือนบนเครื่องนี้');
    await expect(card.getByTestId('push-this-phone')).toHaveClass(/adm-switch-disabled/);

    // A kind off, then quiet hours on (22:00-07:00 offered), then their start moved: each saved at once.
    const patched = () => page.waitForResponse((r) => r.url().endsWith('/api/push/settings') && r.request().method() === 'PATCH' && r.ok());
    let saved = patched();
    await card.getByTestId('push-kind-badges').click();
    await saved;
    saved = patched();
    await card.getByTestId('push-quiet').click();
    await saved;
    await expect(card.getByTestId('push-quiet-from')).toHaveValue('22:00');
    saved = patched();
    await card.getByTestId('push-quiet-from').fill('21:30');
    await saved;
    await page.screenshot({ path: path.join(shots, 'profile-push-390.png') });

    // What the server keeps, and what the screen shows after a reload.
    const settings = await (await page.request.get('/api/push/settings')).json();
    expect(settings).toMatchObject({ kinds: { badges: false, courses: true }, quietHours: { from: '21:30', to: '07:00' }, devices: 0 });
    await page.reload();
    await expect(page.getByTestId('push-kind-badges')).not.toHaveClass(/adm-switch-checked/);
    await expect(page.getByTestId('push-kind-courses')).toHaveClass(/adm-switch-checked/);
    await expect(page.getByTestId('push-quiet-from')).toHaveValue('21:30');
    await page.context().close();
  });
});
