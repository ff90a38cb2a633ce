// The Logs screen's reads: audit log (every admin write, with before/after) and sign-in history,
// filtered and paged, admin only.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertEnvelope, useServer } from './harness.mjs';

describe('logs', () => {
  const server = useServer();
  let admin, editor;

  test('setup: some sign-ins and an audited write', async () => {
    admin = server.client();
    await admin.signInOk('ADMIN01');
    editor = server.client();
    await editor.signInOk('EDIT01');
    const wrong = server.client();
    const r = await wrong.signIn('S1001', 'not-the-password');
    assert.equal(r.status, 401);
    const created = await admin.post('/api/admin/regions', {
      json: { code: 'EST', name: 'ภาคตะวันออก' },
      headers: { 'x-csrf-token': admin.csrfToken },
    });
    assert.equal(created.status, 201, created.text);
  });

  test('the audit log lists the write with who, before and after', async () => {
    const r = await admin.get('/api/admin/audit?resource=regions&actor=ADMIN01');
    assert.equal(r.status, 200, r.text);
    assert.ok(r.json.total >= 1);
    const entry = r.json.items.find((e) => e.after && e.after.code === 'EST');
    assert.ok(entry, JSON.stringify(r.json.items).slice(0, 500));
    assert.equal(entry.resource, 'regions');
    assert.equal(entry.actor.employeeCode, 'ADMIN01');
    assert.equal(entry.before, null);
    assert.equal(entry.after.name, 'ภาคตะวันออก');
    assert.match(entry.time, /Z$/);
    const none = await admin.get('/api/admin/audit?resource=regions&actor=EDIT01');
    assert.equal(none.json.total, 0, 'the actor filter applies');
    const future = await admin.get('/api/admin/audit?from=2999-01-01');
    assert.equal(future.json.total, 0, 'the date filter applies');
  });

  test('sign-in history records successes and failures', async () => {
    const failed = await admin.get('/api/admin/sign-ins?identifier=s1001&ok=false');
    assert.equal(failed.status, 200, failed.text);
    assert.equal(failed.json.total, 1);
    assert.equal(failed.json.items[0].ok, false);
    assert.equal(failed.json.items[0].reason, 'wrong_password');
    assert.equal(failed.json.items[0].user.employeeCode, 'S1001');
    const ok = await admin.get('/api/admin/sign-ins?ok=true&pageSize=1');
    assert.equal(ok.json.items.length, 1);
    assert.ok(ok.json.total >= 2);
    assert.equal(ok.json.pageSize, 1);
  });

  test('bad filters and other roles are refused', async () => {
    assertEnvelope(await admin.get('/api/admin/audit?pageSize=500'), 400, 'BAD_REQUEST');
    assertEnvelope(await admin.get('/api/admin/audit?from=yesterday'), 400, 'BAD_REQUEST');
    assertEnvelope(await admin.get('/api/admin/sign-ins?ok=maybe'), 400, 'BAD_REQUEST');
    assertEnvelope(await editor.get('/api/admin/audit'), 403, 'FORBIDDEN');
    assertEnvelope(await server.client().get('/api/admin/sign-ins'), 401, 'UNAUTHENTICATED');
  });
});
