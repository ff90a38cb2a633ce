import { describe, expect, it } from 'vitest';
import type { ExamQuestion } from '../../lib/learning/types';
import {
  answersLaterKey, attemptsLeft, changedAnswers, cleanAnswers, clockOffset, firstUnanswered, formatCountdown, isTimeWarning, palette,
  readLocalAttempt, remainingMs, restoreAttempt, toggleChoice, unansweredCount, writeLocalAttempt,
} from './logic';

const single: ExamQuestion = { id: 'q1', kind: 'single', prompt: 'One?', choices: [{ id: 'a', text: 'A' }, { id: 'b', text: 'B' }] };
const multi: ExamQuestion = {
  id: 'q2', kind: 'multiple', prompt: 'Many?',
  choices: [{ id: 'x', text: 'X' }, { id: 'y', text: 'Y' }, { id: 'z', text: 'Z' }],
};
const tf: ExamQuestion = { id: 'q3', kind: 'truefalse', prompt: 'True?', choices: [{ id: 't', text: 'True' }, { id: 'f', text: 'False' }] };
const questions = [single, multi, tf];

describe('server clock', () => {
  it('measures the offset between the server and this device', () => {
    expect(clockOffset('2026-11-22T10:00:05.000Z', Date.parse('2026-11-22T10:00:00.000Z'))).toBe(5000);
    expect(clockOffset('2026-11-22T09:59:58.000Z', Date.parse('2026-11-22T10:00:00.000Z'))).toBe(-2000);
    expect(clockOffset('garbage', 123)).toBe(0);
  });

  it('counts down in server time whatever the phone clock says', () => {
    const deadline = '2026-11-22T10:10:00.000Z';
    // The phone is 3 minutes slow: its 10:02 is the server's 10:05.
    const phone = Date.parse('2026-11-22T10:02:00.000Z');
    const offset = clockOffset('2026-11-22T10:05:00.000Z', phone);
    expect(remainingMs(deadline, offset, phone)).toBe(5 * 60_000);
    expect(remainingMs(deadline, offset, phone + 60_000)).toBe(4 * 60_000);
    expect(remainingMs(deadline, offset, phone + 10 * 60_000)).toBe(0);
  });

  it('has no countdown without a time limit', () => {
    expect(remainingMs(null, 0, 0)).toBeNull();
    expect(remainingMs(undefined, 0, 0)).toBeNull();
  });

  it('formats minutes and seconds, rounding up', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(600_000)).toBe('10:00');
    expect(formatCountdown(3_725_000)).toBe('1:02:05');
    expect(formatCountdown(-5)).toBe('0:00');
  });

  it('warns in the last minute', () => {
    expect(isTimeWarning(60_001)).toBe(false);
    expect(isTimeWarning(60_000)).toBe(true);
    expect(isTimeWarning(0)).toBe(true);
    expect(isTimeWarning(null)).toBe(false);
  });
});

describe('answers', () => {
  it('keeps one choice for single and true/false', () => {
    let a = toggleChoice({}, single, 'a');
    a = toggleChoice(a, single, 'b');
    expect(a.q1).toEqual(['b']);
    expect(toggleChoice(a, tf, 'f').q3).toEqual(['f']);
  });

  it('toggles choices for multiple, in the question’s order', () => {
    let a = toggleChoice({}, multi, 'z');
    a = toggleChoice(a, multi, 'x');
    expect(a.q2).toEqual(['x', 'z']);
    a = toggleChoice(a, multi, 'z');
    expect(a.q2).toEqual(['x']);
    a = toggleChoice(a, multi, 'x');
    expect(a.q2).toEqual([]);
  });

  it('ignores a choice the question does not have', () => {
    const a = { q1: ['a'] };
    expect(toggleChoice(a, single, 'nope')).toBe(a);
  });

  it('counts unanswered questions (an emptied multiple counts as unanswered)', () => {
    expect(unansweredCount(questions, {})).toBe(3);
    expect(unansweredCount(questions, { q1: ['a'], q2: [] })).toBe(2);
    expect(firstUnanswered(questions, { q1: ['a'] })).toBe(1);
    expect(firstUnanswered(questions, { q1: ['a'], q2: ['x'], q3: ['t'] })).toBe(-1);
  });

  it('builds the palette with answered, unanswered and current', () => {
    const p = palette(questions, { q2: ['y'] }, 2);
    expect(p.map((x) => x.status)).toEqual(['unanswered', 'answered', 'unanswered']);
    expect(p.map((x) => x.current)).toEqual([false, false, true]);
    expect(p.map((x) => x.number)).toEqual([1, 2, 3]);
  });

  it('drops unknown questions and choices and keeps one choice for single', () => {
    expect(cleanAnswers(questions, { q1: ['a', 'b'], q2: ['y', 'nope'], other: ['a'], q3: ['?'] })).toEqual({ q1: ['a'], q2: ['y'] });
  });

  it('lists what changed since the last save, including cleared answers', () => {
    expect(changedAnswers({ q1: ['a'], q2: ['x'] }, { q1: ['a'], q2: ['x', 'y'], q3: ['t'] })).toEqual({ q2: ['x', 'y'], q3: ['t'] });
    expect(changedAnswers({ q1: ['a'] }, {})).toEqual({ q1: [] });
  });
});

describe('restoring after a reload', () => {
  it('overlays unsaved local answers on the server’s and restores the position', () => {
    const r = restoreAttempt({ questions, answers: { q1: ['a'], q2: ['x'] } }, { position: 2, pending: { q2: ['y'] } });
    expect(r.answers).toEqual({ q1: ['a'], q2: ['y'] });
    expect(r.position).toBe(2);
    expect(r.unsaved).toBe(true);
  });

  it('reports nothing unsaved when the server already has it', () => {
    const r = restoreAttempt({ questions, answers: { q1: ['a'] } }, { position: 0, pending: { q1: ['a'] } });
    expect(r.unsaved).toBe(false);
  });

  it('clamps a stale position and works without a local copy', () => {
    expect(restoreAttempt({ questions, answers: {} }, { position: 99, pending: {} }).position).toBe(2);
    expect(restoreAttempt({ questions, answers: {} }, null)).toEqual({ answers: {}, position: 0, unsaved: false });
  });

  it('round-trips through storage and survives garbage', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    writeLocalAttempt('att', { position: 1, pending: { q1: ['a'] } }, storage);
    expect(readLocalAttempt('att', storage)).toEqual({ position: 1, pending: { q1: ['a'] } });
    store.set('shopfloor.exam.bad', '{not json');
    expect(readLocalAttempt('bad', storage)).toBeNull();
    expect(readLocalAttempt('none', storage)).toBeNull();
  });
});

describe('attempts left', () => {
  it('is unlimited without a maximum', () => {
    expect(attemptsLeft(null, 5)).toBeNull();
    expect(attemptsLeft(3, 1)).toBe(2);
    expect(attemptsLeft(3, 4)).toBe(0);
  });
});

describe('answers shown later', () => {
  it('says when a review without answers will show them, by setting and attempt limit', () => {
    expect(answersLaterKey('never', 3)).toBe('exam.answersNever');
    expect(answersLaterKey('passed', 3)).toBe('exam.answersAfterPassing');
    expect(answersLaterKey('passed', null)).toBe('exam.answersAfterPassing');
    expect(answersLaterKey('last_attempt', 3)).toBe('exam.answersAfterLastAttempt');
    expect(answersLaterKey('last_attempt', null)).toBe('exam.answersNever');
    expect(answersLaterKey('passed_or_last', 3)).toBe('exam.answersAfterPassingOrLast');
    expect(answersLaterKey('passed_or_last', null)).toBe('exam.answersAfterPassing');
    expect(answersLaterKey(undefined, 2)).toBe('exam.answersAfterPassingOrLast');
  });
});
