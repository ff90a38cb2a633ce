// Pure bits of the contests' back-office screens: no React, no fetch.
import type { ContestKind, EntryBase, EntryStatus } from '../../lib/contests';

export type { ContestKind, EntryStatus };

export interface AdminEntry extends EntryBase {
  votes: number;
  author: { id: string; name: string; code: string };
  createdAt: string;
}

const enc = encodeURIComponent;
export const entriesUrl = (id: string) => `/api/admin/campaigns/${enc(id)}/entries`;
export const moderateUrl = (id: string) => `/api/admin/campaigns/${enc(id)}/moderate`;
export const winnersUrl = (id: string) => `/api/admin/campaigns/${enc(id)}/winners`;
export const announceUrl = (id: string) => `/api/admin/campaigns/${enc(id)}/announce`;

/** Where a contest of this kind is listed. */
export const listPath = (kind: unknown): string => (kind === 'naming' ? '/admin/campaigns/votenames' : '/admin/campaigns');

/** The summary fields of a contest's screen, in order (the entry type only for campaigns). */
export function summaryFields(kind: unknown): string[] {
  return [...(kind === 'naming' ? [] : ['entryType']), 'entriesStart', 'entriesEnd', 'votingStart', 'votingEnd', 'entryLimit', 'votesPerPerson', 'winnersCount', 'winnerMode', 'winPoints', 'entryPoints', 'audience', 'announcedAt'];
}

/** Whether voting is over (the announcement is allowed) at `now`. */
export function votingOver(votingEnd: unknown, now: number = Date.now()): boolean {
  return typeof votingEnd === 'string' && !!votingEnd && new Date(votingEnd).getTime() <= now;
}

/** The entries a status tab shows ('all' = every one). */
export function entriesOf(items: AdminEntry[] | undefined, tab: EntryStatus | 'all'): AdminEntry[] {
  return (items ?? []).filter((e) => tab === 'all' || e.status === tab);
}

/** The winners after toggling one entry, never more than `max` (the oldest pick drops out). */
export function toggleWinner(current: string[], id: string, max: number): string[] {
  if (current.includes(id)) return current.filter((x) => x !== id);
  const next = [...current, id];
  return next.length > max ? next.slice(next.length - max) : next;
}
