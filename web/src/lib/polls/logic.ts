// Pure bits of the staff poll screens and Home's polls card: no React, no fetch (Home imports this, so it
// must stay tiny and free of the polls chunk's code).
import type { Poll, PollResults } from './types';
import { numberFormat } from '../intl';

/** The query key of GET /api/polls, shared by Home's card and the polls screen (one cache entry). */
export const pollsKey = ['polls', 'list'] as const;

/** How many options a ballot may hold: 1 for single choice, maxChoices (default 2, at least 1, at most the options) for multiple. */
export function maxPicks(poll: Pick<Poll, 'choice' | 'maxChoices' | 'options'>): number {
  if (poll.choice !== 'multiple') return 1;
  const max = poll.maxChoices ?? 2;
  return Math.max(1, Math.min(Number.isFinite(max) ? Math.floor(max) : 2, poll.options.length || 1));
}

/** Whether I may still vote: the poll is open and I have no ballot in it. */
export function canVote(poll: Pick<Poll, 'open' | 'myVote'>): boolean {
  return poll.open && !poll.myVote;
}

/** Whether the result bars show: the server sent results (after my vote, after closing; never for admins-only). */
export function showResults(poll: Pick<Poll, 'results'>): poll is { results: PollResults } {
  return !!poll.results;
}

/** Toggling an option of a multiple-choice ballot: removed when picked, added while under `max`, else unchanged. */
export function togglePick(picked: readonly string[], id: string, max: number): string[] {
  if (picked.includes(id)) return picked.filter((x) => x !== id);
  if (picked.length >= max) return [...picked];
  return [...picked, id];
}

/** Whether an unpicked option can still be ticked (the ballot is not full). */
export function canPickMore(picked: readonly string[], max: number): boolean {
  return picked.length < max;
}

/** Whether the Vote button of a multiple-choice ballot is enabled. */
export function canSubmit(picked: readonly string[], max: number): boolean {
  return picked.length >= 1 && picked.length <= max;
}

/** "42.5%" / "42,5 %"-free: one decimal dropped when whole ("50%"), in the given locale. */
export function formatPercent(percent: number, locale = 'en-GB'): string {
  const p = Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;
  const rounded = Math.round(p * 10) / 10;
  return `${numberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 0 }).format(rounded)}%`;
}

/** Width of a result bar, 0–100 (a tiny sliver when an option has votes but rounds to nothing). */
export function barWidth(votes: number, percent: number): number {
  const p = Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;
  return votes > 0 ? Math.max(p, 1) : 0;
}

/** The percent of `votes` out of `total` ballots, one decimal (when the server's is missing). */
export function percentOf(votes: number, total: number): number {
  return total > 0 ? Math.round((votes / total) * 1000) / 10 : 0;
}

/** The result row of each option id, so results show in the poll's option order. */
export function resultsById(results: PollResults | null | undefined): Map<string, { votes: number; percent: number }> {
  return new Map((results?.options ?? []).map((o) => [o.id, { votes: o.votes, percent: o.percent }]));
}

/** Polls still waiting for my vote (Home's card). */
export function openUnvoted(polls: readonly Pick<Poll, 'open' | 'myVote'>[] | undefined): number {
  return (polls ?? []).filter(canVote).length;
}

export const POLL_ERROR_CODES = ['ALREADY_VOTED', 'NOT_OPEN', 'VALIDATION_FAILED', 'NOT_FOUND'] as const;

/** The i18n key of a vote error the screens explain, or null for the server's own message. */
export function pollErrorKey(code: string | undefined): string | null {
  return code && (POLL_ERROR_CODES as readonly string[]).includes(code) ? `polls.error.${code}` : null;
}

/** What to say where the result bars would be: 'later' (voted, open, results not yet shown), 'hidden' (closed, none shown), or null. */
export function resultsNote(poll: Pick<Poll, 'open' | 'myVote' | 'results'>): 'later' | 'hidden' | null {
  if (poll.results) return null;
  if (poll.open) return poll.myVote ? 'later' : null;
  return 'hidden';
}
