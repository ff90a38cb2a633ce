// The privacy notice end to end (PDPA, issue 34) on a 390x844 phone against the real server: a person new to
// the app sees it once after signing in, nothing of their use is sent until they answer, they accept, usage
// goes out from then on, the notice does not come back after a reload, and the profile's Privacy card shows
// the choice and lets them change it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { desk, expect, expectTallTarget, nextFrames, phone, tabLink, test } from './support/fixtures';

const shots = process.env.SHOTS_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');

test('a new person answers the privacy notice once; tracking waits for it (390x844)', async ({ browser }) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36).slice(-5).toUpperCase();
  const password = 'Consent#2026';
  const office = await desk(browser, 'ADMIN01');
  const store = await office.api.storeId('BKK01');
  const code = `PN${run}`;
  await office.api.create('users', { employeeCode: code, name: `ยินยอม ${run}`, role: 'staff', status: 'active', store, password, locale: 'th' });
  await office.context.close();

  const page = await phone(browser, code, password, { answerNotice: false });
  const usage: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(telemetry|user-activity)$/.test(r.url())) usage.push(r.url());
  });
  const sheet = page.locator('.sf-consent');
  await expect(sheet.getByRole('heading', { name: 'ความเป็นส่วนตัวของคุณ' })).toBeVisible();
  await expect(sheet).toContainText('การแตะ');
  const accept = sheet.getByRole('button', { name: 'ยอมรับ', exact: true });
  const decline = sheet.getByRole('button', { name: 'ไม่ยอมรับ', exact: true });
  for (const b of [accept, decline]) await expectTallTarget(b);
  await page.screenshot({ path: path.join(shots, 'consent-notice-390.png') });
  // While unanswered, a tap on the page is kept nowhere: nothing goes out (the leave below would flush it).
  await sheet.getByRole('heading').click();
  expect(usage).toEqual([]);

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/me/privacy/consent') && r.request().method() === 'PUT');
  await accept.click();
  expect((await saved).status()).toBe(200);
  await expect(sheet).toBeHidden();
  // From now on their use is recorded: the next tab's page view is sent as the seed's user-activity call.
  const activity = page.waitForRequest((r) => r.url().endsWith('/api/user-activity'));
  await tabLink(page, 'profile').click();
  await activity;

  // Answered once: a reload asks the server again and shows no notice.
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/me/privacy/consent') && r.request().method() === 'GET');
  await page.reload();
  expect((await (await answered).json()) as { ask: boolean }).toMatchObject({ ask: false, choice: 'accepted' });
  await nextFrames(page);
  await expect(sheet).toHaveCount(0);

  // The Privacy card shows the choice and changes it.
  const card = page.getByTestId('privacy-consent');
  await card.scrollIntoViewIfNeeded();
  await expect(card).toContainText('คุณอนุญาตให้ Shopfloor บันทึกการใช้งานแอปของคุณ');
  await page.screenshot({ path: path.join(shots, 'consent-profile-390.png'), fullPage: true });
  const stop = card.getByRole('button', { name: 'หยุดบันทึก' });
  await expectTallTarget(stop);
  await stop.click();
  await expect(card).toContainText('คุณเลือกไม่ให้บันทึกการใช้งานแอปของคุณ');
  await expect(card.getByRole('button', { name: 'อนุญาต' })).toBeVisible();
  await page.context().close();
});
