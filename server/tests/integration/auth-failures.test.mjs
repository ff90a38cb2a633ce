// Failed sign-ins: wrong password and unknown user answer the same; pending and disabled accounts.
// At most 4 failed attempts in this file so the per-IP limit (5) is never reached here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, assertEnvelope, DEMO_PASSWORD, SESSION_COOKIE } from './harness.mjs';

function withoutRequestId(json) {
  const copy = structuredClone(json);
  if (copy?.error) delete copy.error.requestId;
  return copy;
}

describe('failed sign-ins', () => {
  const server = useServer({
    users: [{ identifier: 'P9001', password: 'Pending#2026', name: 'Pending Person', status: 'pending', store: 'BKK01' }],
  });

  it('wrong password and unknown user give the same status and body', async () => {
    const a = server.client();
    const wrong = await a.signIn('S1002', 'not-the-password');
    const b = server.client();
    const unknown = await b.signIn('NOSUCHUSER', 'not-the-password');

    assertEnvelope(wrong, 401);
    assertEnvelope(unknown, 401);
    assert.equal(wrong.json.url, `${server.origin}/api/auth/error?error=CredentialsSignin&provider=credentials`);
    assert.deepEqual(withoutRequestId(wrong.json), withoutRequestId(unknown.json));
    assert.equal(wrong.headers.get('content-type'), unknown.headers.get('content-type'));
    assert.equal(a.jar.get(SESSION_COOKIE), undefined);
    assert.equal(b.jar.get(SESSION_COOKIE), undefined);
    assert.deepEqual(await a.session(), {});
  });

  it('a pending account with the right password → 403 AccountPending', async () => {
    const c = server.client();
    const r = await c.signIn('P9001', 'Pending#2026');
    assertEnvelope(r, 403);
    assert.equal(new URL(r.json.url).searchParams.get('error'), 'AccountPending');
    assert.ok(r.json.url.startsWith(`${server.origin}/api/auth/error?`), r.json.url);
    assert.equal(c.jar.get(SESSION_COOKIE), undefined);
  });

  it('a disabled account (created while the server runs) → 403 AccountDisabled', async () => {
    await server.cli([
      'user', 'create', '--identifier', 'D9001', '--password', 'Disabled#2026', '--name', 'Disabled Person',
      '--email', 'disabled@shopfloor.example', '--status', 'disabled',
    ]);
    const c = server.client();
    const r = await c.signIn('disabled@shopfloor.example', 'Disabled#2026');
    assertEnvelope(r, 403);
    assert.equal(new URL(r.json.url).searchParams.get('error'), 'AccountDisabled');
    assert.equal(c.jar.get(SESSION_COOKIE), undefined);
  });

  it('an active account created while the server runs can sign in', async () => {
    await server.cli([
      'user', 'create', '--identifier', 'E9001', '--password', 'Editor#2026', '--name', 'New Editor',
      '--role', 'editor', '--store', 'CNX01',
    ]);
    const c = server.client();
    await c.signInOk('E9001', 'Editor#2026');
    const s = await c.session();
    assert.equal(s.user.name, 'New Editor');
    assert.equal(s.user.role, 'editor');
  });

  it('the right password still works for the account that had a failure', async () => {
    const c = server.client();
    await c.signInOk('S1002', DEMO_PASSWORD);
  });
});
