// The daily drill through the real server (SQLite, or PostgreSQL with TEST_DATABASE_URL): questions come
// from exams the person has taken; today's drill is drawn once (due first, new ones filling up), served one
// question at a time with no answer in it; answers are checked here and rated from correctness and time;
// a late answer moves nothing; the memory states stored equal ts-fsrs's for the same reviews; finishing the
// day gives the streak and the points once, also under parallel submits; "not for drill" questions are not
// drawn; the desired retention is the admin's.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { createEmptyCard, fsrs } from 'ts-fsrs';
import { useServer, assertEnvelope, signedInClients } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';

const send = (c, method, p, json, headers = {}) =>
  c.request(method, p, { json, headers: { 'x-csrf-token': c.csrfToken, ...headers } });

const MARK = 'DRILLEXPLAIN';
const DAY = 86_400_000;
const BANGKOK = 7 * 3_600_000;
const choices = (tag) => ['a', 'b', 'c', 'd'].map((id) => ({ id, text: `ตัวเลือก ${id} ${tag}` }));
const bangkokDay = (ms) => new Date(ms + BANGKOK).toISOString().slice(0, 10);
const reference = fsrs({ enable_fuzz: false, enable_short_term: false, request_retention: 0.9 });

// A staff response before an answer: the question's own fields only, nothing of the answer.
function assertNoLeak(r) {
  assert.ok(!r.text.includes(MARK), `explanation leaked: ${r.text}`);
  assert.ok(!/correct|explanation/i.test(r.text), `answer data before answering: ${r.text}`);
  const q = r.json.question;
  if (q) {
    assert.deepEqual(Object.keys(q).sort(), ['choices', 'deadlineAt', 'id', 'image', 'kind', 'position', 'prompt', 'seconds', 'shownAt']);
    for (const ch of q.choices) assert.deepEqual(Object.keys(ch).sort(), ['id', 'text']);
  }
}

describe('daily drill', () => {
  const server = useServer();
  let admin, s1, s2, s3;
  let exam, questions;
  const db = (sql) => dbQuery(server, sql);
  const uid = async (code) => (await db(`SELECT id FROM users WHERE employee_code = '${code}'`))[0][0];
  const today = (c) => c.request('GET', '/api/drill/today');
  const answer = (c, questionId, chosen) => send(c, 'POST', '/api/drill/today/answers', { questionId, choices: chosen });
  // Moves the served question's clock back, as if it had been shown `ms` ago.
  const shownAgo = async (user, qid, ms) =>
    db(`UPDATE drill_answers SET shown_at = shown_at - ${ms} WHERE user_id = '${user}' AND question_id = '${qid}'`);

  before(async () => {
    [admin, s1, s2, s3] = await signedInClients(server, 'ADMIN01', 'S1001', 'S1002', 'S2001');
    let r = await send(admin, 'POST', '/api/admin/examinations', {
      title: 'ความรู้สินค้า', status: 'published', passPercent: 0, shuffleQuestions: false, shuffleChoices: false,
    });
    assert.equal(r.status, 201, r.text);
    exam = r.json;
    questions = [];
    for (let i = 0; i < 7; i++) {
      const multiple = i === 6;
      r = await send(admin, 'POST', '/api/admin/exam-questions', {
        exam: exam.id, kind: multiple ? 'multiple' : 'single', prompt: `คำถามที่ ${i + 1}`, position: i,
        choices: choices(`q${i}`), correct: multiple ? ['a', 'c'] : ['a'], explanation: `${MARK} ข้อ ${i + 1}`, points: 1,
      });
      assert.equal(r.status, 201, r.text);
      questions.push(r.json);
    }
    // s1 and s3 meet the questions in the exam; s2 never takes it.
    for (const c of [s1, s3]) {
      r = await send(c, 'POST', `/api/exams/${exam.id}/attempts`);
      assert.ok(r.status === 201 || r.status === 200, r.text);
      r = await send(c, 'POST', `/api/exam-attempts/${r.json.attempt.id}/submit`, { answers: {} });
      assert.equal(r.status, 200, r.text);
    }
  });

  it('has no drill for someone who met no question yet', async () => {
    const r = await today(s2);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.total, 0);
    assert.equal(r.json.question, null);
    assert.equal(r.json.streak, 0);
  });

  it('draws the day once under parallel first calls and serves without answers', async () => {
    const all = await Promise.all(Array.from({ length: 6 }, () => today(s3)));
    for (const r of all) {
      assert.equal(r.status, 200, r.text);
      assertNoLeak(r);
    }
    assert.equal(all[0].json.total, 5, 'new questions fill the drill up to 5');
    assert.equal(new Set(all.map((r) => r.json.question.id)).size, 1);
    const u = await uid('S2001');
    assert.deepEqual(await db(`SELECT COUNT(*) FROM drill_days WHERE user_id = '${u}'`), [['1']]);
    // A reload serves the same question with the same clock.
    const again = await today(s3);
    assert.equal(again.json.question.id, all[0].json.question.id);
    assert.equal(again.json.question.shownAt, all[0].json.question.shownAt);
  });

  it('checks answers on the server, rates them by time, ignores late ones and stores FSRS states', async () => {
    const u = await uid('S1001');
    const rated = [];
    // Home's summary draws the day but starts no question's clock.
    const summary = await s1.request('GET', '/api/drill/summary');
    assert.equal(summary.status, 200, summary.text);
    assert.equal(summary.json.total, 5);
    assert.equal(summary.json.question, null);
    assert.deepEqual(await db(`SELECT COUNT(*) FROM drill_answers WHERE user_id = '${u}'`), [['0']]);
    // 1: right at once → Easy
    let r = await today(s1);
    assertNoLeak(r);
    const first = r.json.question;
    assert.equal(first.position, 1);
    assertEnvelope(await answer(s1, questions[5].id, ['a']), 404, 'NOT_FOUND'); // not served yet
    assertEnvelope(await answer(s1, first.id, ['z']), 422, 'VALIDATION_FAILED');
    assertEnvelope(await answer(s1, first.id, ['a', 'b']), 422, 'VALIDATION_FAILED'); // single choice
    r = await answer(s1, first.id, ['a']);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.correct, true);
    assert.equal(r.json.rating, 4);
    assert.deepEqual(r.json.correctChoices, ['a']);
    assert.ok(r.json.explanation.includes(MARK));
    rated.push([first.id, 4]);
    // A repeat changes nothing.
    const repeat = await answer(s1, first.id, ['b']);
    assert.equal(repeat.json.repeat, true);
    assert.equal(repeat.json.correct, true);
    assert.equal(repeat.json.answered, 1);

    // 2: wrong → Again
    r = await today(s1);
    let q = r.json.question;
    r = await answer(s1, q.id, ['b']);
    assert.equal(r.json.correct, false);
    assert.equal(r.json.rating, 1);
    rated.push([q.id, 1]);
    // 3: right after 10 s → Good
    q = (await today(s1)).json.question;
    await shownAgo(u, q.id, 10_000);
    r = await answer(s1, q.id, ['a']);
    assert.equal(r.json.rating, 3);
    rated.push([q.id, 3]);
    // 4: right after 20 s → Hard
    q = (await today(s1)).json.question;
    await shownAgo(u, q.id, 20_000);
    r = await answer(s1, q.id, ['a']);
    assert.equal(r.json.rating, 2);
    rated.push([q.id, 2]);

    // Each stored state is ts-fsrs's first review with that rating, due whole days later.
    for (const [qid, g] of rated) {
      const [[stability, difficulty, reps, lapses, days, last, due]] = await db(
        `SELECT stability, difficulty, reps, lapses, scheduled_days, last_review_at, due_at FROM drill_states WHERE user_id = '${u}' AND question_id = '${qid}'`,
      );
      const at = new Date(Number(last) + BANGKOK);
      const ref = reference.next(createEmptyCard(at), at, g).card;
      assert.ok(Math.abs(Number(stability) - ref.stability) <= 1e-6, `${stability} vs ${ref.stability}`);
      assert.ok(Math.abs(Number(difficulty) - ref.difficulty) <= 1e-6, `${difficulty} vs ${ref.difficulty}`);
      assert.deepEqual([Number(reps), Number(lapses), Number(days)], [ref.reps, ref.lapses, ref.scheduled_days]);
      assert.equal(Number(due), Number(last) + ref.scheduled_days * DAY);
    }

    // 5: past the question's time → not counted, no state
    q = (await today(s1)).json.question;
    await shownAgo(u, q.id, 40_000);
    r = await answer(s1, q.id, ['a']);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.counted, false);
    assert.equal(r.json.rating, null);
    assert.equal(r.json.memory, null);
    assert.deepEqual(await db(`SELECT COUNT(*) FROM drill_states WHERE user_id = '${u}' AND question_id = '${q.id}'`), [['0']]);
    assert.equal(r.json.finished, true);
    assert.equal(r.json.right, 3);
  });

  it('finishes the day once under parallel submits: one streak step, points once', async () => {
    const u = await uid('S2001');
    // Yesterday's drill was finished with a streak of 4.
    const yesterday = bangkokDay(Date.now() - DAY);
    await db(`INSERT INTO drill_days (user_id, day, question_ids_json, created_at, finished_at, streak) VALUES ('${u}', '${yesterday}', '[]', 0, 0, 4)`);
    let r;
    for (let i = 0; i < 4; i++) {
      r = await today(s3);
      r = await answer(s3, r.json.question.id, ['a']);
      assert.equal(r.json.finished, false);
      assert.equal(r.json.pointsAwarded, 0);
    }
    const last = (await today(s3)).json.question;
    const all = await Promise.all(Array.from({ length: 8 }, () => answer(s3, last.id, ['a'])));
    for (const x of all) assert.equal(x.status, 200, x.text);
    assert.deepEqual(all.map((x) => x.json.pointsAwarded).sort((a, b) => b - a), [10, 0, 0, 0, 0, 0, 0, 0]);
    assert.equal(all.filter((x) => !x.json.repeat).length, 1);
    for (const x of all) {
      assert.equal(x.json.finished, true);
      assert.equal(x.json.streak, 5);
    }
    assert.deepEqual(await db(`SELECT COUNT(*), SUM(delta) FROM points_ledger WHERE user_id = '${u}' AND source = 'drill'`), [['1', '10']]);
    r = await today(s3);
    assert.equal(r.json.question, null);
    assert.equal(r.json.finished, true);
    assert.equal(r.json.streak, 5);
  });

  it('brings due questions back first on a later day', async () => {
    const u = await uid('S1001');
    const [[early], [late]] = await db(
      `SELECT question_id FROM drill_states WHERE user_id = '${u}' ORDER BY question_id LIMIT 2`,
    ).then((rows) => rows.map((x) => [x[0]]));
    // Three days on: two questions are due (one longer overdue), and today's drill is not drawn yet.
    await db(`UPDATE drill_states SET due_at = 1000, last_review_at = last_review_at - ${3 * DAY} WHERE user_id = '${u}' AND question_id = '${early}'`);
    await db(`UPDATE drill_states SET due_at = 2000, last_review_at = last_review_at - ${3 * DAY} WHERE user_id = '${u}' AND question_id = '${late}'`);
    await db(`DELETE FROM drill_answers WHERE user_id = '${u}'`);
    await db(`DELETE FROM drill_days WHERE user_id = '${u}'`);
    // An editor keeps the last question out of the drill: it is not drawn.
    const kept = questions[6];
    const flagged = await send(admin, 'PATCH', `/api/admin/exam-questions/${kept.id}`, { notForDrill: true, version: kept.version });
    assert.equal(flagged.status, 200, flagged.text);
    assert.equal(flagged.json.notForDrill, true);
    const [[s0, d0, last0]] = await db(`SELECT stability, difficulty, last_review_at FROM drill_states WHERE user_id = '${u}' AND question_id = '${early}'`);
    let r = await today(s1);
    assert.equal(r.json.question.id, early, 'the most overdue first');
    assert.equal(r.json.total, 4, '2 due + 2 never drilled (the third is not for the drill)');
    const [[drawn]] = await db(`SELECT question_ids_json FROM drill_days WHERE user_id = '${u}'`);
    assert.ok(!JSON.parse(drawn).includes(kept.id));
    r = await answer(s1, early, ['a']);
    assert.equal(r.json.rating, 4);
    // The second review equals ts-fsrs's from the stored state, 3 Bangkok days later.
    const lastAt = new Date(Number(last0) + BANGKOK);
    const card = { ...createEmptyCard(lastAt), stability: Number(s0), difficulty: Number(d0), reps: 1, state: 2, last_review: lastAt, due: lastAt };
    const [[lastNow]] = await db(`SELECT last_review_at FROM drill_states WHERE user_id = '${u}' AND question_id = '${early}'`);
    const ref = reference.next(card, new Date(Number(lastNow) + BANGKOK), 4).card;
    assert.ok(Math.abs(r.json.memory.stability - ref.stability) <= 1e-6, `${r.json.memory.stability} vs ${ref.stability}`);
    assert.ok(Math.abs(r.json.memory.difficulty - ref.difficulty) <= 1e-6);
    assert.equal(r.json.memory.intervalDays, ref.scheduled_days);
    r = await today(s1);
    assert.equal(r.json.question.id, late);
  });

  it('reminds in the evening those whose streak is alive and who have not drilled today, once', async () => {
    // 2030-01-10 at 19:00 in Bangkok. S1001 finished yesterday's drill (a streak of 3), not today's; S1002
    // finished both; S2001's last drill was the day before yesterday (no streak left to lose).
    const at = Date.parse('2030-01-10T12:00:00Z');
    const [u1, u2, u3] = [await uid('S1001'), await uid('S1002'), await uid('S2001')];
    const finished = (u, day, streak) =>
      db(`INSERT INTO drill_days (user_id, day, question_ids_json, created_at, finished_at, streak) VALUES ('${u}', '${day}', '[]', 0, 1, ${streak})`);
    await finished(u1, '2030-01-09', 3);
    await finished(u2, '2030-01-09', 7);
    await finished(u2, '2030-01-10', 8);
    await finished(u3, '2030-01-08', 2);
    const streakNotices = async (c) => (await c.request('GET', '/api/notifications?limit=100')).json.items.filter((n) => n.type === 'drill_streak');
    const daily = (when) => server.cli(['notifications', 'daily', '--at', new Date(when).toISOString()]);
    await daily(at);
    await daily(at + 3_600_000); // a second run that day (a retry, another node): nobody told twice
    const [told] = await streakNotices(s1);
    assert.deepEqual([told.params, told.link], [{ streak: 3 }, '/drill']);
    assert.equal((await streakNotices(s1)).length, 1);
    assert.equal((await streakNotices(s2)).length, 0, 'drilled today');
    assert.equal((await streakNotices(s3)).length, 0, 'no streak alive');
  });

  it('lets admins set the desired retention within bounds', async () => {
    let r = await admin.request('GET', '/api/admin/drill-settings/default');
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.desiredRetentionPercent, 90);
    const bad = await send(admin, 'PATCH', '/api/admin/drill-settings/default', { desiredRetentionPercent: 50, version: r.json.version });
    assertEnvelope(bad, 422, 'VALIDATION_FAILED');
    const staff = await send(s1, 'PATCH', '/api/admin/drill-settings/default', { desiredRetentionPercent: 95, version: r.json.version });
    assert.equal(staff.status, 403);
    r = await send(admin, 'PATCH', '/api/admin/drill-settings/default', { desiredRetentionPercent: 95, version: r.json.version });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.desiredRetentionPercent, 95);
  });
});
