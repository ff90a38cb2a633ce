import { describe, expect, it } from 'vitest';
import { formatDelta, minutesOf } from './format';

describe('format', () => {
  it('formats deltas with a real minus and rounds minutes up', () => {
    expect(formatDelta(0)).toBe('0');
    expect(formatDelta(-20)).toBe('\u221220');
    expect(minutesOf(61)).toBe(2);
    expect(minutesOf(0)).toBe(1);
  });
});
