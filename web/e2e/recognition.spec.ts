// Badges and stickers end to end against the real server (issue 12). An editor at 1440x900 makes a rule
// badge ("completed this course", for a course of its own) through the back office and publishes it, and
// makes a sticker set with one sticker. A fresh staff member (so other specs' notices never touch the counts)
// on a 390x844 phone completes the course's lesson through the content page's progress API, sees Home's bell
// count go up live, opens the badge from the notice on their profile and downloads its Open Badges
// credential (a VC-JWT).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { AdminApi } from './support/adminApi';
import { acceptPrivacyNotice, expect, openAdmin, rowAction, rowMenu, signInAs, test } from './support/fixtures';
import { makePng } from './support/png';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (name: string) => path.join(shots, `recognition-${name}.png`);
const run = Date.now().toString(36).slice(-5).toUpperCase();

const drawer = (page: Page, title: string) => page.locator('.ant-drawer-content').filter({ hasText: title });
const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text });

test.describe('badges and stickers', () => {
  test.setTimeout(150_000);

  test('an editor makes a course badge and a sticker set; a staff member earns the badge and downloads its credential', async ({ browser }) => {
    const baseURL = process.env.E2E_BASE_URL;
    const courseTitle = `หลักสูตรเหรียญ ${run}`;
    const badgeName = `เหรียญจบหลักสูตร ${run}`;
    const setName = `ชุดสติกเกอร์ ${run}`;
    const stickerName = `สติกเกอร์ยิ้ม ${run}`;

    // An admin (API only): a fresh staff member of store BKK01.
    const adminContext = await browser.newContext({ baseURL });
    const adminPage = await adminContext.newPage();
    await signInAs(adminPage, 'ADMIN01');
    await expect(adminPage).toHaveURL(/\/main$/);
    const admin = AdminApi.of(adminPage);
    const bkk01 = await admin.storeId('BKK01');
    const code = `RC${run}`;
    const password = 'Badge#2026';
    const user = await admin.create('users', { employeeCode: code, name: `เหรียญ ${run}`, role: 'staff', status: 'active', store: bkk01, password, locale: 'th' });

    // The editor at a desktop: the course through the API, the badge and the sticker set through the screens.
    const editorContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    const page = await editorContext.newPage();
    await signInAs(page, 'EDIT01', undefined, '/login?callbackUrl=%2Fadmin');
    await expect(page).toHaveURL(/\/admin$/);
    const editor = AdminApi.of(page);
    const audience = { stores: [bkk01] };
    const lesson = await editor.create('contents', {
      kind: 'article', title: `บทเรียนเหรียญ ${run}`, summary: 'บทเรียนสั้น', bodyHtml: '<p>อ่านให้จบ</p>', audience, points: 5, status: 'published',
    });
    const course = await editor.create('courses', { title: courseTitle, summary: 'หนึ่งบทเรียน', audience, points: 10, status: 'published' });
    await editor.create('course-lessons', { course: course.id, position: 1, kind: 'content', content: lesson.id });

    await openAdmin(page, '/admin/badges');
    await page.getByRole('button', { name: 'เพิ่ม · เหรียญตรา' }).click();
    const create = drawer(page, 'เพิ่มรายการ · เหรียญตรา');
    await create.locator('#badges-create_name').fill(badgeName);
    // The rule's own fields follow the server schema's visibleWhen: no course field until the rule needs one.
    await expect(create.locator('#badges-create_course')).toHaveCount(0);
    await create.locator('.ant-select:has(#badges-create_criteria)').click();
    await option(page, 'จบหลักสูตรที่กำหนด').click();
    await expect(create.locator('#badges-create_threshold')).toHaveCount(0);
    await create.locator('#badges-create_course').click();
    await create.locator('#badges-create_course').fill(run);
    await option(page, courseTitle).click();
    await create.getByRole('button', { name: 'สร้าง' }).click();
    await expect(create).toBeHidden();
    const badgeRow = page.locator('tr[data-row-key]').filter({ hasText: badgeName });
    await expect(badgeRow).toContainText(courseTitle);
    await rowAction(page, badgeRow, 'row-publish');
    await expect((await rowMenu(page, badgeRow)).getByTestId('row-archive')).toBeVisible();
    await page.keyboard.press('Escape');
    const badgeId = (await badgeRow.getAttribute('data-row-key'))!;
    const published = await editor.get<{ status: string; criteria: string; course: string }>(`/api/admin/badges/${badgeId}`);
    expect(published).toMatchObject({ status: 'published', criteria: 'course_completed', course: course.id });

    // A sticker set (given from rewards only, so no other spec's course gives its sticker) with one sticker.
    await openAdmin(page, '/admin/stickers');
    await page.getByRole('button', { name: 'เพิ่ม · ชุดสติกเกอร์' }).click();
    const setDrawer = drawer(page, 'เพิ่มรายการ · ชุดสติกเกอร์');
    await setDrawer.locator('#sticker-sets-create_name').fill(setName);
    await setDrawer.locator('.ant-select:has(#sticker-sets-create_rule)').click();
    await option(page, 'แลกจากของรางวัลเท่านั้น').click();
    await setDrawer.getByRole('button', { name: 'สร้าง' }).click();
    await expect(setDrawer).toBeHidden();
    const setRow = page.locator('tr[data-row-key]').filter({ hasText: setName });
    await expect(setRow).toHaveCount(1);
    await page.goto(`/admin/stickers/${await setRow.getAttribute('data-row-key')}`);
    await expect(page.getByRole('heading', { name: setName })).toBeVisible();
    await page.getByTestId('sticker-add').click();
    const stickerDrawer = drawer(page, 'เพิ่มรายการ · สติกเกอร์');
    await stickerDrawer.locator('#stickers-create_name').fill(stickerName);
    await stickerDrawer.getByRole('button', { name: 'เลือกรูปภาพ' }).click();
    const picker = page.locator('.ant-modal-content').filter({ hasText: 'เลือกรูปภาพ' });
    await picker.locator('input[type=file]').setInputFiles({ name: `smile-${run}.png`, mimeType: 'image/png', buffer: makePng(256, 256, [250, 200, 40], [240, 120, 30]) });
    await expect(picker.locator('.sf-picker__tile.is-selected')).toHaveCount(1);
    await picker.getByRole('button', { name: 'เลือก', exact: true }).click();
    await stickerDrawer.getByRole('button', { name: 'สร้าง' }).click();
    await expect(stickerDrawer).toBeHidden();
    await expect(page.getByTestId('admin-sticker')).toHaveCount(1);
    await expect(page.getByTestId('admin-sticker')).toHaveAttribute('data-sticker', stickerName);
    await page.screenshot({ path: shot('admin-set') });
    await editorContext.close();

    // The staff member on a phone: Home's bell, then the lesson completed elsewhere (the content page's
    // open and progress API) completes the course, and the badge's notice arrives over the socket.
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'th-TH', reducedMotion: 'reduce' });
    const staff = await context.newPage();
    await signInAs(staff, code, password);
    await expect(staff).toHaveURL(/\/main$/);
    await acceptPrivacyNotice(staff); // a new person: the notice first
    const bell = staff.getByTestId('notification-bell');
    const learner = AdminApi.of(staff);
    // Relative: a notice for all staff (the daily due-course reminder) may reach this person meanwhile.
    const shown = async () => Number(await bell.getAttribute('data-unread'));
    const before = (await learner.get<{ unread: number }>('/api/notifications/unread-count')).unread;
    await expect.poll(shown).toBe(before);
    await expect.poll(async () => (await admin.get<{ online: boolean }>(`/api/presence/${user.id}`)).online).toBe(true);
    await learner.send('POST', `/api/courses/${course.id}/start`, {});
    // Read as the content page does: opened (the server's reading clock starts), then the end, claimed again
    // while the server answers 422 TOO_EARLY, until it counts (the short test reading clock).
    await learner.send('POST', `/api/contents/${lesson.id}/open`, {});
    let done = { progress: { completedAt: null as string | null }, completedCourses: [] as { id: string }[] };
    await expect(async () => {
      done = await learner.send('POST', `/api/contents/${lesson.id}/progress`, { percent: 100 });
    }).toPass({ intervals: [250], timeout: 10_000 });
    expect(done.progress.completedAt).toBeTruthy();
    expect(done.completedCourses.map((c) => c.id)).toContain(course.id);
    // The badge's notice (and a sticker's, when a published set gives one per course): counted live, no reload.
    await expect.poll(shown).toBeGreaterThan(before);
    // ... and shows as a toast where the person is (Home).
    await expect(staff.locator('.Toastify__toast').first()).toContainText('คุณได้รับ');

    await bell.click();
    await expect(staff).toHaveURL(/\/notifications$/);
    const notice = staff.getByTestId('notice').filter({ hasText: badgeName });
    await expect(notice).toContainText(`คุณได้รับเหรียญ "${badgeName}"`);
    await notice.click();
    // The notice links to my profile with the badge's sheet open.
    await expect(staff).toHaveURL(new RegExp(`/p/${user.id}\\?badge=${badgeId}$`));
    const sheet = staff.getByTestId('badge-sheet');
    await expect(sheet).toHaveAttribute('data-badge-id', badgeId);
    await expect(sheet).toContainText(badgeName);
    await staff.waitForTimeout(400);
    await staff.screenshot({ path: shot('badge-sheet') });

    // Sharing comes first: the badge's public verification page (no session needed), then the files for a
    // credential wallet behind their disclosure (issue 28 item 11).
    await expect(sheet.getByTestId('badge-share')).toBeVisible();
    await expect(sheet.getByTestId('badge-credential')).toBeHidden();
    const verifyHref = await sheet.getByTestId('badge-verify-page').getAttribute('href');
    expect(verifyHref).toMatch(/^\/share\/badge\/[0-9a-f-]{36}$/);
    const publicPage = await fetch(new URL(verifyHref!, staff.url()).href);
    expect(publicPage.status).toBe(200);
    const publicHtml = await publicPage.text();
    expect(publicHtml).toContain(badgeName);
    expect(publicHtml).toContain('ตรวจสอบแล้ว');
    await sheet.getByTestId('badge-wallet').locator('summary').click();
    const [download] = await Promise.all([staff.waitForEvent('download'), sheet.getByTestId('badge-credential').click()]);
    const jwt = (await readFile((await download.path())!, 'utf8')).trim();
    expect(jwt.split('.')).toHaveLength(3);
    expect(jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const header = JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString('utf8')) as { alg?: string };
    expect(header.alg).toBe('EdDSA');

    // Closed, the profile shows the badge earned and the sticker book.
    await staff.locator('.adm-popup-close-icon').click();
    await expect(sheet).toBeHidden();
    await expect(staff).toHaveURL(new RegExp(`/p/${user.id}$`));
    const earned = staff.getByTestId('badge-earned').filter({ hasText: badgeName });
    await expect(earned).toHaveAttribute('data-badge-id', badgeId);
    await expect(staff.getByTestId('sticker-book')).toBeVisible();
    await staff.getByTestId('achievements').scrollIntoViewIfNeeded();
    await staff.waitForTimeout(400);
    await staff.screenshot({ path: shot('profile'), fullPage: true });
    await earned.click();
    await expect(sheet).toHaveAttribute('data-badge-id', badgeId);

    // The points the course and its lesson gave put them on their store's leaderboard.
    await staff.goto('/club/leaderboard');
    await expect(staff.locator(`[data-testid="leaderboard-row"][data-user-id="${user.id}"]`).first()).toBeVisible();
    await context.close();
    await adminContext.close();
  });
});
