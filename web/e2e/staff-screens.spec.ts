// Every staff screen on a 390x844 phone in Thai (issue 28 items 9 and 11): each tap target is at least
// 44x44 CSS px, and no Latin text (nor a Gregorian year) appears outside the allow-list of
// support/staffScreens.ts. The walk starts at the five tabs and the shell-less staff pages and follows the
// demo data's links; then it opens what only a tap reaches (an exam attempt and its result, a game, the
// redeem and coupon sheets, a survey's thank-you). It runs on a server of its own (it takes an exam and
// claims a coupon as S1001). STAFF_SHOTS=<dir> saves a full-page screenshot of every screen there.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signInAs, tabLink, test } from './support/fixtures';
import { startShopfloor, type Shopfloor } from './support/server';
import { gregorianYears, latinText, patternOf, settle, smallTapTargets, walkStaffScreens, type LatinViolation, type TapViolation } from './support/staffScreens';

let server: Shopfloor | undefined;
let baseURL = '';
const shots = process.env.STAFF_SHOTS;

test.describe('every staff screen at 390x844 (Thai)', () => {
  test.setTimeout(600_000);

  test.beforeAll(async () => {
    if (process.env.STAFF_SCREENS_URL) baseURL = process.env.STAFF_SCREENS_URL;
    else {
      server = await startShopfloor();
      baseURL = server.baseURL;
    }
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('tap targets of 44x44 px or more, and Thai text only', async ({ browser }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'th-TH', hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await signInAs(page, 'S1001');
    await expect(page).toHaveURL(/\/main$/);
    const profile = (await tabLink(page, 'profile').getAttribute('href')) ?? '/p';

    const taps: TapViolation[] = [];
    const latin: LatinViolation[] = [];
    const excepted = new Set<string>();
    const named = new Map<string, number>();
    if (shots) mkdirSync(shots, { recursive: true });
    const measure = async (screen: string) => {
      const t = await smallTapTargets(page, screen);
      taps.push(...t.violations);
      t.excepted.forEach((e) => excepted.add(e));
      latin.push(...(await latinText(page, screen)), ...(await gregorianYears(page, screen)));
      if (shots) {
        const name = patternOf(screen).replace(/^\//, '').replace(/[^\p{L}\p{N}]+/gu, '_') || 'root';
        const n = (named.get(name) ?? 0) + 1;
        named.set(name, n);
        await page.screenshot({ path: path.join(shots, `${name}${n > 1 ? `_${n}` : ''}.png`), fullPage: true });
      }
    };

    const visited = await walkStaffScreens(page, ['/main', '/learning', '/stores', '/club', profile, '/profile', '/notifications', '/messager', '/pulsesurvey', '/learning/ebooks', '/learning/search', '/stores/new', '/stores/mine'], measure);
    console.log(`walked ${visited.length} screens:\n  ${visited.join('\n  ')}`);

    await tapReached(page, profile, measure);

    if (excepted.size) console.log(`exceptions met:\n  ${[...excepted].join('\n  ')}`);
    // One line per distinct finding, with the screens it was met on.
    const report = (lines: [string, string][]) => {
      const by = new Map<string, Set<string>>();
      for (const [finding, screen] of lines) by.set(finding, (by.get(finding) ?? new Set()).add(screen));
      return [...by].map(([finding, screens]) => `${finding}  [${[...screens].slice(0, 3).join(', ')}${screens.size > 3 ? ` +${screens.size - 3}` : ''}]`).join('\n');
    };
    expect.soft(report(taps.map((x) => [`${x.what} ${x.width}x${x.height}`, x.screen])), 'tap targets under 44x44').toBe('');
    expect(report(latin.map((x) => [`${x.text} in ${x.where}`, x.screen])), 'Latin text on the Thai screens').toBe('');
    await context.close();
  });
});

/** Answers the questionnaire step on screen (a survey's or a pulse's): the first option, the top of a scale, a
 *  few words in a text box. */
async function answerStep(page: Page) {
  const option = page.getByTestId('survey-option');
  const scale = page.getByTestId('survey-scale');
  const text = page.getByTestId('survey-text');
  if (await option.count()) await option.first().click();
  else if (await scale.count()) await scale.last().click();
  else if (await text.count()) await text.first().fill('ดีมาก');
}

/** The screens only a tap reaches, each measured where it opens. */
async function tapReached(page: Page, profile: string, measure: (screen: string) => Promise<void>) {
  const open = async (path: string) => {
    await page.goto(path);
    await settle(page);
  };
  const firstHref = async (selector: string) => (await page.locator(selector).first().getAttribute('href')) ?? '';

  await test.step('a badge of mine and its sheet', async () => {
    await open(profile);
    await page.getByTestId('badge-earned').first().click();
    await expect(page.getByTestId('badge-sheet')).toBeVisible();
    await settle(page);
    await measure('badge sheet');
    await page.getByTestId('badge-wallet').locator('summary').click();
    await measure('badge sheet, wallet files');
  });

  await test.step('an exam: the attempt, then its result', async () => {
    await open('/learning');
    const exam = await firstHref('a[href^="/learning/exam/"]');
    await open(exam || '/learning');
    await page.getByTestId('exam-start').click();
    await expect(page.getByTestId('exam-prompt')).toBeVisible();
    await settle(page);
    // Every question once, so a true/false one is met: answer the first choice and go on.
    for (;;) {
      await page.locator('[data-testid^="choice-"]').first().click();
      await measure(`exam attempt ${await page.getByTestId('exam-position').innerText()}`);
      if (!(await page.getByTestId('exam-next').isVisible())) break;
      await page.getByTestId('exam-next').click();
    }
    await page.getByTestId('exam-submit').click();
    await page.getByTestId('exam-confirm').click();
    await expect(page).toHaveURL(/\/result\//);
    await settle(page);
    await measure('exam result');
  });

  await test.step('a game being played', async () => {
    await open('/club/games');
    await page.getByTestId('game-card').first().click();
    await settle(page);
    await page.getByTestId('game-play').click();
    await expect(page).toHaveURL(/\/club\/games\/play\//);
    await settle(page);
    await measure('game play');
  });

  await test.step('the redeem sheet', async () => {
    await open('/club/rewards');
    await page.getByTestId('reward-card').first().click();
    await settle(page);
    await page.getByTestId('redeem-button').click();
    await expect(page.getByTestId('redeem-confirm')).toBeVisible();
    await settle(page);
    await measure('redeem sheet');
  });

  await test.step('a coupon claimed and its code sheet', async () => {
    await open('/club/coupons');
    await page.getByTestId('coupon-claim').first().click();
    await expect(page.getByTestId('coupon-sheet')).toBeVisible();
    await settle(page);
    await measure('coupon sheet');
  });

  await test.step('a survey answered to its thank-you', async () => {
    await open('/club/surveys');
    await page.getByTestId('survey-card').first().click();
    await settle(page);
    for (let i = 0; i < 30 && !(await page.getByTestId('survey-done').isVisible()); i++) {
      await answerStep(page);
      const submit = page.getByTestId('survey-submit');
      await ((await submit.isVisible()) ? submit : page.getByTestId('survey-next')).click();
      await page.waitForTimeout(300);
    }
    await expect(page.getByTestId('survey-done')).toBeVisible();
    await settle(page);
    await measure('survey thank-you');
  });

  await test.step('the pulse answered, with "you said, we did"', async () => {
    await open('/pulsesurvey');
    for (let i = 0; i < 20 && (await page.getByTestId('pulse-step').isVisible()); i++) {
      await answerStep(page);
      const submit = page.getByTestId('pulse-submit');
      await ((await submit.isVisible()) ? submit : page.getByTestId('pulse-next')).click();
      await page.waitForTimeout(300);
    }
    await settle(page);
    await measure('pulse after answering');
  });

  await test.step('an event joined, with its ticket', async () => {
    await open('/club/events');
    await page.locator('a[href^="/club/events/"]').first().click();
    await settle(page);
    const join = page.getByTestId('event-join');
    if (await join.isVisible()) {
      await join.click();
      await expect(page.getByTestId('event-ticket-open')).toBeVisible();
    }
    await settle(page);
    await measure('event joined');
  });

  await test.step('a message thread', async () => {
    await open('/messager');
    await page.getByTestId('message-row').first().click();
    await settle(page);
    await measure('message');
  });
}
