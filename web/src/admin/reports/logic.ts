// The reports' one shape (docs/API.md "Reports and the dashboard") and what the page does with it, pure: the
// filters <-> the URL's query, the date presets, texts with fallbacks, number formats, the chart options.
import dayjs, { type Dayjs } from 'dayjs';
import type { ChartOption } from '../resources/charts/types';
import { formatValue, intlLocale, type Locale } from '../resources/figureFormat';
import { dateTimeFormat } from '../../lib/intl';

export { changeOf, formatValue, intlLocale, type Change, type Locale } from '../resources/figureFormat';

export const REPORTS = ['actives', 'learning', 'club', 'engagement', 'voice'] as const;
export type ReportName = (typeof REPORTS)[number];
export const isReport = (v: unknown): v is ReportName => typeof v === 'string' && (REPORTS as readonly string[]).includes(v);

export type Unit = '' | 'percent' | 'ms' | 'points' | 'score';
export type ColumnType = 'text' | 'number' | 'percent' | 'date';

export interface ReportFigure {
  key: string;
  value: number;
  previous?: number | null;
  unit?: Unit | string;
  link?: string;
}
export interface ReportChart {
  key: string;
  type: 'line' | 'bar' | 'pie' | string;
  x: string[];
  series: { key: string; values: number[] }[];
}
export interface ReportColumn {
  key: string;
  label: string;
  type: ColumnType | string;
}
export interface ReportTable {
  key: string;
  columns: ReportColumn[];
  rows: (string | number | null)[][];
  links?: string[];
}
export interface Filters {
  from?: string;
  to?: string;
  store?: string;
  region?: string;
  position?: string;
}
export interface ReportAnswer {
  report: string;
  filters: { from: string; to: string; store: string | null; region: string | null; position: string | null };
  previous: { from: string; to: string };
  figures: ReportFigure[];
  charts: ReportChart[];
  tables: ReportTable[];
}
export interface ReportOptions {
  stores: { id: string; code: string; name: string; regionId: string }[];
  regions: { id: string; code: string; name: string }[];
  positions: string[];
}

const FILTER_KEYS = ['from', 'to', 'store', 'region', 'position'] as const;

/** The filters a URL's query holds (unknown parameters are ignored, empty ones are "all"). */
export function filtersFrom(search: URLSearchParams): Filters {
  const out: Filters = {};
  for (const k of FILTER_KEYS) {
    const v = search.get(k);
    if (v) out[k] = v;
  }
  return out;
}

/** The query of the filters, in a stable order (the same filters give the same URL and the same cache key). */
export function filtersQuery(f: Filters): string {
  const q = new URLSearchParams();
  for (const k of FILTER_KEYS) if (f[k]) q.set(k, f[k]!);
  return q.toString();
}

export const reportUrl = (name: string, f: Filters) => {
  const q = filtersQuery(f);
  return `/api/admin/reports/${encodeURIComponent(name)}${q ? `?${q}` : ''}`;
};

export function exportUrl(name: string, table: string, format: 'csv' | 'xlsx', f: Filters): string {
  const q = new URLSearchParams({ format, table });
  for (const [k, v] of new URLSearchParams(filtersQuery(f))) q.set(k, v);
  return `/api/admin/reports/${encodeURIComponent(name)}/export?${q.toString()}`;
}

/** A new region keeps the store only when the store is in it. */
export function withRegion(f: Filters, region: string | undefined, stores: ReportOptions['stores']): Filters {
  const store = f.store && region && stores.find((s) => s.id === f.store)?.regionId !== region ? undefined : f.store;
  return { ...f, region, store };
}

/** The stores to choose from: those of the region when one is chosen. */
export const storesOf = (stores: ReportOptions['stores'], region?: string) => (region ? stores.filter((s) => s.regionId === region) : stores);

export const PRESETS = ['last7', 'last30', 'last90', 'thisMonth', 'lastMonth'] as const;
export type Preset = (typeof PRESETS)[number];

/** The days of a preset, both included, as of `today`. */
export function presetRange(preset: Preset, today: Dayjs = dayjs()): [Dayjs, Dayjs] {
  const d = today.startOf('day');
  switch (preset) {
    case 'last7':
      return [d.subtract(6, 'day'), d];
    case 'last30':
      return [d.subtract(29, 'day'), d];
    case 'last90':
      return [d.subtract(89, 'day'), d];
    case 'thisMonth':
      return [d.startOf('month'), d];
    case 'lastMonth': {
      const m = d.subtract(1, 'month');
      return [m.startOf('month'), m.endOf('month').startOf('day')];
    }
  }
}

export const DAY = 'YYYY-MM-DD';

/** A day (`YYYY-MM-DD`) as the locale shows it: 26 พ.ย. 2569 / Nov 26, 2026. */
export function formatDay(day: string, locale: Locale, style: 'short' | 'medium' = 'medium'): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const d = dayjs(day);
  const opts: Intl.DateTimeFormatOptions = style === 'short' ? { day: 'numeric', month: 'short' } : { dateStyle: 'medium' };
  return dateTimeFormat(intlLocale(locale), opts).format(d.toDate());
}

/** The words a cell may need: yes / no (boolean columns), and a known value's text (a source, a status). */
export interface CellWords {
  yes: string;
  no: string;
  value: (v: string) => string;
}

/** Text columns whose cells are codes with texts of their own (reports.values.<code>). */
const CODED_COLUMNS = new Set(['source', 'status', 'itemType']);

/** A table cell by its column's type; null (e.g. an anonymous group too small to show) as a dash. */
export function formatCell(v: unknown, type: string, locale: Locale, words?: CellWords, column?: string): string {
  if (v === null || v === undefined) return '–';
  if (type === 'boolean') return v === true ? (words?.yes ?? 'true') : v === false ? (words?.no ?? 'false') : String(v);
  if (type === 'date' && typeof v === 'string') return formatDay(v, locale);
  if (type === 'percent') return formatValue(v, 'percent', locale);
  if (type === 'number') return formatValue(v, '', locale);
  if (words && column && CODED_COLUMNS.has(column) && typeof v === 'string') return words.value(v);
  return String(v);
}

/** A code's text (reports.values.<code>) when it is a plain word, else the code itself. */
export const valueText = (t: T) => (v: string) => (/^[a-z][A-Za-z]*$/.test(v) ? t(`reports.values.${v}`, { defaultValue: v }) : v);

export type T = (key: string, opts?: { defaultValue?: string }) => string;

/** The web's texts of a report's keys, falling back to the server's label, then to the key itself. */
export function texts(t: T, report: string) {
  const text = (key: string, fallback: string) => t(key, { defaultValue: fallback });
  return {
    figure: (key: string) => text(`reports.${report}.figures.${key}`, key),
    chart: (key: string) => text(`reports.${report}.charts.${key}`, key),
    table: (key: string) => text(`reports.${report}.tables.${key}`, key),
    series: (key: string) => text(`reports.series.${key}`, key),
    column: (c: ReportColumn) => text(`reports.columns.${c.key}`, c.label || c.key),
  };
}

/** Every text key a report's answer needs (the catalog test and missing-text checks). */
export function textKeys(a: Pick<ReportAnswer, 'report' | 'figures' | 'charts' | 'tables'>): string[] {
  const keys = new Set<string>();
  for (const f of a.figures) keys.add(`reports.${a.report}.figures.${f.key}`);
  for (const c of a.charts) {
    keys.add(`reports.${a.report}.charts.${c.key}`);
    for (const s of c.series) keys.add(`reports.series.${s.key}`);
  }
  for (const tb of a.tables) {
    keys.add(`reports.${a.report}.tables.${tb.key}`);
    for (const c of tb.columns) keys.add(`reports.columns.${c.key}`);
  }
  return [...keys];
}

export const isEmptyReport = (a: ReportAnswer) => !a.figures.length && !a.charts.length && !a.tables.length;

/** Charts whose x axis is pages (telemetry page keys). Tables of pages are those whose first column is `page`. */
const PAGE_CHARTS = new Set(['pageTime']);
/** Tables for the technical reader (page speed, clicked markup): drawn apart, closed, under plain words. */
export const TECHNICAL_TABLES = new Set(['vitals', 'clicks']);

/**
 * Pages by their names instead of their routes (`name` answers undefined for an address the staff app does
 * not have: such rows and bars are left out). `left` tells, per table, how many rows went.
 */
export function withPageNames(a: ReportAnswer, name: (pageKey: string) => string | undefined): { answer: ReportAnswer; left: Record<string, number> } {
  const left: Record<string, number> = {};
  const tables = a.tables.map((tb) => {
    if (tb.columns[0]?.key !== 'page') return tb;
    const rows: ReportTable['rows'] = [];
    const links: string[] = [];
    tb.rows.forEach((row, i) => {
      const n = typeof row[0] === 'string' ? name(row[0]) : undefined;
      if (n === undefined) return;
      rows.push([n, ...row.slice(1)]);
      if (tb.links) links.push(tb.links[i] ?? '');
    });
    left[tb.key] = tb.rows.length - rows.length;
    return { ...tb, rows, ...(tb.links ? { links } : {}) };
  });
  const charts = a.charts.map((c) => {
    if (!PAGE_CHARTS.has(c.key)) return c;
    const keep = c.x.map((x) => name(x));
    const at = keep.flatMap((n, i) => (n === undefined ? [] : [i]));
    return { ...c, x: at.map((i) => keep[i]!), series: c.series.map((s) => ({ ...s, values: at.map((i) => s.values[i] ?? 0) })) };
  });
  return { answer: { ...a, tables, charts }, left };
}

const PALETTE = ['#1f7a6d', '#f0a020', '#1d6fb8', '#c2410c', '#7c3aed', '#2f9e44', '#db2777', '#5b6664'];

/** The ECharts option of one of a report's charts: days on the x axis as the locale shows them. */
export function chartOption(c: ReportChart, names: { series: (k: string) => string; x: (v: string) => string; value: (v: number) => string }): ChartOption {
  const many = c.series.length > 1;
  if (c.type === 'pie') {
    const s = c.series[0];
    return {
      color: PALETTE,
      tooltip: { trigger: 'item', valueFormatter: (v: unknown) => names.value(Number(v)) },
      legend: { bottom: 0, type: 'scroll' },
      series: [
        {
          type: 'pie',
          name: s ? names.series(s.key) : '',
          radius: ['40%', '70%'],
          center: ['50%', '45%'],
          label: { formatter: '{b}: {d}%' },
          data: c.x.map((x, i) => ({ name: names.x(x), value: s?.values[i] ?? 0 })),
        },
      ],
    };
  }
  const type = c.type === 'bar' ? 'bar' : 'line';
  return {
    color: PALETTE,
    grid: { left: 8, right: 16, top: many ? 36 : 16, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => names.value(Number(v)) },
    ...(many ? { legend: { top: 0, type: 'scroll' } } : {}),
    xAxis: { type: 'category', data: c.x.map(names.x), boundaryGap: type === 'bar', axisTick: { alignWithLabel: true } },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => names.value(v) } },
    series: c.series.map((s) => ({
      type,
      name: names.series(s.key),
      data: s.values,
      smooth: type === 'line',
      smoothMonotone: 'x', // no curve overshoots below zero or above a peak
      showSymbol: c.x.length <= 31,
      ...(type === 'line' && !many ? { areaStyle: { opacity: 0.12 } } : {}),
      ...(type === 'bar' ? { barMaxWidth: 36, itemStyle: { borderRadius: [4, 4, 0, 0] } } : {}),
    })),
  };
}

/** A chart's x value as the locale shows it: days (`YYYY-MM-DD`) as dates, the rest as they are. */
export const xLabel = (locale: Locale, value: (v: string) => string = (v) => v) => (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDay(v, locale, 'short') : value(v);
