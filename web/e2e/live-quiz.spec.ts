// The live quiz end to end against the real server (issue 14, live part): an editor hosts a quiz on the big
// screen at 1440x900 (PIN, QR code, the players joining live), two phones (390x844) join with the PIN, every
// question reaches both phones over the realtime socket, they answer, the host screen shows the answer
// distribution and the top 5, each phone its result and rank, and the podium shows both players.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdminApi } from './support/adminApi';
import { acceptPrivacyNotice, desk, expect, signInAs, test } from './support/fixtures';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');

test.describe('live quiz', () => {
  test.setTimeout(120_000);

  test('an editor hosts, two phones join by PIN, play two questions, the podium shows both', async ({ browser }) => {
    const run = Date.now().toString(36).slice(-5).toUpperCase();
    const { page: host, api } = await desk(browser, 'EDIT01');
    const quiz = await api.create('game-quizzes', { title: `ควิซสด ${run}`, timerSeconds: 60 });
    await api.create('game-quiz-questions', { quiz: quiz.id, kind: 'single', prompt: `ทักทายลูกค้าอย่างไร ${run}`, choices: [{ id: 'a', text: 'ยิ้มและทักทาย' }, { id: 'b', text: 'เงียบ' }, { id: 'c', text: 'รอ' }, { id: 'd', text: 'เดินหนี' }], correct: ['a'] });
    await api.create('game-quiz-questions', { quiz: quiz.id, kind: 'truefalse', prompt: `ใบเสร็จต้องให้ลูกค้าทุกครั้ง ${run}`, correct: ['true'] });
    await api.create('games', { title: `ควิซสดเกม ${run}`, kind: 'quiz', quiz: quiz.id, status: 'published', scorePerPoint: 100 });

    await host.goto(`/admin/games/quiz/${quiz.id}/host`);
    await host.getByTestId('live-open').click();
    // 8 digits, shown in two groups of four on the big screen.
    const shown = (await host.getByTestId('live-host-pin').innerText()).trim();
    expect(shown).toMatch(/^\d{4} \d{4}$/);
    const pin = shown.replace(/\s/g, '');
    await expect(host.getByTestId('live-qr')).toBeVisible();

    // Players of their own (made by an admin): the demo staff's presence and daily points cap belong to the
    // specs running beside this one.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInAs(adminPage, 'ADMIN01');
    await expect(adminPage).toHaveURL(/\/main$/);
    const admin = AdminApi.of(adminPage);
    const password = 'Live#2026';
    const store = await admin.storeId('BKK01');
    const players: [string, string] = [`LQ${run}1`, `LQ${run}2`];
    for (const [i, code] of players.entries())
      await admin.create('users', { employeeCode: code, name: `ผู้เล่น${i + 1} ${run}`, role: 'staff', status: 'active', store, password, locale: 'th' });
    await adminContext.close();

    const joinPhone = async (who: string) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'th-TH' });
      const phone = await context.newPage();
      await signInAs(phone, who, password);
      await expect(phone).toHaveURL(/\/main$/);
      await acceptPrivacyNotice(phone); // a new person: the notice first
      await phone.goto(`/club/games/live?pin=${pin}`);
      await phone.getByTestId('live-join').click();
      await expect(phone.getByTestId('live-lobby')).toBeVisible();
      return phone;
    };
    const first = await joinPhone(players[0]);
    const second = await joinPhone(players[1]);
    const phones = [first, second];
    await expect(host.getByTestId('live-players').locator('span')).toHaveCount(2);
    await host.screenshot({ path: path.join(shots, 'live-quiz-host-lobby.png') });

    // Question 1: both phones get it; one right, one wrong; everyone answered ends it.
    await host.getByTestId('live-next').click();
    for (const phone of phones) await expect(phone.getByTestId('live-question')).toHaveAttribute('data-index', '0');
    await host.screenshot({ path: path.join(shots, 'live-quiz-host-question.png') });
    await first.screenshot({ path: path.join(shots, 'live-quiz-phone-question.png') });
    await first.locator('[data-testid="live-answer"][data-choice-id="a"]').click();
    await second.locator('[data-testid="live-answer"][data-choice-id="b"]').click();
    await expect(first.getByTestId('live-result')).toHaveAttribute('data-correct', 'true');
    await expect(second.getByTestId('live-result')).toHaveAttribute('data-correct', 'false');
    await expect(first.getByTestId('live-rank')).toContainText('1');
    await expect(host.getByTestId('live-distribution')).toBeVisible();
    await expect(host.getByTestId('live-top').locator('li')).toHaveCount(2);
    await host.screenshot({ path: path.join(shots, 'live-quiz-host-reveal.png') });
    await first.screenshot({ path: path.join(shots, 'live-quiz-phone-result.png') });

    // Question 2 (true/false): both right.
    await host.getByTestId('live-next').click();
    for (const phone of phones) await expect(phone.getByTestId('live-question')).toHaveAttribute('data-index', '1');
    for (const phone of phones) await phone.locator('[data-testid="live-answer"][data-choice-id="true"]').click();
    for (const phone of phones) await expect(phone.getByTestId('live-result')).toHaveAttribute('data-correct', 'true');

    // The podium, on the big screen and on both phones.
    await host.getByTestId('live-next').click();
    await expect(host.getByTestId('live-podium-step')).toHaveCount(2);
    for (const phone of phones) await expect(phone.getByTestId('live-podium-step')).toHaveCount(2);
    await host.screenshot({ path: path.join(shots, 'live-quiz-host-podium.png') });
    await second.screenshot({ path: path.join(shots, 'live-quiz-phone-podium.png') });
  });
});
