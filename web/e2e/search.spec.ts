// Search (issue 31), end to end against the real server: on a phone a staff member searches from Home with
// two Thai words typed without a space, filters by kind, opens a hit, and finds the search among recent
// ones; at a back-office desk the top bar finds the course through the same engine.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, phone, signInAs, test } from './support/fixtures';
import { AdminApi } from './support/adminApi';

const shots = process.env.SEARCH_SHOTS ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (name: string) => path.join(shots, `search-${name}.png`);
// A word of this run's own (Latin letters and digits), so the hits are this run's items only.
const run = `zq${Date.now().toString(36).slice(-5)}`;
const courseTitle = `หลักสูตรการบริการลูกค้าอย่างมืออาชีพ ${run}`;

test('a staff member searches from Home, filters by kind and opens a hit; the top bar finds the course', async ({ browser }) => {
  test.setTimeout(90_000);
  // The editor's desk: the items through the API, then the top bar.
  const desk = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1440, height: 900 }, locale: 'th-TH' });
  const admin = await desk.newPage();
  await signInAs(admin, 'EDIT01', undefined, '/login?callbackUrl=%2Fadmin');
  await expect(admin).toHaveURL(/\/admin$/);
  const api = AdminApi.of(admin);
  const course = await api.create('courses', { title: courseTitle, summary: `เรียนรู้การดูแลลูกค้าทีละขั้น ${run}`, status: 'published' });
  const lesson = await api.create('contents', {
    kind: 'article', title: `ลูกค้าชำระเงินด้วยตนเอง ${run}`, summary: 'การบริการที่เครื่องชำระเงินอัตโนมัติ',
    bodyHtml: '<p>ช่วยลูกค้าที่ใช้เครื่องครั้งแรก</p>', status: 'published',
  });
  await api.create('contents', { kind: 'article', title: `ร่างบทเรียนบริการลูกค้า ${run}`, status: 'draft' });

  const box = admin.getByRole('combobox', { name: 'ค้นหาผู้ใช้ เนื้อหา หลักสูตร บทความ และกิจกรรม' });
  await box.fill(`${run} บริการลูกค้า`);
  const courseHit = admin.locator('.sf-search__popup [data-testid="search-hit"][data-kind="courses"]', { hasText: courseTitle });
  await expect(courseHit).toBeVisible();
  // The matched words marked, as the staff search marks them (two words side by side: one mark).
  await expect(courseHit.locator('.sf-search__title mark')).toHaveText(['บริการลูกค้า', run]);
  await admin.screenshot({ path: shot('admin-top-bar-1440') });
  await admin.setViewportSize({ width: 1366, height: 768 });
  await admin.screenshot({ path: shot('admin-top-bar-1366') });
  await courseHit.click();
  await expect(admin).toHaveURL(new RegExp(`/admin/.*${course.id}`));
  await desk.close();

  // The phone.
  const page = await phone(browser, 'S1001');
  await expect(page.getByTestId('home-search')).toBeVisible();
  await page.screenshot({ path: shot('phone-home') });
  await page.getByTestId('home-search').click();
  await expect(page).toHaveURL(/\/search$/);
  await page.getByTestId('search-input').fill(`บริการลูกค้า${run}`);
  await page.getByTestId('search-input').press('Enter');
  const hits = page.getByTestId('search-hit');
  await expect(hits).toHaveCount(2); // the course and the lesson; never the draft
  await expect(hits.first()).toContainText(courseTitle); // every word in the title: first
  await expect(hits.first().locator('mark').first()).toHaveText('บริการลูกค้า'); // two words side by side: one mark
  await expect(hits.nth(1).locator('.sf-search-hit__snippet mark')).toHaveText(['บริการ']);
  await page.screenshot({ path: shot('phone-results') });

  await page.getByTestId('search-filter-content').click();
  await expect(page).toHaveURL(/kind=content/);
  await expect(hits).toHaveCount(1);
  await expect(hits.first()).toHaveAttribute('data-kind', 'content');
  await expect(hits.first()).toContainText(`ลูกค้าชำระเงินด้วยตนเอง ${run}`);
  await page.screenshot({ path: shot('phone-filtered') });

  await hits.first().click();
  await expect(page).toHaveURL(new RegExp(`/learning/content/${lesson.id}$`));
  await expect(page.getByRole('heading', { name: `ลูกค้าชำระเงินด้วยตนเอง ${run}` })).toBeVisible();

  // Back to an empty search screen: the search is among the recent ones, and runs again from there.
  await page.goto('/search');
  const recent = page.getByTestId('search-recent');
  await expect(recent.getByRole('link', { name: `บริการลูกค้า${run}` })).toBeVisible();
  await page.screenshot({ path: shot('phone-recent') });
  await recent.getByRole('link', { name: `บริการลูกค้า${run}` }).click();
  await expect(hits).toHaveCount(2);

  // From Learning too.
  await page.goto('/learning');
  await expect(page.getByTestId('search-everything')).toBeVisible();
  await page.screenshot({ path: shot('phone-learning') });
  await page.getByTestId('search-everything').click();
  await expect(page).toHaveURL(/\/search$/);
  await page.context().close();
});
