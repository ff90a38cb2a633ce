import { afterEach, describe, expect, it } from 'vitest';
import { DRILL_AHEAD_KEY } from '../../lib/offline/keys';
import { clearQueue, pending } from '../../lib/offline/queue';
import { secondsLeft } from './logic';
import { answerSlot, bangkokDayOf, forgetKeptQuestion, keptDrill, needsAhead, queueAnswer, queuedQuestions, startedHere } from './offline';
import type { DrillAheadQuestion, DrillProgress } from './types';

const question = (id: string, position: number): DrillAheadQuestion => ({ id, kind: 'single', prompt: id, choices: [{ id: 'a', text: 'A' }], seconds: 30, position });
const keep = (user: string, day: string, ids: string[]) =>
  localStorage.setItem(DRILL_AHEAD_KEY, JSON.stringify({ user, day, total: 5, questions: ids.map((id, i) => question(id, i + 1)) }));
const progress = (p: Partial<DrillProgress>): DrillProgress => ({ day: '2026-11-28', total: 5, answered: 0, right: 0, finished: false, streak: 0, questionSeconds: 30, ...p });

describe('the drill kept for offline', () => {
  afterEach(() => {
    localStorage.removeItem(DRILL_AHEAD_KEY);
    clearQueue();
  });

  it("names the drill's day in Bangkok (UTC+7), as the server does", () => {
    expect(bangkokDayOf(Date.parse('2026-11-28T16:59:59Z'))).toBe('2026-11-28');
    expect(bangkokDayOf(Date.parse('2026-11-28T17:00:00Z'))).toBe('2026-11-29');
  });

  it("starts a kept question's clock on this device", () => {
    const q = startedHere({ id: 'q', kind: 'single', prompt: 'p', choices: [], seconds: 20, position: 2 }, Date.parse('2026-11-28T03:00:00Z'));
    expect([q.shownAt, q.deadlineAt, secondsLeft(q, Date.parse('2026-11-28T03:00:05Z'))]).toEqual(['2026-11-28T03:00:00.000Z', '2026-11-28T03:00:20.000Z', 15]);
  });

  it("is one person's, for one day", () => {
    keep('u1', '2026-11-28', ['q1', 'q2']);
    expect(keptDrill('u1', '2026-11-28')?.questions.map((q) => q.id)).toEqual(['q1', 'q2']);
    expect(keptDrill('u2', '2026-11-28')).toBeNull();
    expect(keptDrill('u1', '2026-11-29')).toBeNull();
  });

  it('is fetched again when missing, of another day, or not what is left to answer', () => {
    expect(needsAhead('u1', progress({}))).toBe(true);
    keep('u1', '2026-11-28', ['q1', 'q2', 'q3', 'q4', 'q5']);
    expect(needsAhead('u1', progress({}))).toBe(false);
    expect(needsAhead('u1', progress({ answered: 2 }))).toBe(true); // answered on another phone
    expect(needsAhead('u1', progress({ day: '2026-11-29' }))).toBe(true);
    expect(needsAhead('u1', progress({ finished: true, answered: 5 }))).toBe(false);
    expect(needsAhead('u1', progress({ total: 0 }))).toBe(false);
    forgetKeptQuestion('u1', 'q1'); // answered online here
    expect(needsAhead('u1', progress({ answered: 1 }))).toBe(false);
  });

  it('queues one answer per question, with the time measured here', () => {
    queueAnswer('u1', '2026-11-28', { questionId: 'q1', choices: ['a'] }, 4200.4, Date.parse('2026-11-28T03:00:00Z'));
    queueAnswer('u1', '2026-11-28', { questionId: 'q2', pairs: [{ left: 'l1', right: 'r2' }] }, 9000);
    queueAnswer('u1', '2026-11-28', { questionId: 'q1', choices: ['b'] }, 5000, Date.parse('2026-11-28T03:00:05Z'));
    const [first, second] = pending('u1');
    expect(first?.slot).toBe(answerSlot('2026-11-28', 'q2'));
    expect(second).toMatchObject({
      url: '/api/drill/today/answers',
      slot: 'drill:2026-11-28:q1',
      body: { questionId: 'q1', choices: ['b'], offline: { answeredAt: '2026-11-28T03:00:05.000Z', answerMs: 5000 } },
    });
    expect([...queuedQuestions('u1', '2026-11-28')].sort()).toEqual(['q1', 'q2']);
    expect(queuedQuestions('u1', '2026-11-27').size).toBe(0);
    expect(queuedQuestions('u2').size).toBe(0);
  });
});
