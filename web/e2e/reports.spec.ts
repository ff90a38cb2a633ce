// Reports and the dashboard (issue 17) at 1440x900: an admin opens each of the five reports, changes the period
// and the region / store / position filters (the request's query, the URL, the back button, the figures drawn
// again), exports a table as CSV and XLSX, follows a row link; an editor is refused; the dashboard's figures
// and queues lead to their queues. Counts are relative or narrowed to this run's own person (a position of its
// own), never absolute: other specs run against the same server.
import { readFileSync } from 'node:fs';
import { acceptPrivacyNotice, desk, expect, openAdmin, signInAs, test } from './support/fixtures';
import { AdminApi } from './support/adminApi';
import type { Page, Request } from '@playwright/test';

const run = Date.now().toString(36).slice(-5).toUpperCase();
const REPORTS = ['actives', 'learning', 'club', 'engagement', 'voice'] as const;

interface Options {
  stores: { id: string; code: string; name: string; regionId: string }[];
  regions: { id: string; code: string; name: string }[];
  positions: string[];
}
interface Answer {
  filters: { from: string; to: string };
  figures: { key: string; value: number }[];
  tables: { key: string; columns: { key: string; label: string }[]; rows: unknown[][]; links?: string[] }[];
}

const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The next GET of a report (not its export, not the options) whose query satisfies `check`. */
const reportRequest = (page: Page, name: string, check: (q: URLSearchParams) => boolean) =>
  page.waitForRequest((r: Request) => {
    const u = new URL(r.url());
    return u.pathname === `/api/admin/reports/${name}` && check(u.searchParams);
  });

/** Picks an option of one of the report's filter selects by its text. */
async function choose(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

test.describe('reports', () => {
  test.setTimeout(120_000);

  test('an admin opens every report, filters by period, region, store and position, exports and follows a row link', async ({ browser }) => {
    const { page, api, context } = await desk(browser, 'ADMIN01');
    const options = await api.get<Options>('/api/admin/reports/options');
    const store = options.stores.find((s) => s.code === 'BKK01')!;
    const region = options.regions.find((r) => r.id === store.regionId)!;
    const position = `Rep${run}`;

    // One person of this run, in BKK01 with a position nobody else has, seen today (a page view through the
    // telemetry, which counts who was seen when its buffer is written).
    const password = 'Report#2026';
    const person = await api.create('users', { employeeCode: `RP${run}`, name: `รายงาน ${run}`, role: 'staff', status: 'active', store: store.id, position, password, locale: 'th' });
    const staff = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'th-TH' });
    const phone = await staff.newPage();
    await signInAs(phone, `RP${run}`, password);
    await expect(phone).toHaveURL(/\/main$/);
    await acceptPrivacyNotice(phone); // tracking waits for a new person's consent
    const staffApi = AdminApi.of(phone);
    const { csrfToken } = await staffApi.get<{ csrfToken: string }>('/api/auth/csrf');
    const sent = await phone.request.post('/api/telemetry', { data: { csrfToken, events: [{ type: 'page_view', userId: person.id, url: '/main' }] } });
    expect(sent.status()).toBe(202);
    const mine = `/api/admin/reports/actives?store=${store.id}&position=${encodeURIComponent(position)}`;
    await expect.poll(async () => (await api.get<Answer>(mine)).figures.find((f) => f.key === 'lastDay')?.value, { timeout: 15_000 }).toBe(1);
    await staff.close();

    // Every report opens, from its tab; those without data yet show the empty state.
    await openAdmin(page, '/admin/reports');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('รายงาน');
    await expect(page.getByTestId('report-body')).toHaveAttribute('data-report', 'actives');
    await expect(page.locator('[data-figure="lastDay"] .ant-statistic-content-value')).toHaveText(/^\d[\d,.]*$/);
    await expect(page.getByTestId('report-chart-daily')).toBeVisible();
    for (const name of REPORTS.slice(1)) {
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/admin/reports/${name}` && r.ok());
      await page.getByTestId(`report-tab-${name}`).click();
      await expect(page).toHaveURL(new RegExp(`/admin/reports/${name}$`));
      const body = (await (await answered).json()) as { figures: unknown[]; charts: unknown[]; tables: unknown[] };
      if (body.figures.length + body.charts.length + body.tables.length === 0) await expect(page.getByTestId('report-empty')).toBeVisible();
      else await expect(page.getByTestId('report-body')).toHaveAttribute('data-report', name);
    }
    await page.getByTestId('report-tab-actives').click();
    await expect(page).toHaveURL(/\/admin\/reports\/actives$/);
    // As a reader does: the period is changed once the actives report is on screen. The URL changes before
    // React draws the tab (the router renders in a transition); a preset picked in between belongs to the
    // report still drawn, which on a loaded CI machine was the last tab's.
    await expect(page.getByRole('tab', { name: 'ผู้ใช้งาน', selected: true })).toBeVisible();
    await expect(page.getByTestId('report-body')).toHaveAttribute('data-report', 'actives');

    // The period: a preset asks the server for it, lands in the URL, and the figures are drawn for it.
    const today = new Date();
    const weekAgo = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6);
    const last7 = reportRequest(page, 'actives', (q) => q.get('from') === day(weekAgo) && q.get('to') === day(today));
    await page.getByTestId('report-range').first().click();
    await page.getByTestId('preset-last7').click();
    await last7;
    await expect(page).toHaveURL(new RegExp(`from=${day(weekAgo)}&to=${day(today)}`));
    await expect(page.getByTestId('report-body')).toHaveAttribute('data-from', day(weekAgo));

    // Region, then a store of it, then the position: each one a request with every filter so far.
    const byRegion = reportRequest(page, 'actives', (q) => q.get('region') === region.id && q.get('from') === day(weekAgo));
    await choose(page, 'report-region', region.name);
    await byRegion;
    await expect(page).toHaveURL(new RegExp(`region=${region.id}`));
    const byStore = reportRequest(page, 'actives', (q) => q.get('store') === store.id && q.get('region') === region.id);
    await choose(page, 'report-store', store.name);
    await byStore;
    const byPosition = reportRequest(page, 'actives', (q) => q.get('position') === position && q.get('store') === store.id);
    await choose(page, 'report-position', position);
    await byPosition;
    await expect(page).toHaveURL(new RegExp(`store=${store.id}&region=${region.id}&position=${position}`));
    // Narrowed to this run's one person: one active on the last day (today), online or not.
    await expect(page.locator('[data-figure="lastDay"]')).toHaveAttribute('data-value', '1');
    await expect(page.locator('[data-figure="week"]')).toHaveAttribute('data-value', '1');
    await expect(page.getByTestId('report-table-byStore').locator('tbody tr.ant-table-row')).toHaveCount(1);

    // The back button returns to the previous filters (no position): the select shows all positions again
    // and the figures are those of the whole store (this run's person among them).
    await page.goBack();
    await expect(page).not.toHaveURL(/position=/);
    await expect(page.getByRole('combobox', { name: 'ตำแหน่ง ทุกตำแหน่ง' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: `สาขา ${store.name}` })).toBeVisible();
    await expect(page.locator('[data-figure="lastDay"]')).toHaveAttribute('data-value', /^[1-9]\d*$/);
    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`position=${position}`));
    await expect(page.locator('[data-figure="lastDay"]')).toHaveAttribute('data-value', '1');

    // Export the by-store table as shown: CSV (its header = the table's columns) and XLSX.
    const shown = await api.get<Answer>(`/api/admin/reports/actives?from=${day(weekAgo)}&to=${day(today)}&store=${store.id}&region=${region.id}&position=${position}`);
    const byStoreTable = shown.tables.find((t) => t.key === 'byStore')!;
    const table = page.getByTestId('report-table-byStore');
    await expect(table.locator('thead th')).toHaveCount(byStoreTable.columns.length);
    await table.getByTestId('export-byStore').click();
    const csvDownload = page.waitForEvent('download');
    await page.getByTestId('export-byStore-csv').click();
    const csv = await csvDownload;
    // docs/API.md: `<report>-<table>-<from>-<to>.<ext>` (club/export.cpp adds today's date before the extension).
    expect(csv.suggestedFilename()).toMatch(new RegExp(`^actives-byStore-${day(weekAgo)}-${day(today)}(-\\d{4}-\\d{2}-\\d{2})?\\.csv$`));
    const text = readFileSync((await csv.path())!, 'utf8').replace(/^\uFEFF/, '');
    const [header, ...lines] = text.trim().split(/\r?\n/);
    expect(header!.split(',').map((h) => h.replace(/^"|"$/g, ''))).toEqual(byStoreTable.columns.map((c) => c.label));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(store.name);

    await table.getByTestId('export-byStore').click();
    const xlsxDownload = page.waitForEvent('download');
    await page.getByTestId('export-byStore-xlsx').click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(new RegExp(`^actives-byStore-${day(weekAgo)}-${day(today)}(-\\d{4}-\\d{2}-\\d{2})?\\.xlsx$`));
    expect(readFileSync((await xlsx.path())!).subarray(0, 2).toString()).toBe('PK');

    // A row's link leads to the rows behind it: the users list, filtered by the store.
    const listed = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/admin/users' && new URL(r.url()).searchParams.get('filter[store]') === store.id);
    await table.getByTestId('row-link').click();
    await expect(page).toHaveURL(new RegExp(`/admin/users\\?store=${store.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('จัดการผู้ใช้');
    await listed;
    await expect(page.locator('.ant-table-row').filter({ hasText: `RP${run}` })).toBeVisible();
    for (const row of await page.locator('.ant-table-row').all()) await expect(row).toContainText(store.name);
    await context.close();
  });

  test('an editor is refused: the server answers 403 and the page shows no permission', async ({ browser }) => {
    const { page, context } = await desk(browser, 'EDIT01');
    const res = await page.request.get('/api/admin/reports/actives');
    expect(res.status()).toBe(403);
    await openAdmin(page, '/admin/reports/club');
    await expect(page.getByText('คุณไม่มีสิทธิ์เข้าถึงส่วนนี้')).toBeVisible();
    await expect(page.getByTestId('report-body')).toHaveCount(0);
    await context.close();
  });

  test('the dashboard shows today’s figures and the queues, each leading to its queue', async ({ browser }) => {
    const { page, api, context } = await desk(browser, 'ADMIN01');
    const overview = await api.get<{ figures?: { key: string; link?: string }[]; queues?: { key: string; count: number; link: string }[] }>('/api/admin/overview');
    expect(overview.figures?.map((f) => f.key)).toEqual(expect.arrayContaining(['actives', 'completions', 'points', 'redemptionsWaiting', 'storiesWaiting', 'pendingRegistrations']));
    await openAdmin(page, '/admin');
    for (const f of overview.figures ?? []) {
      await expect(page.locator(`[data-figure="${f.key}"] .ant-statistic-content-value`)).toHaveText(/^\d[\d,.]*$/);
      if (f.link) await expect(page.getByTestId(`figure-link-${f.key}`)).toHaveAttribute('href', f.link);
    }
    await expect(page.locator('[data-figure="onlineNow"] .ant-statistic-content-value')).toHaveText(/^[1-9][\d,]*$/);
    // Today's actives compare with yesterday (an arrow or "new"), the queues' figures do not.
    await expect(page.getByTestId('figure-change-actives')).toBeVisible();
    await expect(page.getByTestId('figure-change-pendingRegistrations')).toHaveCount(0);

    const queues = page.getByTestId('queues');
    for (const q of overview.queues ?? []) await expect(queues.getByTestId(`queue-link-${q.key}`)).toHaveAttribute('href', q.link);
    await queues.getByTestId('queue-link-pendingRegistrations').click();
    await expect(page).toHaveURL(/\/admin\/users\/pending$/);
    await page.goBack();
    await queues.getByTestId('queue-link-storiesWaiting').click();
    await expect(page).toHaveURL(/\/admin\/stories$/);
    await page.goBack();
    await page.getByTestId('figure-link-redemptionsWaiting').click();
    await expect(page).toHaveURL(/\/admin\/redeem\/redemptions\?status=pending$/);
    await context.close();
  });
});
