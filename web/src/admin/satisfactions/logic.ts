// Pure bits of the satisfaction screens (issue 16): types of the API's answers and URL builders; no React.
export type RatedType = 'content' | 'course' | 'event';
export const ratedTypes: RatedType[] = ['content', 'course', 'event'];

export interface Stats {
  count: number;
  average: number;
  /** Ratings with 1, 2, 3, 4 and 5 stars. */
  distribution: number[];
}
export interface ItemStats extends Stats {
  type: RatedType;
  id: string;
  title: string;
  comments: number;
}
export interface Summary {
  overall: Stats;
  items: ItemStats[];
  lowest: ItemStats[];
}
export interface TrendWeek extends Stats {
  weekStart: string;
}
export interface RatingComment {
  id: string;
  type: RatedType;
  itemId: string;
  itemTitle: string;
  stars: number;
  comment: string;
  hidden: boolean;
  updatedAt: string;
  user: { id: string; name: string };
}

export interface Filter {
  type?: RatedType;
  itemId?: string;
}

function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const summaryUrl = (f: Filter) => `/api/admin/satisfactions/summary${query({ type: f.type })}`;
export const trendUrl = (f: Filter, weeks = 12) => `/api/admin/satisfactions/trend${query({ type: f.type, itemId: f.itemId, weeks })}`;
export const commentsUrl = (f: Filter, hidden: '' | 'true' | 'false', offset: number, limit = 20) =>
  `/api/admin/satisfactions/comments${query({ type: f.type, itemId: f.itemId, hidden, offset, limit })}`;
export const moderateUrl = (id: string, hide: boolean) => `/api/admin/satisfactions/comments/${encodeURIComponent(id)}/${hide ? 'hide' : 'show'}`;

/** Each star count's share of the ratings, in percent (0 when none), 5 stars first for display. */
export function shares(s: Stats): { stars: number; count: number; percent: number }[] {
  return [5, 4, 3, 2, 1].map((stars) => {
    const count = s.distribution[stars - 1] ?? 0;
    return { stars, count, percent: s.count > 0 ? Math.round((count * 1000) / s.count) / 10 : 0 };
  });
}
