import { describe, expect, it } from 'vitest';
import { canEnter, canVoteFor, openForMe, phaseDeadline } from './logic';
import type { ContestSummary } from './types';

const base: ContestSummary = {
  id: 'c', kind: 'campaign', title: 't', description: null, cover: null, entryType: 'photo', phase: 'entries',
  entriesStart: '2026-01-01T00:00:00Z', entriesEnd: '2026-01-02T00:00:00Z', votingStart: '2026-01-03T00:00:00Z', votingEnd: '2026-01-04T00:00:00Z',
  entryLimit: 2, votesPerPerson: 3, winnersCount: 3, winPoints: 0, entryPoints: 0, myEntries: 0, votesLeft: 3,
};

describe('contest rules', () => {
  it('enters only while entries are open and under the limit', () => {
    expect(canEnter(base)).toBe(true);
    expect(canEnter({ ...base, myEntries: 2 })).toBe(false);
    expect(canEnter({ ...base, phase: 'voting' })).toBe(false);
  });
  it('votes only for others\' approved entries, once, with votes left, while voting', () => {
    const v = { ...base, phase: 'voting' as const };
    const e = { mine: false, myVote: false, status: 'approved' as const };
    expect(canVoteFor(v, e)).toBe(true);
    expect(canVoteFor(v, { ...e, mine: true })).toBe(false);
    expect(canVoteFor(v, { ...e, myVote: true })).toBe(false);
    expect(canVoteFor({ ...v, votesLeft: 0 }, e)).toBe(false);
    expect(canVoteFor(base, e)).toBe(false);
  });
  it('names the date the phase counts towards', () => {
    expect(phaseDeadline(base)).toEqual({ key: 'campaigns.deadline.entriesClose', at: base.entriesEnd });
    expect(phaseDeadline({ ...base, phase: 'voting' })?.at).toBe(base.votingEnd);
    expect(phaseDeadline({ ...base, phase: 'results' })).toBeNull();
  });
  it('counts contests waiting for me', () => {
    expect(openForMe([base, { ...base, phase: 'voting', votesLeft: 0 }, { ...base, phase: 'voting' }, { ...base, phase: 'results' }])).toBe(2);
    expect(openForMe(undefined)).toBe(0);
  });
});
