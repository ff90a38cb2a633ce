// Home's dates and numbers written from tables instead of Intl (issue 29). The first Intl.DateTimeFormat or
// NumberFormat a page makes initialises ICU's calendar or number data: ~20 ms of main thread on a fast machine,
// 4x that on a cheap phone, inside Home's first render. These are the few patterns the staff tabs' first screens
// show; dateText.test.ts checks each against Intl for every day of several years, in Thai and English.
// Thai dates use the Buddhist era (th-TH's default calendar).

export type DateLocale = 'th-TH' | 'en-GB';

const TH_MONTHS = ['มกราคม', 'กุมภาพันธ์', 'มีนาคม', 'เมษายน', 'พฤษภาคม', 'มิถุนายน', 'กรกฎาคม', 'สิงหาคม', 'กันยายน', 'ตุลาคม', 'พฤศจิกายน', 'ธันวาคม'];
const TH_MONTHS_SHORT = ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'];
const TH_WEEKDAYS = ['อาทิตย์', 'จันทร์', 'อังคาร', 'พุธ', 'พฤหัสบดี', 'ศุกร์', 'เสาร์'];
const EN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const EN_MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const EN_WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const TH_WEEKDAYS_SHORT = ['อาทิตย์', 'จันทร์', 'อังคาร', 'พุธ', 'พฤหัส', 'ศุกร์', 'เสาร์'];
const EN_WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

interface Parts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
}

/** The device's own time zone (Intl's default). */
const local = (d: Date): Parts => ({ year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), weekday: d.getDay(), hour: d.getHours(), minute: d.getMinutes() });

/** Asia/Bangkok: UTC+7 all year (no daylight saving), where the company's events happen. */
const bangkok = (d: Date): Parts => {
  const b = new Date(d.getTime() + 7 * 3_600_000);
  return { year: b.getUTCFullYear(), month: b.getUTCMonth(), day: b.getUTCDate(), weekday: b.getUTCDay(), hour: b.getUTCHours(), minute: b.getUTCMinutes() };
};

const era = (p: Parts, locale: DateLocale) => p.year + (locale === 'th-TH' ? 543 : 0);
const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

function dayMonthYear(p: Parts, locale: DateLocale): string {
  const months = locale === 'th-TH' ? TH_MONTHS_SHORT : EN_MONTHS_SHORT;
  return `${p.day} ${months[p.month]} ${era(p, locale)}`;
}

/** "28 พ.ย. 2569" / "28 Nov 2026": Intl's { day: 'numeric', month: 'short', year: 'numeric' }, local time. */
export function shortDate(d: Date, locale: DateLocale): string {
  return dayMonthYear(local(d), locale);
}

/** "วันเสาร์ที่ 28 พฤศจิกายน 2569" / "Saturday, 28 November 2026": Intl's weekday, day, month long, year. */
export function longDate(d: Date, locale: DateLocale): string {
  const p = local(d);
  if (locale === 'th-TH') return `วัน${TH_WEEKDAYS[p.weekday]}ที่ ${p.day} ${TH_MONTHS[p.month]} ${era(p, locale)}`;
  return `${EN_WEEKDAYS[p.weekday]}, ${p.day} ${EN_MONTHS[p.month]} ${era(p, locale)}`;
}

/** "ศุกร์ 27 พ.ย. 2569" / "Fri, 27 Nov 2026": Intl's weekday short, day, month short, year, in Bangkok. */
export function bangkokDay(d: Date, locale: DateLocale): string {
  const p = bangkok(d);
  return locale === 'th-TH' ? `${TH_WEEKDAYS_SHORT[p.weekday]} ${dayMonthYear(p, locale)}` : `${EN_WEEKDAYS_SHORT[p.weekday]}, ${dayMonthYear(p, locale)}`;
}

/** "10:05": Intl's { hour: '2-digit', minute: '2-digit' } in Bangkok (24-hour in both languages). */
export function bangkokTime(d: Date): string {
  const p = bangkok(d);
  return `${twoDigits(p.hour)}:${twoDigits(p.minute)}`;
}

/** "12,345" / "-1,200": a whole number grouped by thousands, as both th-TH and en-GB write it (Latin digits). */
export function wholeNumber(n: number): string {
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
