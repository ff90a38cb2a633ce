// The back office's calendar, in the reader's language: antd's own texts (tables, pagination, drawers,
// modals, pickers) from its Thai or English locale, and every date picker in Thai showing Buddhist-era years
// (พ.ย. 2569), in English Gregorian ones. The pickers are built here on a dayjs config that also reads a
// Buddhist-era year typed into them; areas take DatePicker / RangePicker from this file, never from antd
// (dates.test.ts fails on a picker imported from antd).
import type { Locale as AntdLocale } from 'antd/es/locale';
import generatePicker from 'antd/es/date-picker/generatePicker';
// The ES modules: `antd/locale/*` are CommonJS files whose default export a bundler in Node's mode takes as
// `{ default: … }`, which antd then ignores (every text fell back to English).
import enUS from 'antd/es/locale/en_US';
import thTH from 'antd/es/locale/th_TH';
import dayjs, { type Dayjs } from 'dayjs';
import buddhistEra from 'dayjs/plugin/buddhistEra';
import 'dayjs/locale/th';
import dayjsConfig from 'rc-picker/es/generate/dayjs';
import type { GenerateConfig } from 'rc-picker/es/generate';

dayjs.extend(buddhistEra);

export type DatesLocale = 'th' | 'en';

/** The Buddhist era is the Gregorian year plus 543. */
export const BUDDHIST_ERA_OFFSET = 543;

/**
 * What the pickers show: the input field (typed as well as shown, so digits only), the panels' headers and
 * year cells. `BBBB` is dayjs' Buddhist-era year.
 */
export const PICKER_FORMATS: Record<DatesLocale, Record<string, string>> = {
  th: {
    fieldDateFormat: 'DD/MM/BBBB',
    fieldDateTimeFormat: 'DD/MM/BBBB HH:mm',
    fieldMonthFormat: 'MM/BBBB',
    fieldYearFormat: 'BBBB',
    yearFormat: 'BBBB',
    cellYearFormat: 'BBBB',
  },
  en: {
    fieldDateFormat: 'DD/MM/YYYY',
    fieldDateTimeFormat: 'DD/MM/YYYY HH:mm',
    fieldMonthFormat: 'MM/YYYY',
    fieldYearFormat: 'YYYY',
    yearFormat: 'YYYY',
    cellYearFormat: 'YYYY',
  },
};

function withPickerFormats(base: AntdLocale, formats: Record<string, string>): AntdLocale {
  const picker = base.DatePicker!;
  const lang = { ...picker.lang, ...formats };
  return {
    ...base,
    DatePicker: { ...picker, lang },
    Calendar: base.Calendar ? { ...base.Calendar, lang: { ...base.Calendar.lang, ...formats } } : base.Calendar,
  };
}

const locales: Record<DatesLocale, AntdLocale> = {
  th: withPickerFormats(thTH, PICKER_FORMATS.th),
  en: withPickerFormats(enUS, PICKER_FORMATS.en),
};

/** antd's locale for the back office's language (ConfigProvider `locale`). */
export const antdLocale = (language: string): AntdLocale => locales[language === 'en' ? 'en' : 'th'];

/**
 * Text typed in a format with a Buddhist-era year, read back: the year's four digits lose 543 and the rest
 * is read as usual (so 29/02/2567 is 29 February 2024, a leap day, which the year 2567 itself would not have).
 */
export function parseBuddhist(text: string, format: string, read: (text: string, format: string) => Dayjs | null): Dayjs | null {
  if (!format.includes('BBBB')) return read(text, format);
  const gregorian = text.replace(/\d{4}/, (y) => String(Number(y) - BUDDHIST_ERA_OFFSET));
  return read(gregorian, format.replace('BBBB', 'YYYY'));
}

/** dayjs for the pickers, reading a Buddhist-era year as well as showing one. */
export const buddhistDayjsConfig: GenerateConfig<Dayjs> = {
  ...dayjsConfig,
  locale: {
    ...dayjsConfig.locale,
    parse: (locale, text, formats) => {
      for (const format of formats) {
        const d = parseBuddhist(text, format, (t, f) => dayjsConfig.locale.parse(locale, t, [f]));
        if (d) return d;
      }
      return null;
    },
  },
};

const Pickers = generatePicker<Dayjs>(buddhistDayjsConfig);

/** antd's DatePicker with the back office's calendar. */
export const DatePicker = Pickers;
/** antd's RangePicker with the back office's calendar. */
export const RangePicker = Pickers.RangePicker;
