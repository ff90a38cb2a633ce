// Anonymity against the people who run a survey (issue 26, finding 3), through real HTTP on SQLite and
// PostgreSQL. Anonymous answers wait sealed in the ballot box and are opened at least five together; no state
// change may open fewer: not an editor's early end, not a reopen and a second early end, not the survey's own
// end, not a pulse period that is over. An anonymous survey's end cannot move earlier once it has answers (422
// ANONYMOUS_END_FIXED). Every results read in a sequence of edits is compared with the one before: the
// counted answers change by 0 or by 5 or more, never by fewer.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, signedInClients, assertEnvelope, sleep } from './harness.mjs';
import { send, create, iso, HOUR } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';

describe('anonymous surveys hold against their editors', () => {
  const server = useServer();
  let editor;

  before(async () => {
    [editor] = await signedInClients(server, 'EDIT01');
  });

  const survey = async (over = {}) => {
    const s = await create(editor, 'surveys', { title: `ลับ ${Math.random().toString(36).slice(2, 6)}`, status: 'published', anonymous: true, ...over });
    const section = await create(editor, 'survey-sections', { survey: s.id, title: 'ส่วนที่ 1' });
    const q = await create(editor, 'survey-questions', { section: section.id, text: 'คะแนน', kind: 'rating', required: true });
    return { s, q };
  };
  const submit = (p, s, q, value) => send(p.client, 'POST', `/api/surveys/${s.id}/responses`, { answers: { [q.id]: value } });
  const patch = async (s, body) => {
    const cur = (await editor.get(`/api/admin/surveys/${s.id}`)).json;
    return send(editor, 'PATCH', `/api/admin/surveys/${s.id}`, { ...body, version: cur.version });
  };
  const results = async (s) => {
    const r = await editor.get(`/api/admin/surveys/${s.id}/results`);
    assert.equal(r.status, 200, r.text);
    return r.json;
  };
  // Reads the results after each step and checks the counted answers moved by 0 or by 5 or more.
  const watcher = (s) => {
    let last = 0;
    const seen = [];
    return async (step) => {
      const r = await results(s);
      const counts = r.questions.length ? r.questions[0].counts : [0, 0, 0, 0, 0];
      const step_ = r.responses - last;
      seen.push(`${step}: ${r.responses} counted, ${r.waiting} waiting`);
      assert.ok(step_ === 0 || step_ >= 5, `results moved by ${step_} answers after "${step}":\n${seen.join('\n')}`);
      last = r.responses;
      return { ...r, counts };
    };
  };

  it('five answer, a sixth waits sealed; an early end is refused and opens nothing; no sequence of edits opens fewer than five', async () => {
    const { s, q } = await survey({ endAt: iso(HOUR) });
    const people = await crowd(server, 11, { prefix: 'AN' });
    const look = watcher(s);
    for (const p of people.slice(0, 5)) assert.equal((await submit(p, s, q, 5)).status, 201);
    assert.equal((await look('five answered')).responses, 5);
    assert.equal((await submit(people[5], s, q, 1)).status, 201);
    let r = await look('a sixth answered');
    assert.deepEqual([r.responses, r.waiting], [5, 1]);

    // The trick of the finding: end it now, read the sixth alone. Refused, with its code on endAt.
    let e = await patch(s, { endAt: iso(-1000) });
    assertEnvelope(e, 422, 'VALIDATION_FAILED');
    assert.equal(e.json.error.fieldCodes.endAt.code, 'ANONYMOUS_END_FIXED');
    r = await look('endAt into the past (refused)');
    assert.deepEqual([r.responses, r.waiting], [5, 1]);
    // Earlier but still ahead: refused too.
    e = await patch(s, { endAt: iso(HOUR / 2) });
    assertEnvelope(e, 422, 'VALIDATION_FAILED');
    assert.equal(e.json.error.fieldCodes.endAt.code, 'ANONYMOUS_END_FIXED');
    // Later is fine, and so is no end at all.
    assert.equal((await patch(s, { endAt: iso(2 * HOUR) })).status, 200);
    await look('endAt later');
    assert.equal((await patch(s, { endAt: null })).status, 200);
    await look('endAt removed');
    // From no end, only an end ahead (a survey may still be given its closing date).
    e = await patch(s, { endAt: iso(-1000) });
    assert.equal(e.json.error.fieldCodes.endAt.code, 'ANONYMOUS_END_FIXED');
    // Other edits open nothing either.
    assert.equal((await patch(s, { status: 'archived' })).status, 200);
    await look('archived');
    assert.equal((await patch(s, { status: 'published', startAt: iso(-HOUR) })).status, 200);
    await look('published again');
    assert.equal((await patch(s, { title: 'ชื่อใหม่', description: 'แก้ไข' })).status, 200);
    r = await look('renamed');
    assert.deepEqual([r.responses, r.waiting], [5, 1]);

    // Four more: with the sixth that makes five, opened together.
    for (const [i, p] of people.slice(6, 10).entries()) {
      assert.equal((await submit(p, s, q, 2 + (i % 2))).status, 201);
      await look(`answer ${7 + i}`);
    }
    r = await look('ten answered');
    assert.deepEqual([r.responses, r.waiting], [10, 0]);
    assert.deepEqual(r.counts, [1, 2, 2, 0, 5]);
    // An eleventh waits; the export opens nothing either.
    assert.equal((await submit(people[10], s, q, 4)).status, 201);
    const csv = await editor.get(`/api/admin/surveys/${s.id}/results/export?format=csv`);
    assert.equal(csv.status, 200);
    r = await look('exported');
    assert.deepEqual([r.responses, r.waiting], [10, 1]);
    const [[sealed]] = await dbQuery(server, `SELECT COUNT(*) FROM ballots WHERE box = 'survey:${s.id}'`);
    assert.equal(Number(sealed), 1);
  });

  it('a survey that ends on its own keeps its last one to four answers sealed', async () => {
    const { s, q } = await survey({ endAt: iso(8000) });
    const people = await crowd(server, 7, { prefix: 'AE' });
    const look = watcher(s);
    for (const p of people) assert.equal((await submit(p, s, q, 3)).status, 201);
    let r = await look('seven answered');
    assert.deepEqual([r.responses, r.waiting], [5, 2]);
    while (Date.now() < Date.parse(s.endAt) + 500) await sleep(250);
    r = await look('ended');
    assert.deepEqual([r.responses, r.waiting], [5, 2]);
    assertEnvelope(await submit(people[0], s, q, 3), 404, 'NOT_FOUND');
    // Reopening to collect a batch: the two sealed ones open only with three more, five together.
    assert.equal((await patch(s, { endAt: iso(HOUR) })).status, 200);
    const more = await crowd(server, 3, { prefix: 'AF' });
    for (const p of more.slice(0, 2)) {
      assert.equal((await submit(p, s, q, 1)).status, 201);
      r = await look('one more after the reopen');
      assert.equal(r.responses, 5);
    }
    assert.equal((await submit(more[2], s, q, 1)).status, 201);
    r = await look('five waiting opened');
    assert.deepEqual([r.responses, r.waiting], [10, 0]);
  });

  it('an anonymous survey with no answers yet may still be ended early; a named one any time', async () => {
    const { s } = await survey({ endAt: iso(HOUR) });
    assert.equal((await patch(s, { endAt: iso(-1000) })).status, 200);
    const named = await survey({ anonymous: false, endAt: iso(HOUR) });
    const [p] = await crowd(server, 1, { prefix: 'AG' });
    assert.equal((await submit(p, named.s, named.q, 4)).status, 201);
    assert.equal((await patch(named.s, { endAt: iso(-1000) })).status, 200);
    assert.equal((await results(named.s)).responses, 1);
  });
});

describe('anonymous pulse surveys share the rule', () => {
  const server = useServer();
  let editor;

  before(async () => {
    [editor] = await signedInClients(server, 'EDIT01');
  });

  const pulse = async (over = {}) => {
    const p = await create(editor, 'pulses', { title: `พัลส์ ${Math.random().toString(36).slice(2, 6)}`, status: 'published', ...over });
    const q = await create(editor, 'pulse-questions', { pulse: p.id, text: 'คะแนน', kind: 'rating', required: true });
    return { p, q };
  };
  const submit = (x, p, q, v) => send(x.client, 'POST', `/api/pulses/${p.id}/responses`, { answers: { [q.id]: v } });
  // One period later (see pulse.test.mjs): the stored periods and the boxes move one back.
  const nextPeriod = async (id) => {
    for (const t of ['pulse_claims', 'pulse_asks', 'pulse_answers']) {
      await dbQuery(server, `UPDATE ${t} SET period = -(period - 1) WHERE pulse_id = '${id}'`);
      await dbQuery(server, `UPDATE ${t} SET period = -period WHERE pulse_id = '${id}' AND period < 0`);
    }
    for (const [ballot, box] of await dbQuery(server, `SELECT id, box FROM ballots WHERE box LIKE 'pulse:${id}:%'`))
      await dbQuery(server, `UPDATE ballots SET box = 'pulse:${id}:${Number(box.split(':')[2]) - 1}' WHERE id = '${ballot}'`);
  };
  const sealed = async (id) => Number((await dbQuery(server, `SELECT COUNT(*) FROM ballots WHERE box LIKE 'pulse:${id}:%'`))[0][0]);

  it('a period that is over keeps its last one to four anonymous answers sealed; a named pulse counts them', async () => {
    const anon = await pulse({ anonymous: true });
    const named = await pulse({ anonymous: false });
    const people = await crowd(server, 7, { prefix: 'PB' });
    for (const x of people) {
      assert.equal((await submit(x, anon.p, anon.q, 4)).status, 201);
      assert.equal((await submit(x, named.p, named.q, 4)).status, 201);
    }
    await nextPeriod(anon.p.id);
    await nextPeriod(named.p.id);
    const a = (await editor.get(`/api/admin/pulses/${anon.p.id}/results`)).json;
    assert.equal(a.questions[0].trend[0].answered, 5, 'five counted, two stay sealed');
    assert.equal(await sealed(anon.p.id), 2);
    const n = (await editor.get(`/api/admin/pulses/${named.p.id}/results`)).json;
    assert.equal(n.questions[0].trend[0].answered, 7);
    assert.equal(await sealed(named.p.id), 0);
  });

  it('an anonymous pulse\'s end cannot move earlier once it has answers', async () => {
    const { p, q } = await pulse({ anonymous: true, endAt: iso(HOUR) });
    const [x] = await crowd(server, 1, { prefix: 'PC' });
    assert.equal((await submit(x, p, q, 2)).status, 201);
    const cur = (await editor.get(`/api/admin/pulses/${p.id}`)).json;
    const e = await send(editor, 'PATCH', `/api/admin/pulses/${p.id}`, { endAt: iso(-1000), version: cur.version });
    assertEnvelope(e, 422, 'VALIDATION_FAILED');
    assert.equal(e.json.error.fieldCodes.endAt.code, 'ANONYMOUS_END_FIXED');
    assert.equal((await send(editor, 'PATCH', `/api/admin/pulses/${p.id}`, { endAt: iso(2 * HOUR), version: cur.version })).status, 200);
  });
});
