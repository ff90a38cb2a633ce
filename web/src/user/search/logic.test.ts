import { describe, expect, it } from 'vitest';
import { filterOf, loadRecent, MAX_RECENT, parseSearchState, saveRecent, searchApiPath, searchPath, withRecent } from './logic';

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

describe('staff search logic', () => {
  it('reads and writes the address, and asks the server for a filter’s kinds', () => {
    expect(parseSearchState(new URLSearchParams('q=%20ลูกค้า%20&kind=event'))).toEqual({ q: 'ลูกค้า', filter: 'event' });
    expect(parseSearchState(new URLSearchParams('kind=planet'))).toEqual({ q: '', filter: '' });
    expect(parseSearchState(new URLSearchParams(`q=${'ก'.repeat(150)}`)).q).toHaveLength(100);
    expect(searchPath({ q: 'a b', filter: '' })).toBe('/search?q=a+b');
    expect(searchPath({ q: '', filter: '' })).toBe('/search');
    expect(searchApiPath({ q: 'มือ', filter: 'event' }, 2)).toBe(`/api/search?q=${encodeURIComponent('มือ')}&page=2&pageSize=20&kinds=event%2Csocial`);
    expect(filterOf('social')).toBe('event');
    expect(filterOf('planet')).toBeUndefined();
  });

  it('keeps recent searches newest first, without repeats, per person', () => {
    let list: string[] = [];
    for (const q of ['a', 'B', 'b', '  ', 'c']) list = withRecent(list, q);
    expect(list).toEqual(['c', 'b', 'a']);
    for (let i = 0; i < 20; i += 1) list = withRecent(list, `q${i}`);
    expect(list).toHaveLength(MAX_RECENT);
    const storage = memoryStorage();
    saveRecent('u1', ['x', 'y'], storage);
    expect(loadRecent('u1', storage)).toEqual(['x', 'y']);
    expect(loadRecent('u2', storage)).toEqual([]);
    storage.setItem('shopfloor.search.recent.u3', '{not json');
    expect(loadRecent('u3', storage)).toEqual([]);
    saveRecent('u1', [], storage);
    expect(loadRecent('u1', storage)).toEqual([]);
  });
});
