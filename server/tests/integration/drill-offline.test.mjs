// The daily drill offline (issue 32) through the real server (SQLite, or PostgreSQL with TEST_DATABASE_URL):
// the day's questions fetched ahead (no answers in them), answers queued offline sent later with the
// device's time; on time counts (never Easy), over the question's time is late; a replay in parallel counts
// once and the day's points come once; a question outside the person's session is 404; bad input and
// another day's answer get the error envelope with stable codes.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, assertEnvelope, signedInClients } from './harness.mjs';

const send = (c, method, p, json) => c.request(method, p, { json, headers: { 'x-csrf-token': c.csrfToken } });
const MARK = 'OFFLINEEXPLAIN';
const choices = (tag) => ['a', 'b', 'c', 'd'].map((id) => ({ id, text: `ตัวเลือก ${id} ${tag}` }));

describe('daily drill offline', () => {
  const server = useServer();
  let admin, s1, s2, s3, ahead;
  const post = (c, questionId, chosen, offline) =>
    send(c, 'POST', '/api/drill/today/answers', { questionId, choices: chosen, offline });
  const at = (ms = 0) => new Date(Date.now() + ms).toISOString();

  before(async () => {
    [admin, s1, s2, s3] = await signedInClients(server, 'ADMIN01', 'S1001', 'S1002', 'S2001');
    let r = await send(admin, 'POST', '/api/admin/examinations', {
      title: 'ออฟไลน์', status: 'published', passPercent: 0, shuffleQuestions: false, shuffleChoices: false,
    });
    assert.equal(r.status, 201, r.text);
    const exam = r.json;
    for (let i = 0; i < 6; i++) {
      r = await send(admin, 'POST', '/api/admin/exam-questions', {
        exam: exam.id, kind: 'single', prompt: `ข้อ ${i + 1}`, position: i, choices: choices(i), correct: ['a'],
        explanation: `${MARK} ${i}`, points: 1,
      });
      assert.equal(r.status, 201, r.text);
    }
    for (const c of [s1, s3]) {
      r = await send(c, 'POST', `/api/exams/${exam.id}/attempts`);
      assert.ok(r.status === 201 || r.status === 200, r.text);
      r = await send(c, 'POST', `/api/exam-attempts/${r.json.attempt.id}/submit`, { answers: {} });
      assert.equal(r.status, 200, r.text);
    }
  });

  it('hands out the whole day ahead with no answers and no clock', async () => {
    const r = await s1.request('GET', '/api/drill/today/ahead');
    assert.equal(r.status, 200, r.text);
    assert.ok(!r.text.includes(MARK) && !/correct|explanation/i.test(r.text), r.text);
    ahead = r.json.questions;
    assert.equal(ahead.length, r.json.total);
    assert.ok(ahead.length >= 5, r.text);
    for (const q of ahead)
      assert.deepEqual(Object.keys(q).sort(), ['choices', 'id', 'image', 'kind', 'position', 'prompt', 'seconds']);
    const again = await s1.request('GET', '/api/drill/today/ahead');
    assert.deepEqual(again.json.questions.map((q) => q.id), ahead.map((q) => q.id));
  });

  it('rejects bad offline input with stable codes', async () => {
    const q = ahead[0].id;
    for (const offline of ['x', {}, { answeredAt: at(), answerMs: -1 }, { answeredAt: 'soon', answerMs: 10 },
      { answeredAt: at(3_600_000), answerMs: 10 }, { answeredAt: at(), answerMs: 1.5 }])
      assertEnvelope(await post(s1, q, ['a'], offline), 422, 'VALIDATION_FAILED');
    assertEnvelope(await post(s1, q, ['a'], { answeredAt: at(-2 * 86_400_000), answerMs: 10 }), 409, 'DRILL_DAY_OVER');
    assertEnvelope(await post(s1, q, ['zz'], { answeredAt: at(), answerMs: 10 }), 422, 'VALIDATION_FAILED');
    const r = await s1.request('GET', '/api/drill/summary');
    assert.equal(r.json.answered, 0, 'nothing counted by a rejected answer');
  });

  it('counts a question outside the session as not found: unknown, or another person\'s', async () => {
    assertEnvelope(await post(s1, '0190a000-0000-7000-8000-000000000000', ['a'], { answeredAt: at(), answerMs: 10 }), 404, 'NOT_FOUND');
    // s2 never met these questions: s1's session is not theirs.
    assertEnvelope(await post(s2, ahead[0].id, ['a'], { answeredAt: at(), answerMs: 10 }), 404, 'NOT_FOUND');
    // s3 met them but never fetched or was served today's drill.
    assertEnvelope(await post(s3, ahead[0].id, ['a'], { answeredAt: at(), answerMs: 10 }), 404, 'NOT_FOUND');
  });

  it('counts an offline answer on time, never Easy, and a late one not at all', async () => {
    let r = await post(s1, ahead[0].id, ['a'], { answeredAt: at(-60_000), answerMs: 1_000 });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.correct, true);
    assert.equal(r.json.counted, true);
    assert.equal(r.json.offline, true);
    assert.equal(r.json.rating, 3, 'a fast right answer offline is Good, not Easy');
    assert.ok(r.json.explanation.includes(MARK));
    r = await post(s1, ahead[1].id, ['b'], { answeredAt: at(-50_000), answerMs: 12_000 });
    assert.equal(r.json.correct, false);
    assert.equal(r.json.rating, 1);
    r = await post(s1, ahead[2].id, ['a'], { answeredAt: at(-40_000), answerMs: ahead[2].seconds * 1000 + 1 });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.correct, true);
    assert.equal(r.json.counted, false, 'over the question\'s time: late');
    assert.equal(r.json.rating, null);
    assert.equal(r.json.memory, null);
  });

  it('replays in parallel (retries, two devices) count once and give the day\'s points once', async () => {
    const rest = ahead.slice(3);
    const all = await Promise.all(
      rest.flatMap((q) => Array.from({ length: 4 }, () => post(s1, q.id, ['a'], { answeredAt: at(-1_000), answerMs: 8_000 }))),
    );
    for (const r of all) assert.equal(r.status, 200, r.text);
    assert.equal(all.filter((r) => r.json.repeat === false).length, rest.length);
    assert.equal(all.reduce((n, r) => n + r.json.pointsAwarded, 0), 10);
    const s = await s1.request('GET', '/api/drill/summary');
    assert.equal(s.json.finished, true);
    assert.equal(s.json.answered, ahead.length);
    assert.equal(s.json.right, 1 + rest.length);
    assert.equal(s.json.streak, 1);
  });
});
