// Events and social club (issue 13) through real HTTP on SQLite and PostgreSQL: the one sign-up engine under
// real parallel requests (50 people for 10 places → 10 going and 40 waitlisted in arrival order; cancels
// promote the first waitlisted, notified, even when they race), check-in once with points once, hours
// credited, audience and window → 404 / NOT_OPEN, every bad input's code, the attendees export and the .ics.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, signedInClients, assertEnvelope } from './harness.mjs';
import { send, iso, HOUR, publishedEvent } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';

describe('events and social club', () => {
  const server = useServer();
  let editor, staff;

  before(async () => {
    [editor, staff] = await signedInClients(server, 'EDIT01', 'S2002');
  });

  const event = (over = {}, area = 'events') => publishedEvent(editor, area, over);
  const rsvp = (c, id, area = 'events') => send(c, 'POST', `/api/${area}/${id}/rsvp`, {});
  const cancel = (c, id, area = 'events') => send(c, 'POST', `/api/${area}/${id}/cancel`, {});
  const checkin = (id, code, area = 'events') => send(editor, 'POST', `/api/admin/${area}/${id}/checkin`, { code });

  it('50 concurrent RSVPs for 10 places: 10 going, 40 waitlisted 1..40 in arrival order; cancels promote', async () => {
    const e = await event({ capacity: 10 });
    const people = await crowd(server, 50, { prefix: 'EV' });
    const runs = await Promise.all(people.map((p) => rsvp(p.client, e.id)));
    for (const r of runs) assert.equal(r.status, 200, r.text);
    const mine = runs.map((r) => r.json.item.mine);
    assert.equal(mine.filter((m) => m.status === 'going').length, 10);
    const waiting = mine.filter((m) => m.status === 'waitlisted');
    assert.equal(waiting.length, 40);
    assert.deepEqual(waiting.map((m) => m.position).sort((a, b) => a - b), Array.from({ length: 40 }, (_, i) => i + 1));
    assert.equal(new Set(mine.map((m) => m.code)).size, 50, 'one ticket code each');
    assert.ok(mine.every((m) => /^[0-9A-F]{12}$/.test(m.code)));
    // Arrival order: the stored sequence; the 10 going came first and the waitlist follows it.
    const rows = await dbQuery(server, `SELECT user_id, status, seq FROM event_registrations WHERE item_id = '${e.id}' ORDER BY seq`);
    assert.deepEqual(rows.map((r) => r[1]), [...Array(10).fill('going'), ...Array(40).fill('waitlisted')]);
    const byUser = new Map(people.map((p, i) => [p.id, { p, answer: mine[i] }]));
    rows.slice(10).forEach(([uid], i) => assert.equal(byUser.get(uid).answer.position, i + 1, `waitlist #${i + 1}`));
    const item = (await people[0].client.get(`/api/events/${e.id}`)).json.item;
    assert.equal(item.going, 10);
    assert.equal(item.waitlisted, 40);
    assert.equal(item.placesLeft, 0);

    // One cancel: the first waitlisted is promoted and told.
    const first = byUser.get(rows[10][0]).p;
    const goer = byUser.get(rows[0][0]).p;
    const c1 = await cancel(goer.client, e.id);
    assert.equal(c1.status, 200, c1.text);
    assert.equal(c1.json.item.mine, null);
    const promoted = (await first.client.get(`/api/events/${e.id}`)).json.item.mine;
    assert.equal(promoted.status, 'going');
    const notes = (await first.client.get('/api/notifications')).json.items;
    assert.ok(notes.some((n) => n.type === 'event_promoted' && n.link === `/club/events/${e.id}` && n.params.title === e.title));
    const second = byUser.get(rows[11][0]).p;
    assert.equal((await second.client.get(`/api/events/${e.id}`)).json.item.mine.position, 1, 'the line moved up');
    assertEnvelope(await cancel(goer.client, e.id), 409, 'NOT_REGISTERED');

    // Five going cancel at once: exactly five promoted, the next five in order.
    const goers = rows.slice(1, 6).map(([uid]) => byUser.get(uid).p);
    const cs = await Promise.all(goers.map((p) => cancel(p.client, e.id)));
    for (const r of cs) assert.equal(r.status, 200, r.text);
    const after = await dbQuery(server, `SELECT user_id, status FROM event_registrations WHERE item_id = '${e.id}' AND status <> 'cancelled' ORDER BY seq`);
    assert.equal(after.filter((r) => r[1] === 'going').length, 10);
    assert.equal(after.filter((r) => r[1] === 'waitlisted').length, 34);
    const goingIds = new Set(after.filter((r) => r[1] === 'going').map((r) => r[0]));
    for (const [uid] of rows.slice(10, 16)) assert.ok(goingIds.has(uid), 'the first six waitlisted are now going');
    assert.ok(!goingIds.has(rows[16][0]));
    // Someone who cancelled may come back, at the end of the line.
    const back = await rsvp(goer.client, e.id);
    assert.equal(back.json.item.mine.status, 'waitlisted');
    assert.equal(back.json.item.mine.position, 35);
    assertEnvelope(await rsvp(goer.client, e.id), 409, 'ALREADY_REGISTERED');
  });

  it('more places added by an edit promote the waitlist at once, in order, and tell them', async () => {
    const e = await event({ capacity: 1 });
    const [a, b, c] = await crowd(server, 3, { prefix: 'EP' });
    for (const p of [a, b, c]) assert.equal((await rsvp(p.client, e.id)).status, 200);
    assert.equal((await b.client.get(`/api/events/${e.id}`)).json.item.mine.position, 1);
    const version = (await editor.get(`/api/admin/events/${e.id}`)).json.version;
    assert.equal((await send(editor, 'PATCH', `/api/admin/events/${e.id}`, { capacity: 2, version })).status, 200);
    assert.equal((await b.client.get(`/api/events/${e.id}`)).json.item.mine.status, 'going');
    assert.equal((await c.client.get(`/api/events/${e.id}`)).json.item.mine.position, 1);
    assert.ok((await b.client.get('/api/notifications')).json.items.some((n) => n.type === 'event_promoted'));
    assert.ok(!(await c.client.get('/api/notifications')).json.items.some((n) => n.type === 'event_promoted'));
  });

  it('check-in once: a second scan is ALREADY_CHECKED_IN, points exactly once even when scans race', async () => {
    const e = await event({ capacity: 2, points: 40 });
    const [a, b, w] = await crowd(server, 3, { prefix: 'EC' });
    for (const p of [a, b, w]) assert.equal((await rsvp(p.client, e.id)).status, 200);
    const code = (await a.client.get(`/api/events/${e.id}`)).json.item.mine.code;
    const scans = await Promise.all(Array.from({ length: 8 }, () => checkin(e.id, code)));
    const ok = scans.filter((r) => r.status === 200);
    assert.equal(ok.length, 1, scans.map((r) => r.status).join(','));
    assert.equal(ok[0].json.points, 40);
    assert.equal(ok[0].json.attendee.userId, a.id);
    assert.ok(ok[0].json.attendee.checkedInAt);
    for (const r of scans.filter((x) => x.status !== 200)) {
      assertEnvelope(r, 409, 'ALREADY_CHECKED_IN');
      assert.match(r.json.error.message, new RegExp(`พนักงาน ${a.code}`));
    }
    const again = await checkin(e.id, code.toLowerCase());
    assertEnvelope(again, 409, 'ALREADY_CHECKED_IN');
    const ledger = await dbQuery(server, `SELECT delta FROM points_ledger WHERE idempotency_key = 'event:${e.id}:${a.id}'`);
    assert.deepEqual(ledger, [['40']]);
    assert.equal((await a.client.get('/api/me/points')).json.balance, 40);
    assert.ok((await a.client.get(`/api/events/${e.id}`)).json.item.mine.checkedInAt);
    // The waitlisted person's ticket has no place.
    const wcode = (await w.client.get(`/api/events/${e.id}`)).json.item.mine.code;
    assertEnvelope(await checkin(e.id, wcode), 409, 'NOT_GOING');
    // Search by name or code, counts, export.
    const list = (await editor.get(`/api/admin/events/${e.id}/attendees`)).json;
    assert.deepEqual(list.counts, { going: 2, waitlisted: 1, checkedIn: 1 });
    assert.deepEqual(list.items.map((x) => x.status), ['going', 'going', 'waitlisted']);
    const found = (await editor.get(`/api/admin/events/${e.id}/attendees?q=${encodeURIComponent(b.code)}`)).json.items;
    assert.deepEqual(found.map((x) => x.userId), [b.id]);
    const bycode = (await editor.get(`/api/admin/events/${e.id}/attendees?q=${code.slice(0, 6)}`)).json.items;
    assert.ok(bycode.some((x) => x.userId === a.id));
    const csv = await editor.get(`/api/admin/events/${e.id}/attendees/export?format=csv`);
    assert.equal(csv.status, 200);
    assert.match(csv.text, /^\uFEFF?store,employee_code,name,status,waitlist_position,ticket,checked_in_at,hours\r\n/);
    assert.equal(csv.text.trim().split('\r\n').length, 4);
    const xlsx = await editor.get(`/api/admin/events/${e.id}/attendees/export?format=xlsx`);
    assert.match(xlsx.headers.get('content-type'), /spreadsheetml/);
  });

  it('social club: the same engine, hours credited on check-in and summed on the profile', async () => {
    const s = await event({ activityKind: 'volunteering', hours: 4, points: 10 }, 'socialclub');
    const [p] = await crowd(server, 1, { prefix: 'ES' });
    const r = await rsvp(p.client, s.id, 'socialclub');
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.item.kind, 'social');
    assert.equal(r.json.item.activityKind, 'volunteering');
    assert.equal(r.json.item.capacity, null, 'no capacity = unlimited');
    assert.equal(r.json.item.mine.status, 'going');
    assert.deepEqual((await p.client.get('/api/me/volunteering')).json, { volunteerHours: 0, activities: 0 });
    // A ticket of the activity is not one of an event.
    const ev = await event();
    assertEnvelope(await checkin(ev.id, r.json.item.mine.code), 404, 'UNKNOWN_TICKET');
    const ok = await checkin(s.id, r.json.item.mine.code, 'socialclub');
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json.attendee.hours, 4);
    assert.deepEqual((await p.client.get('/api/me/volunteering')).json, { volunteerHours: 4, activities: 1 });
    assert.ok((await p.client.get('/api/socialclub')).json.items.some((x) => x.id === s.id));
    assert.ok(!(await p.client.get('/api/events')).json.items.some((x) => x.id === s.id));
  });

  it('audience, shown window and registration window: 404 / NOT_OPEN; no RSVP once it started', async () => {
    const draft = await event({ status: 'draft' });
    assertEnvelope(await staff.get(`/api/events/${draft.id}`), 404, 'NOT_FOUND');
    assertEnvelope(await rsvp(staff, draft.id), 404, 'NOT_FOUND');
    const elsewhere = await event({ audience: { stores: ['BKK01'] } }); // S2002 is in CNX01
    assertEnvelope(await rsvp(staff, elsewhere.id), 404, 'NOT_FOUND');
    assertEnvelope(await staff.get(`/api/events/${elsewhere.id}/calendar.ics`), 404, 'NOT_FOUND');
    const hidden = await event({ startAt: iso(HOUR) });
    assertEnvelope(await rsvp(staff, hidden.id), 404, 'NOT_FOUND');
    const notYet = await event({ registrationOpensAt: iso(HOUR) });
    const seen = (await staff.get(`/api/events/${notYet.id}`)).json.item;
    assert.equal(seen.registration, 'not_yet');
    assertEnvelope(await rsvp(staff, notYet.id), 409, 'NOT_OPEN');
    const closed = await event({ registrationOpensAt: iso(-2 * HOUR), registrationClosesAt: iso(-HOUR) });
    assertEnvelope(await rsvp(staff, closed.id), 409, 'NOT_OPEN');
    const started = await event({ startsAt: iso(-HOUR), endsAt: iso(HOUR) });
    assertEnvelope(await rsvp(staff, started.id), 409, 'NOT_OPEN');
    const list = (await staff.get('/api/events')).json.items.map((x) => x.id);
    assert.ok(list.includes(notYet.id) && list.includes(started.id));
    assert.ok(![draft.id, elsewhere.id, hidden.id].some((id) => list.includes(id)));
  });

  it('every bad input gets its code', async () => {
    const e = await event({ capacity: 5 });
    // The editor's own rules.
    let r = await send(editor, 'POST', '/api/admin/events', { title: 'x', startsAt: iso(2 * HOUR), endsAt: iso(HOUR), placeKind: 'online' });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(r.json.error.fieldCodes.endsAt.code, 'AFTER_START');
    assert.equal(r.json.error.fieldCodes.onlineLink.code, 'REQUIRED');
    r = await send(editor, 'POST', '/api/admin/events', { title: 'x', startsAt: iso(HOUR), endsAt: iso(2 * HOUR), placeKind: 'address', address: 'a', registrationOpensAt: iso(HOUR), registrationClosesAt: iso(0), capacity: -1 });
    assert.equal(r.json.error.fieldCodes.registrationClosesAt.code, 'AFTER_START');
    assert.ok(r.json.error.fieldCodes.capacity);
    r = await send(editor, 'POST', '/api/admin/events', { title: 'x', startsAt: 'tomorrow', endsAt: iso(2 * HOUR), placeKind: 'moon', address: 'a' });
    assert.ok(r.json.error.fieldCodes.startsAt && r.json.error.fieldCodes.placeKind);
    // Check-in input.
    const bad = (body) => editor.request('POST', `/api/admin/events/${e.id}/checkin`, { body, headers: { 'content-type': 'application/json', 'x-csrf-token': editor.csrfToken } });
    assertEnvelope(await bad('{"code":'), 400, 'BAD_JSON');
    for (const code of [42, '', null, ['A'], 'x'.repeat(65)]) {
      r = await checkin(e.id, code);
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.equal(r.json.error.fieldCodes.code.code, 'TICKET_CODE');
    }
    assertEnvelope(await checkin(e.id, 'FFFFFFFFFFFF'), 404, 'UNKNOWN_TICKET');
    assertEnvelope(await checkin('0190a0a0-0000-7000-8000-000000000000', 'FFFFFFFFFFFF'), 404, 'NOT_FOUND');
    assertEnvelope(await editor.get('/api/admin/events/nope/attendees'), 404, 'NOT_FOUND');
    r = await editor.get(`/api/admin/events/${e.id}/attendees/export?format=pdf`);
    assertEnvelope(r, 400, 'BAD_REQUEST');
    assert.equal(r.json.error.messageCode.code, 'EXPORT_FORMAT');
    // Staff on admin routes.
    assertEnvelope(await send(staff, 'POST', `/api/admin/events/${e.id}/checkin`, { code: 'AAAA' }), 403, 'FORBIDDEN');
    assertEnvelope(await staff.get(`/api/admin/socialclub/${e.id}/attendees`), 403, 'FORBIDDEN');
    assertEnvelope(await send(staff, 'POST', '/api/admin/events', { title: 'x' }), 403, 'FORBIDDEN');
    // Staff input: unknown ids, CSRF, double RSVP.
    assertEnvelope(await rsvp(staff, 'not-an-id'), 404, 'NOT_FOUND');
    assertEnvelope(await rsvp(staff, '0190a0a0-0000-7000-8000-000000000000'), 404, 'NOT_FOUND');
    assertEnvelope(await staff.request('POST', `/api/events/${e.id}/rsvp`, { json: {} }), 403, 'CSRF_FAILED');
    assertEnvelope(await cancel(staff, e.id), 409, 'NOT_REGISTERED');
    assert.equal((await rsvp(staff, e.id)).status, 200);
    assertEnvelope(await rsvp(staff, e.id), 409, 'ALREADY_REGISTERED');
  });

  it('.ics: RFC 5545 escaping, folding, UID, DTSTAMP and UTC times', async () => {
    const title = `ประชุม, วางแผน; ปี\\ใหม่ ${'ยาว'.repeat(30)}`;
    const e = await event({ title, description: 'บรรทัดหนึ่ง\nบรรทัดสอง', startsAt: '2030-01-02T03:04:05Z', endsAt: '2030-01-02T05:00:00Z' });
    const r = await staff.get(`/api/events/${e.id}/calendar.ics`);
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type'), /^text\/calendar/);
    assert.match(r.headers.get('content-disposition'), /attachment; filename=".*\.ics"/);
    const text = r.text;
    assert.ok(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n'));
    assert.ok(text.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n'));
    for (const line of text.split('\r\n')) assert.ok(Buffer.byteLength(line) <= 75, `folded: ${line}`);
    const unfolded = text.replace(/\r\n /g, '');
    assert.match(unfolded, new RegExp(`\r\nUID:${e.id}@shopfloor\\.events\r\n`));
    assert.match(unfolded, /\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    assert.match(unfolded, /\r\nDTSTART:20300102T030405Z\r\nDTEND:20300102T050000Z\r\n/);
    assert.ok(unfolded.includes(`SUMMARY:ประชุม\\, วางแผน\\; ปี\\\\ใหม่ ${'ยาว'.repeat(30)}\r\n`));
    assert.ok(unfolded.includes('DESCRIPTION:บรรทัดหนึ่ง\\nบรรทัดสอง\r\n'));
    assert.ok(unfolded.includes('LOCATION:ห้องประชุมใหญ่ ชั้น 3\r\n'));
    assert.ok(!text.includes('\uFFFD'), 'no character split by folding');
  });
});
