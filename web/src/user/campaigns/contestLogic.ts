// Pure rules of the staff contest screens (vitest covers them): what the phase lets me do, the date that
// matters now, and the size a photo is resized to before upload. Home's card imports only this file.
import type { ContestEntry, ContestSummary } from './types';

export const contestsKey = ['contests'] as const;
export const contestKey = (id: string) => ['contests', id] as const;

/** The longest side of a photo after the browser resizes it (a phone photo is 4000 px and 5 MB; this is ~300 KB). */
export const PHOTO_MAX_SIDE = 1600;

export const canEnter = (c: Pick<ContestSummary, 'phase' | 'myEntries' | 'entryLimit'>) => c.phase === 'entries' && c.myEntries < c.entryLimit;

/** A vote button is live for someone else's approved entry I have not voted for, while voting is open and I have votes. */
export function canVoteFor(c: Pick<ContestSummary, 'phase' | 'votesLeft'>, e: Pick<ContestEntry, 'mine' | 'myVote' | 'status'>): boolean {
  return c.phase === 'voting' && c.votesLeft > 0 && !e.mine && !e.myVote && e.status === 'approved';
}

/** The one date the phase is counting towards (null when none: closed / results). */
export function phaseDeadline(c: Pick<ContestSummary, 'phase' | 'entriesStart' | 'entriesEnd' | 'votingStart' | 'votingEnd'>): { key: string; at: string } | null {
  switch (c.phase) {
    case 'upcoming':
      return { key: 'campaigns.deadline.opens', at: c.entriesStart };
    case 'entries':
      return { key: 'campaigns.deadline.entriesClose', at: c.entriesEnd };
    case 'review':
      return { key: 'campaigns.deadline.votingOpens', at: c.votingStart };
    case 'voting':
      return { key: 'campaigns.deadline.votingCloses', at: c.votingEnd };
    default:
      return null;
  }
}

/** Contests that want something from me now: entries open with room for mine, or voting with votes left. */
export function openForMe(items: ContestSummary[] | undefined): number {
  return (items ?? []).filter((c) => canEnter(c) || (c.phase === 'voting' && c.votesLeft > 0)).length;
}

/** The size to draw a w x h photo at so its longest side is at most `max` (never enlarged). */
export function fitWithin(w: number, h: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  if (w <= 0 || h <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, max / Math.max(w, h));
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}
