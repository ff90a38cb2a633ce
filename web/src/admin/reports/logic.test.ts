import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import reportsEn from '../../i18n/reports.en.json';
import reportsTh from '../../i18n/reports.th.json';
import {
  changeOf,
  chartOption,
  exportUrl,
  filtersFrom,
  filtersQuery,
  formatCell,
  formatValue,
  presetRange,
  reportUrl,
  storesOf,
  textKeys,
  texts,
  valueText,
  withPageNames,
  withRegion,
  type ReportAnswer,
} from './logic';
import { staffPageOf } from '../../lib/staffPages';

// The keys the server's `actives` report answers with (docs/API.md "Reports": actives), by hand: a text for
// each must exist in both languages, or the page would show a bare key.
const ACTIVES: Pick<ReportAnswer, 'report' | 'figures' | 'charts' | 'tables'> = {
  report: 'actives',
  figures: ['dailyAverage', 'lastDay', 'week', 'month', 'onlineNow'].map((key) => ({ key, value: 0 })),
  charts: ['daily', 'weekly', 'monthly'].map((key) => ({ key, type: 'bar', x: [], series: [{ key: 'actives', values: [] }] })),
  tables: [
    { key: 'byStore', columns: ['store', 'dailyAverage', 'peopleDays'].map((key) => ({ key, label: key, type: 'text' })), rows: [] },
    { key: 'byRegion', columns: ['region', 'dailyAverage', 'peopleDays'].map((key) => ({ key, label: key, type: 'text' })), rows: [] },
  ],
};

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined), tree);
}

describe('report texts', () => {
  it.each([
    ['th', reportsTh],
    ['en', reportsEn],
  ])('has a %s text for every key of the actives report', (_lang, catalog) => {
    const keys = textKeys(ACTIVES);
    expect(keys).toContain('reports.actives.figures.onlineNow');
    expect(keys).toContain('reports.columns.peopleDays');
    for (const key of keys) expect(typeof lookup(catalog, key), key).toBe('string');
  });

  it('falls back to the server’s label, then to the key, when a text is missing', () => {
    const t = (key: string, o?: { defaultValue?: string }) => (key === 'reports.columns.store' ? 'สาขา' : (o?.defaultValue ?? key));
    const x = texts(t, 'learning');
    expect(x.column({ key: 'store', label: 'Store', type: 'text' })).toBe('สาขา');
    expect(x.column({ key: 'passRate', label: 'Pass rate', type: 'percent' })).toBe('Pass rate');
    expect(x.figure('hardest')).toBe('hardest');
  });
});

describe('report filters', () => {
  it('read the URL’s query and write it back in a stable order, empty ones left out', () => {
    const f = filtersFrom(new URLSearchParams('position=Cashier&store=&from=2026-11-01&to=2026-11-07&x=1'));
    expect(f).toEqual({ from: '2026-11-01', to: '2026-11-07', position: 'Cashier' });
    expect(filtersQuery(f)).toBe('from=2026-11-01&to=2026-11-07&position=Cashier');
    expect(reportUrl('actives', {})).toBe('/api/admin/reports/actives');
    expect(reportUrl('club', { region: 'r1' })).toBe('/api/admin/reports/club?region=r1');
  });

  it('export one table with the same filters', () => {
    expect(exportUrl('actives', 'byStore', 'xlsx', { from: '2026-11-01', to: '2026-11-07', store: 's 1' })).toBe(
      '/api/admin/reports/actives/export?format=xlsx&table=byStore&from=2026-11-01&to=2026-11-07&store=s+1',
    );
  });

  it('narrow the stores to a region, dropping a store outside it', () => {
    const stores = [
      { id: 's1', code: 'A', name: 'A', regionId: 'r1' },
      { id: 's2', code: 'B', name: 'B', regionId: 'r2' },
    ];
    expect(storesOf(stores, 'r2').map((s) => s.id)).toEqual(['s2']);
    expect(storesOf(stores).length).toBe(2);
    expect(withRegion({ store: 's1' }, 'r2', stores)).toEqual({ store: undefined, region: 'r2' });
    expect(withRegion({ store: 's1' }, 'r1', stores)).toEqual({ store: 's1', region: 'r1' });
    expect(withRegion({ store: 's1', region: 'r1' }, undefined, stores)).toEqual({ store: 's1', region: undefined });
  });

  it('give the presets’ days, both ends included', () => {
    const today = dayjs('2026-03-15T10:00:00');
    const fmt = (r: [dayjs.Dayjs, dayjs.Dayjs]) => r.map((d) => d.format('YYYY-MM-DD'));
    expect(fmt(presetRange('last7', today))).toEqual(['2026-03-09', '2026-03-15']);
    expect(fmt(presetRange('last30', today))).toEqual(['2026-02-14', '2026-03-15']);
    expect(fmt(presetRange('last90', today))).toEqual(['2025-12-16', '2026-03-15']);
    expect(fmt(presetRange('thisMonth', today))).toEqual(['2026-03-01', '2026-03-15']);
    expect(fmt(presetRange('lastMonth', today))).toEqual(['2026-02-01', '2026-02-28']);
  });
});

describe('figures and cells', () => {
  it('compare with the previous period, or not at all', () => {
    expect(changeOf(12, 10)).toEqual({ dir: 'up', percent: 20 });
    expect(changeOf(5, 10)).toEqual({ dir: 'down', percent: 50 });
    expect(changeOf(3, 3)).toEqual({ dir: 'flat', percent: 0 });
    expect(changeOf(4, 0)).toEqual({ dir: 'up', percent: null });
    expect(changeOf(4, undefined)).toBeNull();
    expect(changeOf(4, null)).toBeNull();
  });

  it('format numbers for the locale, percent units as %', () => {
    expect(formatValue(12345.67, '', 'en')).toBe('12,345.7');
    expect(formatValue(42.25, 'percent', 'th')).toBe('42.3%');
    expect(formatValue(1500, 'ms', 'en')).toBe('1.5 s');
    expect(formatValue(undefined, '', 'en')).toBe('–');
    expect(formatCell(0.5, 'percent', 'en')).toBe('0.5%');
    expect(formatCell('2026-11-26', 'date', 'en')).toBe('Nov 26, 2026');
    expect(formatCell('2026-11-26', 'date', 'th')).toMatch(/พ\.ย\./);
    expect(formatCell('Central', 'text', 'th')).toBe('Central');
  });

  it('write booleans as words, hidden (null) cells as a dash, and known codes as their text', () => {
    const words = { yes: 'ใช่', no: 'ไม่', value: valueText((k: string, o?: { defaultValue?: string }) => (k === 'reports.values.fulfilled' ? 'ส่งมอบแล้ว' : (o?.defaultValue ?? k))) };
    expect(formatCell(true, 'boolean', 'th', words)).toBe('ใช่');
    expect(formatCell(false, 'boolean', 'th', words)).toBe('ไม่');
    expect(formatCell(null, 'number', 'th', words)).toBe('–');
    expect(formatCell('fulfilled', 'text', 'th', words, 'status')).toBe('ส่งมอบแล้ว');
    expect(formatCell('fulfilled', 'text', 'th', words, 'reward')).toBe('fulfilled');
    expect(formatCell('unknownCode', 'text', 'th', words, 'source')).toBe('unknownCode');
    expect(words.value('/admin/x.y')).toBe('/admin/x.y');
  });
});

describe('chart options', () => {
  const names = { series: (k: string) => `S:${k}`, x: (v: string) => `X:${v}`, value: String };
  it('draw lines and bars over the x values, one series each', () => {
    const o = chartOption({ key: 'daily', type: 'line', x: ['2026-11-01', '2026-11-02'], series: [{ key: 'actives', values: [3, 5] }] }, names) as Record<string, any>;
    expect(o.xAxis.data).toEqual(['X:2026-11-01', 'X:2026-11-02']);
    expect(o.series).toHaveLength(1);
    expect(o.series[0]).toMatchObject({ type: 'line', name: 'S:actives', data: [3, 5] });
    expect(o.legend).toBeUndefined();
    const b = chartOption({ key: 'x', type: 'bar', x: ['a'], series: [{ key: 'p', values: [1] }, { key: 'q', values: [2] }] }, names) as Record<string, any>;
    expect(b.series.map((s: { type: string }) => s.type)).toEqual(['bar', 'bar']);
    expect(b.legend).toBeDefined();
  });
  it('draw a pie of the first series, a slice per x', () => {
    const o = chartOption({ key: 'bySource', type: 'pie', x: ['a', 'b'], series: [{ key: 'points', values: [7, 3] }] }, names) as Record<string, any>;
    expect(o.series[0].type).toBe('pie');
    expect(o.series[0].data).toEqual([
      { name: 'X:a', value: 7 },
      { name: 'X:b', value: 3 },
    ]);
  });
});

describe('pages by their names', () => {
  const answer: ReportAnswer = {
    report: 'engagement',
    filters: { from: '2026-11-01', to: '2026-11-27', store: null, region: null, position: null },
    previous: { from: '2026-10-05', to: '2026-10-31' },
    figures: [],
    charts: [{ key: 'pageTime', type: 'bar', x: ['/main', '/admin/users', '/learning/content/:id'], series: [{ key: 'seconds', values: [12, 99, 40] }] }],
    tables: [
      {
        key: 'vitals',
        columns: [{ key: 'page', label: 'Page', type: 'text' }, { key: 'lcp', label: 'LCP', type: 'number' }],
        rows: [['/club/rewards/:id', 1800], ['/nowhere', 5000], ['/main', 1200]],
        links: ['a', 'b', 'c'],
      },
      { key: 'byStore', columns: [{ key: 'store', label: 'Store', type: 'text' }], rows: [['/main']] },
    ],
  };
  const named = (key: string) => {
    const page = staffPageOf(key);
    return page ? `name:${page.name}` : undefined;
  };

  it('names staff pages and leaves out addresses the app does not have, counting them', () => {
    const { answer: out, left } = withPageNames(answer, named);
    expect(out.tables[0]!.rows).toEqual([['name:reward', 1800], ['name:home', 1200]]);
    expect(out.tables[0]!.links).toEqual(['a', 'c']);
    expect(left).toEqual({ vitals: 1 });
    // A table whose first column is not pages is left as it is.
    expect(out.tables[1]).toBe(answer.tables[1]);
    expect(out.charts[0]!.x).toEqual(['name:home', 'name:content']);
    expect(out.charts[0]!.series[0]!.values).toEqual([12, 40]);
  });

  it('has a name in both languages for every staff page', () => {
    for (const tree of [reportsTh, reportsEn]) {
      const names = (tree as { staffPages: Record<string, string> }).staffPages;
      for (const key of ['/main', '/club/rewards/:id', '/learning/content/:id', '/profile', '/p/:id'])
        expect(names[staffPageOf(key)!.name], key).toMatch(/\S/);
    }
  });
});
