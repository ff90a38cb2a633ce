// Campaigns and naming contests end to end against the real server (issue 13): on a 390x844 phone a staff
// member enters a photo campaign (a large PNG picked from the gallery is resized to a JPEG in the browser
// before upload), an editor approves it at 1440x900, another staff member votes for it; a naming contest runs
// from proposal to shortlist, vote and the announced winner. Phases are moved through the admin API.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdminApi } from './support/adminApi';
import { desk, expect, phone, test } from './support/fixtures';
import { makePng } from './support/png';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const HOUR = 3600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
const PHASES = { entries: [-1, 1, 2, 3], voting: [-3, -2, -1, 1], over: [-4, -3, -2, -1] } as const;
const times = (p: keyof typeof PHASES) => {
  const [a, b, c, d] = PHASES[p];
  return { entriesStart: iso(a * HOUR), entriesEnd: iso(b * HOUR), votingStart: iso(c * HOUR), votingEnd: iso(d * HOUR) };
};

async function move(api: AdminApi, id: string, phase: keyof typeof PHASES) {
  const { version } = await api.get<{ version: number }>(`/api/admin/campaigns/${id}`);
  await api.send('PATCH', `/api/admin/campaigns/${id}`, { ...times(phase), version });
}



test.describe('campaigns and naming contests', () => {
  test.setTimeout(120_000);

  test('staff enters a photo campaign on a phone, an editor approves it, another staff member votes', async ({ browser }) => {
    const run = Date.now().toString(36).slice(-5).toUpperCase();
    const editor = await desk(browser, 'EDIT01');
    const campaign = await editor.api.create('campaigns', {
      kind: 'campaign', title: `ภาพหน้าร้านยามเช้า ${run}`, description: 'ถ่ายรูปหน้าร้านตอนเปิดร้าน', entryType: 'photo', entryLimit: 1, votesPerPerson: 2, status: 'published', ...times('entries'),
    });

    const staff = await phone(browser, 'S2002');
    await staff.goto('/club/campaigns');
    await staff.locator(`[data-testid="contest-card"][data-contest-id="${campaign.id}"]`).click();
    await expect(staff.getByTestId('contest-page')).toHaveAttribute('data-phase', 'entries');
    await staff.getByTestId('contest-submit').click();
    await expect(staff.getByTestId('contest-sheet')).toBeVisible();
    // A 2400x1800 "phone photo": the browser sends a JPEG of at most 1600 px.
    await staff.getByTestId('contest-file').setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: makePng(2400, 1800, [14, 116, 144], [251, 207, 232]) });
    await expect(staff.getByTestId('contest-preview')).toBeVisible();
    await staff.getByTestId('contest-caption').locator('input').fill(`หน้าร้านเช้านี้ ${run}`);
    await staff.screenshot({ path: path.join(shots, 'contests-submit-sheet.png') });
    const uploaded = staff.waitForResponse((r) => r.url().endsWith('/api/media/photos') && r.request().method() === 'POST');
    await staff.getByTestId('contest-send').click();
    const upload = await uploaded;
    expect(upload.status()).toBe(201);
    expect(upload.request().headers()['content-type']).toBe('image/jpeg');
    const photo = ((await upload.json()) as { photo: { width: number; height: number; mime: string } }).photo;
    expect(photo).toMatchObject({ width: 1600, height: 1200, mime: 'image/jpeg' });
    const mine = staff.getByTestId('contest-mine').getByTestId('contest-entry');
    await expect(mine).toHaveAttribute('data-status', 'pending');
    await expect(staff.getByTestId('contest-submit')).toHaveCount(0);  // the limit of 1 is used

    // The editor's moderation queue at 1440x900.
    await editor.page.goto(`/admin/campaigns/${campaign.id}`);
    const row = editor.page.locator('[data-testid="entry-row"][data-status="pending"]');
    await expect(row).toHaveCount(1);
    await editor.page.screenshot({ path: path.join(shots, 'contests-admin-moderation.png') });
    await row.getByTestId('entry-approve').click();
    await expect(editor.page.locator('[data-testid="entry-row"][data-status="pending"]')).toHaveCount(0);
    await staff.reload();
    await expect(mine).toHaveAttribute('data-status', 'approved');

    await move(editor.api, campaign.id, 'voting');
    const voter = await phone(browser, 'S1001');
    await voter.goto(`/club/campaigns/${campaign.id}`);
    await expect(voter.getByTestId('votes-left')).toHaveAttribute('data-left', '2');
    const entry = voter.getByTestId('contest-entries').getByTestId('contest-entry');
    await expect(entry).toHaveCount(1);
    // A vote asks first (it cannot be taken back): cancelling casts nothing.
    await entry.getByTestId('entry-vote').click();
    await expect(voter.getByTestId('vote-confirm')).toContainText('2');
    await voter.screenshot({ path: path.join(shots, 'contests-vote-confirm-phone.png') });
    await voter.getByTestId('vote-confirm-cancel').click();
    await expect(voter.getByTestId('vote-confirm')).toBeHidden();
    await voter.reload();
    await expect(entry).toHaveAttribute('data-voted', 'false');
    await expect(voter.getByTestId('votes-left')).toHaveAttribute('data-left', '2');
    await entry.getByTestId('entry-vote').click();
    await voter.getByTestId('vote-confirm-confirm').click();
    await expect(entry).toHaveAttribute('data-voted', 'true');
    await expect(voter.getByTestId('votes-left')).toHaveAttribute('data-left', '1');
    await voter.screenshot({ path: path.join(shots, 'contests-campaign-phone.png') });
    await editor.page.reload();
    await editor.page.getByText(/^(อนุมัติแล้ว|Approved) \(1\)$/).click();
    await expect(editor.page.locator(`[data-testid="entry-row"][data-status="approved"] [data-testid="entry-votes"]`)).toHaveText('1');
  });

  test('a naming contest runs from proposal to shortlist, vote and winner', async ({ browser }) => {
    const run = Date.now().toString(36).slice(-5).toUpperCase();
    const editor = await desk(browser, 'EDIT01');
    const contest = await editor.api.create('campaigns', {
      kind: 'naming', title: `ตั้งชื่อห้องพักพนักงาน ${run}`, entryLimit: 2, votesPerPerson: 1, winnersCount: 1, winPoints: 100, status: 'published', ...times('entries'),
    });
    const name = `ห้องสบายใจ ${run}`;

    const staff = await phone(browser, 'S2002');
    await staff.goto(`/club/campaigns/${contest.id}`);
    await staff.getByTestId('contest-submit').click();
    await staff.getByTestId('contest-name').locator('input').fill(name);
    await staff.getByTestId('contest-reason').locator('textarea').fill('พักแล้วสบายใจ พร้อมบริการลูกค้า');
    await staff.getByTestId('contest-send').click();
    await expect(staff.getByTestId('contest-mine').getByTestId('contest-entry')).toHaveAttribute('data-status', 'pending');

    await editor.page.goto(`/admin/campaigns/votenames/${contest.id}`);
    const row = editor.page.locator('[data-testid="entry-row"][data-status="pending"]');
    await expect(row).toContainText(name);
    await row.getByTestId('entry-approve').click();  // "shortlist"
    await expect(editor.page.locator('[data-testid="entry-row"][data-status="pending"]')).toHaveCount(0);

    await move(editor.api, contest.id, 'voting');
    const voter = await phone(browser, 'S1001');
    await voter.goto(`/club/campaigns/${contest.id}`);
    const shortlisted = voter.getByTestId('contest-entries').getByTestId('contest-entry').filter({ hasText: name });
    await shortlisted.getByTestId('entry-vote').click();
    await voter.getByTestId('vote-confirm-confirm').click();
    await expect(shortlisted).toHaveAttribute('data-voted', 'true');

    await move(editor.api, contest.id, 'over');
    await editor.page.reload();
    await editor.page.getByTestId('contest-announce').click();
    await editor.page.locator('.ant-modal-confirm').getByRole('button', { name: /ประกาศผล|Announce/ }).click();
    await expect(editor.page.getByTestId('contest-announced')).toBeVisible();

    await staff.reload();
    await expect(staff.getByTestId('contest-page')).toHaveAttribute('data-phase', 'results');
    const winner = staff.getByTestId('contest-winners').getByTestId('contest-entry');
    await expect(winner).toContainText(name);
    await expect(winner.getByTestId('entry-votes')).toContainText('1');
    await staff.screenshot({ path: path.join(shots, 'contests-naming-results.png') });
  });
});
