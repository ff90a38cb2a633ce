// Pure bits of the points history.
import type { PointsHistory } from '../../lib/learning/types';

export type PointsEntry = PointsHistory['entries'][number];

/** Ledger sources (SPEC §5 Points ledger) the history knows a label and icon for. */
export const KNOWN_SOURCES = ['lesson', 'content', 'course', 'exam', 'game', 'campaign', 'story', 'event', 'survey', 'manual', 'redemption', 'refund'] as const;
export type KnownSource = (typeof KNOWN_SOURCES)[number];

export function sourceOf(source: string): KnownSource | 'other' {
  return (KNOWN_SOURCES as readonly string[]).includes(source) ? (source as KnownSource) : 'other';
}

/** Where an entry's source can be opened in the app, when it can. */
export function sourceHref(entry: Pick<PointsEntry, 'source' | 'sourceId'>): string | null {
  if (!entry.sourceId) return null;
  const id = encodeURIComponent(entry.sourceId);
  switch (entry.source) {
    case 'lesson':
    case 'content':
      return `/learning/content/${id}`;
    case 'course':
      return `/learning/course/${id}`;
    case 'exam':
      return `/learning/exam/${id}`;
    default:
      return null;
  }
}

export function deltaTone(delta: number): 'plus' | 'minus' | 'zero' {
  return delta > 0 ? 'plus' : delta < 0 ? 'minus' : 'zero';
}

/** All loaded entries, newest first, each once. */
export function flattenEntries(pages: Pick<PointsHistory, 'entries'>[] | undefined): PointsEntry[] {
  const seen = new Set<string>();
  const out: PointsEntry[] = [];
  for (const p of pages ?? []) for (const e of p.entries) if (!seen.has(e.id)) { seen.add(e.id); out.push(e); }
  return out;
}

/** Entries grouped by local calendar day (keeps the order), for day headers. */
export function groupByDay(entries: PointsEntry[], dayOf: (iso: string) => string): { day: string; entries: PointsEntry[] }[] {
  const groups: { day: string; entries: PointsEntry[] }[] = [];
  for (const e of entries) {
    const day = dayOf(e.createdAt);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.entries.push(e);
    else groups.push({ day, entries: [e] });
  }
  return groups;
}
