import { describe, expect, it } from 'vitest';
import {
  barWidth, canPickMore, canSubmit, canVote, formatPercent, maxPicks, openUnvoted, percentOf, pollErrorKey, resultsById, resultsNote, showResults, togglePick,
} from './logic';

const opts = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `o${i}`, text: `O${i}`, image: null }));

describe('maxPicks', () => {
  it('is 1 for single choice whatever maxChoices says', () => {
    expect(maxPicks({ choice: 'single', maxChoices: 3, options: opts(4) })).toBe(1);
  });
  it('is maxChoices for multiple, default 2, capped by the options, at least 1', () => {
    expect(maxPicks({ choice: 'multiple', maxChoices: 3, options: opts(5) })).toBe(3);
    expect(maxPicks({ choice: 'multiple', maxChoices: null, options: opts(5) })).toBe(2);
    expect(maxPicks({ choice: 'multiple', maxChoices: 9, options: opts(4) })).toBe(4);
    expect(maxPicks({ choice: 'multiple', maxChoices: 0, options: opts(4) })).toBe(1);
  });
});

describe('eligibility', () => {
  it('votes only in an open poll without my ballot', () => {
    expect(canVote({ open: true, myVote: null })).toBe(true);
    expect(canVote({ open: true, myVote: ['a'] })).toBe(false);
    expect(canVote({ open: false, myVote: null })).toBe(false);
  });
  it('shows results only when the server sent them', () => {
    expect(showResults({ results: null })).toBe(false);
    expect(showResults({ results: { total: 0, options: [] } })).toBe(true);
  });
  it('toggles picks up to the maximum', () => {
    expect(togglePick([], 'a', 2)).toEqual(['a']);
    expect(togglePick(['a'], 'b', 2)).toEqual(['a', 'b']);
    expect(togglePick(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
    expect(togglePick(['a', 'b'], 'a', 2)).toEqual(['b']);
    expect(canPickMore(['a'], 2)).toBe(true);
    expect(canPickMore(['a', 'b'], 2)).toBe(false);
    expect(canSubmit([], 2)).toBe(false);
    expect(canSubmit(['a'], 2)).toBe(true);
    expect(canSubmit(['a', 'b', 'c'], 2)).toBe(false);
  });
  it('counts open polls I have not voted in', () => {
    expect(openUnvoted(undefined)).toBe(0);
    expect(openUnvoted([{ open: true, myVote: null }, { open: true, myVote: ['x'] }, { open: false, myVote: null }])).toBe(1);
  });
});

describe('percent', () => {
  it('formats with at most one decimal', () => {
    expect(formatPercent(42.5)).toBe('42.5%');
    expect(formatPercent(50)).toBe('50%');
    expect(formatPercent(33.333)).toBe('33.3%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(NaN)).toBe('0%');
    expect(formatPercent(120)).toBe('100%');
    expect(formatPercent(12.5, 'th-TH')).toBe('12.5%');
  });
  it('computes one-decimal percents of ballots', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(0, 0)).toBe(0);
  });
  it('gives a visible sliver to options with votes', () => {
    expect(barWidth(0, 0)).toBe(0);
    expect(barWidth(1, 0.2)).toBe(1);
    expect(barWidth(5, 40)).toBe(40);
  });
  it('maps results by option id', () => {
    const m = resultsById({ total: 2, options: [{ id: 'a', text: 'A', image: null, votes: 2, percent: 100 }] });
    expect(m.get('a')).toEqual({ votes: 2, percent: 100 });
    expect(resultsById(null).size).toBe(0);
  });
});

describe('errors', () => {
  it('knows the vote errors', () => {
    expect(pollErrorKey('ALREADY_VOTED')).toBe('polls.error.ALREADY_VOTED');
    expect(pollErrorKey('NOT_OPEN')).toBe('polls.error.NOT_OPEN');
    expect(pollErrorKey('OTHER')).toBeNull();
    expect(pollErrorKey(undefined)).toBeNull();
  });
});

describe('resultsNote', () => {
  it('explains missing results', () => {
    expect(resultsNote({ open: true, myVote: null, results: null })).toBeNull();
    expect(resultsNote({ open: true, myVote: ['a'], results: null })).toBe('later');
    expect(resultsNote({ open: false, myVote: null, results: null })).toBe('hidden');
    expect(resultsNote({ open: false, myVote: ['a'], results: { total: 1, options: [] } })).toBeNull();
  });
});
