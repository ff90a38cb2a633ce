import { describe, expect, it } from 'vitest';
import { deltaTone, flattenEntries, groupByDay, sourceHref, sourceOf } from './logic';

const e = (id: string, createdAt: string, delta = 10, source = 'exam', sourceId: string | null = 'x') => ({ id, delta, reason: id, source, sourceId, createdAt });

describe('points history', () => {
  it('knows the ledger sources and falls back for others', () => {
    expect(sourceOf('exam')).toBe('exam');
    expect(sourceOf('redemption')).toBe('redemption');
    expect(sourceOf('something-new')).toBe('other');
  });

  it('links learning sources only', () => {
    expect(sourceHref({ source: 'exam', sourceId: 'e1' })).toBe('/learning/exam/e1');
    expect(sourceHref({ source: 'course', sourceId: 'c 1' })).toBe('/learning/course/c%201');
    expect(sourceHref({ source: 'content', sourceId: 'k' })).toBe('/learning/content/k');
    expect(sourceHref({ source: 'manual', sourceId: 'u' })).toBeNull();
    expect(sourceHref({ source: 'exam', sourceId: null })).toBeNull();
  });

  it('colours plus and minus', () => {
    expect(deltaTone(5)).toBe('plus');
    expect(deltaTone(-5)).toBe('minus');
    expect(deltaTone(0)).toBe('zero');
  });

  it('flattens pages once each and groups by day in order', () => {
    const pages = [{ entries: [e('a', '2026-11-22T10:00:00Z'), e('b', '2026-11-22T08:00:00Z')] }, { entries: [e('b', '2026-11-22T08:00:00Z'), e('c', '2026-11-20T08:00:00Z')] }];
    const all = flattenEntries(pages);
    expect(all.map((x) => x.id)).toEqual(['a', 'b', 'c']);
    const groups = groupByDay(all, (iso) => iso.slice(0, 10));
    expect(groups.map((g) => [g.day, g.entries.length])).toEqual([['2026-11-22', 2], ['2026-11-20', 1]]);
    expect(flattenEntries(undefined)).toEqual([]);
  });
});
