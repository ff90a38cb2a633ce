// Campaigns and naming contests (issue 13) through real HTTP on SQLite and PostgreSQL: the phase rules,
// moderation (pending invisible to others, the rejection reason shown to its author), the per-person limits
// under real parallel requests, points exactly once when announcing (twice or at once), the naming contest
// from proposal to winner, audience and window → 404, the signed-in photo upload and every bad input's code.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, signedInClients, assertEnvelope } from './harness.mjs';
import { send, create, iso, HOUR, png, pdf } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';
import { postPhoto } from './photos.mjs';

describe('contests', () => {
  const server = useServer();
  let editor, staff;

  before(async () => {
    [editor, staff] = await signedInClients(server, 'EDIT01', 'S2002');
  });

  // Phases relative to now, in hours: [entriesStart, entriesEnd, votingStart, votingEnd].
  const PHASES = { entries: [-1, 1, 2, 3], voting: [-3, -2, -1, 1], upcoming: [1, 2, 3, 4], over: [-4, -3, -2, -1] };
  const times = (p) => {
    const [a, b, c, d] = PHASES[p];
    return { entriesStart: iso(a * HOUR), entriesEnd: iso(b * HOUR), votingStart: iso(c * HOUR), votingEnd: iso(d * HOUR) };
  };
  const contest = (over = {}, phase = 'entries') =>
    create(editor, 'campaigns', { title: `แคมเปญ ${Math.random().toString(36).slice(2, 6)}`, status: 'published', kind: 'campaign', entryType: 'text', ...times(phase), ...over });
  const move = async (id, phase) => {
    const { version } = (await editor.get(`/api/admin/campaigns/${id}`)).json;
    const r = await send(editor, 'PATCH', `/api/admin/campaigns/${id}`, { ...times(phase), version });
    assert.equal(r.status, 200, r.text);
  };
  const enter = (c, id, body) => send(c, 'POST', `/api/contests/${id}/entries`, body);
  const vote = (c, id, entryId) => send(c, 'POST', `/api/contests/${id}/entries/${entryId}/vote`, {});
  const moderate = (id, ids, decision, reason) => send(editor, 'POST', `/api/admin/campaigns/${id}/moderate`, { ids, decision, reason });
  const uploadPhoto = (c, body, type = 'image/png') => postPhoto(server, c, body, type);
  const count = async (sql) => Number((await dbQuery(server, sql))[0][0]);
  const ledger = (key) => count(`SELECT COUNT(*) FROM points_ledger WHERE idempotency_key LIKE '${key}%'`);

  it('photo campaign: own photo only, moderation visibility and reasons, phase rules', async () => {
    const c = await contest({ entryType: 'photo', entryLimit: 2, entryPoints: 5 });
    const [a, b] = await crowd(server, 2, { prefix: 'CP' });
    const up = await uploadPhoto(a.client, png(40, 30, 7));
    assert.equal(up.status, 201, up.text);
    const photo = up.json.photo;
    assert.equal(photo.kind, 'image');
    assert.equal(photo.width, 40);
    // Not an image / lying type → 415; another person's photo → 422 PHOTO_NOT_YOURS.
    assertEnvelope(await uploadPhoto(a.client, pdf(1), 'application/pdf'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    assertEnvelope(await uploadPhoto(a.client, Buffer.from('not a png at all'), 'image/png'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    let r = await enter(b.client, c.id, { photoId: photo.id });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(r.json.error.fieldCodes.photoId.code, 'PHOTO_NOT_YOURS');
    r = await enter(a.client, c.id, {});
    assert.equal(r.json.error.fieldCodes.photoId.code, 'REQUIRED');
    r = await enter(a.client, c.id, { photoId: 42 });
    assert.equal(r.json.error.fieldCodes.photoId.code, 'MUST_BE_ID');
    r = await enter(a.client, c.id, { photoId: photo.id, text: 'มุมผลไม้' });
    assert.equal(r.status, 201, r.text);
    const mine = r.json.entry;
    assert.equal(mine.status, 'pending');
    assert.equal(mine.photo.id, photo.id);
    // Pending: the author sees it, others do not.
    let page = (await b.client.get(`/api/contests/${c.id}`)).json;
    assert.equal(page.entries.length, 0);
    page = (await a.client.get(`/api/contests/${c.id}`)).json;
    assert.equal(page.mine.length, 1);
    assert.equal(page.contest.myEntries, 1);
    // A second entry, rejected with a reason only its author sees.
    const second = (await enter(a.client, c.id, { photoId: photo.id })).json.entry;
    assertEnvelope(await enter(a.client, c.id, { photoId: photo.id }), 409, 'ENTRY_LIMIT');
    assertEnvelope(await moderate(c.id, [second.id], 'reject'), 422, 'VALIDATION_FAILED');
    assert.equal((await moderate(c.id, [second.id], 'reject', 'รูปไม่ชัด')).json.updated, 1);
    assert.equal((await moderate(c.id, [mine.id], 'approve')).json.updated, 1);
    assertEnvelope(await moderate(c.id, [mine.id], 'approve'), 409, 'NOT_PENDING');
    assert.equal(await ledger(`campaign-entry:${mine.id}:`), 1, 'entry points once');
    page = (await a.client.get(`/api/contests/${c.id}`)).json;
    const rejected = page.mine.find((e) => e.id === second.id);
    assert.equal(rejected.status, 'rejected');
    assert.equal(rejected.rejectReason, 'รูปไม่ชัด');
    // The author is told both outcomes, the rejection with its reason.
    const notices = (await a.client.get('/api/notifications')).json.items.filter((n) => n.link === `/club/campaigns/${c.id}`);
    assert.deepEqual(notices.map((n) => n.type).sort(), ['entry_approved', 'entry_rejected']);
    assert.equal(notices.find((n) => n.type === 'entry_rejected').params.reason, 'รูปไม่ชัด');
    page = (await b.client.get(`/api/contests/${c.id}`)).json;
    assert.deepEqual(page.entries.map((e) => e.id), [mine.id]);
    assert.equal(page.entries[0].rejectReason, null);
    // No vote while entries are open; after entries close no entry.
    assertEnvelope(await vote(b.client, c.id, mine.id), 409, 'VOTING_NOT_OPEN');
    await move(c.id, 'voting');
    assertEnvelope(await enter(b.client, c.id, { photoId: photo.id }), 409, 'ENTRIES_CLOSED');
    assertEnvelope(await vote(a.client, c.id, mine.id), 409, 'OWN_ENTRY');
    assertEnvelope(await vote(b.client, c.id, second.id), 404, 'NOT_FOUND');
    r = await vote(b.client, c.id, mine.id);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.votesLeft, 2);
    assertEnvelope(await vote(b.client, c.id, mine.id), 409, 'ALREADY_VOTED');
    // The editor's moderation queue with the votes.
    const queue = (await editor.get(`/api/admin/campaigns/${c.id}/entries`)).json.items;
    assert.equal(queue.find((e) => e.id === mine.id).votes, 1);
    assert.equal(queue.find((e) => e.id === second.id).rejectReason, 'รูปไม่ชัด');
    assert.equal((await editor.get(`/api/admin/campaigns/${c.id}/entries?status=rejected`)).json.items.length, 1);
  });

  it('the photo upload is signed-in only and rate-limited per person (20 at once)', async () => {
    const [x] = await crowd(server, 1, { prefix: 'CR' });
    const anon = server.client();
    await anon.csrf();
    assertEnvelope(await uploadPhoto(anon, png(8, 8, 1)), 401, 'UNAUTHENTICATED');
    const runs = [];
    for (let i = 0; i < 22; i++) runs.push(await uploadPhoto(x.client, png(8, 8, 100 + i)));
    assert.equal(runs.filter((r) => r.status === 201).length, 20, runs.map((r) => r.status).join(','));
    assertEnvelope(runs.at(-1), 429, 'RATE_LIMITED');
    const owned = await count(`SELECT COUNT(*) FROM photo_uploads WHERE user_id = '${x.id}'`);
    assert.equal(owned, 20);
  });

  it('20 parallel votes by one person with 3 votes → exactly 3; 20 parallel entries with a limit of 2 → 2', async () => {
    const c = await contest({ votesPerPerson: 3, entryLimit: 2 });
    const people = await crowd(server, 6, { prefix: 'CV' });
    const authors = people.slice(0, 5);
    const entries = [];
    for (const p of authors) entries.push((await enter(p.client, c.id, { text: `ข้อความของ ${p.code}` })).json.entry);
    await moderate(c.id, entries.map((e) => e.id), 'approve');
    const [voter] = people.slice(5);
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => enter(voter.client, c.id, { text: `ชิ้นที่ ${i}` })));
    assert.equal(burst.filter((r) => r.status === 201).length, 2, burst.map((r) => r.status).join(','));
    for (const r of burst.filter((x) => x.status !== 201)) assertEnvelope(r, 409, 'ENTRY_LIMIT');
    await move(c.id, 'voting');
    const runs = await Promise.all(Array.from({ length: 20 }, (_, i) => vote(voter.client, c.id, entries[i % 5].id)));
    const ok = runs.filter((r) => r.status === 200);
    assert.equal(ok.length, 3, runs.map((r) => `${r.status}:${r.json?.error?.code ?? ''}`).join(','));
    for (const r of runs.filter((x) => x.status !== 200)) assert.ok(['VOTE_LIMIT', 'ALREADY_VOTED'].includes(r.json.error.code), r.text);
    const votes = await count(`SELECT COUNT(*) FROM contest_votes WHERE contest_id = '${c.id}'`);
    assert.equal(votes, 3);
    const page = (await voter.client.get(`/api/contests/${c.id}`)).json;
    assert.equal(page.contest.votesLeft, 0);
    assert.equal(page.entries.filter((e) => e.myVote).length, 3);
  });

  it('announce: winners by votes get points, notice and results once, even when announced at once', async () => {
    const c = await contest({ winPoints: 50, winnersCount: 2 });
    const people = await crowd(server, 5, { prefix: 'CA' });
    const entries = [];
    for (const p of people.slice(0, 3)) entries.push((await enter(p.client, c.id, { text: `ผลงาน ${p.code}` })).json.entry);
    await moderate(c.id, entries.map((e) => e.id), 'approve');
    await move(c.id, 'voting');
    // entries[0]: 2 votes, entries[1]: 1 vote, entries[2]: none.
    for (const [who, e] of [[3, 0], [4, 0], [3, 1]]) assert.equal((await vote(people[who].client, c.id, entries[e].id)).status, 200);
    assertEnvelope(await send(editor, 'POST', `/api/admin/campaigns/${c.id}/announce`), 409, 'VOTING_NOT_OVER');
    await move(c.id, 'over');
    assertEnvelope(await vote(people[4].client, c.id, entries[1].id), 409, 'VOTING_NOT_OPEN');
    const runs = await Promise.all(Array.from({ length: 5 }, () => send(editor, 'POST', `/api/admin/campaigns/${c.id}/announce`)));
    assert.equal(runs.filter((r) => r.status === 200).length, 1, runs.map((r) => r.status).join(','));
    for (const r of runs.filter((x) => x.status !== 200)) assertEnvelope(r, 409, 'ALREADY_ANNOUNCED');
    assertEnvelope(await send(editor, 'POST', `/api/admin/campaigns/${c.id}/announce`), 409, 'ALREADY_ANNOUNCED');
    const winners = runs.find((r) => r.status === 200).json.winners;
    assert.deepEqual(winners.map((w) => w.id), [entries[0].id, entries[1].id]);
    for (const e of entries.slice(0, 2)) assert.equal(await ledger(`campaign-win:${e.id}:`), 1);
    assert.equal(await ledger(`campaign-win:${entries[2].id}:`), 0);
    const notices = (await people[0].client.get('/api/notifications')).json.items.filter((n) => n.type === 'campaign_won');
    assert.equal(notices.length, 1);
    const page = (await people[3].client.get(`/api/contests/${c.id}`)).json;
    assert.equal(page.contest.phase, 'results');
    assert.deepEqual(page.winners.map((w) => w.id), [entries[0].id, entries[1].id]);
    assert.equal(page.entries[0].votes, 2);
  });

  it('naming contest: propose → shortlist → vote only the shortlist → admins pick the winner', async () => {
    const c = await contest({ kind: 'naming', winnerMode: 'admins', winnersCount: 1, winPoints: 30 });
    const people = await crowd(server, 3, { prefix: 'CN' });
    let r = await enter(people[0].client, c.id, { text: 'น้องใบเตย' });
    assert.equal(r.json.error.fieldCodes.reason.code, 'REQUIRED');
    const a = (await enter(people[0].client, c.id, { text: 'น้องใบเตย', reason: 'สดชื่น' })).json.entry;
    const b = (await enter(people[1].client, c.id, { text: 'น้องยิ้ม', reason: 'ยิ้มแย้ม' })).json.entry;
    assert.equal(a.reason, 'สดชื่น');
    await moderate(c.id, [a.id], 'approve');  // shortlisted; b stays pending
    await move(c.id, 'voting');
    assertEnvelope(await vote(people[2].client, c.id, b.id), 409, 'NOT_SHORTLISTED');
    assert.equal((await vote(people[2].client, c.id, a.id)).status, 200);
    const list = (await people[2].client.get('/api/contests?kind=naming')).json.items;
    assert.ok(list.some((x) => x.id === c.id && x.phase === 'voting' && x.entryType === 'name'));
    assert.ok(!(await people[2].client.get('/api/contests?kind=campaign')).json.items.some((x) => x.id === c.id));
    assertEnvelope(await send(editor, 'POST', `/api/admin/campaigns/${c.id}/winners`, { entryIds: [b.id] }), 422, 'VALIDATION_FAILED');
    assertEnvelope(await send(editor, 'POST', `/api/admin/campaigns/${c.id}/winners`, { entryIds: [a.id, b.id] }), 422, 'VALIDATION_FAILED');
    await move(c.id, 'over');
    assertEnvelope(await send(editor, 'POST', `/api/admin/campaigns/${c.id}/announce`), 409, 'NO_WINNERS');
    r = await send(editor, 'POST', `/api/admin/campaigns/${c.id}/winners`, { entryIds: [a.id] });
    assert.equal(r.status, 200, r.text);
    r = await send(editor, 'POST', `/api/admin/campaigns/${c.id}/announce`);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.json.winners.map((w) => w.text), ['น้องใบเตย']);
    assert.equal(await ledger(`campaign-win:${a.id}:${people[0].id}`), 1);
    assertEnvelope(await send(editor, 'POST', `/api/admin/campaigns/${c.id}/winners`, { entryIds: [a.id] }), 409, 'ALREADY_ANNOUNCED');
    const votesMode = await contest();
    assertEnvelope(await send(editor, 'POST', `/api/admin/campaigns/${votesMode.id}/winners`, { entryIds: [] }), 409, 'WINNER_MODE');
  });

  it('audience, drafts and window → 404; bad input and roles get their codes', async () => {
    const draft = await contest({ status: 'draft' });
    assertEnvelope(await staff.get(`/api/contests/${draft.id}`), 404, 'NOT_FOUND');
    assertEnvelope(await enter(staff, draft.id, { text: 'x' }), 404, 'NOT_FOUND');
    const elsewhere = await contest({ audience: { stores: ['BKK01'] } });  // S2002 is in CNX01
    assertEnvelope(await staff.get(`/api/contests/${elsewhere.id}`), 404, 'NOT_FOUND');
    const hidden = await contest({ startAt: iso(HOUR) });
    assertEnvelope(await enter(staff, hidden.id, { text: 'x' }), 404, 'NOT_FOUND');
    assertEnvelope(await staff.get('/api/contests/not-an-id'), 404, 'NOT_FOUND');
    const ids = (await staff.get('/api/contests')).json.items.map((x) => x.id);
    assert.ok(![draft.id, elsewhere.id, hidden.id].some((id) => ids.includes(id)));
    assertEnvelope(await staff.get('/api/contests?kind=poll'), 422, 'VALIDATION_FAILED');

    const upcoming = await contest({}, 'upcoming');
    assertEnvelope(await enter(staff, upcoming.id, { text: 'ยังไม่เปิด' }), 409, 'ENTRIES_CLOSED');
    const open = await contest();
    let r = await staff.request('POST', `/api/contests/${open.id}/entries`, { body: '{"text":', headers: { 'content-type': 'application/json', 'x-csrf-token': staff.csrfToken } });
    assertEnvelope(r, 400, 'BAD_JSON');
    r = await enter(staff, open.id, { text: 12 });
    assert.equal(r.json.error.fieldCodes.text.code, 'MUST_BE_TEXT');
    r = await enter(staff, open.id, { text: '   ' });
    assert.equal(r.json.error.fieldCodes.text.code, 'REQUIRED');
    r = await enter(staff, open.id, { text: 'ก'.repeat(2001) });
    assert.equal(r.json.error.fieldCodes.text.code, 'TOO_LONG');
    assertEnvelope(await staff.request('POST', `/api/contests/${open.id}/entries`, { json: { text: 'x' } }), 403, 'CSRF_FAILED');
    assertEnvelope(await vote(staff, open.id, '0190c0de-0000-7000-8000-000000000000'), 404, 'NOT_FOUND');
    // Staff on admin routes → 403; unknown contest → 404; malformed moderation → 422.
    assertEnvelope(await staff.get(`/api/admin/campaigns/${open.id}/entries`), 403, 'FORBIDDEN');
    assertEnvelope(await send(staff, 'POST', `/api/admin/campaigns/${open.id}/announce`), 403, 'FORBIDDEN');
    assertEnvelope(await send(staff, 'POST', '/api/admin/campaigns', { title: 'x' }), 403, 'FORBIDDEN');
    assertEnvelope(await send(editor, 'POST', '/api/admin/campaigns/0190c0de-0000-7000-8000-000000000000/announce'), 404, 'NOT_FOUND');
    r = await moderate(open.id, [], 'approve');
    assert.equal(r.json.error.fieldCodes.ids.code, 'BULK_IDS');
    r = await moderate(open.id, ['0190c0de-0000-7000-8000-000000000000'], 'maybe');
    assert.equal(r.json.error.fieldCodes.decision.code, 'MODERATION_DECISION');
    assertEnvelope(await moderate(open.id, ['0190c0de-0000-7000-8000-000000000000'], 'approve'), 409, 'NOT_PENDING');
    assertEnvelope(await editor.get(`/api/admin/campaigns/${open.id}/entries?status=odd`), 422, 'VALIDATION_FAILED');
    // The phases must follow each other.
    r = await send(editor, 'POST', '/api/admin/campaigns', { title: 'x', ...times('entries'), votingEnd: iso(-5 * HOUR) });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(r.json.error.fieldCodes.votingEnd.code, 'CONTEST_PHASES');
    r = await send(editor, 'POST', '/api/admin/campaigns', { title: 'x' });
    assert.equal(r.json.error.fieldCodes.entriesStart.code, 'REQUIRED');
  });
});
