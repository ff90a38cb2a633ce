// Intl formatters are made once per locale and options (lib/intl.ts) and format as the browser's own do.
import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl';

describe('cached Intl formatters', () => {
  it('gives the same formatter for the same locale and options, another for others', () => {
    const opts = { day: 'numeric', month: 'short' } as const;
    expect(dateTimeFormat('th-TH', opts)).toBe(dateTimeFormat('th-TH', { day: 'numeric', month: 'short' }));
    expect(dateTimeFormat('th-TH', opts)).not.toBe(dateTimeFormat('en-GB', opts));
    expect(dateTimeFormat('th-TH', opts)).not.toBe(dateTimeFormat('th-TH', { ...opts, year: 'numeric' }));
    expect(numberFormat('en-US')).toBe(numberFormat('en-US'));
    expect(numberFormat()).toBe(numberFormat());
  });

  it('formats like a new formatter', () => {
    const at = new Date('2026-11-27T03:00:00Z');
    const opts = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Bangkok' } as const;
    expect(dateTimeFormat('th-TH', opts).format(at)).toBe(new Intl.DateTimeFormat('th-TH', opts).format(at));
    expect(dateTimeFormat('th-TH', opts).format(at)).toContain('2569'); // the Buddhist era
    expect(numberFormat('en-US').format(12345.5)).toBe('12,345.5');
    expect(relativeTimeFormat('en', { numeric: 'auto' }).format(-1, 'day')).toBe('yesterday');
  });
});
