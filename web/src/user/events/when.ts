// An event's time in the reader's language: "ศุกร์ 27 พ.ย. 2569 10:00–13:00" (Buddhist era in Thai, Bangkok time).
import { bangkokDay, bangkokTime } from '../../lib/dateText';
import { localeTag } from '../../lib/format';

export function formatWhen(startsAt: string, endsAt: string): string {
  const s = new Date(startsAt), e = new Date(endsAt);
  if (Number.isNaN(s.getTime()) || Number.isNaN(e.getTime())) return '';
  // Written from tables (lib/dateText.ts): no Intl formatter to make while Home's events card first draws.
  const locale = localeTag();
  const [sDay, eDay] = [bangkokDay(s, locale), bangkokDay(e, locale)];
  return sDay === eDay ? `${sDay} ${bangkokTime(s)}–${bangkokTime(e)}` : `${sDay} ${bangkokTime(s)} – ${eDay} ${bangkokTime(e)}`;
}
