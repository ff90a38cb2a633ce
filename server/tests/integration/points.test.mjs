// The points ledger and each person's balance row (migration 0009): the row moves with every entry in one
// transaction, equals the ledger sum, and a spend racing others can never take it below zero.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, assertEnvelope } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';
import { send } from './learning-fixtures.mjs';

describe('points balance', () => {
  const server = useServer();
  let admin, staff, staffId;

  before(async () => {
    admin = server.client();
    staff = server.client();
    await admin.signInOk('ADMIN01');
    await staff.signInOk('S2002');
    await admin.csrf();
    staffId = (await staff.get('/api/auth/session')).json.user.id;
  });

  const ledgerSum = async () => Number((await dbQuery(server, `SELECT COALESCE(SUM(delta), 0) FROM points_ledger WHERE user_id = '${staffId}'`))[0][0]);
  const row = async () => Number((await dbQuery(server, `SELECT balance FROM points_balances WHERE user_id = '${staffId}'`))[0]?.[0] ?? 0);
  const adjust = (delta, key) => send(admin, 'POST', `/api/admin/users/${staffId}/points`, { delta, reason: 'ทดสอบ', ...(key ? { idempotencyKey: key } : {}) });

  it('20 concurrent deductions of 10 from 50 points: exactly 5 apply, the rest are refused, never below zero', async () => {
    // Exactly 50 to start from, whatever the demo seed gave this person.
    const current = (await staff.get('/api/me/points')).json.balance;
    if (current !== 50) {
      const top = await adjust(50 - current, `top-${Date.now()}`);
      assert.equal(top.status, 200, top.text);
    }
    const have = (await staff.get('/api/me/points')).json.balance;
    assert.equal(have, 50);
    const runs = await Promise.all(Array.from({ length: 20 }, () => adjust(-10)));
    const ok = runs.filter((r) => r.status === 200);
    const refused = runs.filter((r) => r.status === 422);
    assert.equal(ok.length, Math.floor(have / 10), runs.map((r) => r.status).join(','));
    assert.equal(ok.length + refused.length, 20);
    for (const r of refused) {
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.equal(r.json.error.fieldCodes.delta.code, 'BALANCE_BELOW_ZERO');
    }
    const after = (await staff.get('/api/me/points')).json.balance;
    assert.equal(after, have % 10);
    assert.equal(await row(), after, 'the balance row');
    assert.equal(await ledgerSum(), after, 'the ledger sum');
  });

  it('a retried adjustment with one key moves the row once', async () => {
    const before = await row();
    const key = `retry-${Date.now()}`;
    const runs = await Promise.all(Array.from({ length: 5 }, () => adjust(7, key)));
    assert.deepEqual(runs.map((r) => r.status), [200, 200, 200, 200, 200]);
    assert.equal(runs.filter((r) => r.json.applied).length, 1);
    assert.equal(await row(), before + 7);
    assert.equal(await ledgerSum(), before + 7);
  });
});
