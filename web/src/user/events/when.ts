// An event's time in the reader's language: "ศ. 27 พ.ย. 2569 10:00–13:00" (Buddhist era in Thai, Bangkok time).
import { currentLocale } from '../../i18n';
import { dateTimeFormat } from '../../lib/intl';

const tag = () => (currentLocale() === 'th' ? 'th-TH' : 'en-GB');
const zone = 'Asia/Bangkok';

export function formatWhen(startsAt: string, endsAt: string): string {
  const s = new Date(startsAt), e = new Date(endsAt);
  if (Number.isNaN(s.getTime()) || Number.isNaN(e.getTime())) return '';
  const day = dateTimeFormat(tag(), { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: zone });
  const time = dateTimeFormat(tag(), { hour: '2-digit', minute: '2-digit', timeZone: zone });
  const sameDay = day.format(s) === day.format(e);
  return sameDay ? `${day.format(s)} ${time.format(s)}–${time.format(e)}` : `${day.format(s)} ${time.format(s)} – ${day.format(e)} ${time.format(e)}`;
}
