import { describe, expect, it } from 'vitest';
import { isoWeekStart, periodText } from './logic';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('pulse periods as people read them', () => {
  it('finds the Monday of an ISO week, across year ends', () => {
    expect(day(isoWeekStart(2026, 44))).toBe('2026-10-26');
    expect(day(isoWeekStart(2026, 1))).toBe('2025-12-29');
    expect(day(isoWeekStart(2026, 53))).toBe('2026-12-28'); // 1 Jan 2027 is in 2026's week 53
    expect(day(isoWeekStart(2027, 1))).toBe('2027-01-04');
  });

  it('shows a week as its dates, with Buddhist-era years in Thai, and never the key', () => {
    const th = periodText('2026-W44', 'th-TH');
    expect(th?.kind).toBe('week');
    expect(th?.text).toMatch(/26.*ต\.ค\..*1.*พ\.ย\..*2569/);
    expect(th?.text).not.toMatch(/W|2026/);
    expect(periodText('2026-W44', 'en-GB')?.text).toMatch(/26 Oct.*1 Nov 2026/);
  });

  it('shows a month by name', () => {
    expect(periodText('2026-11', 'th-TH')).toEqual({ kind: 'month', text: 'พฤศจิกายน 2569' });
    expect(periodText('2026-11', 'en-GB')).toEqual({ kind: 'month', text: 'November 2026' });
  });

  it('answers null for what is not a period key', () => {
    expect(periodText('week 44', 'th-TH')).toBeNull();
    expect(periodText('', 'th-TH')).toBeNull();
  });
});
