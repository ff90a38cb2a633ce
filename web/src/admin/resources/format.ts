// Locale-aware formatting shared by lists, details and editors (no antd, no React components).
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, numberFormat } from '../../lib/intl';

export function useLocale(): 'th' | 'en' {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'th';
}

export function formatDateTime(value: unknown, locale: 'th' | 'en'): string {
  if (typeof value !== 'string' || !value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return dateTimeFormat(locale === 'en' ? 'en-GB' : 'th-TH', { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export function formatBytes(bytes: number, locale: 'th' | 'en'): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${numberFormat(locale === 'en' ? 'en-US' : 'th-TH', { maximumFractionDigits: i ? 1 : 0 }).format(v)} ${units[i]}`;
}

/** antd DatePicker keeps Dayjs; the API wants ISO strings. */
export const toDayjs = (v: unknown): Dayjs | undefined => (typeof v === 'string' && v ? dayjs(v) : undefined);
export const fromDayjs = (v: unknown): string | null => (dayjs.isDayjs(v) ? (v as Dayjs).toISOString() : v === undefined ? null : (v as string | null));
