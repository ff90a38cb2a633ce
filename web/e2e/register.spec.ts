// Self-registration and share pages end to end (issues 15, 26). On a 390x844 phone a new person registers from
// /login's link without an activation code and waits for approval (with a card's code: accounts.spec.ts); an
// admin approves and the password signs in; the share page of a published article, fetched with no cookies at
// all, carries the right og: tags.
import { request as playwrightRequest } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdminApi } from './support/adminApi';
import { acceptPrivacyNotice, expect, signInAs, test } from './support/fixtures';
import { makePng } from './support/png';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (name: string) => path.join(shots, name);
const run = Date.now().toString(36).slice(-5).toUpperCase();

test.describe('register and share (390x844 phone)', () => {
  test.setTimeout(90_000);

  test('a new person registers without a code, waits for approval, then signs in', async ({ page, browser, baseURL }) => {
    const code = `RG${run}`;
    const name = `ลงทะเบียน ทดสอบ${run}`;
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'th-TH', reducedMotion: 'reduce' });
    const phone = await context.newPage();
    await phone.goto('/login');
    await phone.getByRole('link', { name: 'สมัครใช้งาน' }).click();
    await expect(phone).toHaveURL(/\/register$/);
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText('สมัครใช้งาน');
    await expect(phone.locator('nav .adm-tab-bar')).toHaveCount(0);
    await expect(phone.locator('#activationCode')).toHaveValue('');

    // The form checks on the phone before sending: a weak password is refused with its reason.
    await phone.locator('#employeeCode').fill(code);
    await phone.locator('#name').fill(name);
    await phone.locator('#contact').fill('081-555-0199');
    await expect(phone.locator('#storeId option', { hasText: 'BKK01' })).toHaveCount(1);
    await phone.locator('#storeId').selectOption({ label: 'เซ็นทรัลเวิลด์ (BKK01)' });
    await phone.locator('#password').fill('12345678');
    await expect(phone.getByTestId('password-strength')).toHaveText('เดาง่ายเกินไป');
    await phone.getByRole('button', { name: 'สร้างบัญชี' }).click();
    await expect(phone.locator('#password-error')).toBeVisible();
    await expect(phone).toHaveURL(/\/register$/);

    await phone.locator('#password').fill('Mango#River58');
    await expect(phone.getByTestId('password-strength')).toHaveText('แข็งแรง');
    await phone.screenshot({ path: shot('register-form.png'), fullPage: true });
    await phone.getByRole('button', { name: 'สร้างบัญชี' }).click();
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText('รอการอนุมัติ');

    // An admin approves; the password signs in and lands on /main with the store chosen.
    await signInAs(page, 'ADMIN01');
    await expect(page).toHaveURL(/\/main$/);
    const admin = AdminApi.of(page);
    const pending = await admin.get<{ items: { id: string }[] }>(`/api/admin/users?q=${code}`);
    await admin.send('POST', `/api/admin/users/${pending.items[0]!.id}/approve`, {});
    await signInAs(phone, code, 'Mango#River58');
    await expect(phone).toHaveURL(/\/main$/, { timeout: 20_000 });
    await acceptPrivacyNotice(phone); // a new person: the notice first
    await expect(phone.locator('nav a[data-tab="main"]')).toBeVisible();
    const me = ((await (await phone.request.get('/api/me')).json()) as { user: { employeeCode: string; status: string; store: { code: string } } }).user;
    expect(me).toMatchObject({ employeeCode: code, status: 'active', store: { code: 'BKK01' } });
    await phone.screenshot({ path: shot('register-landed.png') });
    await context.close();
  });

  test('a published article’s share page carries og: tags without cookies', async ({ page, browser, baseURL }) => {
    await signInAs(page, 'EDIT01');
    await expect(page).toHaveURL(/\/main$/);
    const editor = AdminApi.of(page);
    const cover = await editor.upload(makePng(1200, 630, [15, 118, 110], [245, 165, 36]), 'image/png', `share-${run}.png`);
    const title = `เปิดสาขาใหม่ "${run}" <พร้อมโปรโมชัน>`;
    const article = await editor.create('articles', {
      title, summary: 'ชวนเพื่อนพนักงานมาร่วมฉลองเปิดสาขาใหม่ พร้อมกิจกรรมและของรางวัลมากมาย', bodyHtml: '<p>รายละเอียด</p>', cover: cover.id, status: 'published',
    });

    const anonymous = await playwrightRequest.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const res = await anonymous.get(`/share/article/${article.id}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/html/);
    expect(res.headers()['set-cookie'] ?? '').not.toMatch(/session-token/);
    const html = await res.text();
    const meta = (key: string) => {
      const m = html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`));
      return m?.[1]?.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
    };
    expect(meta('og:title')).toBe(title);
    expect(meta('og:description')).toBe('ชวนเพื่อนพนักงานมาร่วมฉลองเปิดสาขาใหม่ พร้อมกิจกรรมและของรางวัลมากมาย');
    expect(meta('og:url')).toBe(`${baseURL}/share/article/${article.id}`);
    expect(meta('og:image')).toBe(`${baseURL}/_image?url=%2Fmedia%2F${cover.url.split('/').pop()}&w=1200`);
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(html).not.toContain('<พร้อม');
    const image = await anonymous.get(meta('og:image')!);
    expect(image.status()).toBe(200);
    await anonymous.dispose();

    // On a phone with no session: the page, then "open in app" asks to sign in first.
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'th-TH' });
    const phone = await context.newPage();
    await phone.goto(`/share/article/${article.id}`);
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText(title);
    await phone.screenshot({ path: shot('share-article.png'), fullPage: true });
    await phone.getByRole('link', { name: /เปิดในแอป/ }).click();
    await expect(phone).toHaveURL(/\/login\?.*callbackUrl=/);
    await signInAs(phone, 'S1001', undefined, phone.url().replace(baseURL ?? '', ''));
    await expect(phone).toHaveURL(new RegExp(`/main/articles/${article.id}$`));
    await context.close();
  });
});
