// The reports engine and the active-users report (issue 17): who is refused, bad input, and every figure,
// chart and table against hand-computed values for a region, stores and positions of this test's own, with
// today's sightings made through the real telemetry endpoint and earlier days written into the rollups.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, assertEnvelope, signedInClients, sleep } from './harness.mjs';
import { send, create } from './learning-fixtures.mjs';
import { dbQuery } from './dbquery.mjs';
import { addCounts } from './rollups.mjs';
import { readXlsx } from './xlsx.mjs';

const dayOf = (ms) => Math.floor((ms + 7 * 3600_000) / 86_400_000);
const text = (day) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const byKey = (list) => Object.fromEntries(list.map((x) => [x.key, x]));

describe('reports: engine and active users', () => {
  const server = useServer({ env: { TELEMETRY_FLUSH_MS: '100' } });
  let admin, editor, staff;
  let region, storeA, storeB;
  const people = {};
  const today = dayOf(Date.now());
  const report = async (query) => {
    const r = await admin.get(`/api/admin/reports/actives?${new URLSearchParams(query)}`);
    assert.equal(r.status, 200, r.text);
    return r.json;
  };

  before(async () => {
    [admin, editor, staff] = await signedInClients(server, 'ADMIN01', 'EDIT01', 'S1001');
    region = await create(admin, 'regions', { code: 'RPT', name: 'ภาครายงาน' });
    storeA = await create(admin, 'stores', { code: 'RPT-A', name: 'สาขา เอ', region: region.id });
    storeB = await create(admin, 'stores', { code: 'RPT-B', name: 'สาขา บี', region: region.id });
    for (const [code, store, position] of [['RA1', storeA, 'Cashier'], ['RA2', storeA, 'Cashier'], ['RB1', storeB, 'Manager']]) {
      const u = await create(admin, 'users', { employeeCode: code, name: `คน ${code}`, password: 'Demo#2026', store: store.id, position });
      const [c] = await signedInClients(server, code);
      // A new person: tracking waits for their consent (privacy-consent.test.mjs); they accepted.
      const yes = await c.request('PUT', '/api/me/privacy/consent', { json: { choice: 'accepted' }, headers: { 'x-csrf-token': c.csrfToken } });
      assert.equal(yes.status, 200, yes.text);
      people[code] = { id: u.id, client: c };
    }
    // Today: RA1 opens three pages, RA2 and RB1 one each; each counts once.
    for (const [code, pages] of [['RA1', 3], ['RA2', 1], ['RB1', 1]]) {
      const { id, client } = people[code];
      const events = Array.from({ length: pages }, (_, i) => ({ type: 'page_view', userId: id, url: `/main?p=${i}`, time: Date.now() }));
      const r = await client.post('/api/telemetry', { json: { events }, headers: { 'x-csrf-token': client.csrfToken } });
      assert.equal(r.status, 202, r.text);
    }
    for (let i = 0; i < 100; i++) {
      const n = Number((await dbQuery(server, `SELECT COALESCE(SUM(n), 0) FROM report_counts WHERE metric = 'actives.day' AND store_id IN ('${storeA.id}', '${storeB.id}')`))[0][0]);
      if (n >= 3) break;
      await sleep(50);
    }
    // Earlier days of store A (Cashier): 5 people yesterday, 4 the day before.
    await addCounts(server, [
      { metric: 'actives.day', day: today - 1, store: storeA.id, position: 'Cashier', n: 5 },
      { metric: 'actives.day', day: today - 2, store: storeA.id, position: 'Cashier', n: 4 },
    ]);
  });

  it('admins only: anonymous 401, staff and editors 403', async () => {
    for (const path of ['/api/admin/reports/actives', '/api/admin/reports/actives/export?format=csv', '/api/admin/reports/options']) {
      assertEnvelope(await server.client().get(path), 401, 'UNAUTHENTICATED');
      assertEnvelope(await staff.get(path), 403, 'FORBIDDEN');
      assertEnvelope(await editor.get(path), 403, 'FORBIDDEN');
    }
  });

  it('bad input gets the envelope with a stable code', async () => {
    const bad = async (query, status, code, field) => {
      const r = await admin.get(`/api/admin/reports/actives?${query}`);
      assertEnvelope(r, status, code);
      if (field) assert.equal(r.json.error.fieldCodes[field[0]].code, field[1], r.text);
    };
    await bad('from=2026-02-30', 422, 'VALIDATION_FAILED', ['from', 'REPORT_DATE']);
    await bad('to=yesterday', 422, 'VALIDATION_FAILED', ['to', 'REPORT_DATE']);
    await bad('from=2026-11-20&to=2026-11-19', 422, 'VALIDATION_FAILED', ['from', 'REPORT_RANGE']);
    await bad('from=2025-01-01&to=2026-01-02', 422, 'VALIDATION_FAILED', ['from', 'REPORT_RANGE']);
    assertEnvelope(await admin.get('/api/admin/reports/nothing'), 404, 'NOT_FOUND');
    assertEnvelope(await admin.get('/api/admin/reports/actives/export?format=pdf'), 400, 'BAD_REQUEST');
    const t = await admin.get('/api/admin/reports/actives/export?format=csv&table=nope');
    assertEnvelope(t, 422, 'VALIDATION_FAILED');
    assert.equal(t.json.error.fieldCodes.table.code, 'REPORT_TABLE');
    // A full year (366 days) is allowed.
    assert.equal((await admin.get('/api/admin/reports/actives?from=2025-01-01&to=2026-01-01')).status, 200);
  });

  it('defaults to the 30 days up to today, the previous period just before', async () => {
    const r = await report({});
    assert.equal(r.filters.to, text(today));
    assert.equal(r.filters.from, text(today - 29));
    assert.deepEqual(r.previous, { from: text(today - 59), to: text(today - 30) });
    assert.equal(r.charts.find((c) => c.key === 'daily').x.length, 30);
  });

  it('store A over two days: figures, the daily chart and the tables as counted by hand', async () => {
    const r = await report({ from: text(today - 1), to: text(today), store: storeA.id });
    const f = byKey(r.figures);
    assert.equal(f.lastDay.value, 2, 'RA1 and RA2 today');
    assert.equal(f.lastDay.previous, 5, 'yesterday');
    assert.equal(f.dailyAverage.value, 3.5, '(5 + 2) / 2 days');
    assert.equal(f.dailyAverage.previous, 2, '(4 + 0) / 2 days before');
    assert.equal(f.week.value, 2, 'the week holds only today\'s sightings (the rows written by hand are days)');
    assert.equal(f.month.value, 2);
    assert.equal(f.onlineNow.value, 0, 'nobody of store A has a live connection');
    assert.equal(f.onlineNow.previous, undefined);
    const daily = byKey(r.charts).daily;
    assert.deepEqual(daily.x, [text(today - 1), text(today)]);
    assert.deepEqual(daily.series[0].values, [5, 2]);
    const byStore = byKey(r.tables).byStore;
    assert.deepEqual(byStore.rows, [['สาขา เอ', 3.5, 7]]);
    assert.deepEqual(byStore.links, [`/admin/users?store=${storeA.id}`]);
    assert.deepEqual(byKey(r.tables).byRegion.rows, [['ภาครายงาน', 3.5, 7]]);
  });

  it('filters: the region holds both stores; positions split them', async () => {
    const one = { from: text(today), to: text(today) };
    assert.equal(byKey((await report({ ...one, region: region.id })).figures).lastDay.value, 3);
    assert.equal(byKey((await report({ ...one, region: region.id, position: 'Cashier' })).figures).lastDay.value, 2);
    assert.equal(byKey((await report({ ...one, region: region.id, position: 'Manager' })).figures).lastDay.value, 1);
    assert.equal(byKey((await report({ ...one, store: storeB.id })).figures).lastDay.value, 1);
    const tables = byKey((await report({ ...one, region: region.id })).tables);
    assert.deepEqual(tables.byStore.rows, [['สาขา เอ', 2, 2], ['สาขา บี', 1, 1]]);
    assert.deepEqual(tables.byRegion.rows, [['ภาครายงาน', 3, 3]]);
    // Days outside the range do not count: yesterday alone for the region is store A's 5.
    assert.equal(byKey((await report({ from: text(today - 1), to: text(today - 1), region: region.id })).figures).lastDay.value, 5);
  });

  it('exports a table as CSV and XLSX exactly as shown', async () => {
    const query = { from: text(today - 1), to: text(today), region: region.id };
    const shown = byKey((await report(query)).tables).byStore;
    const csv = await admin.get(`/api/admin/reports/actives/export?${new URLSearchParams({ ...query, format: 'csv', table: 'byStore' })}`);
    assert.equal(csv.status, 200, csv.text);
    assert.match(csv.headers.get('content-disposition'), new RegExp(`attachment; filename="actives-byStore-${text(today - 1)}-${text(today)}\\.csv"`));
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    assert.equal(lines[0], shown.columns.map((c) => c.label).join(','));
    assert.deepEqual(lines.slice(1), shown.rows.map((row) => row.join(',')));

    const res = await fetch(`${server.origin}/api/admin/reports/actives/export?${new URLSearchParams({ ...query, format: 'xlsx', table: 'byStore' })}`, { headers: { cookie: admin.jar.header() } });
    assert.equal(res.status, 200);
    const rows = readXlsx(Buffer.from(await res.arrayBuffer()));
    assert.deepEqual(rows, [shown.columns.map((c) => c.label), ...shown.rows.map((row) => row.map(String))]);
  });

  it('options list the stores, regions and positions to filter by', async () => {
    const o = (await admin.get('/api/admin/reports/options')).json;
    assert.ok(o.stores.some((s) => s.id === storeA.id && s.regionId === region.id && s.code === 'RPT-A'));
    assert.ok(o.regions.some((x) => x.id === region.id));
    assert.ok(o.positions.includes('Cashier') && o.positions.includes('Manager'));
  });
});
