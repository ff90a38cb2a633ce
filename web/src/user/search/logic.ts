// The staff search screen's logic (GET /api/search): the kinds people filter by, the screen's address and
// recent searches kept on the device (the highlights are lib/marks.ts, shared with the back office).

/** The filters, each one or more of the server's kinds (a social activity is shown with the events). */
export const SEARCH_FILTERS = [
  { key: 'content', kinds: ['content'] },
  { key: 'course', kinds: ['course'] },
  { key: 'exam', kinds: ['exam'] },
  { key: 'ebook', kinds: ['ebook'] },
  { key: 'article', kinds: ['article'] },
  { key: 'event', kinds: ['event', 'social'] },
  { key: 'reward', kinds: ['reward'] },
  { key: 'story', kinds: ['story'] },
  { key: 'poll', kinds: ['poll'] },
  { key: 'survey', kinds: ['survey'] },
] as const;
export type SearchFilter = (typeof SEARCH_FILTERS)[number]['key'];

export const MAX_QUERY_CHARS = 100;
export const SEARCH_PAGE_SIZE = 20;

export interface SearchHit {
  kind: string;
  id: string;
  link: string;
  title: string;
  titleMarks: [number, number][];
  snippet: string;
  snippetMarks: [number, number][];
}
export interface SearchPage {
  items: SearchHit[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

export interface SearchState {
  q: string;
  filter: SearchFilter | '';
}

export function isFilter(v: string | null): v is SearchFilter {
  return SEARCH_FILTERS.some((f) => f.key === v);
}

export function parseSearchState(sp: URLSearchParams): SearchState {
  const kind = sp.get('kind');
  return { q: (sp.get('q') ?? '').trim().slice(0, MAX_QUERY_CHARS), filter: isFilter(kind) ? kind : '' };
}

/** The screen's address for a state: /search?q=&kind= (empty parts left out). */
export function searchPath(s: SearchState): string {
  const p = new URLSearchParams();
  if (s.q) p.set('q', s.q);
  if (s.filter) p.set('kind', s.filter);
  const qs = p.toString();
  return qs ? `/search?${qs}` : '/search';
}

export function searchApiPath(s: SearchState, page: number, pageSize = SEARCH_PAGE_SIZE): string {
  const p = new URLSearchParams({ q: s.q, page: String(page), pageSize: String(pageSize) });
  const filter = SEARCH_FILTERS.find((f) => f.key === s.filter);
  if (filter) p.set('kinds', filter.kinds.join(','));
  return `/api/search?${p}`;
}

/** The filter a hit's kind belongs to (its badge). */
export function filterOf(kind: string): SearchFilter | undefined {
  return SEARCH_FILTERS.find((f) => (f.kinds as readonly string[]).includes(kind))?.key;
}

// Recent searches: on this device, per person, newest first, without repeats.
export const MAX_RECENT = 8;
const recentKey = (userId: string) => `shopfloor.search.recent.${userId}`;

export function withRecent(list: readonly string[], q: string): string[] {
  const query = q.trim();
  if (!query) return [...list];
  const same = (a: string) => a.toLocaleLowerCase() === query.toLocaleLowerCase();
  return [query, ...list.filter((x) => !same(x))].slice(0, MAX_RECENT);
}

export function loadRecent(userId: string, storage: Storage | undefined = globalThis.localStorage): string[] {
  try {
    const v: unknown = JSON.parse(storage?.getItem(recentKey(userId)) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

export function saveRecent(userId: string, list: readonly string[], storage: Storage | undefined = globalThis.localStorage) {
  try {
    if (list.length) storage?.setItem(recentKey(userId), JSON.stringify(list));
    else storage?.removeItem(recentKey(userId));
  } catch {
    /* private mode or full: recent searches last for this page only */
  }
}
