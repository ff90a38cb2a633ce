// Telemetry sent again counts once (issue 30): the web tracker gives every batch a key made on the device
// (`batchKey`), the same on every resend of that batch (its answer lost offline, stashed and sent after a
// reload). The write buffer's flush records (user, key) in telemetry_batches in the transaction that writes the
// batch and drops a batch whose key it already holds: posted twice, in parallel, or to two nodes on one
// database, it is stored once. A bad key is refused with the error envelope before anything is buffered.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';

import { Client, assertEnvelope, sleep, startServer } from './harness.mjs';

const FLUSH_MS = 100;

describe('telemetry batch keys', () => {
  let server, staff, admin, staffId;
  before(async () => {
    server = await startServer({ env: { TELEMETRY_FLUSH_MS: String(FLUSH_MS) } });
    staff = server.client();
    await staff.signInOk('S1001');
    staffId = (await staff.session()).user.id;
    admin = server.client();
    await admin.signInOk('ADMIN01');
  });
  after(() => server?.stop());

  // A batch of two clicks on a page of its own, so each test counts only its rows.
  const batch = (page, batchKey) => ({
    csrfToken: staff.csrfToken,
    ...(batchKey === undefined ? {} : { batchKey }),
    events: [
      { type: 'click', userId: staffId, element: '<button>1</button>', url: page },
      { type: 'click', userId: staffId, element: '<button>2</button>', url: page },
    ],
  });
  const post = (client, body) =>
    client.post('/api/telemetry', { json: body, headers: client.csrfToken ? { 'x-csrf-token': client.csrfToken } : {} });
  // The clicks stored for `page` once the buffer had time to flush several times.
  async function clicksOn(page, userId = staffId, reader = admin) {
    await sleep(FLUSH_MS * 6);
    const r = await reader.get(`/api/admin/activity?type=click&userId=${encodeURIComponent(userId)}&limit=500`);
    assert.equal(r.status, 200, r.text);
    return r.json.items.filter((e) => e.url === page).length;
  }

  test('the same batch posted twice counts once; a batch without a key counts each time', async () => {
    const page = `/keyed/${randomUUID()}`;
    const body = batch(page, randomUUID());
    const first = await post(staff, body);
    assert.equal(first.status, 202, first.text);
    assert.equal(await clicksOn(page), 2);
    // The answer was lost: the tracker sends the same batch again (after the first one was written).
    const again = await post(staff, body);
    assert.equal(again.status, 202, again.text);
    assert.deepEqual(again.json, { accepted: 2 }, 'acknowledged like the first (the tracker may drop it)');
    assert.equal(await clicksOn(page), 2, 'not counted twice');

    const unkeyed = `/unkeyed/${randomUUID()}`;
    for (let i = 0; i < 2; i++) assert.equal((await post(staff, batch(unkeyed))).status, 202);
    assert.equal(await clicksOn(unkeyed), 4, 'no key, no dedupe (older clients)');
  });

  test('twice in parallel counts once; different batches both count', async () => {
    const page = `/parallel/${randomUUID()}`;
    const body = batch(page, randomUUID());
    const answers = await Promise.all([post(staff, body), post(staff, body), post(staff, body)]);
    for (const r of answers) assert.equal(r.status, 202, r.text);
    const other = await post(staff, batch(page, randomUUID()));
    assert.equal(other.status, 202, other.text);
    assert.equal(await clicksOn(page), 4, 'the parallel three once (2 clicks) and the other batch (2)');
  });

  test("a key is one person's: another person's batch with the same key counts", async () => {
    const page = `/people/${randomUUID()}`;
    const key = randomUUID();
    assert.equal((await post(staff, batch(page, key))).status, 202);
    const adminId = (await admin.session()).user.id;
    await admin.csrf();
    const theirs = {
      csrfToken: admin.csrfToken,
      batchKey: key,
      events: [{ type: 'click', userId: adminId, element: '<i>a</i>', url: page }],
    };
    assert.equal((await post(admin, theirs)).status, 202);
    assert.equal(await clicksOn(page), 2);
    assert.equal(await clicksOn(page, adminId), 1);
  });

  test('a bad key is refused with the error envelope, and nothing of the batch is stored', async () => {
    const page = `/bad/${randomUUID()}`;
    for (const batchKey of ['short', 'x'.repeat(65), 'has space in it', 'ไทยไทยไทยไทย', 42, null, ['a-b-c-d-e-f']]) {
      const r = await post(staff, batch(page, batchKey));
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.equal(r.json.error.fieldCodes?.batchKey?.code, 'NOT_ALLOWED_VALUE', `${JSON.stringify(batchKey)}: ${r.text}`);
    }
    // The seed's call takes one too.
    const r = await staff.post('/api/user-activity', {
      json: { userId: staffId, page: '/x', action: 'view', batchKey: 'no' },
      headers: { 'x-csrf-token': staff.csrfToken },
    });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(r.json.error.fieldCodes?.batchKey?.code, 'NOT_ALLOWED_VALUE');
    assert.equal(await clicksOn(page), 0);
  });

  test('keys older than 7 days are swept; a key just made is kept', async () => {
    const { dbQuery } = await import('./dbquery.mjs');
    const old = randomUUID();
    await dbQuery(server, `INSERT INTO telemetry_batches (user_id, batch_key, created_at) VALUES ('anonymous', '${old}', ${Date.now() - 8 * 86400000})`);
    const fresh = randomUUID();
    assert.equal((await post(server.client(), { batchKey: fresh, events: [{ type: 'page_view', userId: 'anonymous', url: '/sweep' }] })).status, 202);
    await sleep(FLUSH_MS * 6);
    // What every node does hourly, run now.
    const out = await server.cli(['retention']);
    assert.match(String(out.stdout ?? out), /telemetry batch keys deleted: [1-9]/);
    const keys = async (k) => Number((await dbQuery(server, `SELECT COUNT(*) FROM telemetry_batches WHERE batch_key = '${k}'`))[0][0]);
    assert.equal(await keys(old), 0, 'swept');
    assert.equal(await keys(fresh), 1, 'recorded with its batch and kept');
  });
});

describe('telemetry batch keys across two nodes on one PostgreSQL', { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL' }, () => {
  test('the same batch sent to both nodes (at once, then again) counts once', async () => {
    const a = await startServer({ env: { TELEMETRY_FLUSH_MS: String(FLUSH_MS) } });
    let b;
    try {
      b = await startServer({ env: { DATABASE_URL: a.databaseUrl, TELEMETRY_FLUSH_MS: String(FLUSH_MS) } });
      const onA = a.client();
      await onA.signInOk('S1001');
      const userId = (await onA.session()).user.id;
      await onA.csrf();
      const onB = new Client(b.origin, onA.jar); // the same session on the other node
      onB.csrfToken = onA.csrfToken;
      const admin = a.client();
      await admin.signInOk('ADMIN01');
      const page = `/nodes/${randomUUID()}`;
      const body = {
        csrfToken: onA.csrfToken,
        batchKey: randomUUID(),
        events: [{ type: 'click', userId, element: '<b>n</b>', url: page }],
      };
      const send = (c) => c.post('/api/telemetry', { json: body, headers: { 'x-csrf-token': c.csrfToken } });
      const answers = await Promise.all([send(onA), send(onB), send(onA), send(onB)]);
      for (const r of answers) assert.equal(r.status, 202, r.text);
      await sleep(FLUSH_MS * 6);
      assert.equal((await send(onB)).status, 202);
      await sleep(FLUSH_MS * 6);
      const stored = (await admin.get(`/api/admin/activity?type=click&userId=${userId}&limit=500`)).json.items.filter((e) => e.url === page);
      assert.equal(stored.length, 1);
    } finally {
      await b?.stop();
      await a.stop();
    }
  });
});
