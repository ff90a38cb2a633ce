import { describe, expect, it } from 'vitest';
import { answerStyle, choiceTexts, clock, foundIds, msLeft, togglePick } from './logic';

describe('game logic', () => {
  it('counts down from when the round arrived', () => {
    expect(msLeft(20, 1000, 1000)).toBe(20000);
    expect(msLeft(20, 1000, 6000)).toBe(15000);
    expect(msLeft(5, 0, 9000)).toBe(0);
  });
  it('formats clocks, picks and texts', () => {
    expect(clock(65_400)).toBe('1:05');
    expect(togglePick(['a'], 'b')).toEqual(['a', 'b']);
    expect(togglePick(['a', 'b'], 'a')).toEqual(['b']);
    expect(choiceTexts([{ id: 'a', text: 'A' }, { id: 'b', text: 'B' }, { id: 'c', text: 'C' }], ['c', 'a'])).toBe('A, C');
    expect(foundIds([['x', 'y']]).has('y')).toBe(true);
    expect(answerStyle(9).color).toBe(answerStyle(1).color);
  });
});
