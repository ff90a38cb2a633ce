// Polls (issue 13) through real HTTP on SQLite and PostgreSQL: one ballot per person even with 50 concurrent
// votes, single/multiple choice limits, results visibility (after voting, after closing, admins only), window
// and audience → 404 / NOT_OPEN, bad input codes, the admin's results and export.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, signedInClients, assertEnvelope } from './harness.mjs';
import { send, create, iso, HOUR } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';

describe('polls', () => {
  const server = useServer();
  let editor, staff;

  before(async () => {
    [editor, staff] = await signedInClients(server, 'EDIT01', 'S2002');
  });

  const poll = async (over = {}, texts = ['ก', 'ข', 'ค']) => {
    const p = await create(editor, 'polls', { title: `โหวต ${Math.random().toString(36).slice(2, 6)}`, status: 'published', ...over });
    const options = [];
    for (const text of texts) options.push(await create(editor, 'poll-options', { poll: p.id, text }));
    return { p, options };
  };
  const vote = (c, id, optionIds) => send(c, 'POST', `/api/polls/${id}/vote`, { optionIds });

  it('one ballot per person under 50 concurrent votes; results after voting', async () => {
    const { p, options } = await poll();
    const [x] = await crowd(server, 1, { prefix: 'PV' });
    const runs = await Promise.all(Array.from({ length: 50 }, (_, i) => vote(x.client, p.id, [options[i % 3].id])));
    const ok = runs.filter((r) => r.status === 200);
    assert.equal(ok.length, 1, runs.map((r) => r.status).join(','));
    for (const r of runs.filter((y) => y.status !== 200)) assertEnvelope(r, 409, 'ALREADY_VOTED');
    const mine = ok[0].json.poll;
    assert.equal(mine.myVote.length, 1);
    assert.equal(mine.results.total, 1);
    assert.equal(mine.results.options.reduce((n, o) => n + o.votes, 0), 1);
    assert.equal(mine.results.options.find((o) => o.id === mine.myVote[0]).percent, 100);
    // Before voting, someone else sees the question but not the results.
    const other = (await staff.get(`/api/polls/${p.id}`)).json.poll;
    assert.equal(other.results, null);
    assert.equal(other.myVote, null);
    const admin = (await editor.get(`/api/admin/polls/${p.id}/results`)).json;
    assert.equal(admin.total, 1);
    const csv = await editor.get(`/api/admin/polls/${p.id}/results/export?format=csv`);
    assert.match(csv.text, /^\uFEFF?option,votes,percent\r\n/);
    const xlsx = await editor.get(`/api/admin/polls/${p.id}/results/export?format=xlsx`);
    assert.equal(xlsx.status, 200);
    assert.match(xlsx.headers.get('content-type'), /spreadsheetml/);
  });

  it('choice limits and bad input get their codes', async () => {
    const single = await poll();
    const multi = await poll({ choice: 'multiple', maxChoices: 2 }, ['1', '2', '3', '4']);
    const [x] = await crowd(server, 1, { prefix: 'PL' });
    let r = await vote(x.client, single.p.id, [single.options[0].id, single.options[1].id]);
    assert.equal(r.json.error.fieldCodes.optionIds.code, 'POLL_AT_MOST');
    r = await vote(x.client, single.p.id, []);
    assert.equal(r.json.error.fieldCodes.optionIds.code, 'POLL_CHOICES');
    r = await vote(x.client, single.p.id, [single.options[0].id, single.options[0].id]);
    assert.equal(r.json.error.fieldCodes.optionIds.code, 'POLL_CHOICES');
    r = await vote(x.client, single.p.id, [multi.options[0].id]);
    assert.equal(r.json.error.fieldCodes.optionIds.code, 'OPTION_NOT_IN_POLL');
    r = await x.client.request('POST', `/api/polls/${single.p.id}/vote`, { body: '{"optionIds":', headers: { 'content-type': 'application/json', 'x-csrf-token': x.client.csrfToken } });
    assertEnvelope(r, 400, 'BAD_JSON');
    assertEnvelope(await x.client.request('POST', `/api/polls/${single.p.id}/vote`, { json: { optionIds: [single.options[0].id] } }), 403, 'CSRF_FAILED');
    r = await vote(x.client, multi.p.id, multi.options.slice(0, 3).map((o) => o.id));
    assert.equal(r.json.error.fieldCodes.optionIds.code, 'POLL_AT_MOST');
    r = await vote(x.client, multi.p.id, multi.options.slice(0, 2).map((o) => o.id));
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.json.poll.myVote.sort(), multi.options.slice(0, 2).map((o) => o.id).sort());
    assert.equal(r.json.poll.results.options[0].percent, 100);
  });

  it('window, audience and visibility: drafts and others are 404, a closed poll is NOT_OPEN with its results', async () => {
    const draft = await poll({ status: 'draft' });
    assertEnvelope(await staff.get(`/api/polls/${draft.p.id}`), 404, 'NOT_FOUND');
    const later = await poll({ startAt: iso(HOUR) });
    assertEnvelope(await vote(staff, later.p.id, [later.options[0].id]), 404, 'NOT_FOUND');
    const elsewhere = await poll({ audience: { stores: ['BKK01'] } });  // S2002 is in CNX01
    assertEnvelope(await vote(staff, elsewhere.p.id, [elsewhere.options[0].id]), 404, 'NOT_FOUND');
    const hidden = await poll({ resultsVisibility: 'admins' });
    const r = await vote(staff, hidden.p.id, [hidden.options[0].id]);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.poll.results, null, 'admins-only results stay hidden after voting');
    const closing = await poll({ resultsVisibility: 'after_close' });
    const v = await vote(staff, closing.p.id, [closing.options[1].id]);
    assert.equal(v.json.poll.results, null, 'not before it closes');
    await send(editor, 'PATCH', `/api/admin/polls/${closing.p.id}`, { endAt: iso(-1000), version: (await editor.get(`/api/admin/polls/${closing.p.id}`)).json.version });
    const after = (await staff.get(`/api/polls/${closing.p.id}`)).json.poll;
    assert.equal(after.open, false);
    assert.equal(after.results.total, 1);
    assertEnvelope(await vote(staff, closing.p.id, [closing.options[0].id]), 409, 'NOT_OPEN');
    const list = (await staff.get('/api/polls')).json.items.map((x) => x.id);
    assert.ok(list.includes(closing.p.id) && list.includes(hidden.p.id));
    assert.ok(![draft.p.id, later.p.id, elsewhere.p.id].some((id) => list.includes(id)));
  });
});
