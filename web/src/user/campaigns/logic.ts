// Pure rules of the staff contest screens (vitest covers them): what the phase lets me do, the date that
// matters now. Home's card imports only this file.
import type { ContestEntry, ContestSummary } from './types';

export const contestsKey = ['contests'] as const;
export const contestKey = (id: string) => ['contests', id] as const;

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
