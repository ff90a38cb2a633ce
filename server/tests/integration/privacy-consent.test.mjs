// Consent to analytics tracking (PDPA, issue 34) through real HTTP on a real server, on SQLite and
// PostgreSQL: a person who has not answered the privacy notice is asked and their telemetry is dropped (202,
// nothing stored) while the admin's setting requires consent; accepting keeps it, declining drops it again;
// with the setting off everyone's is kept and nobody is asked; anonymous telemetry names no one and is kept;
// the answer needs CSRF and one of two choices; the demo's people were seeded as accepted.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, assertEnvelope, signedInClients } from './harness.mjs';
import { send } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';

describe('PDPA: consent to analytics tracking', () => {
  const server = useServer();
  let admin, staff, people;

  const click = (p, mark) =>
    p.client.post('/api/telemetry', {
      json: { events: [{ type: 'click', userId: p.id, element: `<b>${mark}</b>`, url: '/main', time: Date.now() }] },
      headers: { 'x-csrf-token': p.client.csrfToken },
    });
  const activity = (p) =>
    p.client.post('/api/user-activity', {
      json: { userId: p.id, page: '/main', action: 'view' },
      headers: { 'x-csrf-token': p.client.csrfToken },
    });
  const count = async (table, id) => Number((await dbQuery(server, `SELECT COUNT(*) FROM ${table} WHERE user_id = '${id}'`))[0][0]);
  // The write buffer stores in order: once a later marker row of `witness` is in, earlier events are too.
  async function settled(witness, mark) {
    assert.equal((await click(witness, mark)).status, 202);
    for (let i = 0; i < 200; i++) {
      const [[n]] = await dbQuery(server, `SELECT COUNT(*) FROM user_clicks WHERE user_id = '${witness.id}' AND element = '<b>${mark}</b>'`);
      if (Number(n) === 1) return;
      await new Promise((ok) => setTimeout(ok, 50));
    }
    assert.fail('the witness click was never stored');
  }
  const answer = (p, choice) => send(p.client, 'PUT', '/api/me/privacy/consent', { choice });
  const setting = async (on) => {
    const now = await admin.get('/api/admin/privacy-settings/default');
    assert.equal(now.status, 200, now.text);
    const r = await admin.patch('/api/admin/privacy-settings/default', {
      json: { consentRequired: on, version: now.json.version },
      headers: { 'x-csrf-token': admin.csrfToken },
    });
    assert.equal(r.status, 200, r.text);
  };

  before(async () => {
    [admin, staff] = await signedInClients(server, 'ADMIN01', 'S1001');
    people = await crowd(server, 5, { prefix: 'PC' });
  });

  it('seeds the demo people as accepted: not asked, tracked', async () => {
    const r = await staff.get('/api/me/privacy/consent');
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.choice, 'accepted');
    assert.equal(r.json.ask, false);
    assert.equal(r.json.tracking, true);
    assert.equal(r.json.required, true);
    assert.equal(r.json.answeredVersion, r.json.noticeVersion);
    const [[n]] = await dbQuery(server, "SELECT COUNT(*) FROM users u WHERE NOT EXISTS (SELECT 1 FROM privacy_consents p WHERE p.user_id = u.id AND p.choice = 'accepted') AND u.employee_code NOT LIKE 'PC%'");
    assert.equal(Number(n), 0, 'every demo person accepted');
  });

  it('asks a person who has not answered, and drops their telemetry until they accept', async () => {
    const [p, witness] = people;
    await answer(witness, 'accepted');
    const r = await p.client.get('/api/me/privacy/consent');
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(
      { choice: r.json.choice, ask: r.json.ask, tracking: r.json.tracking, required: r.json.required, answeredAt: r.json.answeredAt },
      { choice: null, ask: true, tracking: false, required: true, answeredAt: null },
    );
    assert.ok(Number.isInteger(r.json.noticeVersion) && r.json.noticeVersion >= 1);

    const dropped = await click(p, 'not-asked');
    assert.equal(dropped.status, 202, dropped.text);
    assert.equal(dropped.json.accepted, 0);
    assert.equal(dropped.json.dropped, 1);
    assert.equal((await activity(p)).status, 202);
    await settled(witness, 'w1');
    assert.equal(await count('user_clicks', p.id), 0);
    assert.equal(await count('user_activity', p.id), 0);

    const yes = await answer(p, 'accepted');
    assert.equal(yes.status, 200, yes.text);
    assert.equal(yes.json.choice, 'accepted');
    assert.equal(yes.json.ask, false);
    assert.equal(yes.json.tracking, true);
    assert.ok(Date.parse(yes.json.answeredAt) > Date.now() - 60_000);
    const kept = await click(p, 'accepted');
    assert.equal(kept.json.accepted, 1);
    assert.equal((await activity(p)).status, 202);
    await settled(witness, 'w2');
    assert.equal(await count('user_clicks', p.id), 1);
    assert.equal(await count('user_activity', p.id), 1);
    // Answered once: the next sign-in is not asked again.
    assert.equal((await p.client.get('/api/me/privacy/consent')).json.ask, false);
  });

  it('drops the telemetry of a person who declined, even after accepting before', async () => {
    const [, witness, p] = people;
    const no = await answer(p, 'declined');
    assert.equal(no.status, 200, no.text);
    assert.deepEqual({ choice: no.json.choice, ask: no.json.ask, tracking: no.json.tracking }, { choice: 'declined', ask: false, tracking: false });
    assert.equal((await click(p, 'declined')).json.dropped, 1);
    await settled(witness, 'w3');
    assert.equal(await count('user_clicks', p.id), 0);
    // Changing their mind (the profile's Privacy card): accepted, then declined again.
    assert.equal((await answer(p, 'accepted')).json.tracking, true);
    assert.equal((await click(p, 'yes-then')).json.accepted, 1);
    assert.equal((await answer(p, 'declined')).json.tracking, false);
    assert.equal((await click(p, 'no-again')).json.dropped, 1);
    await settled(witness, 'w4');
    const [[kept]] = await dbQuery(server, `SELECT element FROM user_clicks WHERE user_id = '${p.id}'`);
    assert.equal(kept, '<b>yes-then</b>');
    assert.equal(await count('user_clicks', p.id), 1);
    const [[choice]] = await dbQuery(server, `SELECT choice FROM privacy_consents WHERE user_id = '${p.id}'`);
    assert.equal(choice, 'declined');
  });

  it('keeps anonymous telemetry (it names no one)', async () => {
    const anon = server.client();
    const r = await anon.post('/api/telemetry', { json: { events: [{ type: 'click', userId: 'anonymous', element: '<a>anon</a>', url: '/login', time: Date.now() }] } });
    assert.equal(r.status, 202, r.text);
    assert.equal(r.json.accepted, 1);
  });

  it('with the setting off, keeps everyone\'s telemetry and asks no one; only admins change it', async () => {
    const [, witness, decliner, , fresh] = people;
    const editor = (await signedInClients(server, 'EDIT01'))[0];
    const denied = await editor.patch('/api/admin/privacy-settings/default', {
      json: { consentRequired: false, version: 1 },
      headers: { 'x-csrf-token': editor.csrfToken },
    });
    assertEnvelope(denied, 403);
    assertEnvelope(await staff.get('/api/admin/privacy-settings/default'), 403);

    await setting(false);
    try {
      const r = await fresh.client.get('/api/me/privacy/consent');
      assert.deepEqual({ required: r.json.required, ask: r.json.ask, tracking: r.json.tracking, choice: r.json.choice }, { required: false, ask: false, tracking: true, choice: null });
      assert.equal((await click(fresh, 'off-fresh')).json.accepted, 1);
      assert.equal((await click(decliner, 'off-declined')).json.accepted, 1);
      await settled(witness, 'w5');
      assert.equal(await count('user_clicks', fresh.id), 1);
      const [[audit]] = await dbQuery(server, "SELECT after_json FROM audit_log WHERE resource = 'privacy-settings' ORDER BY at DESC LIMIT 1");
      assert.equal(JSON.parse(audit).consentRequired, false);
    } finally {
      await setting(true);
    }
    assert.equal((await click(fresh, 'on-again')).json.dropped, 1);
    assert.equal((await fresh.client.get('/api/me/privacy/consent')).json.ask, true);
  });

  it('takes an answer only with CSRF, signed in, and one of two choices', async () => {
    const p = people[3];
    const noToken = await p.client.request('PUT', '/api/me/privacy/consent', { json: { choice: 'accepted' } });
    assertEnvelope(noToken, 403, 'CSRF_FAILED');
    const anon = server.client();
    await anon.csrf();
    assertEnvelope(await send(anon, 'PUT', '/api/me/privacy/consent', { choice: 'accepted' }), 401);
    assertEnvelope(await anon.get('/api/me/privacy/consent'), 401);
    const bad = await answer(p, 'maybe');
    assertEnvelope(bad, 422, 'VALIDATION_FAILED');
    assert.ok(bad.json.error.fields.choice);
    assertEnvelope(await send(p.client, 'PUT', '/api/me/privacy/consent', {}), 422, 'VALIDATION_FAILED');
    const [[n]] = await dbQuery(server, `SELECT COUNT(*) FROM privacy_consents WHERE user_id = '${p.id}'`);
    assert.equal(Number(n), 0, 'nothing stored for a refused answer');
    assert.equal((await p.client.get('/api/me/privacy/consent')).json.ask, true);
  });

  it('stores one row per person under parallel answers, the last one wins', async () => {
    const p = people[4];
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => answer(p, i % 2 ? 'accepted' : 'declined')));
    for (const r of answers) assert.equal(r.status, 200, r.text);
    const rows = await dbQuery(server, `SELECT choice FROM privacy_consents WHERE user_id = '${p.id}'`);
    assert.equal(rows.length, 1);
    assert.equal((await p.client.get('/api/me/privacy/consent')).json.choice, rows[0][0]);
  });
});
