// Messages (issue 15) through real HTTP on SQLite and PostgreSQL: a broadcast reaches exactly its audience
// (one delivery row each), read state and the read count move once per person, threads are their person's and
// the back office's only (another's id → 404), roles (403), bad input codes, the sending rate limit, and live
// delivery on a real WebSocket — on PostgreSQL also to a socket held by a second server process.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { useServer, assertEnvelope, startServer, Client, signedInClients } from './harness.mjs';
import { send, create } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';
import { connect, waitFor } from './realtime.mjs';

/** n staff of a position of their own, so an audience {positions:[position]} is exactly them. */
async function team(server, n, prefix) {
  const people = await crowd(server, n, { prefix });
  const position = `MSG-${randomBytes(3).toString('hex')}`;
  await dbQuery(server, `UPDATE users SET position = '${position}' WHERE id IN (${people.map((p) => `'${p.id}'`).join(', ')})`);
  return { people, position };
}

const broadcast = async (editor, over = {}) =>
  create(editor, 'broadcasts', { title: `ประกาศ ${randomBytes(2).toString('hex')}`, body: '<p>สวัสดี <strong>ทุกคน</strong></p>', ...over });
const sendIt = (c, id) => send(c, 'POST', `/api/admin/broadcasts/${id}/send`, {});
const unread = async (c) => (await c.get('/api/messages/unread-count')).json;
const inbox = async (c) => (await c.get('/api/messages')).json;

describe('messages', () => {
  const server = useServer();
  let editor, admin, staff;

  before(async () => {
    [editor, admin, staff] = await signedInClients(server, 'EDIT01', 'ADMIN01', 'S2002');
  });

  it('a broadcast reaches exactly its audience; read state and the read count move once per person', async () => {
    const { people, position } = await team(server, 3, 'MB');
    const [outsider] = await crowd(server, 1, { prefix: 'MO' });
    const b = await broadcast(editor, { audience: { positions: [position] } });
    assert.equal(b.status, 'draft');
    // A draft reaches nobody.
    assert.ok(!(await inbox(people[0].client)).items.some((x) => x.id === b.id));
    const r = await sendIt(editor, b.id);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.recipients, 3);
    assert.equal(r.json.item.status, 'sent');
    assert.equal(r.json.item.recipientsCount, 3);
    assert.ok(r.json.item.sentAt);
    const rows = await dbQuery(server, `SELECT COUNT(*) FROM broadcast_deliveries WHERE broadcast_id = '${b.id}'`);
    assert.equal(Number(rows[0][0]), 3);
    // Sent once: a second send and an edit are conflicts.
    assertEnvelope(await sendIt(editor, b.id), 409, 'CONFLICT');
    assertEnvelope(await send(editor, 'PATCH', `/api/admin/broadcasts/${b.id}`, { title: 'x', version: r.json.item.version }), 409, 'CONFLICT');

    for (const p of people) {
      const box = await inbox(p.client);
      const item = box.items.find((x) => x.id === b.id);
      assert.equal(item.kind, 'broadcast');
      assert.equal(item.unread, 1);
      assert.equal(item.preview, 'สวัสดี ทุกคน');
      assert.equal((await unread(p.client)).broadcasts, 1);
    }
    assert.ok(!(await inbox(outsider.client)).items.some((x) => x.id === b.id));
    assertEnvelope(await outsider.client.get(`/api/messages/broadcasts/${b.id}`), 404, 'NOT_FOUND');
    assertEnvelope(await send(outsider.client, 'POST', `/api/messages/broadcasts/${b.id}/read`), 404, 'NOT_FOUND');

    const one = await people[0].client.get(`/api/messages/broadcasts/${b.id}`);
    assert.equal(one.json.broadcast.body, '<p>สวัสดี <strong>ทุกคน</strong></p>');
    assert.equal(one.json.broadcast.read, false);
    // Read twice, and by two people at once: the count moves once per person.
    const reads = await Promise.all([
      send(people[0].client, 'POST', `/api/messages/broadcasts/${b.id}/read`),
      send(people[0].client, 'POST', `/api/messages/broadcasts/${b.id}/read`),
      send(people[1].client, 'POST', `/api/messages/broadcasts/${b.id}/read`),
    ]);
    for (const x of reads) assert.equal(x.status, 200, x.text);
    assert.equal(reads[0].json.unread.broadcasts, 0);
    assert.equal((await unread(people[0].client)).unread, 0);
    assert.equal((await unread(people[2].client)).unread, 1);
    assert.equal((await people[0].client.get(`/api/messages/broadcasts/${b.id}`)).json.broadcast.read, true);
    const after = (await editor.get(`/api/admin/broadcasts/${b.id}`)).json;
    assert.equal(after.readsCount, 2);
    assert.equal(after.recipientsCount, 3);
  });

  it('an audience by store and position reaches those people, mixed case and all, and nobody else', async () => {
    const cnx = (await admin.get('/api/admin/stores?q=CNX01')).json.items.find((x) => x.code === 'CNX01').id;
    const there = await crowd(server, 2, { prefix: 'MC', store: 'CNX01' });
    const [here] = await crowd(server, 1, { prefix: 'MK', store: 'BKK01' });
    const position = `Msg-Case-${randomBytes(2).toString('hex')}`;
    await dbQuery(server, `UPDATE users SET position = '${position.toUpperCase()}' WHERE id IN ('${there[0].id}', '${here.id}')`);
    const byStore = await broadcast(editor, { audience: { stores: [cnx] } });
    assert.equal((await sendIt(editor, byStore.id)).status, 200);
    const both = await broadcast(editor, { audience: { stores: [cnx], positions: [position] } });
    const r = await sendIt(editor, both.id);
    assert.equal(r.json.recipients, 1, r.text);
    const got = async (p, id) => (await inbox(p.client)).items.some((x) => x.id === id);
    assert.equal(await got(there[0], byStore.id), true);
    assert.equal(await got(there[1], byStore.id), true);
    assert.equal(await got(here, byStore.id), false);
    assert.equal(await got(there[0], both.id), true);
    assert.equal(await got(there[1], both.id), false);
    assert.equal(await got(here, both.id), false);
  });

  it('rich text is sanitised, an image must be an image, and bad input gets its codes', async () => {
    const b = await broadcast(editor, { body: '<p onclick="x()">hi <a href="javascript:alert(1)">link</a><script>alert(1)</script></p>' });
    assert.ok(!/javascript|onclick|<script/i.test(b.body), b.body);
    assert.match(b.body, /hi/);
    let r = await send(editor, 'POST', '/api/admin/broadcasts', { body: '<p>x</p>' });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.ok(r.json.error.fields.title);
    r = await send(editor, 'POST', '/api/admin/broadcasts', { title: 'x'.repeat(201), body: '<p>x</p>' });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    r = await send(editor, 'POST', '/api/admin/broadcasts', { title: 5, body: '<p>x</p>' });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    r = await send(editor, 'POST', '/api/admin/broadcasts', { title: 'x', body: '<p>x</p>', audience: { stores: 'BKK01' } });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    r = await send(editor, 'POST', '/api/admin/broadcasts', { title: 'x', body: '<p>x</p>', image: '01234567-89ab-cdef-0123-456789abcdef' });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.ok(r.json.error.fields.image, r.text);
    // An audience that holds nobody cannot be sent to.
    const empty = await broadcast(editor, { audience: { positions: ['nobody-has-this'] } });
    r = await sendIt(editor, empty.id);
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(r.json.error.fieldCodes.audience.code, 'NOBODY_IN_AUDIENCE');

    const [p] = await crowd(server, 1, { prefix: 'MV' });
    const bad = async (body, field, code) => {
      const x = await send(p.client, 'POST', '/api/messages/threads', body);
      assertEnvelope(x, 422, 'VALIDATION_FAILED');
      assert.equal(x.json.error.fieldCodes[field].code, code, x.text);
    };
    await bad({ body: 'hi' }, 'subject', 'REQUIRED');
    await bad({ subject: 'hi' }, 'body', 'REQUIRED');
    await bad({ subject: 12, body: 'hi' }, 'subject', 'MUST_BE_TEXT');
    await bad({ subject: 'hi', body: ['x'] }, 'body', 'MUST_BE_TEXT');
    await bad({ subject: '   ', body: 'hi' }, 'subject', 'WRITE_SOMETHING');
    await bad({ subject: 'ก'.repeat(101), body: 'hi' }, 'subject', 'AT_MOST_100_CHARS');
    await bad({ subject: 'hi', body: 'ก'.repeat(2001) }, 'body', 'AT_MOST_2000_CHARS');
    await bad({ subject: 'hi', body: 'a\u0000b' }, 'body', 'MUST_BE_PLAIN_TEXT');
    r = await p.client.request('POST', '/api/messages/threads', { body: '{"subject":', headers: { 'content-type': 'application/json', 'x-csrf-token': p.client.csrfToken } });
    assertEnvelope(r, 400, 'BAD_JSON');
    assertEnvelope(await p.client.request('POST', '/api/messages/threads', { json: { subject: 'a', body: 'b' } }), 403, 'CSRF_FAILED');
    // 2,000 Thai characters is fine; markup stays text (the web escapes it).
    r = await send(p.client, 'POST', '/api/messages/threads', { subject: 'ก'.repeat(100), body: '<b>ก</b>'.repeat(250) });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json.thread.messages[0].body, '<b>ก</b>'.repeat(250));
  });

  it('roles: staff cannot send broadcasts or read the office inbox; the office does not start threads', async () => {
    assertEnvelope(await send(staff, 'POST', '/api/admin/broadcasts', { title: 'x', body: '<p>x</p>' }), 403, 'FORBIDDEN');
    assertEnvelope(await staff.get('/api/admin/broadcasts'), 403, 'FORBIDDEN');
    assertEnvelope(await staff.get('/api/admin/messages/threads'), 403, 'FORBIDDEN');
    const b = await broadcast(editor);
    assertEnvelope(await sendIt(staff, b.id), 403, 'FORBIDDEN');
    assertEnvelope(await send(editor, 'POST', '/api/messages/threads', { subject: 'x', body: 'y' }), 403, 'FORBIDDEN');
    const anonymous = server.client();
    assertEnvelope(await anonymous.get('/api/messages'), 401);
    assertEnvelope(await anonymous.get('/api/messages/unread-count'), 401);
  });

  it("threads: the person and the office talk; unread marks move; another person's thread is 404", async () => {
    const [p, q] = await crowd(server, 2, { prefix: 'MT' });
    const officeBefore = (await unread(editor)).threads;
    let r = await send(p.client, 'POST', '/api/messages/threads', { subject: 'ป้ายราคา', body: 'ป้ายไม่พอครับ' });
    assert.equal(r.status, 201, r.text);
    const t = r.json.thread;
    assert.equal(t.messages.length, 1);
    assert.equal(t.messages[0].fromOffice, false);
    assert.equal(t.person.id, p.id);
    assert.ok((await unread(editor)).threads >= officeBefore + 1);
    const desk = (await editor.get('/api/admin/messages/threads?waiting=1')).json;
    assert.equal(desk.items.find((x) => x.id === t.id).unread, 1);
    assert.equal(desk.items.find((x) => x.id === t.id).person.id, p.id);

    // The office answers: the person has one unread thread; the thread no longer waits.
    r = await send(editor, 'POST', `/api/messages/threads/${t.id}/messages`, { body: 'จะส่งเพิ่มให้ค่ะ' });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json.message.fromOffice, true);
    assert.ok(!(await editor.get('/api/admin/messages/threads?waiting=1')).json.items.some((x) => x.id === t.id));
    assert.deepEqual(await unread(p.client), { unread: 1, broadcasts: 0, threads: 1 });
    // The answer is a notice in the person's bell too, linking to the thread.
    const notices = (await p.client.get('/api/notifications')).json.items.filter((n) => n.type === 'message');
    assert.equal(notices.length, 1);
    assert.equal(notices[0].link, `/messager/t/${t.id}`);
    assert.equal(notices[0].params.title, 'ป้ายราคา');
    const item = (await inbox(p.client)).items.find((x) => x.id === t.id);
    assert.equal(item.kind, 'thread');
    assert.equal(item.unread, 1);
    assert.equal(item.preview, 'จะส่งเพิ่มให้ค่ะ');
    const seen = (await p.client.get(`/api/messages/threads/${t.id}`)).json.thread;
    assert.deepEqual(seen.messages.map((m) => m.fromOffice), [false, true]);
    assert.equal((await send(p.client, 'POST', `/api/messages/threads/${t.id}/read`)).json.unread.unread, 0);
    r = await send(p.client, 'POST', `/api/messages/threads/${t.id}/messages`, { body: 'ขอบคุณครับ' });
    assert.equal(r.status, 201, r.text);
    assert.equal((await editor.get('/api/admin/messages/threads?waiting=1')).json.items.find((x) => x.id === t.id).unread, 1);
    assert.equal((await send(admin, 'POST', `/api/messages/threads/${t.id}/read`)).status, 200);
    assert.ok(!(await editor.get('/api/admin/messages/threads?waiting=1')).json.items.some((x) => x.id === t.id));

    // Another person: absent, whatever they try; ids that are not ids too.
    assertEnvelope(await q.client.get(`/api/messages/threads/${t.id}`), 404, 'NOT_FOUND');
    assertEnvelope(await send(q.client, 'POST', `/api/messages/threads/${t.id}/messages`, { body: 'x' }), 404, 'NOT_FOUND');
    assertEnvelope(await send(q.client, 'POST', `/api/messages/threads/${t.id}/read`), 404, 'NOT_FOUND');
    assertEnvelope(await q.client.get("/api/messages/threads/x'%20OR%201"), 404, 'NOT_FOUND');
    assert.ok(!(await inbox(q.client)).items.some((x) => x.id === t.id));
    assert.equal((await p.client.get(`/api/messages/threads/${t.id}`)).json.thread.messages.length, 3);
  });

  it('the inbox pages by keyset: every item once, newest first, ties in one millisecond included', async () => {
    const { people: [p], position } = await team(server, 1, 'MP');
    const sent = [];
    for (let i = 0; i < 7; i++) {
      const b = await broadcast(editor, { audience: { positions: [position] } });
      assert.equal((await sendIt(editor, b.id)).status, 200);
      sent.push(b.id);
    }
    const threads = [];
    for (let i = 0; i < 3; i++) threads.push((await send(p.client, 'POST', '/api/messages/threads', { subject: `หน้า ${i}`, body: 'ทดสอบ' })).json.thread.id);
    // Four items of one millisecond (two of each kind), so a page boundary falls inside a tie.
    const tie = Date.now() - 60_000;
    await dbQuery(server, `UPDATE broadcast_deliveries SET delivered_at = ${tie} WHERE user_id = '${p.id}' AND broadcast_id IN ('${sent[2]}', '${sent[3]}')`);
    await dbQuery(server, `UPDATE message_threads SET last_message_at = ${tie} WHERE id IN ('${threads[0]}', '${threads[1]}')`);
    const all = (await p.client.get('/api/messages?limit=100')).json;
    assert.equal(all.items.length, 10);
    assert.equal(all.next, null);
    const seen = [];
    let before = null;
    for (let page = 0; page < 10; page++) {
      const r = await p.client.get(`/api/messages?limit=3${before ? `&before=${encodeURIComponent(before)}` : ''}`);
      assert.equal(r.status, 200, r.text);
      assert.ok(r.json.items.length <= 3);
      seen.push(...r.json.items.map((x) => `${x.kind}:${x.id}`));
      before = r.json.next;
      if (!before) break;
    }
    assert.deepEqual(seen, all.items.map((x) => `${x.kind}:${x.id}`));
    assert.equal(new Set(seen).size, 10);
    // Default page: 30; a cursor this server did not write → 400 naming it.
    assert.equal((await inbox(p.client)).items.length, 10);
    for (const bad of ['abc', '1.2', '-1.0.x', `1.0.${"'"} OR 1=1`]) {
      const r = await p.client.get(`/api/messages?before=${encodeURIComponent(bad)}`);
      assertEnvelope(r, 400, 'BAD_REQUEST');
      assert.equal(r.json.error.fieldCodes.before.code, 'PAGE_CURSOR', bad);
    }
  });

  it('sending is rate-limited per person (threads and replies together)', async () => {
    const [p] = await crowd(server, 1, { prefix: 'MR' });
    const t = (await send(p.client, 'POST', '/api/messages/threads', { subject: 'เร็ว', body: '1' })).json.thread;
    const runs = [];
    for (let i = 0; i < 15; i++) runs.push(await send(p.client, 'POST', `/api/messages/threads/${t.id}/messages`, { body: `m${i}` }));
    const limited = runs.filter((x) => x.status === 429);
    assert.ok(limited.length >= 4, runs.map((x) => x.status).join(','));
    assertEnvelope(limited[0], 429, 'RATE_LIMITED');
    assert.ok(Number(limited[0].headers.get('retry-after')) >= 1);
    // What was refused was not written.
    const count = (await p.client.get(`/api/messages/threads/${t.id}`)).json.thread.messages.length;
    assert.equal(count, 1 + runs.filter((x) => x.status === 201).length);
  });

  it('live: a broadcast reaches the open sockets of its audience only; a reply reaches the person and the office', async () => {
    const { people, position } = await team(server, 2, 'ML');
    const [outsider] = await crowd(server, 1, { prefix: 'MX' });
    const sockets = [await connect(server, people[0].client), await connect(server, people[1].client), await connect(server, outsider.client), await connect(server, editor)];
    try {
      await waitFor(() => sockets.every((ws) => ws.messages.some((m) => m.type === 'hello')), 'hello');
      const b = await broadcast(editor, { audience: { positions: [position] }, title: 'สดๆ' });
      assert.equal((await sendIt(editor, b.id)).status, 200);
      for (const ws of sockets.slice(0, 2))
        await waitFor(() => ws.messages.some((m) => m.type === 'messages' && m.event === 'broadcast' && m.broadcast.id === b.id), 'the broadcast');
      const m = sockets[0].messages.find((x) => x.type === 'messages');
      assert.equal(m.broadcast.title, 'สดๆ');
      assert.equal(m.broadcast.preview, 'สวัสดี ทุกคน');

      const t = (await send(people[0].client, 'POST', '/api/messages/threads', { subject: 'ถาม', body: 'สวัสดีครับ' })).json.thread;
      await waitFor(() => sockets[3].messages.some((x) => x.type === 'messages' && x.event === 'thread' && x.threadId === t.id && x.unread.threads >= 1), 'the office hears of the thread');
      await send(editor, 'POST', `/api/messages/threads/${t.id}/messages`, { body: 'ตอบแล้วค่ะ' });
      await waitFor(() => sockets[0].messages.some((x) => x.type === 'messages' && x.event === 'thread' && x.threadId === t.id && x.unread.threads === 1), 'the reply with its count');
      assert.ok(!sockets[2].messages.some((x) => x.type === 'messages'), 'an outsider hears nothing');
      assert.ok(!sockets[1].messages.some((x) => x.type === 'messages' && x.event === 'thread'), "another person hears nothing of the thread");
    } finally {
      for (const ws of sockets) ws.close();
    }
  });
});

describe('messages across two server processes on one PostgreSQL', { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL' }, () => {
  it('a broadcast sent on node A reaches a socket on node B; a reply too', async () => {
    const a = await startServer();
    let b;
    const sockets = [];
    try {
      b = await startServer({ env: { DATABASE_URL: a.databaseUrl } });
      const editor = a.client();
      await editor.signInOk('EDIT01');
      await editor.csrf();
      const { people, position } = await team(a, 1, 'MN');
      const onB = new Client(b.origin, people[0].client.jar.clone());
      await onB.csrf();
      sockets.push(await connect(b, onB));
      await waitFor(() => sockets[0].messages.some((m) => m.type === 'hello'), 'hello');
      const item = await broadcast(editor, { audience: { positions: [position] } });
      assert.equal((await sendIt(editor, item.id)).status, 200);
      await waitFor(() => sockets[0].messages.some((m) => m.type === 'messages' && m.event === 'broadcast' && m.broadcast.id === item.id), 'the broadcast on node B');
      const t = (await send(onB, 'POST', '/api/messages/threads', { subject: 'ข้ามเครื่อง', body: 'ถึงไหม' })).json.thread;
      await send(editor, 'POST', `/api/messages/threads/${t.id}/messages`, { body: 'ถึงค่ะ' });
      await waitFor(() => sockets[0].messages.some((m) => m.type === 'messages' && m.event === 'thread' && m.threadId === t.id && m.unread.threads === 1), 'the reply on node B');
    } finally {
      for (const ws of sockets) ws.close();
      await b?.stop();
      await a.stop();
    }
  });
});
