import { describe, expect, it } from 'vitest';
import { cardState, choiceResult, minutesFor, secondsLeft, toggleChoice } from './logic';

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
});
