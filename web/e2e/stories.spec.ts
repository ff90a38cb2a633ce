// Success stories end to end against the real server (issue 15): on a 390x844 phone a staff member (made
// through the admin API) posts a story with two photos picked from the gallery (resized to JPEG in the browser
// before upload), sees it pending and edits it; an editor publishes it at 1440x900 in the back office's moderation tab;
// another staff member finds it in the feed, likes it and comments; the author sees both.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { desk, expect, openAdmin, phone, rowAction, test } from './support/fixtures';
import { makePng } from './support/png';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');



test.describe('success stories', () => {
  test.setTimeout(120_000);

  test('staff posts a story with two photos, an editor publishes it, another staff member likes and comments', async ({ browser }) => {
    const run = Date.now().toString(36).slice(-5).toUpperCase();
    const password = 'Story#2026';
    const admin = await desk(browser, 'ADMIN01');
    const store = await admin.api.storeId('BKK01');
    for (const [code, name] of [[`STA${run}`, `นักเล่า ${run}`], [`STB${run}`, `ผู้อ่าน ${run}`]])
      await admin.api.create('users', { employeeCode: code, name, role: 'staff', status: 'active', store, password, locale: 'th' });

    // The author posts from the phone: text with its counter, two photos, the own store picked already.
    const author = await phone(browser, `STA${run}`, password);
    await author.goto('/stores');
    await expect(author.getByTestId('stories-page')).toBeVisible();
    await author.getByTestId('stories-post').click();
    await expect(author).toHaveURL(/\/stores\/new$/);
    const text = `วันนี้ทีมเช้าจัดชั้นขนมใหม่ตามสีแพ็กเกจ ลูกค้าชมว่าหาง่ายขึ้นมาก ${run}\nขอบคุณทุกคนครับ`;
    await author.getByTestId('story-form-text').getByRole('textbox').fill(text);
    await expect(author.getByTestId('story-form-count')).toContainText(`${[...text].length} /`);
    await author.getByTestId('story-files').setInputFiles([
      { name: 'shelf.png', mimeType: 'image/png', buffer: makePng(2400, 1800, [14, 116, 144], [251, 207, 232]) },
      { name: 'team.png', mimeType: 'image/png', buffer: makePng(900, 1200, [250, 176, 5], [34, 139, 230]) },
    ]);
    await expect(author.getByTestId('story-form-photo')).toHaveCount(2);
    await expect(author.getByTestId('story-form-store')).toContainText(/\S/);
    await author.screenshot({ path: path.join(shots, 'stories-post.png') });
    const uploads: { status: number; type: string | undefined }[] = [];
    author.on('response', (r) => {
      if (r.url().endsWith('/api/media/photos')) uploads.push({ status: r.status(), type: r.request().headers()['content-type'] });
    });
    const created = author.waitForResponse((r) => r.url().endsWith('/api/stories') && r.request().method() === 'POST');
    await author.getByTestId('story-form-send').click();
    const story = ((await (await created).json()) as { story: { id: string; photos: { width: number }[] } }).story;
    expect(uploads).toEqual([{ status: 201, type: 'image/jpeg' }, { status: 201, type: 'image/jpeg' }]);
    expect(story.photos.map((p) => p.width)).toEqual([1600, 900]);
    await expect(author).toHaveURL(new RegExp(`/stores/${story.id}$`));
    await expect(author.getByTestId('story-pending')).toBeVisible();
    await expect(author.getByTestId('story-status')).toBeVisible();
    await expect(author.getByTestId('story-text')).toHaveText(text);
    // Still pending: the author edits the text (the photos stay uploaded).
    await author.getByTestId('story-edit').click();
    await expect(author).toHaveURL(new RegExp(`/stores/${story.id}/edit$`));
    await expect(author.getByTestId('story-form-photo')).toHaveCount(2);
    const edited = `${text} (แก้ไข)`;
    await author.getByTestId('story-form-text').getByRole('textbox').fill(edited);
    await author.getByTestId('story-form-send').click();
    await expect(author).toHaveURL(new RegExp(`/stores/${story.id}$`));
    await expect(author.getByTestId('story-text')).toHaveText(edited);

    // The editor publishes it from the stories' own moderation page (the old address beside articles leads there).
    const editor = await desk(browser, 'EDIT01');
    await openAdmin(editor.page, '/admin/articles/stories');
    await expect(editor.page).toHaveURL(/\/admin\/stories$/);
    await expect(editor.page.getByRole('heading', { level: 1 })).toHaveText('เรื่องเล่าความสำเร็จ');
    const row = editor.page.locator('tr', { hasText: run });
    await expect(row.getByTestId('story-admin-status')).toHaveAttribute('data-status', 'pending');
    await editor.page.screenshot({ path: path.join(shots, 'stories-admin.png') });
    await rowAction(editor.page, row, 'story-publish');
    await expect(row.getByTestId('story-admin-status')).toHaveAttribute('data-status', 'published');

    // Another staff member: the story is in the feed; like and comment on its page.
    const reader = await phone(browser, `STB${run}`, password);
    await reader.goto('/stores');
    const card = reader.locator(`[data-testid="story-card"][data-story-id="${story.id}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('story-photo')).toHaveCount(2);
    await card.getByTestId('story-like').click();
    await expect(card.getByTestId('story-likes')).toHaveText('1');
    await expect(card.getByTestId('story-share')).toHaveAttribute('href', `/share/story/${story.id}`);
    await reader.screenshot({ path: path.join(shots, 'stories-feed.png') });
    // antd-mobile's own texts follow the app's language (its default is Chinese).
    await reader.getByTestId('stories-region').click();
    await expect(reader.locator('.adm-picker-header')).toContainText('ยืนยัน');
    await reader.locator('.adm-picker-header-button', { hasText: 'ยกเลิก' }).click();
    await expect(reader.locator('.adm-picker-header')).toBeHidden();
    await card.getByTestId('story-comments').click();
    await expect(reader).toHaveURL(new RegExp(`/stores/${story.id}$`));
    const comment = `<b>เยี่ยมมาก</b> ${run}`;
    await reader.getByTestId('story-comment-input').getByRole('textbox').fill(comment);
    await reader.getByTestId('story-comment-send').click();
    await expect(reader.getByTestId('story-comment').filter({ hasText: run })).toHaveText(new RegExp(comment.replace(/[<>/]/g, '.')));

    // The author sees the like, the comment (as text), and gets the points' notice.
    await author.reload();
    await expect(author.getByTestId('story-pending')).toHaveCount(0);
    await expect(author.getByTestId('story-edit')).toHaveCount(0);
    await expect(author.getByTestId('story-likes')).toHaveText('1');
    await expect(author.getByTestId('story-comment').filter({ hasText: run })).toContainText('<b>เยี่ยมมาก</b>');
    const notices = (await (await author.request.get('/api/notifications')).json()) as { items: { type: string; link: string }[] };
    expect(notices.items.some((n) => n.type === 'story_published' && n.link === `/stores/${story.id}`)).toBe(true);
  });
});
