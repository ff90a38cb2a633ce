import { describe, expect, it } from 'vitest';
import { bangkokDay, bangkokTime, longDate, shortDate, wholeNumber, type DateLocale } from './dateText';

const locales: DateLocale[] = ['th-TH', 'en-GB'];

describe('dateText: what Intl would write, without making an Intl formatter', () => {
  it('writes every day of 2024-2027 as Intl does, in Thai (Buddhist era) and English', () => {
    for (const locale of locales) {
      const short = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
      const long = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
      for (let d = new Date(2024, 0, 1, 12); d.getFullYear() < 2028; d.setDate(d.getDate() + 1)) {
        expect(shortDate(d, locale)).toBe(short.format(d));
        expect(longDate(d, locale)).toBe(long.format(d));
      }
    }
  });

  it("writes an event's day and time in Bangkok as Intl does, whatever the device's time zone", () => {
    for (const locale of locales) {
      const day = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Bangkok' });
      const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Bangkok' });
      // Every 97 minutes over two years: all hours, both sides of midnight in Bangkok and in UTC.
      for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 97 * 60_000) {
        const d = new Date(t);
        expect(bangkokDay(d, locale)).toBe(day.format(d));
        expect(bangkokTime(d)).toBe(time.format(d));
      }
    }
  });

  it('uses local time near midnight, as Intl does', () => {
    const late = new Date(2026, 11, 31, 23, 59, 59);
    expect(shortDate(late, 'th-TH')).toBe('31 ธ.ค. 2569');
    expect(longDate(new Date(2027, 0, 1, 0, 0, 1), 'en-GB')).toBe('Friday, 1 January 2027');
  });

  it('groups whole numbers by thousands as Intl does', () => {
    for (const locale of locales) {
      const f = new Intl.NumberFormat(locale);
      for (const n of [0, 7, 999, 1000, 1001, 12345, 999999, 1000000, 123456789, -1, -1200, -987654321, Number.MAX_SAFE_INTEGER]) {
        expect(wholeNumber(n)).toBe(f.format(n));
      }
    }
  });
});
