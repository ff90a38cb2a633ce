// A list's optional "from day – to day" filter: either end may stay empty; the days go as YYYY-MM-DD.
import dayjs from 'dayjs';
import { RangePicker } from './dates';

export interface DayRange {
  from?: string;
  to?: string;
}

export function DayRangeFilter({ label, fromText, toText, from, to, onChange }: DayRange & { label: string; fromText: string; toText: string; onChange: (range: DayRange) => void }) {
  return (
    <RangePicker
      aria-label={label}
      placeholder={[fromText, toText]}
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      allowEmpty={[true, true]}
      onChange={(range) => onChange({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })}
    />
  );
}
