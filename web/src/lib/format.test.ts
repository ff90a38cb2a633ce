import { describe, expect, it } from 'vitest';
import { formatDelta, formatListDate, minutesOf } from './format';

describe('format', () => {
  it('formats deltas with a real minus and rounds minutes up', () => {
    expect(formatDelta(0)).toBe('0');
    expect(formatDelta(-20)).toBe('\u221220');
    expect(minutesOf(61)).toBe(2);
    expect(minutesOf(0)).toBe(1);
  });

  it('says when in a list the way an inbox does: the time today, day and month this year, a short year before', () => {
    const now = new Date(2026, 10, 27, 16, 30); // 27 Nov 2026, local time
    expect(formatListDate(new Date(2026, 10, 27, 9, 5).toISOString(), now, 'th-TH')).toBe('09:05');
    expect(formatListDate(new Date(2026, 10, 26, 23, 59).toISOString(), now, 'th-TH')).toBe('26 พ.ย.');
    expect(formatListDate(new Date(2026, 0, 3, 8, 0).toISOString(), now, 'en-GB')).toBe('3 Jan');
    expect(formatListDate(new Date(2025, 11, 31, 8, 0).toISOString(), now, 'th-TH')).toBe('31 ธ.ค. 68');
    expect(formatListDate('not a date', now)).toBe('');
  });
});
