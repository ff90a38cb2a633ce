// The pulse page's pure rules. A period's key as people read it: the server names periods by key (Asia/Bangkok ISO weeks
// "2026-W44", calendar months "2026-11": server/src/pulse/periods.hpp); a Thai reader should see the dates,
// in Buddhist-era years, never the key.
import type { PulseItem } from './types';
import { dateTimeFormat } from '../../lib/intl';

export type PeriodText = { kind: 'week' | 'month'; text: string };

const DAY = 86_400_000;

/** The Monday (UTC midnight) of ISO week `week` of `year`: the week that holds 4 January is week 1. */
export function isoWeekStart(year: number, week: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return jan4 - weekday * DAY + (week - 1) * 7 * DAY;
}

/** "26 ต.ค. – 1 พ.ย. 2569" for a week key, "ตุลาคม 2569" for a month key, in `locale` (a BCP 47 tag); null for
 *  anything else. */
export function periodText(key: string, locale: string): PeriodText | null {
  const week = /^(\d{4})-W(\d{2})$/.exec(key);
  if (week) {
    const start = isoWeekStart(Number(week[1]), Number(week[2]));
    const f = dateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    return { kind: 'week', text: f.formatRange(new Date(start), new Date(start + 6 * DAY)) };
  }
  const month = /^(\d{4})-(\d{2})$/.exec(key);
  if (month) {
    const at = new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1));
    return { kind: 'month', text: dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at) };
  }
  return null;
}

/** The first pulse with questions for me this period (none once answered or while every question cools down). */
export function waiting(items: PulseItem[] | undefined): PulseItem | undefined {
  return items?.find((p) => !p.answered && p.questions.length > 0);
}
