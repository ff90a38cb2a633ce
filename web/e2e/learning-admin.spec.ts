// The learning back office against the real server: an editor (EDIT01) builds a course from a rich-text
// lesson and a video lesson (the video recorded in the page and uploaded through the media picker) and an
// exam with two questions, publishes everything, and the staff API then serves them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { AdminApi } from './support/adminApi';
import { dragHandleTo, expect, openAdmin, rowAction, rowMenu, signInAs, test } from './support/fixtures';
import { makePng } from './support/png';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (name: string) => path.join(shots, `${name}.png`);
const run = Date.now().toString(36).slice(-5).toUpperCase();

/** A short MP4 recorded from a canvas with MediaRecorder (no fixture files); distinct bytes per run. */
async function recordVideo(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(async (seed) => {
    const type = ['video/mp4;codecs=avc1', 'video/mp4'].find((x) => MediaRecorder.isTypeSupported(x));
    if (!type) throw new Error('no MP4 MediaRecorder');
    const c = document.createElement('canvas');
    c.width = 320;
    c.height = 180;
    const ctx = c.getContext('2d')!;
    const rec = new MediaRecorder(c.captureStream(15), { mimeType: type });
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => chunks.push(e.data);
    let i = 0;
    const draw = () => {
      ctx.fillStyle = `hsl(${(seed + i++ * 24) % 360},70%,50%)`;
      ctx.fillRect(0, 0, 320, 180);
      ctx.fillStyle = '#fff';
      ctx.font = '32px sans-serif';
      ctx.fillText(String(i), 140, 100);
    };
    draw();
    const h = setInterval(draw, 60);
    rec.start(100);
    await new Promise((r) => setTimeout(r, 1200));
    await new Promise((r) => {
      rec.onstop = r;
      rec.stop();
    });
    clearInterval(h);
    const bytes = new Uint8Array(await new Blob(chunks, { type }).arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  }, Date.now() % 360);
  return Buffer.from(b64, 'base64');
}

const drawer = (page: Page, title: string) => page.locator('.ant-drawer-content').filter({ hasText: title });

async function adminItemId(page: Page, resource: string, q: string): Promise<string> {
  const res = await page.request.get(`/api/admin/${resource}?q=${encodeURIComponent(q)}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { items: { id: string }[] };
  expect(body.items.length).toBeGreaterThan(0);
  return body.items[0]!.id;
}

test.describe('learning back office (1440x900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test.setTimeout(180_000);

  test('an editor builds and publishes a course with a text and a video lesson and an exam', async ({ page }) => {
    const textTitle = `บทเรียนบริการลูกค้า ${run}`;
    const videoTitle = `วิดีโอการจัดชั้นวาง ${run}`;
    const examTitle = `แบบทดสอบการบริการ ${run}`;
    const courseTitle = `หลักสูตรพนักงานใหม่ ${run}`;

    await signInAs(page, 'EDIT01', undefined, '/login?callbackUrl=%2Fadmin%2Fcontents');
    await expect(page).toHaveURL(/\/admin\/contents$/);
    await expect(page.locator('.sf-res[data-resource="contents"]')).toBeVisible();

    // 1. A rich-text content item.
    await page.getByRole('button', { name: 'เพิ่ม · เนื้อหา' }).click();
    const create = drawer(page, 'เพิ่มรายการ · เนื้อหา');
    await create.locator('#contents-create_title').fill(textTitle);
    await create.locator('#contents-create_summary').fill('การต้อนรับลูกค้าอย่างมืออาชีพ');
    const body = create.locator('.sf-rte__content');
    await body.click();
    await create.getByRole('button', { name: 'หัวข้อใหญ่' }).click();
    await page.keyboard.type('ยิ้มและทักทาย');
    await page.keyboard.press('Enter');
    await create.getByRole('button', { name: 'ตัวหนา' }).click();
    await page.keyboard.type('สบตาลูกค้า');
    await create.getByRole('button', { name: 'ตัวหนา' }).click();
    await page.keyboard.type(' และกล่าวสวัสดีทุกครั้ง');
    await page.keyboard.press('Enter');
    await create.getByRole('button', { name: 'รายการแบบจุด' }).click();
    await page.keyboard.type('ถามความต้องการ');
    await page.keyboard.press('Enter');
    await page.keyboard.type('แนะนำสินค้า');
    await expect(body.locator('h2')).toHaveText('ยิ้มและทักทาย');
    await expect(body.locator('strong')).toHaveText('สบตาลูกค้า');
    // Links: only http(s).
    await create.getByRole('button', { name: 'ลิงก์' }).click();
    const linkModal = page.locator('.ant-modal-content').filter({ hasText: 'ใส่ลิงก์' });
    await linkModal.locator('input').fill('javascript:alert(1)');
    await linkModal.getByRole('button', { name: 'ใช้ลิงก์' }).click();
    await expect(linkModal).toContainText('ใส่ที่อยู่ที่ขึ้นต้นด้วย http:// หรือ https://');
    await linkModal.locator('input').fill('https://example.com/service');
    await linkModal.getByRole('button', { name: 'ใช้ลิงก์' }).click();
    await expect(body.locator('a[href="https://example.com/service"]')).toBeVisible();
    await page.screenshot({ path: shot('learning-admin-content-editor'), fullPage: false });

    // Category, then a sub-category: only the chosen category's sub-categories are offered, and changing
    // the category clears a sub-category of the old one.
    const choose = async (fieldId: string, option: string) => {
      await create.locator(`.ant-select:has(#${fieldId})`).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).click();
      await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    };
    await choose('contents-create_category', 'ความปลอดภัยในร้าน');
    await create.locator('.ant-select:has(#contents-create_subcategory)').click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['สุขอนามัย', 'อัคคีภัย']);
    await page.keyboard.press('Escape');
    await choose('contents-create_subcategory', 'อัคคีภัย');
    await expect(create.locator('.ant-select:has(#contents-create_subcategory)')).toContainText('อัคคีภัย');
    await choose('contents-create_category', 'การบริการลูกค้า');
    await expect(create.locator('.ant-select:has(#contents-create_subcategory)')).not.toContainText('อัคคีภัย');
    await choose('contents-create_subcategory', 'การต้อนรับ');
    await expect(create.locator('.ant-select:has(#contents-create_subcategory)')).toContainText('การต้อนรับ');
    await create.getByRole('button', { name: 'สร้าง' }).click();
    await expect(page.getByText('เนื้อหา: สร้างรายการแล้ว')).toBeVisible();
    await expect(create).toBeHidden();

    // 2. A video content item: the video is recorded here and uploaded from the picker.
    const video = await recordVideo(page);
    await page.getByRole('button', { name: 'เพิ่ม · เนื้อหา' }).click();
    const create2 = drawer(page, 'เพิ่มรายการ · เนื้อหา');
    await create2.locator('.ant-select:has(#contents-create_kind)').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'วิดีโอ' }).click();
    await create2.locator('#contents-create_title').fill(videoTitle);
    await create2.getByRole('button', { name: 'เลือกวิดีโอ' }).click();
    const picker = page.locator('.ant-modal-content').filter({ hasText: 'เลือกวิดีโอ' });
    await picker.locator('input[type=file]').setInputFiles({ name: `shelf-${run}.mp4`, mimeType: 'video/mp4', buffer: video });
    await expect(picker.locator('.sf-picker__tile.is-selected')).toHaveCount(1);
    await picker.getByRole('button', { name: 'เลือก', exact: true }).click();
    await expect(create2.locator('.sf-mfield__name')).toHaveText(`shelf-${run}.mp4`);
    await create2.getByRole('button', { name: 'สร้าง' }).click();
    await expect(create2).toBeHidden();

    // Publish both from the list; the status badges follow.
    const table = page.locator('.sf-res__table');
    for (const title of [textTitle, videoTitle]) {
      const row = table.locator('tr[data-row-key]').filter({ hasText: title });
      await expect(row).toContainText('ฉบับร่าง');
      await rowAction(page, row, 'row-publish');
      await expect(row).toContainText('เผยแพร่');
      await expect((await rowMenu(page, row)).getByTestId('row-archive')).toHaveText('เก็บถาวร');
      await page.keyboard.press('Escape');
    }
    // Preview as staff will see it.
    await rowAction(page, table.locator('tr[data-row-key]').filter({ hasText: textTitle }), 'row-preview');
    const phone = page.getByTestId('preview-phone');
    await expect(phone.locator('h2.sf-preview__title')).toHaveText(textTitle);
    await expect(phone.locator('.sf-preview__body strong')).toHaveText('สบตาลูกค้า');
    await page.screenshot({ path: shot('learning-admin-contents') });
    await page.locator('.sf-preview .ant-drawer-close').click();

    // 3. An exam with two questions.
    await openAdmin(page, '/admin/examinations');
    await page.getByRole('button', { name: 'เพิ่ม · แบบทดสอบ' }).click();
    const examDrawer = drawer(page, 'เพิ่มรายการ · แบบทดสอบ');
    await examDrawer.locator('#examinations-create_title').fill(examTitle);
    await examDrawer.getByRole('button', { name: 'สร้าง' }).click();
    await expect(examDrawer).toBeHidden();
    await rowAction(page, page.locator('tr[data-row-key]').filter({ hasText: examTitle }), 'exam-questions');
    await expect(page).toHaveURL(/\/admin\/examinations\/[^/]+$/);
    const examId = page.url().split('/').pop()!;

    // Question 1: single choice; the editor refuses it until a correct answer is marked.
    await page.getByRole('button', { name: 'เพิ่มคำถาม' }).first().click();
    let q = page.locator('.sf-question-modal .ant-modal-content');
    await q.locator('#question_prompt').fill('ควรทักทายลูกค้าเมื่อใด');
    await q.getByRole('textbox', { name: 'ตัวเลือกที่ 1' }).fill('ทันทีที่ลูกค้าเข้าร้าน');
    await q.getByRole('textbox', { name: 'ตัวเลือกที่ 2' }).fill('เมื่อลูกค้าเรียก');
    await q.getByRole('button', { name: /เพิ่มตัวเลือก/ }).click();
    await q.getByRole('textbox', { name: 'ตัวเลือกที่ 3' }).fill('ไม่ต้องทักทาย');
    await q.getByRole('button', { name: 'เพิ่ม', exact: true }).click();
    await expect(q).toContainText('เลือกคำตอบที่ถูก');
    await q.getByRole('radio', { name: 'ทำเครื่องหมายว่า “ทันทีที่ลูกค้าเข้าร้าน” ถูก' }).check();
    await q.locator('#question_explanation').fill('การทักทายทันทีทำให้ลูกค้ารู้สึกได้รับการต้อนรับ');
    await q.getByRole('button', { name: 'เพิ่ม', exact: true }).click();
    await expect(page.getByText('เพิ่มคำถามแล้ว')).toBeVisible();
    await expect(page.locator('.sf-question')).toHaveCount(1);

    // Question 2: true / false.
    await page.getByRole('button', { name: 'เพิ่มคำถาม' }).first().click();
    q = page.locator('.sf-question-modal .ant-modal-content');
    await q.getByText('ถูก / ผิด').click();
    await q.locator('#question_prompt').fill('ต้องสวมป้ายชื่อทุกครั้งที่ปฏิบัติงาน');
    await q.getByRole('radio', { name: 'ทำเครื่องหมายว่า “ถูก” ถูก' }).check();
    await q.getByRole('button', { name: 'เพิ่ม', exact: true }).click();
    await expect(page.locator('.sf-question')).toHaveCount(2);
    await expect(page.locator('.sf-question').first()).toContainText('ควรทักทายลูกค้าเมื่อใด');
    await page.getByRole('button', { name: `เผยแพร่ ${examTitle}` }).click();
    await expect(page.getByText(`เผยแพร่ “${examTitle}” แล้ว`)).toBeVisible();
    await page.screenshot({ path: shot('learning-admin-exam-editor') });

    // 4. The course: two lessons, then published.
    await openAdmin(page, '/admin/courses');
    await page.getByRole('button', { name: 'เพิ่ม · หลักสูตร' }).click();
    const courseDrawer = drawer(page, 'เพิ่มรายการ · หลักสูตร');
    await courseDrawer.locator('#courses-create_title').fill(courseTitle);
    await courseDrawer.locator('#courses-create_summary').fill('พื้นฐานงานบริการและงานหน้าร้าน');
    await courseDrawer.getByRole('button', { name: 'สร้าง' }).click();
    await expect(courseDrawer).toBeHidden();
    await rowAction(page, page.locator('tr[data-row-key]').filter({ hasText: courseTitle }), 'course-lessons');
    await expect(page).toHaveURL(/\/admin\/courses\/[^/]+$/);
    const courseId = page.url().split('/').pop()!;

    for (const title of [videoTitle, textTitle]) {
      await page.getByRole('button', { name: 'เพิ่มบทเรียน' }).first().click();
      const modal = page.locator('.ant-modal-content').filter({ hasText: 'ประเภทบทเรียน' });
      await modal.locator('#add-lesson_item').click();
      await modal.locator('#add-lesson_item').fill(run);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: title }).click();
      await modal.getByRole('button', { name: 'เพิ่ม', exact: true }).click();
      await expect(modal).toBeHidden();
    }
    const lessons = page.locator('.sf-sort .sf-lesson');
    await expect(lessons).toHaveCount(2);
    await expect(lessons.nth(0)).toContainText(videoTitle);
    // Drag the text lesson above the video lesson: saved with PUT …/lessons/order.
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/courses/${courseId}/lessons/order`) && r.request().method() === 'PUT');
    await dragHandleTo(page, lessons.nth(1).locator('.sf-sort__handle'), lessons.nth(0).locator('.sf-sort__handle'), 'top');
    expect((await saved).ok()).toBe(true);
    await expect(lessons.nth(0)).toContainText(textTitle);
    await page.getByRole('button', { name: `เผยแพร่ ${courseTitle}` }).click();
    await expect(page.getByText(`เผยแพร่ “${courseTitle}” แล้ว`)).toBeVisible();
    await page.screenshot({ path: shot('learning-admin-course-editor') });

    // 5. The staff API serves what was built (the audience is everyone; all published).
    const course = await page.request.get(`/api/courses/${courseId}`);
    expect(course.status()).toBe(200);
    const c = (await course.json()).course as { title: string; lessons: { title: string; item: { kind?: string } }[] };
    expect(c.title).toBe(courseTitle);
    expect(c.lessons.map((l) => l.title)).toEqual([textTitle, videoTitle]);
    expect(c.lessons.map((l) => l.item.kind)).toEqual(['article', 'video']);

    const videoId = await adminItemId(page, 'contents', videoTitle);
    const v = (await (await page.request.get(`/api/contents/${videoId}`)).json()).content as { media: { kind: string; mime: string } };
    expect(v.media.kind).toBe('video');
    expect(v.media.mime).toBe('video/mp4');
    const textId = await adminItemId(page, 'contents', textTitle);
    const tx = (await (await page.request.get(`/api/contents/${textId}`)).json()).content as { bodyHtml: string };
    expect(tx.bodyHtml).toContain('<strong>สบตาลูกค้า</strong>');
    expect(tx.bodyHtml).toContain('https://example.com/service');

    const exam = await page.request.get(`/api/exams/${examId}`);
    expect(exam.status()).toBe(200);
    const e = (await exam.json()).exam as { title: string; questionCount: number };
    expect(e.title).toBe(examTitle);
    expect(e.questionCount).toBe(2);
  });

  test('an editor orders the images of an image set by dragging them', async ({ page }) => {
    const title = `ชุดภาพจัดเรียง ${run}`;
    await signInAs(page, 'EDIT01', undefined, '/login?callbackUrl=%2Fadmin%2Fcontents');
    await expect(page).toHaveURL(/\/admin\/contents$/);
    const api = AdminApi.of(page);
    const seed = Date.now() % 200; // distinct bytes per run: the library deduplicates by hash
    const first = await api.upload(makePng(320, 200, [seed, 90, 160], [240, 200, 40]), 'image/png', `first-${run}.png`);
    const second = await api.upload(makePng(320, 200, [200, seed, 40], [20, 120, 220]), 'image/png', `second-${run}.png`);
    await api.create('contents', { kind: 'images', title, images: [first.id, second.id] });

    await page.getByPlaceholder('ค้นหาเนื้อหา').fill(title);
    await page.getByPlaceholder('ค้นหาเนื้อหา').press('Enter');
    await page.getByRole('button', { name: `แก้ไข ${title}` }).click();
    const edit = drawer(page, 'แก้ไข · เนื้อหา');
    const tiles = edit.locator('.sf-mlist li[data-id]');
    await expect(tiles).toHaveCount(2);
    const order = () => tiles.evaluateAll((els) => els.map((el) => el.getAttribute('data-id')));
    expect(await order()).toEqual([first.id, second.id]);

    // Drag the second image's handle onto the first.
    const handle = edit.locator(`.sf-mlist li[data-id="${second.id}"] .sf-sort__handle`);
    // The handle and its screen-reader instructions speak the UI language.
    await expect(handle).toHaveAttribute('aria-label', 'ลากเพื่อจัดลำดับ');
    await expect(page.locator(`[id="${await handle.getAttribute('aria-describedby')}"]`)).toContainText('กด Space หรือ Enter เพื่อหยิบ');
    await dragHandleTo(page, handle, edit.locator(`.sf-mlist li[data-id="${first.id}"]`), 'centre');
    await expect.poll(order).toEqual([second.id, first.id]);
    await page.screenshot({ path: shot('learning-admin-image-set-order'), fullPage: false });

    await edit.getByRole('button', { name: 'บันทึก' }).click();
    await expect(page.getByText('บันทึกการเปลี่ยนแปลงแล้ว')).toBeVisible();
    const saved = await api.get<{ images: string[] }>(`/api/admin/contents/${await adminItemId(page, 'contents', title)}`);
    expect(saved.images).toEqual([second.id, first.id]);
  });
});
