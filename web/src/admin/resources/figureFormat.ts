// A headline figure's number and its change against the previous period (the dashboard's and the reports'
// figure cards). Pure and tiny: it ships with the dashboard in the back office's first chunk.
import { numberFormat } from '../../lib/intl';

export type Locale = 'th' | 'en';
export const intlLocale = (l: Locale) => (l === 'en' ? 'en-US' : 'th-TH');

/** A figure's change against the previous period: none when it does not compare; no percent from zero. */
export type Change = { dir: 'up' | 'down' | 'flat'; percent: number | null } | null;
export function changeOf(value: number, previous: number | null | undefined): Change {
  if (previous === undefined || previous === null || !Number.isFinite(previous)) return null;
  if (value === previous) return { dir: 'flat', percent: 0 };
  const dir = value > previous ? 'up' : 'down';
  if (previous === 0) return { dir, percent: null };
  return { dir, percent: Math.round((Math.abs(value - previous) / Math.abs(previous)) * 1000) / 10 };
}

/** A figure's or a cell's number as the locale writes it, with its unit (percent values are 0-100). */
export function formatValue(v: unknown, unit: string | undefined, locale: Locale): string {
  if (v === null || v === undefined || v === '') return '–';
  if (typeof v !== 'number') return String(v);
  const n = (digits: number, x = v) => numberFormat(intlLocale(locale), { maximumFractionDigits: digits }).format(x);
  switch (unit) {
    case 'percent':
      return `${n(1)}%`;
    case 'ms':
      return v >= 1000 ? `${n(2, v / 1000)} s` : `${n(0)} ms`;
    case 'score':
      return n(2);
    default:
      return n(1);
  }
}
