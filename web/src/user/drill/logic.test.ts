import { describe, expect, it } from 'vitest';
import { cardState, choiceResult, matchesToSend, minutesFor, nextUnmatched, pairNumber, pairUp, secondsLeft, toggleChoice, unpairRight } from './logic';

const progress = { day: '2026-11-28', total: 5, answered: 0, right: 0, finished: false, streak: 0, questionSeconds: 30 };

describe('drill logic', () => {
  it('estimates the minutes of a drill', () => {
    expect(minutesFor(0)).toBe(1);
    expect(minutesFor(5)).toBe(2);
    expect(minutesFor(10)).toBe(4);
  });

  it('shows the Home card only when there is a drill', () => {
    expect(cardState(undefined)).toBe(null);
    expect(cardState({ ...progress, total: 0 })).toBe(null);
    expect(cardState(progress)).toBe('todo');
    expect(cardState({ ...progress, finished: true })).toBe('done');
  });

  it('takes one choice unless the question is multiple', () => {
    expect(toggleChoice('single', ['a'], 'b')).toEqual(['b']);
    expect(toggleChoice('truefalse', [], 'true')).toEqual(['true']);
    expect(toggleChoice('multiple', ['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleChoice('multiple', ['a', 'b'], 'a')).toEqual(['b']);
  });

  it('marks the right choices and the wrong pick', () => {
    const c = (id: string) => ({ id, text: id });
    expect(choiceResult(c('a'), ['b'], ['a'])).toBe('right');
    expect(choiceResult(c('b'), ['b'], ['a'])).toBe('wrong');
    expect(choiceResult(c('c'), ['b'], ['a'])).toBe('plain');
  });

  it('counts the seconds left', () => {
    const deadlineAt = new Date(10_000).toISOString();
    expect(secondsLeft({ deadlineAt }, 0)).toBe(10);
    expect(secondsLeft({ deadlineAt }, 9_001)).toBe(1);
    expect(secondsLeft({ deadlineAt }, 20_000)).toBe(0);
  });

  it('matches pairs by taps: a right item moves to the last left item that takes it', () => {
    const lefts = [{ id: 'l1', text: 'a' }, { id: 'l2', text: 'b' }, { id: 'l3', text: 'c' }];
    let m = pairUp({}, 'l1', 'r2');
    expect(nextUnmatched(lefts, m, 'l1')).toBe('l2');
    m = pairUp(m, 'l2', 'r2');
    expect(m).toEqual({ l2: 'r2' });
    expect(nextUnmatched(lefts, m)).toBe('l1');
    m = pairUp(pairUp(m, 'l1', 'r3'), 'l3', 'r1');
    expect(matchesToSend(lefts, m)).toEqual([{ left: 'l1', right: 'r3' }, { left: 'l2', right: 'r2' }, { left: 'l3', right: 'r1' }]);
    expect(pairNumber(lefts, m, 'r1', 'right')).toBe(3);
    expect(pairNumber(lefts, m, 'l2', 'left')).toBe(2);
    m = unpairRight(m, 'r2');
    expect(matchesToSend(lefts, m)).toBe(null);
    expect(pairNumber(lefts, m, 'l2', 'left')).toBe(null);
    expect(nextUnmatched(lefts, m, 'l3')).toBe('l2');
  });
});
