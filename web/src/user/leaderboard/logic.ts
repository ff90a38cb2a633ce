// The leaderboard screen's pure rules: which request a choice makes, the podium's order, when my row is pinned.
import type { PeopleBoard, Period, PersonRow, Scope, View } from './types';
import { dateTimeFormat } from '../../lib/intl';

export const SCOPES: Scope[] = ['store', 'region', 'all'];
export const PERIODS: Period[] = ['week', 'month', 'all'];

/** The stores view has no "my store" scope: a store is compared with its region's or with all stores. */
export function effectiveScope(view: View, scope: Scope): Scope {
  return view === 'stores' && scope === 'store' ? 'region' : scope;
}

export function boardPath(view: View, scope: Scope, period: Period): string {
  const q = new URLSearchParams({ scope: effectiveScope(view, scope), period });
  return view === 'stores' ? `/api/leaderboards/stores?${q}` : `/api/leaderboards?${q}`;
}

/** Reads the choices from the address (?view=&scope=&period=), falling back to my store this week. */
export function parseChoices(search: URLSearchParams): { view: View; scope: Scope; period: Period } {
  const view = search.get('view') === 'stores' ? 'stores' : 'people';
  const scope = (SCOPES as string[]).includes(search.get('scope') ?? '') ? (search.get('scope') as Scope) : 'store';
  const period = (PERIODS as string[]).includes(search.get('period') ?? '') ? (search.get('period') as Period) : 'week';
  return { view, scope, period };
}

/** Top three in podium order (second, first, third) and the rest of the list. */
export function splitPodium<T extends { rank: number }>(items: T[]): { podium: T[]; rest: T[] } {
  const top = items.slice(0, 3);
  const podium = top.length === 3 ? [top[1]!, top[0]!, top[2]!] : top.length === 2 ? [top[1]!, top[0]!] : top;
  return { podium, rest: items.slice(3) };
}

/** My row is pinned at the bottom when I have a rank but am not in the list shown. */
export function shouldPinMe(board: Pick<PeopleBoard, 'items' | 'me'>, myId: string | undefined): boolean {
  if (!board.me || board.me.rank == null || !myId) return false;
  return !board.items.some((i: PersonRow) => i.user.id === myId);
}

/** Initials for a person without a picture: the first letter of the first two words (a Thai word's first
 * consonant: leading vowels เ แ โ ใ ไ are skipped). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => Array.from(w).find((ch) => /\p{L}/u.test(ch) && !/[เแโใไ]/u.test(ch)) ?? '')
    .join('')
    .toUpperCase();
}

/** The period's days in Bangkok time ("23–29 Nov 2026"), `to` being exclusive; null for all time. */
export function periodRange(from: string | null, to: string | null, locale: string): string | null {
  if (!from || !to) return null;
  const start = new Date(from);
  const end = new Date(Date.parse(to) - 1);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
  const f = dateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Bangkok' });
  return f.formatRange(start, end);
}
