// "3 minutes ago" / "3 นาทีที่ผ่านมา" with the browser's Intl, no library.
import { relativeTimeFormat } from './intl';
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** A past (or future) ISO time relative to `now`, in `locale`; under a minute reads "now". */
export function relativeTime(iso: string, now: number, locale: string): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  const format = relativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/** "Last seen 3 minutes ago", or "Last seen just now" within a minute (i18n keys under `presence`). */
export function lastSeenText(t: (key: string, options?: Record<string, string>) => string, iso: string, now: number, locale: string): string {
  const then = Date.parse(iso);
  if (!Number.isNaN(then) && Math.abs(now - then) < 60_000) return t('presence.lastSeenJustNow');
  return t('presence.lastSeen', { time: relativeTime(iso, now, locale) });
}
