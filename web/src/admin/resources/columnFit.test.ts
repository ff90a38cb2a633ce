// Which columns a list keeps in the width it has (issue 28 item 7): all when they fit, else the least
// important leave first (the later declared, the "updated" column before any), and never the title.
import { describe, expect, it } from 'vitest';
import { fitColumns, TITLE_MIN, type ColumnNeed } from './columnFit';

const columns: ColumnNeed[] = [
  { key: 'cover', width: 80 },
  { key: 'title', width: 0, flex: true },
  { key: 'status', width: 120 },
  { key: 'startsAt', width: 180 },
  { key: 'audience', width: 150 },
  { key: 'updatedAt', width: 180, drop: 1000 },
];
const fixed = 80 + 120 + 180 + 150 + 180;

describe('fitColumns', () => {
  it('keeps every column when they fit beside the title’s minimum', () => {
    expect(fitColumns(columns, fixed + TITLE_MIN)).toEqual({ shown: columns.map((c) => c.key), hidden: [] });
  });

  it('drops the updated column first, then the last declared', () => {
    expect(fitColumns(columns, fixed + TITLE_MIN - 1).hidden).toEqual(['updatedAt']);
    expect(fitColumns(columns, fixed - 180 + TITLE_MIN - 1)).toEqual({ shown: ['cover', 'title', 'status', 'startsAt'], hidden: ['audience', 'updatedAt'] });
  });

  it('never drops the title, even when nothing else fits', () => {
    const fit = fitColumns(columns, 50);
    expect(fit.shown).toEqual(['title']);
    expect(fit.hidden).toEqual(['cover', 'status', 'startsAt', 'audience', 'updatedAt']);
  });

  it('follows an explicit order of leaving over the declared one', () => {
    const withDrop = columns.map((c) => (c.key === 'cover' ? { ...c, drop: 2000 } : c));
    expect(fitColumns(withDrop, fixed + TITLE_MIN - 1).hidden).toEqual(['cover']);
  });
});
