// The back office's calendar (dates.ts): antd's texts in the chosen language, Buddhist-era years in every
// Thai picker (shown and typed), Gregorian in English, and no picker or locale taken around it.
import { render, screen } from '@testing-library/react';
// antd's ES build, as the app's bundle has it (Node alone would resolve `antd` to its CommonJS copy, whose
// ConfigProvider the ES pickers do not hear).
import ConfigProvider from 'antd/es/config-provider';
import dayjs from 'dayjs';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { antdLocale, buddhistDayjsConfig, DatePicker, parseBuddhist, RangePicker } from './dates';

describe('antd locale', () => {
  it('is Thai unless English is chosen: pagination, empty tables, drawers, pickers', () => {
    const th = antdLocale('th');
    expect(th.locale).toBe('th');
    expect(th.Pagination?.items_per_page).toBe('/ หน้า');
    expect(th.global?.close).toBe('ปิด');
    expect(th.Empty?.description).toBe('ไม่มีข้อมูล');
    expect(th.DatePicker?.lang.now).toBe('ตอนนี้');
    expect(th.DatePicker?.lang.locale).toBe('th_TH');
    for (const unknown of ['th', 'th-TH', '', 'fr']) expect(antdLocale(unknown)).toBe(th);
    const en = antdLocale('en');
    expect(en.locale).toBe('en');
    expect(en.Pagination?.items_per_page).toBe('/ page');
    expect(en.DatePicker?.lang.now).toBe('Now');
  });

  it('shows Buddhist-era years in Thai pickers and Gregorian ones in English', () => {
    const th = antdLocale('th').DatePicker!.lang;
    const en = antdLocale('en').DatePicker!.lang;
    for (const key of ['fieldDateFormat', 'fieldDateTimeFormat', 'yearFormat', 'cellYearFormat'] as const) {
      expect(th[key]).toContain('BBBB');
      expect(en[key]).toContain('YYYY');
      expect(en[key]).not.toContain('BBBB');
    }
    const day = dayjs('2026-11-27T14:30:00');
    expect(buddhistDayjsConfig.locale.format('th_TH', day, th.fieldDateTimeFormat!)).toBe('27/11/2569 14:30');
    expect(buddhistDayjsConfig.locale.format('en_US', day, en.fieldDateFormat!)).toBe('27/11/2026');
    expect(buddhistDayjsConfig.locale.getShortMonths!('th_TH')[10]).toBe('พ.ย.');
    expect(buddhistDayjsConfig.locale.getShortWeekDays!('th_TH')[0]).toBe('อา.');
  });

  it('reads a Buddhist-era year typed into a Thai picker', () => {
    const parse = (text: string, format: string) => buddhistDayjsConfig.locale.parse('th_TH', text, [format]);
    expect(parse('27/11/2569', 'DD/MM/BBBB')?.format('YYYY-MM-DD')).toBe('2026-11-27');
    expect(parse('27/11/2569 09:05', 'DD/MM/BBBB HH:mm')?.format('YYYY-MM-DD HH:mm')).toBe('2026-11-27 09:05');
    // 2567 is 2024, a leap year: its 29 February exists.
    expect(parse('29/02/2567', 'DD/MM/BBBB')?.format('YYYY-MM-DD')).toBe('2024-02-29');
    expect(parse('30/02/2567', 'DD/MM/BBBB')).toBeNull();
    expect(parse('27/11/2026', 'DD/MM/YYYY')?.format('YYYY-MM-DD')).toBe('2026-11-27');
    expect(parseBuddhist('not a date', 'DD/MM/BBBB', (t, f) => buddhistDayjsConfig.locale.parse('th_TH', t, [f]))).toBeNull();
  });

  it('opens a Thai calendar with Thai month names and 2569, an English one with Nov 2026', () => {
    const { unmount } = render(
      <ConfigProvider locale={antdLocale('th')}>
        <DatePicker open defaultPickerValue={dayjs('2026-11-15')} getPopupContainer={(n) => n.parentElement!} />
      </ConfigProvider>,
    );
    expect(screen.getByText('พ.ย.')).toBeInTheDocument();
    expect(screen.getByText('2569')).toBeInTheDocument();
    expect(screen.getByText('อา.')).toBeInTheDocument();
    expect(screen.getByText('วันนี้')).toBeInTheDocument();
    expect(screen.queryByText('2026')).toBeNull();
    unmount();
    render(
      <ConfigProvider locale={antdLocale('en')}>
        <RangePicker open defaultPickerValue={[dayjs('2026-11-15'), dayjs('2026-12-15')]} getPopupContainer={(n) => n.parentElement!} />
      </ConfigProvider>,
    );
    expect(screen.getByText('Nov')).toBeInTheDocument();
    expect(screen.getAllByText('2026').length).toBeGreaterThan(0);
    expect(screen.queryByText('2569')).toBeNull();
  }, 60_000); // antd's first render is slow on a busy machine
});

describe('every back-office picker goes through dates.ts', () => {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
  const backOffice = [...files(path.join(src, 'admin')), ...files(path.join(src, 'app', 'admin'))].filter((f) => !f.endsWith('dates.ts') && !/\.test\.tsx?$/.test(f));

  it('finds the files it checks', () => expect(backOffice.length).toBeGreaterThan(50));

  it('imports no date picker from antd and no CommonJS locale', () => {
    const wrong: string[] = [];
    for (const f of backOffice) {
      const text = fs.readFileSync(f, 'utf8');
      for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'antd'/g))
        if (/\b(DatePicker|TimePicker|Calendar)\b/.test(m[1]!)) wrong.push(`${path.relative(src, f)}: ${m[0].replace(/\s+/g, ' ')}`);
      for (const m of text.matchAll(/from\s*'(antd\/(?:locale|lib)\/[^']*|antd\/es\/date-picker[^']*)'/g)) wrong.push(`${path.relative(src, f)}: ${m[1]}`);
    }
    expect(wrong).toEqual([]);
  });
});
