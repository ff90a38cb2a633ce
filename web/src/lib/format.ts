// Dates and numbers in the user's language (Thai dates use the Buddhist era, as Thai readers expect).
import { currentLocale } from '../i18n';
import { type DateLocale, longDate, shortDate, wholeNumber } from './dateText';
import { dateTimeFormat, numberFormat } from './intl';

/** The reader's language as a locale tag for dates and numbers. */
export const localeTag = (): DateLocale => (currentLocale() === 'th' ? 'th-TH' : 'en-GB');

export function formatDate(iso: string | null | undefined, withTime = false): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (!withTime) return shortDate(d, localeTag());
  return dateTimeFormat(localeTag(), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(d);
}

export function formatNumber(n: number): string {
  return Number.isSafeInteger(n) ? wholeNumber(n) : numberFormat(localeTag()).format(n);
}

/** "+50" / "−20" with a real minus sign. */
export function formatDelta(n: number): string {
  if (n > 0) return `+${formatNumber(n)}`;
  if (n < 0) return `\u2212${formatNumber(-n)}`;
  return '0';
}

/** Whole minutes (rounded up) for a time limit in seconds. */
export function minutesOf(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/** A list's short "when", like a phone's inbox: the time for today ("14:05"), the day and month for this year
 *  ("27 พ.ย."), a two-digit year before ("27 พ.ย. 68"); in the reader's time zone. */
export function formatListDate(iso: string, now = new Date(), locale = localeTag()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const sameDay = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  if (sameDay) return dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(d);
  const thisYear = d.getFullYear() === now.getFullYear();
  return dateTimeFormat(locale, { day: 'numeric', month: 'short', ...(thisYear ? {} : { year: '2-digit' }) }).format(d);
}

export function formatTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateTimeFormat(localeTag(), { hour: '2-digit', minute: '2-digit' }).format(d);
}

/** "Sunday, 22 November 2026" / "วันอาทิตย์ที่ 22 พฤศจิกายน 2569" (lib/dateText.ts). */
export function formatToday(now = new Date()): string {
  return longDate(now, localeTag());
}
