// Campaigns and naming contests as the staff API returns them (docs/API.md "Campaigns and naming contests").
import type { ContestKind, EntryBase, EntryStatus } from '../../lib/contests';
import type { MediaSummary } from '../../lib/media';

export type { ContestKind, EntryStatus };

export type ContestPhase = 'upcoming' | 'entries' | 'review' | 'voting' | 'closed' | 'results';
export type EntryType = 'photo' | 'text' | 'name';

export interface ContestSummary {
  id: string;
  kind: ContestKind;
  title: string;
  description: string | null;
  cover: MediaSummary | null;
  entryType: EntryType;
  phase: ContestPhase;
  entriesStart: string;
  entriesEnd: string;
  votingStart: string;
  votingEnd: string;
  entryLimit: number;
  votesPerPerson: number;
  winnersCount: number;
  winPoints: number;
  entryPoints: number;
  myEntries: number;
  votesLeft: number;
}

export interface ContestEntry extends EntryBase {
  votes: number | null;
  myVote: boolean;
  mine: boolean;
}

export interface ContestsAnswer {
  items: ContestSummary[];
}

export interface ContestPageAnswer {
  contest: ContestSummary;
  entries: ContestEntry[];
  mine: ContestEntry[];
  winners: ContestEntry[];
}
