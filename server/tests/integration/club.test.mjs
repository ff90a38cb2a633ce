// The members club (issue 11) through real HTTP on a real server, on SQLite and on PostgreSQL: races for stock,
// points and codes with real parallel requests, Idempotency-Key retries, each bad input's code, CSV imports
// with bad rows, gifts, the admin queue and the exports.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, signedInClients, assertEnvelope } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';
import { send, create, iso, HOUR } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';

const idem = () => `k-${Math.random().toString(36).slice(2)}-${Date.now()}`;
const redeem = (c, id, body = { method: 'pickup' }, key) =>
  send(c, 'POST', `/api/club/rewards/${id}/redeem`, body, key ? { 'idempotency-key': key } : {});
const claim = (c, id, key) => send(c, 'POST', `/api/club/coupons/${id}/claim`, undefined, key ? { 'idempotency-key': key } : {});

describe('members club', () => {
  const server = useServer();
  let admin, staff, staffId, other;

  const reward = (over = {}) =>
    create(admin, 'rewards', { title: `รางวัล ${Math.random().toString(36).slice(2, 7)}`, cost: 100, stock: 10, pickup: true, delivery: false, status: 'published', ...over });
  const balanceRow = async (id) => Number((await dbQuery(server, `SELECT balance FROM points_balances WHERE user_id = '${id}'`))[0]?.[0] ?? 0);
  const ledgerSum = async (id) => Number((await dbQuery(server, `SELECT COALESCE(SUM(delta), 0) FROM points_ledger WHERE user_id = '${id}'`))[0][0]);
  const stockOf = async (id) => (await admin.get(`/api/admin/rewards/${id}`)).json.stock;

  before(async () => {
    [admin, staff, other] = await signedInClients(server, 'ADMIN01', 'S2002', 'S2001');
    staffId = (await staff.session()).user.id;
  });

  it('100 people redeem a 10-stock reward at once: exactly 10 redemptions, stock 0, 90 OUT_OF_STOCK', async () => {
    const item = await reward({ stock: 10, cost: 100 });
    const people = await crowd(server, 100, { prefix: 'R', points: 1000 });
    const runs = await Promise.all(people.map((p) => redeem(p.client, item.id)));
    const won = runs.filter((r) => r.status === 201);
    const lost = runs.filter((r) => r.status !== 201);
    assert.equal(won.length, 10, runs.map((r) => r.status).join(','));
    assert.equal(lost.length, 90);
    for (const r of lost) assertEnvelope(r, 409, 'OUT_OF_STOCK');
    for (const r of won) assert.equal(r.json.balance, 900);
    assert.equal(await stockOf(item.id), 0);
    assert.equal(Number((await dbQuery(server, `SELECT COUNT(*) FROM redemptions WHERE reward_id = '${item.id}'`))[0][0]), 10);
    // Nobody lost points without a redemption: every balance row equals its ledger sum.
    const mismatched = await dbQuery(
      server,
      `SELECT b.user_id FROM points_balances b WHERE b.balance <> (SELECT COALESCE(SUM(delta), 0) FROM points_ledger l WHERE l.user_id = b.user_id)`,
    );
    assert.deepEqual(mismatched, []);
    const spent = await dbQuery(server, `SELECT COUNT(*) FROM points_balances WHERE balance = 900 AND user_id IN (${people.map((p) => `'${p.id}'`).join(',')})`);
    assert.equal(Number(spent[0][0]), 10);
    // The refused ones (some refused only at the end, when the stock they saw was gone) left no count, notice
    // or sticker of their redemption behind: the report counts 10, the owners got 10 notices.
    const counted = await dbQuery(server, `SELECT COALESCE(SUM(n), 0) FROM report_counts WHERE metric = 'redemption.item@all' AND key = '${item.id}'`);
    assert.equal(Number(counted[0][0]), 10);
    const notices = await dbQuery(server, `SELECT COUNT(*) FROM notifications WHERE type = 'redemption_status' AND user_id IN (${people.map((p) => `'${p.id}'`).join(',')})`);
    assert.equal(Number(notices[0][0]), 10);
  });

  it('one person with points for 2 fires 20 at once: exactly 2, balance never below zero and equal to the ledger', async () => {
    const item = await reward({ stock: 100, cost: 150 });
    const [p] = await crowd(server, 1, { prefix: 'P', points: 300 });
    const runs = await Promise.all(Array.from({ length: 20 }, () => redeem(p.client, item.id)));
    assert.equal(runs.filter((r) => r.status === 201).length, 2, runs.map((r) => r.status).join(','));
    for (const r of runs.filter((x) => x.status !== 201)) {
      assertEnvelope(r, 422, 'INSUFFICIENT_POINTS');
      assert.equal(r.json.error.messageCode.code, 'INSUFFICIENT_POINTS');
      assert.equal(r.json.error.messageCode.params.cost, 150);
      assert.ok(r.json.error.messageCode.params.balance < 150);
    }
    assert.equal(await balanceRow(p.id), 0);
    assert.equal(await ledgerSum(p.id), 0);
    assert.equal(await stockOf(item.id), 98);
  });

  it('100 people claim from a 50-code batch: 50 distinct codes, 50 refusals', async () => {
    const batch = await create(admin, 'coupon-batches', { partner: 'ร้านกาแฟ', title: 'ลด 50 บาท', status: 'published', limit: 1 });
    const gen = await send(admin, 'POST', `/api/admin/coupon-batches/${batch.id}/codes/generate`, { count: 50 });
    assert.equal(gen.status, 200, gen.text);
    assert.equal(gen.json.added, 50);
    const people = await crowd(server, 100, { prefix: 'K' });
    const runs = await Promise.all(people.map((p) => claim(p.client, batch.id)));
    const won = runs.filter((r) => r.status === 201);
    assert.equal(won.length, 50, runs.map((r) => r.status).join(','));
    for (const r of runs.filter((x) => x.status !== 201)) assertEnvelope(r, 409, 'OUT_OF_STOCK');
    const codes = new Set(won.map((r) => r.json.claim.code));
    assert.equal(codes.size, 50);
    for (const c of codes) assert.match(c, /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
    const list = await admin.get(`/api/admin/coupon-batches/${batch.id}/codes?status=claimed&pageSize=100`);
    assert.equal(list.json.counts.claimed, 50);
    assert.equal(list.json.counts.free, 0);
    assert.equal(new Set(list.json.items.map((x) => x.claimedBy.id)).size, 50);
    assert.equal((await admin.get(`/api/admin/coupon-batches/${batch.id}`)).json.claimedCount, 50);
  });

  it('a retried redemption with one Idempotency-Key spends once and answers the first answer again', async () => {
    const item = await reward({ stock: 50, cost: 10 });
    const [p] = await crowd(server, 1, { prefix: 'I', points: 100 });
    const key = idem();
    const runs = await Promise.all(Array.from({ length: 6 }, () => redeem(p.client, item.id, { method: 'pickup' }, key)));
    assert.deepEqual(runs.map((r) => r.status), [201, 201, 201, 201, 201, 201]);
    assert.equal(new Set(runs.map((r) => r.json.redemption.id)).size, 1);
    assert.equal(await balanceRow(p.id), 90);
    assert.equal(await stockOf(item.id), 49);
    // A new key is a new redemption.
    assert.equal((await redeem(p.client, item.id, { method: 'pickup' }, idem())).status, 201);
    assert.equal(await balanceRow(p.id), 80);
    // A bad key is refused before anything happens.
    assertEnvelope(await redeem(p.client, item.id, { method: 'pickup' }, 'x'.repeat(101)), 400, 'BAD_REQUEST');
  });

  it('a retried coupon claim with one Idempotency-Key gets the same code', async () => {
    const batch = await create(admin, 'coupon-batches', { partner: 'P', title: 'T', status: 'published', limit: 3 });
    await send(admin, 'POST', `/api/admin/coupon-batches/${batch.id}/codes/generate`, { count: 5, prefix: 'ab' });
    const key = idem();
    const runs = await Promise.all([claim(staff, batch.id, key), claim(staff, batch.id, key), claim(staff, batch.id, key)]);
    assert.deepEqual(runs.map((r) => r.status), [201, 201, 201]);
    assert.equal(new Set(runs.map((r) => r.json.claim.code)).size, 1);
    assert.match(runs[0].json.claim.code, /^AB/);
    const mine = (await staff.get('/api/club/coupons')).json;
    assert.equal(mine.items.find((b) => b.id === batch.id).claimed, 1);
    assert.equal(mine.mine.filter((c) => c.batch.id === batch.id).length, 1);
  });

  it('a double-clicked reject refunds once and returns the stock once', async () => {
    const item = await reward({ stock: 5, cost: 40 });
    const [p] = await crowd(server, 1, { prefix: 'J', points: 100 });
    const r = await redeem(p.client, item.id);
    assert.equal(r.status, 201, r.text);
    const id = r.json.redemption.id;
    const runs = await Promise.all([1, 2, 3].map(() => send(admin, 'POST', `/api/admin/redemptions/${id}/reject`, { reason: 'สินค้าชำรุด' })));
    assert.equal(runs.filter((x) => x.status === 200).length, 1, runs.map((x) => x.status).join(','));
    for (const x of runs.filter((y) => y.status !== 200)) {
      assertEnvelope(x, 409, 'NOT_OPEN');
      assert.equal(x.json.error.messageCode.code, 'REDEMPTION_STATUS');
    }
    assert.equal(await balanceRow(p.id), 100);
    assert.equal(await ledgerSum(p.id), 100);
    assert.equal(await stockOf(item.id), 5);
    const refunds = await dbQuery(server, `SELECT COUNT(*) FROM points_ledger WHERE source = 'refund' AND source_id = '${id}'`);
    assert.equal(Number(refunds[0][0]), 1);
    const mine = (await p.client.get(`/api/club/redemptions/${id}`)).json.redemption;
    assert.equal(mine.status, 'rejected');
    assert.equal(mine.reason, 'สินค้าชำรุด');
    assert.deepEqual(mine.events.map((e) => e.status), ['pending', 'rejected']);
  });

  it('pending → approved → fulfilled with a timeline, audited; the owner can cancel only while pending', async () => {
    const item = await reward({ stock: 5, cost: 10 });
    const [p] = await crowd(server, 1, { prefix: 'F', points: 100 });
    const a = (await redeem(p.client, item.id)).json.redemption.id;
    const b = (await redeem(p.client, item.id)).json.redemption.id;
    assert.equal((await send(admin, 'POST', `/api/admin/redemptions/${a}/approve`, {})).json.redemption.status, 'approved');
    assertEnvelope(await send(p.client, 'POST', `/api/club/redemptions/${a}/cancel`), 409, 'NOT_OPEN');
    assertEnvelope(await send(admin, 'POST', `/api/admin/redemptions/${b}/fulfil`, {}), 409, 'NOT_OPEN');
    const f = await send(admin, 'POST', `/api/admin/redemptions/${a}/fulfil`, {});
    assert.deepEqual(f.json.redemption.events.map((e) => e.status), ['pending', 'approved', 'fulfilled']);
    const c = await send(p.client, 'POST', `/api/club/redemptions/${b}/cancel`);
    assert.equal(c.status, 200, c.text);
    assert.equal(c.json.redemption.status, 'cancelled');
    assert.equal(c.json.balance, 90);
    assert.equal(await stockOf(item.id), 4);
    // Someone else's redemption does not exist for you.
    assertEnvelope(await staff.get(`/api/club/redemptions/${a}`), 404, 'NOT_FOUND');
    assertEnvelope(await send(staff, 'POST', `/api/club/redemptions/${b}/cancel`), 404, 'NOT_FOUND');
    const audit = await dbQuery(server, `SELECT action FROM audit_log WHERE resource_id = '${a}' ORDER BY at, id`);
    assert.deepEqual(audit.map((x) => x[0]), ['redemption.approve', 'redemption.fulfil']);
    // The events are there for the notification centre.
    const events = await dbQuery(server, `SELECT status FROM redemption_events WHERE user_id = '${p.id}' ORDER BY created_at, id`);
    assert.ok(events.length >= 5);
  });

  it('bulk approve reports each id; the queue filters by status and the export groups by store', async () => {
    const item = await reward({ stock: 20, cost: 1, title: 'ของรางวัลส่งออก' });
    const people = await crowd(server, 3, { prefix: 'B', points: 10 });
    const ids = [];
    for (const p of people) ids.push((await redeem(p.client, item.id)).json.redemption.id);
    const bulk = await send(admin, 'POST', '/api/admin/redemptions/bulk', { ids: [...ids, ids[0], '01234567-89ab-cdef-0123-456789abcdef'], action: 'approve' });
    assert.equal(bulk.status, 200, bulk.text);
    assert.deepEqual(bulk.json.done.sort(), [...ids].sort());
    assert.deepEqual(bulk.json.failed.map((f) => f.code), ['NOT_OPEN', 'NOT_FOUND']);
    assertEnvelope(await send(admin, 'POST', '/api/admin/redemptions/bulk', { ids: [], action: 'approve' }), 422, 'VALIDATION_FAILED');
    assertEnvelope(await send(admin, 'POST', '/api/admin/redemptions/bulk', { ids, action: 'explode' }), 422, 'VALIDATION_FAILED');
    const q = await admin.get(`/api/admin/redemptions?status=approved&reward=${item.id}`);
    assert.equal(q.json.total, 3);
    assert.ok(q.json.items.every((x) => x.status === 'approved' && x.user.employeeId && x.store.name === 'เซ็นทรัลเวิลด์'));
    assertEnvelope(await admin.get('/api/admin/redemptions?status=lost'), 400, 'BAD_REQUEST');
    // Day ranges as instants (the web's, `to` exclusive) or as Bangkok days.
    const inRange = await admin.get(`/api/admin/redemptions?reward=${item.id}&from=${encodeURIComponent(iso(-HOUR))}&to=${encodeURIComponent(iso(HOUR))}`);
    assert.equal(inRange.json.total, 3);
    assert.equal((await admin.get(`/api/admin/redemptions?reward=${item.id}&to=${encodeURIComponent(iso(-HOUR))}`)).json.total, 0);
    assert.equal((await admin.get(`/api/admin/redemptions?reward=${item.id}&from=2020-01-01&to=2099-12-31`)).json.total, 3);
    assertEnvelope(await admin.get('/api/admin/redemptions?from=yesterday'), 400, 'BAD_REQUEST');
    const csv = await admin.get(`/api/admin/redemptions/export?format=csv&reward=${item.id}`);
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get('content-type'), /text\/csv/);
    assert.match(csv.headers.get('content-disposition'), /attachment; filename="redemptions-/);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    assert.equal(lines[0], 'store,reward,employee_id,name,cost,status,method,address,redeemed_at,id');
    assert.equal(lines.length, 4);
    assert.ok(lines.slice(1).every((l) => l.startsWith('เซ็นทรัลเวิลด์,ของรางวัลส่งออก,')));
    const xlsx = await admin.request('GET', `/api/admin/redemptions/export?format=xlsx&reward=${item.id}`);
    assert.equal(xlsx.status, 200);
    assert.match(xlsx.headers.get('content-type'), /spreadsheetml/);
    const bytes = Buffer.from(await (await fetch(`${server.origin}/api/admin/redemptions/export?format=xlsx`, { headers: { cookie: admin.jar.header() } })).arrayBuffer());
    assert.equal(bytes.subarray(0, 2).toString(), 'PK');
    assertEnvelope(await admin.get('/api/admin/redemptions/export?format=pdf'), 400, 'BAD_REQUEST');
  });

  it('every bad redemption input gets its code', async () => {
    const pickupOnly = await reward({ stock: 5, cost: 10 });
    const limited = await reward({ stock: 5, cost: 10, limit: 1, delivery: true });
    const [p] = await crowd(server, 1, { prefix: 'E', points: 1000 });
    const c = p.client;
    // Malformed JSON, wrong types, missing fields.
    const bad = await c.request('POST', `/api/club/rewards/${pickupOnly.id}/redeem`, { body: '{"method":', headers: { 'content-type': 'application/json', 'x-csrf-token': c.csrfToken } });
    assertEnvelope(bad, 400, 'BAD_JSON');
    let r = await redeem(c, pickupOnly.id, {});
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(r.json.error.fieldCodes.method.code, 'METHOD_CHOICE');
    r = await redeem(c, pickupOnly.id, { method: 'delivery', address: { name: 'ก', phone: '1', line1: 'x', district: 'd', province: 'p', postcode: '1' } });
    assert.equal(r.json.error.fieldCodes.method.code, 'METHOD_NOT_OFFERED');
    r = await redeem(c, limited.id, { method: 'delivery', address: { name: 'สมชาย' } });
    assertEnvelope(r, 422, 'ADDRESS_REQUIRED');
    r = await redeem(c, limited.id, { method: 'delivery', address: 'บ้าน' });
    assertEnvelope(r, 422, 'ADDRESS_REQUIRED');
    r = await redeem(c, pickupOnly.id, { method: 'pickup', storeId: 12 });
    assert.equal(r.json.error.fieldCodes.storeId.code, 'MUST_BE_ID');
    r = await redeem(c, pickupOnly.id, { method: 'pickup', storeId: '01234567-89ab-cdef-0123-456789abcdef' });
    assert.equal(r.json.error.fieldCodes.storeId.code, 'NO_SUCH_STORE');
    // Delivery with a full address is remembered for next time.
    const address = { name: 'สมชาย ใจดี', phone: '0812345678', line1: '1 ถนนสุขุมวิท', district: 'วัฒนา', province: 'กรุงเทพฯ', postcode: '10110' };
    r = await redeem(c, limited.id, { method: 'delivery', address });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json.redemption.address.line1, '1 ถนนสุขุมวิท');
    assert.equal((await c.get(`/api/club/rewards/${limited.id}`)).json.address.postcode, '10110');
    // The per-person limit.
    assertEnvelope(await redeem(c, limited.id, { method: 'delivery', address }), 409, 'LIMIT_REACHED');
    // Unknown, draft, not yet open, outside the audience: not found.
    assertEnvelope(await redeem(c, '01234567-89ab-cdef-0123-456789abcdef'), 404, 'NOT_FOUND');
    assertEnvelope(await redeem(c, 'nope'), 404, 'NOT_FOUND');
    const draft = await reward({ status: 'draft' });
    assertEnvelope(await redeem(c, draft.id), 404, 'NOT_FOUND');
    assertEnvelope(await c.get(`/api/club/rewards/${draft.id}`), 404, 'NOT_FOUND');
    const later = await reward({ startAt: iso(HOUR) });
    assertEnvelope(await redeem(c, later.id), 404, 'NOT_FOUND');
    const elsewhere = await reward({ audience: { stores: ['CNX01'] } });
    assertEnvelope(await redeem(c, elsewhere.id), 404, 'NOT_FOUND');
    assert.ok(!(await c.get('/api/club/rewards')).json.items.some((x) => [draft.id, later.id, elsewhere.id].includes(x.id)));
    // Missing CSRF; a staff member on admin routes.
    const noCsrf = await c.request('POST', `/api/club/rewards/${pickupOnly.id}/redeem`, { json: { method: 'pickup' } });
    assertEnvelope(noCsrf, 403, 'CSRF_FAILED');
    assertEnvelope(await c.get('/api/admin/redemptions'), 403, 'FORBIDDEN');
    assertEnvelope(await send(c, 'POST', '/api/admin/rewards', { title: 'x', cost: 1, stock: 1 }), 403, 'FORBIDDEN');
    assertEnvelope(await send(admin, 'POST', `/api/admin/redemptions/${r.json.redemption.id}/reject`, {}), 422, 'VALIDATION_FAILED');
    // The points did not move for any refusal: one delivery and nothing else.
    assert.equal(await balanceRow(p.id), 990);
  });

  it('the stock action moves stock by a delta with a reason, audited, never below zero', async () => {
    const item = await reward({ stock: 3 });
    let r = await send(admin, 'POST', `/api/admin/rewards/${item.id}/stock`, { delta: -5, reason: 'นับสต็อก' });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(r.json.error.fieldCodes.delta.code, 'STOCK_BELOW_ZERO');
    r = await send(admin, 'POST', `/api/admin/rewards/${item.id}/stock`, { delta: 7 });
    assert.equal(r.json.error.fieldCodes.reason.code, 'REASON_REQUIRED');
    r = await send(admin, 'POST', `/api/admin/rewards/${item.id}/stock`, { delta: 7, reason: 'รับของเพิ่ม' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.item.stock, 10);
    const p = await send(admin, 'PATCH', `/api/admin/rewards/${item.id}`, { stock: 99, version: r.json.item.version });
    assertEnvelope(p, 422, 'VALIDATION_FAILED');
    const audit = await dbQuery(server, `SELECT action, after_json FROM audit_log WHERE resource_id = '${item.id}' AND action = 'stock'`);
    assert.equal(audit.length, 1);
    assert.match(audit[0][1], /รับของเพิ่ม/);
    // A reward needs a way to be received.
    const none = await send(admin, 'POST', '/api/admin/rewards', { title: 'x', cost: 1, stock: 1, pickup: false, delivery: false });
    assert.equal(none.json.error.fieldCodes.pickup.code, 'METHOD_NOT_OFFERED');
  });

  it('coupon codes: import with a dry run reports bad rows; used-code import; limit and expiry', async () => {
    const batch = await create(admin, 'coupon-batches', { partner: 'P', title: 'Import', status: 'published', limit: 1 });
    const csv = 'code\nAAA111\n\nAAA111\n=HYPERLINK("x")\nhas space\n"BBB222",extra\nCCC333\n';
    let r = await send(admin, 'POST', `/api/admin/coupon-batches/${batch.id}/codes/import`, { csv, dryRun: true });
    assert.equal(r.status, 200, r.text);
    const errs = Object.fromEntries(r.json.rows.map((x) => [x.line, x.errorCode?.code ?? null]));
    assert.deepEqual(errs, { 1: null, 2: null, 3: 'CODE_EMPTY', 4: 'CODE_DUPLICATE_IN_FILE', 5: 'CODE_FORMULA', 6: 'CODE_FORMAT', 7: null, 8: null });
    assert.equal(r.json.added, 4);
    assert.equal((await admin.get(`/api/admin/coupon-batches/${batch.id}/codes`)).json.total, 0, 'a dry run writes nothing');
    r = await send(admin, 'POST', `/api/admin/coupon-batches/${batch.id}/codes/import`, { csv, dryRun: false });
    assert.equal(r.json.added, 4);
    r = await send(admin, 'POST', `/api/admin/coupon-batches/${batch.id}/codes/import`, { csv: 'CCC333\nDDD444', dryRun: false });
    assert.deepEqual(r.json.rows.map((x) => x.errorCode?.code ?? null), ['CODE_EXISTS', null]);
    assertEnvelope(await send(admin, 'POST', `/api/admin/coupon-batches/${batch.id}/codes/import`, { csv: 5 }), 422, 'VALIDATION_FAILED');
    assertEnvelope(await send(admin, 'POST', `/api/admin/coupon-batches/${batch.id}/codes/generate`, { count: 0 }), 422, 'VALIDATION_FAILED');
    assertEnvelope(await send(admin, 'POST', `/api/admin/coupon-batches/01234567-89ab-cdef-0123-456789abcdef/codes/generate`, { count: 1 }), 404, 'NOT_FOUND');
    // Claim, then the per-person limit.
    const got = await claim(staff, batch.id);
    assert.equal(got.status, 201, got.text);
    assertEnvelope(await claim(staff, batch.id), 409, 'LIMIT_REACHED');
    // The partner's used list.
    r = await send(admin, 'POST', `/api/admin/coupon-batches/${batch.id}/codes/used`, { csv: `${got.json.claim.code}\nZZZ999\nDDD444\n`, dryRun: false });
    assert.deepEqual(r.json.rows.map((x) => x.errorCode?.code ?? null), [null, 'CODE_UNKNOWN', 'CODE_NOT_CLAIMED']);
    assert.equal(r.json.marked, 1);
    r = await send(admin, 'POST', `/api/admin/coupon-batches/${batch.id}/codes/used`, { csv: got.json.claim.code, dryRun: true });
    assert.equal(r.json.rows[0].errorCode.code, 'CODE_ALREADY_USED');
    const mine = (await staff.get('/api/club/coupons')).json.mine.find((x) => x.code === got.json.claim.code);
    assert.ok(mine.usedAt);
    // Expired batches are not open; unpublished ones do not exist for staff.
    const expired = await create(admin, 'coupon-batches', { partner: 'P', title: 'Old', status: 'published', expiresAt: iso(-HOUR) });
    await send(admin, 'POST', `/api/admin/coupon-batches/${expired.id}/codes/generate`, { count: 2 });
    assertEnvelope(await claim(staff, expired.id), 409, 'NOT_OPEN');
    const draft = await create(admin, 'coupon-batches', { partner: 'P', title: 'Draft' });
    assertEnvelope(await claim(staff, draft.id), 404, 'NOT_FOUND');
  });

  it('gifts: the eligible pick once per period and may change the pick until it closes; stock follows', async () => {
    const period = await create(admin, 'gift-periods', { name: 'ปีใหม่ทดสอบ', status: 'published', startAt: iso(-HOUR), endAt: iso(24 * HOUR) });
    const a = await create(admin, 'gift-options', { period: period.id, title: 'กระเช้า', stock: 5 });
    const b = await create(admin, 'gift-options', { period: period.id, title: 'หม้อทอด', stock: 1 });
    const pick = (c, optionId, pid = period.id) => send(c, 'PUT', `/api/club/gifts/${pid}/pick`, { optionId });
    let r = await pick(staff, a.id);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.pick.optionId, a.id);
    r = await pick(staff, b.id);
    assert.equal(r.json.pick.optionId, b.id);
    const opts = Object.fromEntries(r.json.period.options.map((o) => [o.id, o.left]));
    assert.deepEqual([opts[a.id], opts[b.id]], [5, 0]);
    assertEnvelope(await pick(other, b.id), 409, 'OUT_OF_STOCK');
    const list = (await staff.get('/api/club/gifts')).json.periods.find((p) => p.id === period.id);
    assert.equal(list.pick.optionId, b.id);
    // 20 people race for 4 of "กระเช้า" (5 left, minus one below): exactly 4.
    assert.equal((await pick(other, a.id)).status, 200);
    const people = await crowd(server, 20, { prefix: 'G' });
    const runs = await Promise.all(people.map((p) => pick(p.client, a.id)));
    assert.equal(runs.filter((x) => x.status === 200).length, 4, runs.map((x) => x.status).join(','));
    const picks = (await admin.get(`/api/admin/gift-periods/${period.id}/picks`)).json;
    assert.equal(picks.items.length, 6);
    assert.deepEqual(picks.options.map((o) => [o.stock, o.picked]), [[0, 5], [0, 1]]);
    const csv = await admin.get(`/api/admin/gift-periods/${period.id}/picks/export?format=csv`);
    assert.match(csv.text, /store,gift,employee_id,name,picked_at/);
    // An option of another period; a closed period; someone not eligible.
    const other2 = await create(admin, 'gift-periods', { name: 'อื่น', status: 'published', joinedBefore: iso(-3650 * 24 * HOUR) });
    const c = await create(admin, 'gift-options', { period: other2.id, title: 'x', stock: 1 });
    assert.equal((await pick(staff, c.id)).json.error.fieldCodes.optionId.code, 'OPTION_NOT_IN_PERIOD');
    assertEnvelope(await pick(staff, c.id, other2.id), 404, 'NOT_FOUND');
    assert.equal((await send(admin, 'POST', `/api/admin/gift-periods/${period.id}/close`, {})).status, 200);
    assertEnvelope(await send(admin, 'POST', `/api/admin/gift-periods/${period.id}/close`, {}), 409, 'CONFLICT');
    assertEnvelope(await pick(staff, a.id), 409, 'NOT_OPEN');
    assertEnvelope(await send(staff, 'PUT', `/api/club/gifts/${period.id}/pick`, { optionId: 7 }), 422, 'VALIDATION_FAILED');
  });

  it('the Club summary and the catalogue show balance, rewards, pending redemptions, coupons and gifts', async () => {
    const s = await staff.get('/api/club');
    assert.equal(s.status, 200, s.text);
    assert.equal(typeof s.json.balance, 'number');
    assert.ok(s.json.rewards.length > 0);
    assert.ok('available' in s.json.coupons && 'open' in s.json.gifts);
    const one = s.json.rewards[0];
    const detail = (await staff.get(`/api/club/rewards/${one.id}`)).json;
    assert.equal(detail.item.id, one.id);
    assert.equal(detail.myStore.name, 'เชียงใหม่ นิมมาน');
    assert.ok(detail.stores.length >= 3);
  });
});
