// Event reminders (issue 30) through real HTTP on SQLite and PostgreSQL: a day and an hour before an event
// (or a social activity) starts, each person going to it gets a notice and a push (kind "events") in their
// language, decrypted by the test's push service (push-service.mjs). The clock is injected by running the
// check as at a given instant (`shopfloor events remind --at`, as drill.test.mjs runs the daily jobs); the
// server's own 5-minute check does the same work. Sent once per person per reminder however often the check
// runs (two nodes, a retry), and never to a cancelled or waitlisted person, someone with "events" off, nor for
// an item taken down.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, signedInClients } from './harness.mjs';
import { send, HOUR, publishedEvent } from './learning-fixtures.mjs';
import { dbQuery } from './dbquery.mjs';
import { crowd } from './crowd.mjs';
import { startPushService, subscribedPeople as subscribedPeopleOn } from './push-service.mjs';

describe('event reminders', () => {
  let server, service, editor;
  before(async () => {
    service = await startPushService();
    server = await startServer({ env: { PUSH_SERVICES: service.origin, VAPID_SUBJECT: 'mailto:ops@example.test' } });
    service.publicKey = (await server.client().get('/api/push/key')).json.publicKey;
    [editor] = await signedInClients(server, 'EDIT01');
  });
  after(async () => {
    await server?.stop();
    await service?.close();
  });

  const subscribedPeople = (n, prefix, locale) => subscribedPeopleOn(server, service, n, prefix, locale);
  const item = (area, over = {}) => publishedEvent(editor, area, over);
  const rsvp = async (p, area, id) => {
    const r = await send(p.client, 'POST', `/api/${area}/${id}/rsvp`, {});
    assert.equal(r.status, 200, r.text);
    return r.json.item.mine.status;
  };
  const remind = async (at) => {
    const out = await server.cli(['events', 'remind', '--at', new Date(at).toISOString()]);
    const m = /event reminders: (\d+) sent/.exec(String(out.stdout ?? out));
    assert.ok(m, `the command says how many: ${JSON.stringify(out)}`);
    return Number(m[1]);
  };
  const remindersOf = async (p) =>
    (await p.client.get('/api/notifications?limit=100')).json.items.filter((n) => n.type === 'event_reminder');
  const pushesTo = (p) => service.received.filter((r) => r.name === p.sub.name);

  it('a day and an hour before: those going get a notice and a decrypted push once each, in their language', async () => {
    const [thai, eng, gone, waiting] = [
      ...(await subscribedPeople(1, 'ERT')),
      ...(await subscribedPeople(1, 'ERE', 'en')),
      ...(await subscribedPeople(2, 'ERX')),
    ];
    const e = await item('events', { capacity: 3, startsAt: '2030-01-10T07:30:00Z', endsAt: '2030-01-10T09:00:00Z' });
    const start = Date.parse('2030-01-10T07:30:00Z');
    assert.equal(await rsvp(thai, 'events', e.id), 'going');
    assert.equal(await rsvp(eng, 'events', e.id), 'going');
    assert.equal(await rsvp(gone, 'events', e.id), 'going');
    const filler = (await crowd(server, 1, { prefix: 'ERF' }))[0];
    assert.equal(await rsvp(filler, 'events', e.id), 'waitlisted', 'full: the next one waits');
    // The one who cancels gives their place to the waitlisted filler; the waitlisted person stays waitlisted.
    assert.equal((await send(gone.client, 'POST', `/api/events/${e.id}/cancel`, {})).status, 200);
    assert.equal(await rsvp(waiting, 'events', e.id), 'waitlisted');

    assert.equal(await remind(start - 25 * HOUR), 0, 'more than a day before: nothing');
    assert.equal(await remind(start - 23 * HOUR), 3, 'the day reminder: the two going and the promoted filler');
    assert.equal(await remind(start - 23 * HOUR + 5 * 60000), 0, 'a later check (another node): nobody twice');
    await service.until(() => pushesTo(thai).length === 1 && pushesTo(eng).length === 1);
    const [day] = await remindersOf(thai);
    assert.deepEqual([day.params, day.link], [{ title: e.title, when: 'day', at: '10/1 14:30' }, `/club/events/${e.id}`]);
    assert.deepEqual(pushesTo(thai)[0].payload, {
      title: 'กิจกรรมที่คุณลงทะเบียนไว้ใกล้ถึงแล้ว',
      body: `${e.title} · 10/1 14:30`,
      url: `/club/events/${e.id}`,
      tag: `/club/events/${e.id}`,
      notificationId: day.id,
    });
    assert.equal(pushesTo(eng)[0].payload.title, 'Coming up: an event you signed up for');

    assert.equal(await remind(start - 50 * 60000), 3, 'the hour reminder');
    assert.equal(await remind(start - 45 * 60000), 0);
    await service.until(() => pushesTo(thai).length === 2 && pushesTo(eng).length === 2);
    const hour = pushesTo(eng)[1];
    assert.equal(hour.payload.title, 'Starting within the hour');
    assert.equal(hour.headers.urgency, 'high');
    assert.ok(Number(hour.headers.ttl) <= 3600, hour.headers.ttl);
    assert.deepEqual((await remindersOf(thai)).map((n) => n.params.when).sort(), ['day', 'hour']);
    assert.equal(await remind(start + 60000), 0, 'once it started: nothing');

    assert.equal((await remindersOf(gone)).length, 0, 'cancelled: not reminded');
    assert.equal((await remindersOf(waiting)).length, 0, 'waitlisted: not reminded');
    assert.equal(pushesTo(gone).length + pushesTo(waiting).length, 0);
    assert.equal((await remindersOf(filler)).length, 2, 'promoted off the waitlist: reminded');
  });

  it('a social activity too; an item taken down and someone with "events" off get no push', async () => {
    const [social, muted, archived] = await subscribedPeople(3, 'ERS');
    assert.equal((await send(muted.client, 'PATCH', '/api/push/settings', { kinds: { events: false } })).status, 200);
    const a = await item('socialclub', { startsAt: '2030-02-01T03:00:00Z', endsAt: '2030-02-01T05:00:00Z' });
    const down = await item('events', { startsAt: '2030-02-01T03:00:00Z', endsAt: '2030-02-01T05:00:00Z' });
    assert.equal(await rsvp(social, 'socialclub', a.id), 'going');
    assert.equal(await rsvp(muted, 'socialclub', a.id), 'going');
    assert.equal(await rsvp(archived, 'events', down.id), 'going');
    await dbQuery(server, `UPDATE events SET status = 'archived' WHERE id = '${down.id}'`);

    const start = Date.parse('2030-02-01T03:00:00Z');
    assert.equal(await remind(start - 2 * HOUR), 2, 'the two going to the activity');
    await service.until(() => pushesTo(social).length === 1);
    assert.equal(pushesTo(social)[0].payload.url, `/club/social/${a.id}`);
    assert.equal((await remindersOf(muted)).length, 1, 'the notice is in the bell of someone with events off');
    assert.equal((await remindersOf(archived)).length, 0, 'an archived event reminds nobody');
    assert.equal(pushesTo(muted).length + pushesTo(archived).length, 0);
    const queued = await dbQuery(server, `SELECT COUNT(*) FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id WHERE s.user_id = '${muted.id}'`);
    assert.equal(Number(queued[0][0]), 0, 'nothing queued for the muted one');
  });
});
